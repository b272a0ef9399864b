import Foundation

extension Route {
    /// The longest wait between consecutive timed points, within a segment or across a break between
    /// segments (recorded timing flies both in real time): the 0-based index of the point that starts
    /// it and its length in seconds, or `nil` when no two consecutive points both have a time.
    ///
    /// Used to say which point makes a recorded-time flight long (a clock jump of years in one row).
    ///
    /// - Complexity: O(n).
    public var longestTimeGap: (index: Int, seconds: Double)? {
        var best: (index: Int, seconds: Double)? = nil
        for i in points.indices.dropLast() {
            guard let t0 = points[i].time, let t1 = points[i + 1].time else { continue }
            let gap = t1.timeIntervalSince(t0)
            if gap > (best?.seconds ?? 0) { best = (i, gap) }
        }
        return best
    }
}
