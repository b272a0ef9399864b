import Foundation
import RouteKitSupport

/// What one look at each point of a route finds for the checks ``RouteFile`` makes of every route it
/// reads: the first point with a value outside ``PointValueLimits`` (an error), and what its warnings
/// tell (``RouteFile/Result/checkPlausibility()``): heights wrapped as unsigned 16-bit numbers
/// (``RouteOutliers``, rule 1), points at (0, 0) (rule 4), and elevations outside
/// ``RoutePoint/plausibleElevations`` among the heights as corrected.
///
/// A large route is looked at in runs on every core, each run's findings joined to the next's in
/// order, so the findings are those of one pass in order.
struct PointScreening {
    /// How many points, and the first of them (0-based), for one finding.
    struct Tally {
        var first: Int?
        var count = 0

        @inline(__always)
        mutating func add(_ index: Int) {
            if first == nil { first = index }
            count += 1
        }

        mutating func append(_ later: Tally) {
            first = first ?? later.first
            count += later.count
        }
    }

    /// The first point with a value outside its limits, and why (when the limits are checked).
    var violation: (index: Int, reason: RouteParseError.Reason)?
    /// Heights in ``RouteOutliers/wrappedHeights``.
    var wrapped = Tally()
    /// Whether some other height is more than 536 m from sea level: then the heights are as read (rule 1).
    var keepsHeights = false
    /// Points at latitude 0, longitude 0.
    var nullIsland = Tally()
    /// Elevations outside the plausible range as read, and once the wrapped heights are corrected.
    var implausible = Tally(), implausibleCorrected = Tally()

    /// The findings over `points`, on every core when there are many.
    /// - Parameter checksLimits: Whether to look for values outside ``PointValueLimits`` too.
    /// - Complexity: O(n), one pass; no allocation unless something is found.
    init(_ points: [RoutePoint], checksLimits: Bool) {
        let runs = points.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return Parallel.mapRanges(count: buffer.count, parts: buffer.count >= 65_536 ? Parallel.coreCount : 1) { range in
                PointScreening(buffer, range, checksLimits: checksLimits)
            }
        }
        self = runs[0]
        for run in runs.dropFirst() { append(run) }
    }

    /// The findings over `points[range]`, counted by their index in `points`.
    private init(_ points: UnsafeBufferPointer<RoutePoint>, _ range: Range<Int>, checksLimits: Bool) {
        let plausible = RoutePoint.plausibleElevations, wrappedRange = RouteOutliers.wrappedHeights
        let nearSeaLevel = 65536 - wrappedRange.lowerBound
        for i in range {
            let point = points[i]
            if checksLimits, violation == nil, let reason = PointValueLimits.violation(of: point) { violation = (i, reason) }
            if point.isAtNullIsland { nullIsland.add(i) }
            guard let h = point.elevation else { continue }
            let isWrapped = wrappedRange.contains(h)
            if isWrapped { wrapped.add(i) } else if abs(h) > nearSeaLevel { keepsHeights = true }
            if !plausible.contains(h) { implausible.add(i) }
            if !plausible.contains(isWrapped ? h - 65536 : h) { implausibleCorrected.add(i) }
        }
    }

    /// These findings followed by those of the points after.
    private mutating func append(_ later: PointScreening) {
        violation = violation ?? later.violation
        wrapped.append(later.wrapped)
        keepsHeights = keepsHeights || later.keepsHeights
        nullIsland.append(later.nullIsland)
        implausible.append(later.implausible)
        implausibleCorrected.append(later.implausibleCorrected)
    }

    /// The wrapped heights every command corrects, or `nil` (``RouteOutliers``, rule 1).
    func wrappedHeights(in points: [RoutePoint]) -> RouteOutliers.WrappedHeights? {
        guard let first = wrapped.first, !keepsHeights else { return nil }
        return .init(count: wrapped.count, firstIndex: first, firstValue: points[first].elevation!)
    }

    /// The warnings of ``RouteFile/Result/checkPlausibility()`` for `points` (those screened), one
    /// sentence each, in this order: wrapped heights, points at (0, 0), implausible elevations.
    func warnings(for points: [RoutePoint]) -> [String] {
        var warnings: [String] = []
        let corrected = wrappedHeights(in: points)
        if let corrected {
            warnings.append(corrected.sentence(place: nil)
                            + "; every command uses the corrected heights, and the route check notes them (elevation-wrapped)")
        }
        if let zero = nullIsland.first {
            let count = nullIsland.count
            warnings.append("\(count == 1 ? "point \(zero) is" : "\(count) points, the first point \(zero), are") at latitude 0, "
                            + "longitude 0, where receivers put a fix they do not have; the route check reports "
                            + "\(count == 1 ? "it" : "them") (null-island), and the flight leaves \(count == 1 ? "it" : "them") out "
                            + "when the route is elsewhere")
        }
        let outside = corrected == nil ? implausible : implausibleCorrected
        guard let first = outside.first else { return warnings }
        let read = points[first].elevation!
        let value = corrected != nil && RouteOutliers.wrappedHeights.contains(read) ? read - 65536 : read
        let range = RoutePoint.plausibleElevations
        let shown = abs(value) >= 1e6 ? String(format: "%.6g", value) : FixedDecimal.string(value, places: 3)
        warnings.append("\(outside.count) elevation\(outside.count == 1 ? " is" : "s are") outside \(Int(range.lowerBound))...\(Int(range.upperBound)) m, "
                        + "the first at point \(first): \(shown) m"
                        + (abs(value) > 1e8 ? " (a time or a count, not a height?)" : "")
                        + "; the route check reports it as an error (elevation-implausible)")
        return warnings
    }
}
