import Foundation

extension FlightOptions.Preset {
    /// Seconds for the route part when ``FlightOptions/duration`` is `nil` (and timing is not recorded):
    /// 30 for `follow`, 16 for `wwdc` (the WWDC23 listing's), 20 for `overview` and `orbit`.
    public var defaultDuration: Double {
        switch self {
        case .follow: return 30
        case .wwdc: return 16
        case .overview, .orbit: return 20
        }
    }

    /// Degrees from straight down when ``FlightOptions/pitch`` is `nil`: 45 for `follow` and `orbit`, 30 for
    /// `overview`, 0 for `wwdc` (the recipe looks straight down).
    public var defaultPitch: Double {
        switch self {
        case .follow, .orbit: return 45
        case .overview: return 30
        case .wwdc: return 0
        }
    }

    /// Whether pose output carries the eye's position unless told otherwise: for every preset but `wwdc`,
    /// whose output keeps the eight columns of the WWDC23 listing's camera.
    public var includesEyeByDefault: Bool { self != .wwdc }
}

extension FlightOptions {
    /// With `recorded` timing (`follow`), the clock of the flight: the instant of flight time 0 and the
    /// recorded seconds per flight second, so that pose time `t` shows the recorded instant
    /// `epoch + t × scale` (a linear clock: time-tagged output stamps each frame with its own recorded
    /// instant instead, `RecordedFrameClock`, and keeps `scale` as its playback multiplier): the route's first recorded time less the intro (scaled), at ``speedup`` (or
    /// the recorded span over ``duration``). `nil` for other timings, presets, or a route without times.
    ///
    /// When only some points have times, flight time 0 is at point 0, whose time the timing made up
    /// (extrapolated back from the first timed point): the epoch is that made-up time, so that the first
    /// timed point is reached at its recorded instant.
    ///
    /// - Complexity: O(n) for n points.
    public func recordedClock(for route: Route) -> (epoch: Date, scale: Double)? {
        guard timing == .recorded, preset == .follow,
              let first = route.points.firstIndex(where: { $0.time != nil }), let start = route.points[first].time else { return nil }
        var scale = speedup ?? 1
        if let duration, let span = route.recordedDuration, span > 0, skipIdle == nil { scale = span / duration }
        guard scale > 0, scale.isFinite else { return nil }
        var before = 0.0  // flight seconds from point 0 to the first timed point
        if first > 0, let timing = try? FlightTiming.recorded(for: route, speedup: scale) { before = timing.times[first] }
        return (start.addingTimeInterval(-(intro + before) * scale), scale)
    }
}
