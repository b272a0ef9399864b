/// Everything that shapes a planned flight: the preset and its timing, heading, framing and phases.
///
/// Each property documents its unit, its range and its default. `nil` means "automatic", chosen from
/// the route as the property says.
public struct FlightOptions: Hashable, Sendable {
    /// The flight plans RouteKit offers.
    public enum Preset: String, Hashable, Sendable, CaseIterable {
        /// The WWDC23 flyover recipe (`WWDCFlyover`): framed start, one cubic keyframe per point.
        case wwdc
        /// Overview of the whole route, fly in, follow the route looking ahead, pull out and return
        /// (the default).
        case follow
        /// The whole route from above, tilted, with a slow heading drift.
        case overview
        /// A full circle around the route's centre.
        case orbit
    }

    /// How the route part of a flight is timed.
    public enum Timing: String, Hashable, Sendable, CaseIterable {
        /// The same time for every point (the WWDC23 split).
        case equal
        /// Constant ground speed: each leg's time proportional to its geodesic length.
        case distance
        /// The file's own timestamps, sped up (``speedup``) or stretched (``duration``).
        case recorded
    }

    /// Where the camera faces while it follows the route.
    public enum Heading: Hashable, Sendable {
        /// The WWDC23 heading: from the route's start to its end, all the way.
        case endpoints
        /// Along the route, towards the point ``FlightOptions/lookAhead`` metres ahead, smoothed, held at
        /// stops, turning at most ``FlightOptions/maxTurnRate`` degrees per second.
        case along
        /// A fixed compass heading, degrees.
        case fixed(Double)
    }

    /// What the camera does between segments (or tracks) that the route does not travel.
    public enum Gaps: String, Hashable, Sendable, CaseIterable {
        /// Jump to the next segment at once.
        case cut
        /// Wait at the end of the segment for the gap's time (its recorded time, or with `distance` timing
        /// the time the gap's length would take), then jump.
        case hold
        /// Fly across. A gap narrower than the view, which the follow camera can cross in its time without
        /// moving the view faster than it follows the route, is flown straight across at that pace; a
        /// wider or faster one is flown on van Wijk and Nuij's optimal zoom-and-pan path (zooming out,
        /// across, and in again), from rest to rest.
        case fly
    }

    /// The camera plan. Default `follow`.
    public var preset: Preset = .follow
    /// How the route part is timed. `nil`: `equal` for `wwdc` (the WWDC23 split), `distance` for `follow`.
    public var timing: Timing? = nil
    /// Seconds for the route part (the part that follows the route; intro and outro excluded), > 0.
    /// `nil`: 16 s for `wwdc`, 30 s for `follow` with `equal`/`distance` timing, 20 s for `overview`
    /// and `orbit`; with `recorded` timing, the recorded span divided by ``speedup``.
    public var duration: Double? = nil
    /// Recorded seconds per flight second for `recorded` timing (> 0). `nil`: 1 (real time) unless
    /// ``duration`` is given.
    public var speedup: Double? = nil
    /// Recorded steps (stops, pauses, gaps) longer than this many seconds are flown in 1 s (> 0), or
    /// `nil` to keep them.
    public var skipIdle: Double? = nil
    /// Douglas-Peucker tolerance in metres (>= 0; 0 only drops duplicate points). `nil`: the route's
    /// ``Route/defaultSimplifyTolerance`` (a thousandth of its extent, at least 1 m), except with
    /// `recorded` timing, which keeps every moving point (simplifying would even out the recorded
    /// speeds between kept points) and the ends of every stop.
    public var simplify: Double? = nil
    /// Where the camera faces while following. Default `along` the route.
    public var heading: Heading = .along
    /// Metres ahead along the route that an `along` heading looks at (> 0). `nil`: a third of the follow
    /// distance, within 25...5000 m.
    public var lookAhead: Double? = nil
    /// Largest heading change, degrees per second (> 0). `nil`: ``defaultMaxTurnRate``.
    public var maxTurnRate: Double? = nil
    /// The viewport and field of view every framing uses.
    public var framing = CameraFraming()
    /// Camera tilt from straight down while following, degrees in `0..<90`. `nil`: 0 for `wwdc`, 45 for
    /// `follow` and `orbit`, 30 for `overview`.
    public var pitch: Double? = nil
    /// Camera distance while following, metres (> 0). `nil`: a fifth of the distance that frames the
    /// whole route, within 300...50000 m.
    public var distance: Double? = nil
    /// Seconds flying in from the overview to the route's start (>= 0). Default 6: long enough for the
    /// eased van Wijk path from the framing camera to a fifth of its distance to stay within
    /// `route-fly check`'s zoom-rate limit (ln 2 per second; the path's arc is about ln 5 / rho = 1.13
    /// and its peak rate 1.875 times the mean: rho * 1.875 * 1.13 / 6 = 0.5 per second).
    public var intro: Double = 6
    /// Seconds pulling out from the route's end back to the overview (>= 0). Default 6 (as ``intro``).
    public var outro: Double = 6
    /// The default largest heading change while following, degrees per second: 25, within `route-fly
    /// check`'s 30 degrees per second turn-rate limit (which keeps the frame's corners within its
    /// screen-speed limit while turning).
    public static let defaultMaxTurnRate = 25.0
    /// Seconds returning to the initial camera in the `wwdc` preset (>= 0). Default 4.
    public var returnDuration: Double = 4
    /// How the flight crosses the gaps between segments. Default `fly`.
    public var gaps: Gaps = .fly
    /// Metres the eye keeps above the ground (>= 0; ``FlightPlanner/ground``). Default 50.
    public var clearance: Double = 50
    /// van Wijk and Nuij's rho: how much a long jump zooms out rather than pans (> 0). Default 1.42.
    public var rho: Double = FlyToPath.defaultRho

