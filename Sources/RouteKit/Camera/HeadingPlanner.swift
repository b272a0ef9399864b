import Foundation

/// A camera heading for each point of a route: unwrapped for keyframes, normalised for output.
package struct HeadingSeries: Hashable, Sendable {
    /// One heading per route point, degrees clockwise from true north, in point order, *unwrapped*:
    /// consecutive values differ by at most 180 (docs/camera.md#headings-and-longitudes), so the series can go straight into
    /// a `KeyframeTrack(\.heading)` and the camera always turns the short way. Values may leave `0..<360`.
    package var unwrapped: [Double]

    package init(unwrapped: [Double]) { self.unwrapped = unwrapped }

    /// The same headings normalised to `0..<360` degrees (``Angles/normalizedHeading(_:)``), for output.
    package var normalized: [Double] { unwrapped.map(Angles.normalizedHeading) }
}

/// How the camera's heading follows a route.
///
/// - ``endpoints``: the WWDC23 flyover's single heading, from the route's first point to its last.
/// - ``along(_:)``: the direction of travel, looked ahead along the route, held at stops, optionally
///   smoothed and bounded in turn rate.
/// - ``fixed(_:)``: one heading throughout.
///
/// Every series is unwrapped (``HeadingSeries/unwrapped``).
package enum HeadingPlanner: Hashable, Sendable {
    /// `heading(from: route.start, to: route.end)` for every point.
    case endpoints
    /// The direction of travel (see ``LookAhead``).
    case along(LookAhead)
    /// This heading (degrees, any finite value; normalised in ``HeadingSeries/normalized``) for every point.
    case fixed(Double)

    /// Options of ``HeadingPlanner/along(_:)``.
    ///
    /// For each point `P_i` (at distance `d_i` along the route, gaps excluded: ``Route/cumulativeDistances``),
    /// the look-ahead point `Q_i` is the point `lookAhead` metres further along the route, found on the leg
    /// that contains distance `d_i + lookAhead` by the geodesic direct problem from that leg's start (the
    /// leg's azimuth, the remaining length; Karney 2013 through ``Geodesic``), or the route's last point
    /// when the route is shorter. The raw heading is the geodesic's initial azimuth from `P_i` to `Q_i`.
    ///
    /// Held while not moving: when `Q_i` is closer to `P_i` than `minimumDistance` (a stop at the end, the
    /// final points, a route that barely moves), there is no reliable direction (docs/camera.md#headings-and-longitudes): the
    /// previous point's heading is kept (at the start, the first reliable heading is used; for a route that
    /// never moves, the ``HeadingPlanner/endpoints`` heading, which is 0 for a single place). A stop in the
    /// middle of a route (duplicate points) holds naturally: every duplicate has the same `Q_i`.
    ///
    /// Smoothing (optional): a centred moving average of the *unwrapped* headings over the points whose
    /// distance along the route lies within `smoothingWindow / 2` metres of `d_i` (a box filter in
    /// distance; every point in the window weighs the same, so a stop's duplicate points weigh more).
    /// Averaging unwrapped angles is valid because neighbours differ by less than 180 degrees.
    ///
    /// Turn rate (optional): with keyframe times `t_i`, each change is clamped to
    /// `maxTurnRate * (t_i - t_{i-1})` degrees, forward from the first point (a slew-rate limiter). The
    /// clamped camera may lag the route; it catches up along the unwrapped target, so a loop still turns
    /// a full circle rather than reversing.
    package struct LookAhead: Hashable, Sendable {
        /// Metres ahead along the route (> 0). Default 200 m.
        package var lookAhead: Double
        /// Metres (>= 0): a look-ahead point closer than this gives no heading. Default 5 m (GPS noise).
        package var minimumDistance: Double
        /// Width of the moving-average window, metres along the route (> 0), or `nil` for none.
        package var smoothingWindow: Double?
        /// Largest turn rate, degrees per second of flight (> 0), or `nil` for none. Needs `times`.
        package var maxTurnRate: Double?

        package init(lookAhead: Double = 200, minimumDistance: Double = 5, smoothingWindow: Double? = nil,
                    maxTurnRate: Double? = nil) {
            precondition(lookAhead > 0 && lookAhead.isFinite, "lookAhead must be > 0 metres")
            precondition(minimumDistance >= 0, "minimumDistance must be >= 0 metres")
            precondition(smoothingWindow.map { $0 > 0 } ?? true, "smoothingWindow must be > 0 metres")
            precondition(maxTurnRate.map { $0 > 0 } ?? true, "maxTurnRate must be > 0 degrees per second")
            self.lookAhead = lookAhead
            self.minimumDistance = minimumDistance
            self.smoothingWindow = smoothingWindow
            self.maxTurnRate = maxTurnRate
        }
    }

    /// The heading series for a route.
    ///
    /// - Parameters:
    ///   - route: Any route.
    ///   - times: Keyframe times in seconds, one per point, non-decreasing (e.g. ``FlightTiming/times``).
    ///     Required when a ``LookAhead/maxTurnRate`` is set, ignored otherwise.
    /// - Returns: `route.points.count` headings, unwrapped; the first is in `0..<360` (``fixed(_:)``: as given).
    /// - Complexity: O(n) for n points (one geodesic direct and one inverse per point; two-pointer
    ///   sweeps for the look-ahead and the smoothing window).
    package func headings(for route: Route, times: [Double]? = nil) -> HeadingSeries {
        let n = route.points.count
        switch self {
        case .fixed(let value):
            return HeadingSeries(unwrapped: Array(repeating: value, count: n))
        case .endpoints:
            return HeadingSeries(unwrapped: Array(repeating: Angles.heading(from: route.start, to: route.end), count: n))
        case .along(let options):
            var series = Angles.unwrappedAngles(Self.lookAheadHeadings(route, options))
            if let window = options.smoothingWindow {
                series = Self.movingAverage(series, at: route.cumulativeDistances, window: window)
            }
            if let rate = options.maxTurnRate {
                guard let times else { preconditionFailure("maxTurnRate needs keyframe times") }
                precondition(times.count == n, "times must have one value per route point")
                series = Self.clampedTurnRate(series, times: times, maxTurnRate: rate)
            }
            return HeadingSeries(unwrapped: series)
        }
    }

    /// Raw look-ahead headings (0..<360), held where the look-ahead point is too close.
    static func lookAheadHeadings(_ route: Route, _ options: LookAhead) -> [Double] {
        let points = route.points, d = route.cumulativeDistances, n = points.count
        var raw = [Double?](repeating: nil, count: n)
        var k = 0  // candidate leg: d[k] < target <= d[k + 1]
        for i in 0..<n {
            let target = d[i] + options.lookAhead
            var q = route.end
            if target < d[n - 1] {
                if k < i { k = i }
                while k < n - 2 && !(d[k + 1] >= target) { k += 1 }
                // d[k] < target <= d[k + 1], so legs[k] has positive length and is not a gap.
                let remaining = target - d[k]
                q = Geodesic.wgs84.direct(from: points[k].coordinate, azimuth: route.legs[k].heading,
                                          distance: remaining).coordinate
            }
            let inverse = Geodesic.wgs84.inverse(from: points[i].coordinate, to: q)
            if inverse.distance >= options.minimumDistance && inverse.distance > 0 {
                raw[i] = Angles.normalizedHeading(inverse.initialAzimuth)
            }
        }
        guard let firstGood = raw.firstIndex(where: { $0 != nil }) else {
            return Array(repeating: Angles.heading(from: route.start, to: route.end), count: n)
        }
        var result = [Double](repeating: raw[firstGood]!, count: n)
        var held = raw[firstGood]!
        for i in firstGood..<n {
            if let h = raw[i] { held = h }
            result[i] = held
        }
        return result
    }

    /// Centred box filter over distance along the route (`positions` non-decreasing, metres).
    static func movingAverage(_ values: [Double], at positions: [Double], window: Double) -> [Double] {
        let n = values.count
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + values[i] }
        var result = values
        var low = 0, high = 0  // window is low..<high
        for i in 0..<n {
            while positions[low] < positions[i] - window / 2 { low += 1 }
            if high < i + 1 { high = i + 1 }
            while high < n && positions[high] <= positions[i] + window / 2 { high += 1 }
            result[i] = (prefix[high] - prefix[low]) / Double(high - low)
        }
        return result
    }

    /// Slew-rate limiter: each change at most `maxTurnRate * dt` degrees.
    static func clampedTurnRate(_ values: [Double], times: [Double], maxTurnRate: Double) -> [Double] {
        guard var previous = values.first else { return values }
        var result = [previous]
        result.reserveCapacity(values.count)
        for i in 1..<values.count {
            let limit = maxTurnRate * max(times[i] - times[i - 1], 0)
            previous += min(max(values[i] - previous, -limit), limit)
            result.append(previous)
        }
        return result
    }
}
