import Foundation

/// The legs of a recorded route too fast to have been travelled in their recorded time: a receiver
/// that regains its fix far from where it lost it, or a clock that steps, puts hundreds of metres into
/// a second or two. ``RouteOdometer`` leaves them out of its speeds, so that one such leg does not show
/// as a minute of running at 90 km/h; the route, its distances and its clock keep them.
///
/// A leg is impossible when its speed (its geodesic length over its recorded step; a leg of length but
/// no time is infinitely fast) is over `max(` ``RouteOutliers/positionSpeedFloor`` `, 5 ×` the median
/// speed of the route's timed legs `)`: 180 km/h at least, the rule ``RouteOutliers`` judges a wild
/// position's legs by. A car, a train or a plane stays under it (their median speed is theirs), and
/// so does a bus ride in a hike (180 km/h is no bus).
///
/// Kept as the metres and seconds of impossible legs before each point, so that what lies between two
/// instants is two lookups.
struct ImpossibleLegs: Sendable {
    /// Metres of impossible legs before each point, `points.count` values.
    private let metresBefore: [Double]
    /// Seconds of impossible legs before each point, `points.count` values.
    private let secondsBefore: [Double]

    /// The impossible legs of a route with these cumulative distances (metres, one a point) and recorded
    /// steps (seconds, one a leg, each >= 0), or `nil` when it has none.
    ///
    /// - Complexity: O(n) when no leg is over the floor (the common case); O(n log n) otherwise (the
    ///   median).
    init?(cumulativeDistances cumulative: [Double], steps: [Double]) {
        precondition(steps.count == max(cumulative.count - 1, 0), "one step a leg")
        func speed(_ i: Int) -> Double {
            let metres = cumulative[i + 1] - cumulative[i]
            return metres > 0 ? metres / steps[i] : 0  // x / 0 is infinity: a jump at one instant
        }
        guard steps.indices.contains(where: { speed($0) > RouteOutliers.positionSpeedFloor }) else { return nil }
        var timed = steps.indices.filter { steps[$0] > 0 }.map(speed)
        timed.sort()
        let median = timed.isEmpty ? 0 : timed[timed.count / 2]
        let limit = max(RouteOutliers.positionSpeedFloor, 5 * median)
        var metres = [0.0], seconds = [0.0]
        metres.reserveCapacity(cumulative.count)
        seconds.reserveCapacity(cumulative.count)
        for i in steps.indices {
            let impossible = speed(i) > limit
            metres.append(metres[i] + (impossible ? cumulative[i + 1] - cumulative[i] : 0))
            seconds.append(seconds[i] + (impossible ? steps[i] : 0))
        }
        metresBefore = metres
        secondsBefore = seconds
    }

    /// The metres and seconds of impossible legs between two places on the route, each a leg `k` and
    /// the fraction `f` of it travelled (``RouteOdometer/interval(of:in:)``); a leg is taken in
    /// proportion, as the odometer interpolates distance and time along it. O(1).
    func between(_ start: (Int, Double), _ end: (Int, Double)) -> (metres: Double, seconds: Double) {
        (Self.value(metresBefore, at: end) - Self.value(metresBefore, at: start),
         Self.value(secondsBefore, at: end) - Self.value(secondsBefore, at: start))
    }

    private static func value(_ before: [Double], at place: (Int, Double)) -> Double {
        let (k, f) = place
        let next = min(k + 1, before.count - 1)
        return before[k] + (before[next] - before[k]) * f
    }
}
