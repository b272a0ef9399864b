import Foundation

/// Where the rider a `follow` flight follows is at every moment of the flight: the planner's own clock
/// (the eased route time of each piece, `ProgressWarp`), as positions on the route read (fractional
/// point indices: `7.25` is a quarter of the way from point 7 to point 8) sampled ``samplesPerSecond``
/// times a second of flight and interpolated linearly between samples.
///
/// Before the first sample the rider is at the route's start; between two pieces (a gap flown, held or
/// cut) at the end of the piece before; after the last sample at the last piece's end until ``arrival``
/// (the pull-out, after a last gap flown), and from then on at the route's end. `RouteTracker` reads
/// the route where this rider is: the values of a frame are the rider's, not those of whatever part of
/// the route lies under a centre that rounds a corner or turns short of a spur's tip.
package struct PlannedRide: Hashable, Sendable {
    /// Samples a second of flight: 10 (the rider's path between two is within millimetres of a line).
    package static let samplesPerSecond = 10.0
    /// Flight seconds of the samples, non-decreasing.
    package private(set) var times: [Double] = []
    /// The rider's positions at ``times``: fractional indices into the route's points, non-decreasing.
    package private(set) var positions: [Double] = []
    /// The index of each piece's first sample.
    package private(set) var pieceStarts: [Int] = []
    /// Flight seconds from which the rider is at the route's end (the pull-out's start, or the flight's
    /// end without one).
    package var arrival: Double = .infinity

    package init() {}

    /// Adds a piece followed from flight time `flightStart` for `warp.span` seconds, whose route time runs
    /// from `routeStart` by `warp`, on a prepared route whose points are reached at route times
    /// `routeTimes` and lie at `positions` on the route read (``Route/Preparation/originalPositions``),
    /// whose cumulative distances are `distances` (metres, one a point of the route read).
    ///
    /// Between two prepared points the rider goes along the route read in proportion to distance, not
    /// to point index: where simplifying kept neither end of a 310 m leg among 12 m ones, index steps
    /// had the rider crawl over the short legs and cross the long one in three frames, 86 pixels off the
    /// camera's centre, which moves evenly.
    mutating func follow(from flightStart: Double, warp: ProgressWarp, routeStart: Double, routeTimes: [Double],
                         positions prepared: [Double], distances: [Double]) {
        let count = max(Int((warp.span * Self.samplesPerSecond).rounded(.up)), 1)
        pieceStarts.append(times.count)
        for j in 0...count {
            let t = warp.span * Double(j) / Double(count)
            let (k, f) = RouteOdometer.interval(of: routeStart + warp.routeTime(at: t), in: routeTimes)
            let next = min(k + 1, prepared.count - 1)
            times.append(flightStart + t)
            let position = Self.position(from: prepared[k], to: prepared[next], fraction: f, distances: distances)
            positions.append(max(position, positions.last ?? 0))
        }
    }

    /// The position (fractional point index) `fraction` of the way along the route read, by distance,
    /// from position `a` to position `b` (`a <= b`); by index where the two are at one distance (a stop).
    /// O(log(b - a)).
    static func position(from a: Double, to b: Double, fraction f: Double, distances: [Double]) -> Double {
        guard f > 0, b > a else { return a }
        let start = distance(at: a, in: distances), end = distance(at: b, in: distances)
        guard end > start else { return a + f * (b - a) }
        let target = start + f * (end - start)
        // The leg k (from point k to k + 1) holding the target, among those from a to b.
        var low = min(Int(a), distances.count - 1), high = min(Int(b.rounded(.up)), distances.count - 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if distances[mid] <= target { low = mid } else { high = mid }
        }
        let leg = distances[high] - distances[low]
        let found = leg > 0 ? Double(low) + (target - distances[low]) / leg : Double(low)
        return min(max(found, a), b)
    }

    /// Metres along the route read at position `x` (a fractional point index).
    private static func distance(at x: Double, in distances: [Double]) -> Double {
        let k = min(max(Int(x), 0), distances.count - 1)
        guard k + 1 < distances.count else { return distances[k] }
        return distances[k] + (distances[k + 1] - distances[k]) * (x - Double(k))
    }

    /// The rider's position at flight time `t` (a fractional point index), or `nil` before the first
    /// sample (the route's start); between two samples in proportion to distance along the route read
    /// when its cumulative `distances` are given (see ``position(from:to:fraction:distances:)``), else to
    /// point index. O(log s) for s samples.
    package func position(atFlightTime t: Double, along distances: [Double]? = nil) -> Double? {
        guard let first = times.first, t >= first else { return nil }
        let (k, f) = RouteOdometer.interval(of: t, in: times)
        let j = min(k + 1, positions.count - 1)
        // Between two pieces the rider waits at the end of the first.
        if f > 0, pieceStarts.contains(j) { return positions[k] }
        guard let distances else { return positions[k] + f * (positions[j] - positions[k]) }
        return Self.position(from: positions[k], to: positions[j], fraction: f, distances: distances)
    }
}
