import Foundation

/// Gap flights given the time their size needs.
///
/// A gap flown on a van Wijk path in less time than its size needs (equal timing gives it one leg's
/// share; idle compression 1 s) would sweep the view faster than `route-fly check` allows. Each such
/// flight (``Gap``: from point `takeoff` to point `landing`, `time` route seconds given, `needed`
/// seconds needed, ``EasedFlyTo/minimumDuration(within:aspectRatio:)``) gets the time it needs, the
/// first of the legs it spans taking the extra. Where the route part has a duration to keep (equal or
/// distance timing, or recorded timing with a duration), every other leg gives that time back in
/// proportion, by `scale = max((R - E) / R, 0.5)` with `R` the route time outside the stretched
/// flights and `E` the extra time (so at most half of its time); otherwise the flight grows longer.
struct GapStretching: Hashable, Sendable {
    /// One gap flight given more time: the points it takes off from and lands at (the legs
    /// `takeoff..<landing`), the route seconds it had, and the seconds it needs (> `time`).
    struct Gap: Hashable, Sendable {
        var takeoff: Int, landing: Int
        var time: Double, needed: Double
    }

    /// The flights stretched, in route order (not empty).
    var gaps: [Gap]
    /// Whether the route part keeps its duration (the other legs give the time back).
    var keepsDuration: Bool

    /// `times` (route seconds, one per point, non-decreasing) with the ``gaps`` stretched.
    /// - Complexity: O(n) for n points.
    func retimed(_ times: [Double]) -> [Double] {
        let n = times.count
        let total = times[n - 1] - times[0]
        let extra = gaps.reduce(0) { $0 + $1.needed - $1.time }
        let rest = total - gaps.reduce(0) { $0 + $1.time }
        let scale = keepsDuration && rest > 0 ? max((rest - extra) / rest, 0.5) : 1
        // The legs a stretched flight spans keep their times, the first one taking the extra; the
        // others give time back by `scale`.
        var fixed = [Double?](repeating: nil, count: n - 1)
        for g in gaps {
            for leg in g.takeoff..<g.landing { fixed[leg] = times[leg + 1] - times[leg] }
            fixed[g.takeoff]! += g.needed - g.time
        }
        var retimed = times
        for k in 0..<(n - 1) {
            retimed[k + 1] = retimed[k] + (fixed[k] ?? (times[k + 1] - times[k]) * scale)
        }
        return retimed
    }

    /// The note telling the user: which gaps (at most 3 named), from how many seconds to how many, and
    /// whether the flight grew by `longer` seconds (more than 0.0005) or the other legs gave the time.
    func note(longer: Double) -> String {
        let named = gaps.map { "point \($0.takeoff) to \($0.landing): \(FixedDecimal.string($0.time, places: 2)) s to \(FixedDecimal.string($0.needed, places: 2)) s" }
        let one = gaps.count == 1
        let list = named.prefix(3).joined(separator: "; ") + (named.count > 3 ? "; ..." : "")
        let outcome = longer > 0.0005 ? ": the flight is \(FixedDecimal.string(longer, places: 2)) s longer" : ", taken from the other legs"
        return "\(one ? "a gap" : "\(gaps.count) gaps") between segments would be flown faster than the motion limits allow, and \(one ? "is" : "are") given more time (\(list))\(outcome)"
    }
}
