import Foundation
import RouteKitSupport

/// Removes GPS spikes from the ground height the camera follows (``FollowTrack`` then smooths it in
/// time), so that the eye does not bob with noisy elevations.
///
/// 1. *Hampel filter over distance* (Hampel 1974; Pearson 2002, "Outliers in process modeling and
///    identification", IEEE TCST 10(1)): for each point, the median `m` and the median absolute
///    deviation `MAD` of the elevations within `window / 2` metres of it along the route (at most
///    ``maximumSamples`` of them, evenly picked); an elevation more than
///    `max(3 * 1.4826 * MAD, ``minimumOutlier``)` from `m` is a GPS spike and becomes `m`. Smooth
///    ground (a terrain model, a clean climb) is left exactly as it is, and so is a real step: on a
///    climb that ends on a plateau, the first point of the plateau keeps the plateau's height.
enum ElevationSmoothing {
    /// The most elevations one median looks at.
    static let maximumSamples = 31
    /// Metres: a deviation from the median below this is never an outlier.
    static let minimumOutlier = 2.0

    /// Hampel-filtered `values` over `positions` (metres, non-decreasing), window `window` metres; a
    /// deviation below `floor` metres (default ``minimumOutlier``) is never an outlier.
    ///
    /// - Complexity: O(n * m log m), m <= ``maximumSamples``.
    static func median(_ values: [Double], at positions: [Double], window: Double,
                       floor: Double = minimumOutlier) -> [Double] {
        var result = values
        for r in replacements(count: values.count, window: window, floor: floor, value: { values[$0] }, position: { positions[$0] }) {
            result[r.index] = r.median
        }
        return result
    }

    /// The indices whose value ``median(_:at:window:floor:)`` replaces, in order, each with the median
    /// that replaces it (never equal to the value), for `count` values read through `value` at
    /// `position` (metres, non-decreasing): the same filter without a copy of the values, so a caller
    /// can filter a route's heights where they lie.
    ///
    /// - Complexity: O(n * m log m), m <= ``maximumSamples``, where the heights vary by more than `floor`
    ///   within a window; O(n) on smoother ground (``SlidingExtremes``); memory O(w + replacements) for
    ///   w points in a window.
    static func replacements(count n: Int, window: Double, floor: Double = minimumOutlier,
                             value: (Int) -> Double, position: (Int) -> Double) -> [(index: Int, median: Double)] {
        guard n > 2, window > 0 else { return [] }
        // Each index's verdict depends on its own window alone, so the two halves of a long route are
        // filtered at once and joined in order.
        guard n >= splitFrom else { return replacements(in: 0..<n, count: n, window: window, floor: floor, value: value, position: position) }
        let (first, second) = Parallel.both(
            { replacements(in: 0..<n / 2, count: n, window: window, floor: floor, value: value, position: position) },
            { replacements(in: n / 2..<n, count: n, window: window, floor: floor, value: value, position: position) })
        return first + second
    }

    /// The number of values from which ``replacements(count:window:floor:value:position:)`` filters the
    /// two halves at once.
    static let splitFrom = 65_536

    /// ``replacements(count:window:floor:value:position:)`` of the indices in `range` (of `n`).
    private static func replacements(in range: Range<Int>, count n: Int, window: Double, floor: Double,
                                     value: (Int) -> Double, position: (Int) -> Double) -> [(index: Int, median: Double)] {
        var result: [(index: Int, median: Double)] = []
        // The window's first index: the first whose position is within `window / 2` behind.
        var low = firstIndex(below: range.lowerBound, atLeast: position(range.lowerBound) - window / 2, position: position)
        var high = range.lowerBound
        var buffer: [Double] = []
        buffer.reserveCapacity(maximumSamples)
        var extremes = SlidingExtremes(at: low)
        for i in range {
            let here = position(i)
            while position(low) < here - window / 2 { low += 1 }
            if high < i + 1 { high = i + 1 }
            while high < n && position(high) <= here + window / 2 { high += 1 }
            let count = high - low
            guard count > 2 else { continue }
            // The values picked below (and `v`) are among the window's: where the whole window spreads
            // no wider than `floor`, nothing can be an outlier (the check below, on all of it at once).
            extremes.slide(to: low..<high, value: value)
            if let spread = extremes.spread, spread <= floor { continue }
            buffer.removeAll(keepingCapacity: true)
            if count <= maximumSamples {
                for j in low..<high { buffer.append(value(j)) }
            } else {
                for j in 0..<maximumSamples { buffer.append(value(low + j * (count - 1) / (maximumSamples - 1))) }
            }
            let v = value(i)
            // The median lies within the values' range, so a value can be farther from it than `floor`
            // only where that range, `v` included, is wider than `floor`: elsewhere (most of any route)
            // nothing is sorted.
            var lowest = v, highest = v
            for x in buffer { lowest = min(lowest, x); highest = max(highest, x) }
            guard highest - lowest > floor else { continue }
            let median = Self.median(&buffer)
            for j in buffer.indices { buffer[j] = abs(buffer[j] - median) }
            let mad = Self.median(&buffer)
            if abs(v - median) > max(3 * 1.4826 * mad, floor) { result.append((i, median)) }
        }
        return result
    }

    /// The first index up to `end` whose position (non-decreasing) is at least `bound` (`end` when
    /// none before it is). O(log end).
    private static func firstIndex(below end: Int, atLeast bound: Double, position: (Int) -> Double) -> Int {
        var low = 0, high = end
        while low < high {
            let mid = (low + high) / 2
            if position(mid) < bound { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The median of `values`, which it sorts. A stable sort's order is unique (equal values, such as 0
    /// and -0, keep theirs), so the insertion sort used for the few values of a window (faster there
    /// than the library's) gives the library's order, bit for bit; with a NaN, which has no order, the
    /// library's sort is used. O(m^2) for m <= ``maximumSamples``.
    private static func median(_ values: inout [Double]) -> Double {
        if values.contains(where: \.isNaN) { values.sort() } else { insertionSort(&values) }
        let m = values.count
        return m % 2 == 1 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2
    }

    /// Sorts `values` in place, stably (an element moves only past larger ones). O(m^2).
    private static func insertionSort(_ values: inout [Double]) {
        values.withUnsafeMutableBufferPointer { v in
            for i in v.indices.dropFirst() {
                let x = v[i]
                var j = i
                while j > 0, x < v[j - 1] {
                    v[j] = v[j - 1]
                    j -= 1
                }
                v[j] = x
            }
        }
    }
}