    public init() {}

    /// The turn rates a plan can use, degrees per second: slower than 0.01 the turns of a route take
    /// longer than any flight may last.
    public static let turnRateRange: ClosedRange<Double> = 0.01...1e6
    /// The follow distances a plan can use, metres: from the sampler's 1 m floor to 100 000 km (a whole
    /// hemisphere fits in view from about 25 000 km).
    public static let distanceRange: ClosedRange<Double> = 1...1e8
    /// The pitches a plan can use, degrees from straight down: up to 89.9, short of the horizon, where the
    /// eye would stand on the ground.
    public static let pitchRange: ClosedRange<Double> = 0...89.9

    /// The first option outside the values a plan can use, as (property name, value, what was expected),
    /// or `nil`. ``FlightPlanner/plan(for:)`` throws ``FlightPlanError/invalidOption(name:value:expected:)``
    /// with it, so that no value reaches a precondition deeper down. (The framing is checked by
    /// ``CameraFraming/problem``.)
    public var problem: (name: String, value: Double, expected: String)? {
        func positive(_ name: String, _ v: Double?, _ unit: String) -> (String, Double, String)? {
            guard let v, !(v > 0 && v.isFinite) else { return nil }
            return (name, v, "\(unit), finite and more than 0")
        }
        func nonNegative(_ name: String, _ v: Double?, _ unit: String) -> (String, Double, String)? {
            guard let v, !(v >= 0 && v.isFinite) else { return nil }
            return (name, v, "\(unit), finite and 0 or more")
        }
        if let p = positive("duration", duration, "seconds") { return p }
        if let p = positive("speedup", speedup, "recorded seconds per flight second") { return p }
        if let p = positive("skipIdle", skipIdle, "recorded seconds") { return p }
        if let p = nonNegative("simplify", simplify, "metres") { return p }
        if let p = positive("lookAhead", lookAhead, "metres") { return p }
        if let rate = maxTurnRate, !(Self.turnRateRange.contains(rate)) {
            return ("maxTurnRate", rate, "degrees per second, from 0.01 to 1000000")
        }
        if let d = distance, !(Self.distanceRange.contains(d)) { return ("distance", d, "metres, from 1 to 100000000") }
        if let pitch, !(Self.pitchRange.contains(pitch)) { return ("pitch", pitch, "degrees from straight down, 0 to 89.9") }
        if let p = nonNegative("intro", intro, "seconds") { return p }
        if let p = nonNegative("outro", outro, "seconds") { return p }
        if let p = nonNegative("returnDuration", returnDuration, "seconds") { return p }
        if let p = nonNegative("clearance", clearance, "metres") { return p }
        if let p = positive("rho", rho, "van Wijk's rho") { return p }
        if case .fixed(let h) = heading, !h.isFinite { return ("heading", h, "a finite heading in degrees") }
        return nil
    }
}
