import RouteKitGeodesy
import RouteKitSupport

/// The radial pass of route preparation (``Route/radiallyThinned(_:radius:keepingStops:)``): walking
/// the points in order, a point is kept when it lies more than `radius` metres from the last point kept.
///
/// Whether a point is kept depends on that point and the last one kept alone, so two walks that keep
/// the same point agree from there on. A long route is therefore thinned on two cores: the first half
/// from its first point, the second half at the same time from its own first point as if that were
/// kept; then the first half's walk goes on into the second half until it keeps a point the second
/// walk kept, and from there the second walk's points are the serial ones. The result is the serial
/// walk's, point for point (`RadialThinningTests` compares them on every split).
///
/// - Complexity: O(n) distance checks, plus the few the first walk repeats until the two agree (in a
///   GPS track, up to the first point the second walk kept).
struct RadialThinning {
    private let radius: Double
    private let keepingStops: Bool
    /// The last point kept, and the chord frame at it.
    private var last: RoutePoint
    private var frame: ChordGeodesic?

    /// Routes shorter than this are thinned on one core.
    static let parallelMinimum = 100_000

    init(from first: RoutePoint, radius: Double, keepingStops: Bool) {
        self.radius = radius
        self.keepingStops = keepingStops
        last = first
        frame = ChordGeodesic(from: first.coordinate)
    }

    /// Whether `p` is kept, the walk moving on to it when it is.
    mutating func keeps(_ p: RoutePoint) -> Bool {
        // The chord estimate decides wherever its error bound cannot change the answer; the exact
        // geodesic decides the rest (and every stop, which needs an exact 0).
        var keep: Bool? = nil
        if !keepingStops, let estimate = frame?.estimate(to: ChordGeodesic.position(of: p.coordinate)) {
            let high = estimate.distance + estimate.distanceError
            let low = max(estimate.distance - estimate.distanceError, 0)
            if spatial(high, p) <= radius { keep = false } else if spatial(low, p) > radius { keep = true }
        }
        if keep == nil {
            let d = Geodesic.wgs84.inverse(from: last.coordinate, to: p.coordinate).distance
            keep = spatial(d, p) > radius || (keepingStops && d == 0)
        }
        if keep == true {
            last = p
            frame = ChordGeodesic(from: p.coordinate)
        }
        return keep!
    }

    /// The distance compared with `radius`: three-dimensional when both points have elevations. Never
    /// smaller for a larger `d` (each rounded operation is monotonic).
    private func spatial(_ d: Double, _ p: RoutePoint) -> Double {
        guard let e = p.elevation, let le = last.elevation else { return d }
        let dz = e - le
        return (d * d + dz * dz).squareRoot()
    }

    /// The indices kept among `indices` (at least 3) but the last: the first, then each point kept
    /// by the walk (the caller adds the last point, always kept).
    static func thinned(_ indices: [Int], of points: [RoutePoint], radius: Double, keepingStops: Bool,
                        splitAt split: Int? = nil) -> [Int] {
        let end = indices.count - 1
        let middle = split ?? (indices.count >= parallelMinimum && Parallel.hasSecondCore ? end / 2 : nil)
        guard let middle, middle > 1, middle < end else {
            var walk = RadialThinning(from: points[indices[0]], radius: radius, keepingStops: keepingStops)
            return [indices[0]] + walk.kept(indices, 1..<end, of: points)
        }
        // Both halves at once; the second as if its first point were kept.
        var first = RadialThinning(from: points[indices[0]], radius: radius, keepingStops: keepingStops)
        var second = RadialThinning(from: points[indices[middle]], radius: radius, keepingStops: keepingStops)
        let (head, tail) = Parallel.both({ first.kept(indices, 1..<middle, of: points) },
                                         { second.kept(indices, (middle + 1)..<end, of: points) })
        // The first walk goes on until it keeps a point the second kept (the second's first included).
        var result = [indices[0]] + head
        let speculative = [indices[middle]] + tail
        var s = 0
        for k in middle..<end where first.keeps(points[indices[k]]) {
            while s < speculative.count, speculative[s] < indices[k] { s += 1 }
            if s < speculative.count, speculative[s] == indices[k] {
                result.append(contentsOf: speculative[s...])
                return result
            }
            result.append(indices[k])
        }
        return result
    }

    /// The indices of `indices[range]` this walk keeps, in order.
    private mutating func kept(_ indices: [Int], _ range: Range<Int>, of points: [RoutePoint]) -> [Int] {
        var kept: [Int] = []
        for k in range where keeps(points[indices[k]]) { kept.append(indices[k]) }
        return kept
    }
}
