import Foundation

/// When a camera flight reaches each point of a route: one time per point, seconds from the start of
/// the flight, non-decreasing.
///
/// Three ways to time a flight (docs/camera.md#timing):
/// - ``equal(for:duration:)``: every point gets the same share, as in Apple's WWDC23 flyover;
/// - ``distance(for:duration:flyingGaps:)``: constant ground speed, each leg's share proportional to its
///   geodesic length;
/// - ``recorded(for:speedup:idle:)`` and ``recorded(for:duration:idle:)``: the file's own timestamps,
///   sped up or stretched, with optional compression of idle time.
///
/// Keyframe use: point `k` becomes a keyframe reached at `times[k]`, i.e. a keyframe lasting
/// `times[k] - times[k - 1]` (the first lasting `times[0]`). Equal consecutive times (zero-length legs,
/// compressed idle steps of duration 0, clamped backward steps) mean a zero-duration keyframe: callers
/// should drop such points or merge them (``Route/prepared(simplifyTolerance:keepingStops:)`` removes duplicates first).
package struct FlightTiming: Hashable, Sendable {
    /// Seconds from the start of the flight at which each route point is reached: `route.points.count`
    /// values, in point order, non-decreasing, all finite and >= 0.
    package var times: [Double]
    /// What had to be corrected or compressed to produce ``times``.
    package var report: Report

    /// What ``FlightTiming`` did to the route's timing.
    package struct Report: Hashable, Sendable {
        /// Points that had no time and were given one by interpolation along the route (recorded timing only).
        package var filledTimes: Int = 0
        /// Steps whose recorded time did not increase (equal or going backwards) and were given zero duration.
        package var nonIncreasingSteps: Int = 0
        /// Steps longer than the idle threshold that were replaced by the short idle duration.
        package var compressedIdleSteps: Int = 0
        /// Recorded seconds removed by idle compression (sum over compressed steps of their recorded length).
        package var compressedIdleTime: Double = 0

        package init() {}
    }

    /// Total flight time, seconds: the last point's time (0 for a one-point route).
    package var duration: Double { times.last ?? 0 }

    /// Creates a timing from explicit times (seconds, non-decreasing, one per point).
    package init(times: [Double], report: Report = Report()) {
        self.times = times
        self.report = report
    }

    // MARK: - Equal

    /// The WWDC23 flyover's split: `N` points, each keyframe lasting `duration / N`, so point `k`
    /// (from 0) is reached at `duration * (k + 1) / N`.
    ///
    /// This matches ``WWDCFlyover``, which flies from its initial camera to the first point in the first
    /// `duration / N` seconds (one `CubicKeyframe` per point), so point 0 is *not* at time 0 here, unlike
    /// the other timings, which put point 0 at 0.
    ///
    /// - Parameters:
    ///   - route: Any route (>= 1 point).
    ///   - duration: Seconds, > 0.
    /// - Complexity: O(n).
    package static func equal(for route: Route, duration: Double) -> FlightTiming {
        precondition(duration > 0 && duration.isFinite, "duration must be > 0 seconds")
        let n = route.points.count
        return FlightTiming(times: (0..<n).map { duration * Double($0 + 1) / Double(n) })
    }

    /// Every step of the route the same time, starting at point 0 (the follow preset's `equal`
    /// timing): point 0 at 0, the last point at `duration`, and each leg within a segment
    /// `duration / (S (1 + G / L))` seconds, for S such legs of total length L and gaps of total length
    /// G. A gap between segments is no step of the route: with `flyingGaps` it is crossed at the
    /// route's mean speed (S steps over L metres), since one step's time would jump a whole gap at once;
    /// otherwise in no time. A route whose steps have no length spreads `duration` over all its legs.
    ///
    /// Unlike ``equal(for:duration:)`` (which shares the time among the points, the first one reached
    /// after one share, as the WWDC recipe and `route.points` script keyframes fly), the flight is
    /// already at point 0.
    ///
    /// - Parameters:
    ///   - route: Any route (>= 1 point).
    ///   - duration: Seconds, > 0.
    /// - Complexity: O(n).
    package static func equalSteps(for route: Route, duration d: Double, flyingGaps: Bool) -> FlightTiming {
        precondition(d > 0 && d.isFinite, "duration must be > 0 seconds")
        let steps = route.legs.filter { !$0.isGap }
        let length = steps.reduce(0) { $0 + $1.distance }
        let gapLength = flyingGaps ? route.legs.filter(\.isGap).reduce(0) { $0 + $1.distance } : 0
        let step: Double, perGapMetre: Double
        if steps.isEmpty || length <= 0 {
            step = d / Double(max(route.legs.count, 1)); perGapMetre = 0
        } else {
            step = d / (Double(steps.count) * (1 + gapLength / length))
            perGapMetre = Double(steps.count) * step / length
        }
        var times = [0.0]
        for leg in route.legs {
            let dt = !leg.isGap || steps.isEmpty || length <= 0 ? step : (flyingGaps ? leg.distance * perGapMetre : 0)
            times.append(times[times.count - 1] + dt)
        }
        if times.count > 1 { times[times.count - 1] = d }
        return FlightTiming(times: times)
    }

    // MARK: - Distance

    /// Constant ground speed: point `k` is reached at `duration * d_k / L`, where `d_k` is the distance
    /// flown to it and `L` the total (docs/camera.md#timing). Point 0 is at 0 and the last point at `duration`.
    ///
    /// Edge cases:
    /// - Gaps between segments: with `flyingGaps` (the default) the camera crosses a gap at the same
    ///   ground speed, its geodesic length counting towards `d_k` (a camera cannot jump); without it
    ///   a gap takes no time (the route's ``Route/cumulativeDistances``).
    /// - Zero-length legs take no time (equal consecutive times).
    /// - A route whose flown length is 0 (one point, or all points equal): points are spread evenly,
    ///   `duration * k / (N - 1)`; a single point is at 0.
    ///
    /// - Parameters:
    ///   - route: Any route.
    ///   - duration: Seconds, > 0.
    ///   - flyingGaps: Whether gaps between segments take time (default `true`).
    /// - Complexity: O(n).
    package static func distance(for route: Route, duration: Double, flyingGaps: Bool = true) -> FlightTiming {
        precondition(duration > 0 && duration.isFinite, "duration must be > 0 seconds")
        let n = route.points.count
        guard n > 1 else { return FlightTiming(times: [0]) }
        var cumulative = [Double](repeating: 0, count: n)
        for (i, leg) in route.legs.enumerated() {
            cumulative[i + 1] = cumulative[i] + (leg.isGap && !flyingGaps ? 0 : leg.distance)
        }
        let total = cumulative[n - 1]
        guard total > 0 else {
            return FlightTiming(times: (0..<n).map { duration * Double($0) / Double(n - 1) })
        }
        var times = cumulative.map { duration * ($0 / total) }
        times[n - 1] = duration
        return FlightTiming(times: times)
    }

    // MARK: - Recorded

    /// Compression of idle time in recorded timing: any step (a stop, a pause, a gap between segments)
    /// longer than ``threshold`` recorded seconds is flown in ``duration`` flight seconds instead.
    package struct IdleCompression: Hashable, Sendable {
        /// Recorded seconds (> 0): steps longer than this are idle.
        package var threshold: Double
        /// Flight seconds (>= 0) an idle step takes instead, whatever the speed-up. Default 1 s.
        package var duration: Double

        package init(threshold: Double, duration: Double = 1) {
            precondition(threshold > 0 && threshold.isFinite, "idle threshold must be > 0 seconds")
            precondition(duration >= 0 && duration.isFinite, "idle duration must be >= 0 seconds")
            self.threshold = threshold
            self.duration = duration
        }
    }

    /// The file's timestamps, sped up: point `k` is reached at `(t_k - t_0) / speedup` flight seconds
    /// (docs/camera.md#timing), after the corrections below.
    ///
    /// Policy, in order:
    /// 1. Missing times are filled by interpolating, by distance along the route (gaps included: time
    ///    passes across them), between the nearest timed points before and after (evenly by index when
    ///    those are at the same place). Untimed points before the first or after the last timed point are
    ///    extrapolated at the timed part's mean moving speed (over its steps of at most 60 s), or given their
    ///    timed neighbour's time when that speed is not positive. Counted in ``Report/filledTimes``.
    /// 2. Each step `t_{k+1} - t_k` that is <= 0 (equal or backwards times) becomes a zero-duration step;
    ///    file order is kept and nothing is divided by it. Counted in ``Report/nonIncreasingSteps``.
    /// 3. With `idle`, each step longer than `idle.threshold` recorded seconds lasts `idle.duration`
    ///    flight seconds, unless `step / speedup` is shorter (compression never makes a step longer:
    ///    at 60 times, a 6 s stop takes 0.1 s, not 1 s).
    /// 4. Other steps last `step / speedup` flight seconds.
    ///
    /// - Parameters:
    ///   - route: A route with at least 2 timed points.
    ///   - speedup: Recorded seconds per flight second (> 0); default 1 (real time).
    ///   - idle: Idle compression, or `nil` (default) for none.
    /// - Throws: ``FlightTimingError/untimedRoute(timedPoints:points:)`` when fewer than 2 points carry a time.
    /// - Complexity: O(n).
    package static func recorded(
        for route: Route, speedup: Double = 1, idle: IdleCompression? = nil
    ) throws(FlightTimingError) -> FlightTiming {
        precondition(speedup > 0 && speedup.isFinite, "speedup must be > 0")
        var (steps, report) = try recordedSteps(route)
        var times = [0.0]
        times.reserveCapacity(steps.count + 1)
        for i in steps.indices {
            var step = steps[i]
            if let idle, step > idle.threshold, idle.duration < step / speedup {
                report.compressedIdleSteps += 1
                report.compressedIdleTime += step
                step = idle.duration
            } else {
                step /= speedup
            }
            steps[i] = step
            times.append(times[i] + step)
        }
        return FlightTiming(times: times, report: report)
    }

    /// The file's timestamps, stretched (or shrunk) uniformly to last `duration` flight seconds.
    ///
    /// The same policy as ``recorded(for:speedup:idle:)`` (filling, non-increasing steps, idle
    /// compression); idle steps then last `idle.duration` flight seconds each and the remaining steps
    /// are scaled to fill the rest of `duration`. When the idle steps alone would use all of `duration`
    /// (or no time is left to scale), every step is scaled together instead so that the total is
    /// still `duration`. If every step is zero (all recorded times equal), points are spread evenly.
    ///
    /// - Parameters:
    ///   - route: A route with at least 2 timed points.
    ///   - duration: Total flight seconds (> 0). The last point is reached exactly at `duration`.
    ///   - idle: Idle compression, or `nil`.
    /// - Throws: ``FlightTimingError/untimedRoute(timedPoints:points:)`` when fewer than 2 points carry a time.
    /// - Complexity: O(n).
    package static func recorded(
        for route: Route, duration: Double, idle: IdleCompression? = nil
    ) throws(FlightTimingError) -> FlightTiming {
        precondition(duration > 0 && duration.isFinite, "duration must be > 0 seconds")
        var (steps, report) = try recordedSteps(route)
        var isIdle = [Bool](repeating: false, count: steps.count)
        if let idle {
            for i in steps.indices where steps[i] > idle.threshold {
                isIdle[i] = true
                report.compressedIdleSteps += 1
                report.compressedIdleTime += steps[i]
            }
        }
        let idleTotal = Double(report.compressedIdleSteps) * (idle?.duration ?? 0)
        var movingTotal = 0.0
        for i in steps.indices where !isIdle[i] { movingTotal += steps[i] }
        if idleTotal < duration && movingTotal > 0 {
            let scale = (duration - idleTotal) / movingTotal
            for i in steps.indices { steps[i] = isIdle[i] ? idle!.duration : steps[i] * scale }
        } else {
            for i in steps.indices where isIdle[i] { steps[i] = idle!.duration }
            let total = steps.reduce(0, +)
            if total > 0 {
                for i in steps.indices { steps[i] *= duration / total }
            } else {
                for i in steps.indices { steps[i] = duration / Double(steps.count) }
            }
        }
        var times = [0.0]
        times.reserveCapacity(steps.count + 1)
        for i in steps.indices { times.append(times[i] + steps[i]) }
        if times.count > 1 { times[times.count - 1] = duration }
        return FlightTiming(times: times, report: report)
    }

    /// Recorded seconds of each step (`points.count - 1` values, each >= 0) after filling missing times
    /// and zeroing non-increasing steps.
    private static func recordedSteps(_ route: Route) throws(FlightTimingError) -> ([Double], Report) {
        guard let recorded = route.recordedTimes else {
            throw .untimedRoute(timedPoints: route.timedPointCount, points: route.points.count)
        }
        var report = Report()
        report.filledTimes = recorded.filledTimes
        report.nonIncreasingSteps = recorded.nonIncreasingSteps
        return (recorded.steps, report)
    }
}

/// Why a route's recorded timing could not be used.
package enum FlightTimingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than 2 of the route's points carry a time.
    case untimedRoute(timedPoints: Int, points: Int)

    package var description: String {
        switch self {
        case .untimedRoute(let timed, let points):
            return "the route has no usable recorded times (\(timed) of \(points) points timed; at least 2 are needed); "
                + "use distance timing (constant ground speed) instead"
        }
    }
}
