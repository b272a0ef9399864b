import Foundation

/// The optimal zoom-and-pan path between two views of a plane: van Wijk and Nuij's "smooth and
/// efficient" camera path, the algorithm behind Mapbox GL's and deck.gl's `flyTo` ([van Wijk & Nuij 2003];
/// docs/camera.md#the-fly-to-path).
///
/// A view is a centre (a point in a plane, metres: e.g. Web Mercator metres at the route's scale) and
/// a visible width `w` (metres, proportional to the camera's distance). Along the straight line from
/// `c0` to `c1`, `u` is the distance travelled (`u1 = |c1 - c0|`). For `u1 > 0`:
///
///     b_i = (w1^2 - w0^2 + (-1)^i rho^4 u1^2) / (2 w_i rho^2 u1)     (i = 0, 1; w_i is w0, then w1)
///     r_i = ln(-b_i + sqrt(b_i^2 + 1))  = -asinh(b_i)
///     S   = (r1 - r0) / rho
///     w(s) = w0 cosh(r0) / cosh(rho s + r0)
///     u(s) = w0 / rho^2 (cosh(r0) tanh(rho s + r0) - sinh(r0))  = w0 sinh(rho s) / (rho^2 cosh(rho s + r0))
///
/// RouteKit evaluates the two right-hand forms, which are algebraically identical (sinh(x - r0) =
/// sinh x cosh r0 - cosh x sinh r0, with x = rho s + r0) and free of the cancellation the left-hand forms suffer when `|b_i|`
/// is large (`-b + sqrt(b^2 + 1)` underflows to 0 and its logarithm to -infinity).
///
/// When `u1` is (nearly) 0, the path is a pure zoom: `S = |ln(w1 / w0)| / rho`, `w(s) = w0 exp(k rho s)`
/// with `k = sign(w1 - w0)`, `u(s) = 0` (RouteKit moves the residual `u1`, at most 1e-9 `w`, linearly in `s`
/// so that the end is still reached exactly). When also `w1 == w0`, there is no flight: `S = 0`.
/// "Nearly 0" means `u1 <= 1e-9 * max(w0, w1)` (a nanometre for a kilometre-wide view): below it the
/// general formula's `b_i` exceed 1e9 and its result is dominated by rounding.
///
/// Edge cases:
/// - `s` outside `0...S` is clamped; `s = 0` gives exactly `(c0, w0)` and `s = S` exactly `(c1, w1)`.
/// - Same point and same width: `length == 0` and every `s` gives `(c0, w0)`.
/// - Every finite, positive input gives finite output (no NaN), including `u1 = 1e-12`.
///
/// See also `FlightTiming` for turning a length into seconds.
///
/// [van Wijk & Nuij 2003]: https://doi.org/10.1109/INFVIS.2003.1249004
package struct FlyToPath: Hashable, Sendable {
    /// A point of the plane, metres.
    package typealias Point = SIMD2<Double>

    /// Start centre, metres.
    package let start: Point
    /// End centre, metres.
    package let end: Point
    /// Visible width at the start, metres (> 0).
    package let startWidth: Double
    /// Visible width at the end, metres (> 0).
    package let endWidth: Double
    /// The zoom/pan trade-off actually used (> 0): the requested one, raised if a minimum peak width
    /// required it, or lowered if a maximum width did.
    package let rho: Double
    /// `u1 = |end - start|`, metres (>= 0).
    package let panDistance: Double
    /// The path's length `S` in van Wijk and Nuij's metric (dimensionless, >= 0); flight time is
    /// proportional to it (Mapbox: `duration = S / speed`).
    package let length: Double

    private let r0: Double
    private let isPureZoom: Bool

    /// The mean of van Wijk and Nuij's user study and Mapbox GL's default `curve`: 1.42.
    package static let defaultRho = 1.42

    /// Plans the path between two views.
    ///
    /// - Parameters:
    ///   - start: Start centre, metres (finite).
    ///   - startWidth: Visible width at the start, metres (> 0, finite).
    ///   - end: End centre, metres.
    ///   - endWidth: Visible width at the end, metres (> 0).
    ///   - rho: Zoom/pan trade-off (> 0); larger values zoom out more. Default ``defaultRho``.
    ///   - maximumWidth: A cap on the path's widest view, metres, or `nil`. When the path would zoom out
    ///     wider, `rho` is lowered (never raised) to `min(rho, sqrt(2 wMax / u1))` (docs/camera.md#the-fly-to-path;
    ///     Mapbox GL `flyTo`'s `minZoom`, with the direction fixed as in maplibre/maplibre-gl-js#7743). That
    ///     formula makes the peak width about `wMax` when `w0, w1 << wMax`; if the peak is still above
    ///     `wMax`, `rho` is then lowered further by bisection until the peak equals it (to 1e-12 relative).
    ///     A cap below `max(w0, w1)` cannot be met; `rho` is lowered as far as the bisection goes
    ///     (60 halvings) and ``peakWidth`` reports what was reached.
    ///   - minimumPeakWidth: A floor on the path's widest view, metres, or `nil`: what a flight needs to
    ///     show both of its ends at once at its widest. When the path's peak is narrower, `rho` is raised
    ///     (never lowered): doubled until the peak reaches the floor (the peak `w0 cosh(r0)` grows without
    ///     bound with `rho`: `b0` grows as `rho^2 u1 / (2 w0)`), then bisected down to it (60 halvings,
    ///     the result's peak at or above the floor). Applied before `maximumWidth`, which wins.
    /// - Complexity: O(1) (O(60) steps with a binding `maximumWidth` or `minimumPeakWidth`).
    package init(from start: Point, fromWidth startWidth: Double, to end: Point, toWidth endWidth: Double,
                rho: Double = FlyToPath.defaultRho, maximumWidth: Double? = nil, minimumPeakWidth: Double? = nil) {
        precondition(startWidth > 0 && startWidth.isFinite && endWidth > 0 && endWidth.isFinite,
                     "widths must be finite and > 0 metres")
        precondition(rho > 0 && rho.isFinite, "rho must be finite and > 0")
        self.start = start
        self.end = end
        self.startWidth = startWidth
        self.endWidth = endWidth
        let d = end - start
        let u1 = (d.x * d.x + d.y * d.y).squareRoot()
        self.panDistance = u1
        let pureZoom = u1 <= 1e-9 * max(startWidth, endWidth)
        self.isPureZoom = pureZoom

        var rho = rho
        if !pureZoom, let wMin = minimumPeakWidth, wMin.isFinite,
           Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: rho) < wMin {
            var low = rho, high = rho
            for _ in 0..<60 where Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: high) < wMin { high *= 2 }
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: mid) < wMin { low = mid } else { high = mid }
            }
            rho = high
        }
        if !pureZoom, let wMax = maximumWidth {
            precondition(wMax > 0, "maximumWidth must be > 0 metres")
            if Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: rho) > wMax {
                rho = min(rho, (2 * wMax / u1).squareRoot())
                if Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: rho) > wMax * (1 + 1e-12) {
                    var low = 0.0, high = rho
                    for _ in 0..<60 {
                        let mid = (low + high) / 2
                        if Self.peak(w0: startWidth, w1: endWidth, u1: u1, rho: mid) > wMax { high = mid } else { low = mid }
                    }
                    rho = low > 0 ? low : high
                }
            }
        }
        self.rho = rho

        if pureZoom {
            r0 = 0
            length = abs(log(endWidth / startWidth)) / rho
        } else {
            let (a, b) = Self.r(w0: startWidth, w1: endWidth, u1: u1, rho: rho)
            r0 = a
            length = (b - a) / rho
        }
    }

    /// `r0` and `r1` of docs/camera.md#the-fly-to-path, as `-asinh(b_i)`.
    private static func r(w0: Double, w1: Double, u1: Double, rho: Double) -> (Double, Double) {
        let rho2 = rho * rho, rho4u2 = rho2 * rho2 * u1 * u1
        let b0 = (w1 * w1 - w0 * w0 + rho4u2) / (2 * w0 * rho2 * u1)
        let b1 = (w1 * w1 - w0 * w0 - rho4u2) / (2 * w1 * rho2 * u1)
        return (-asinh(b0), -asinh(b1))
    }

    /// The widest view of the general path: `w0 cosh(r0)` when the arc turns (`r0 < 0 < r1`), else the
    /// wider end.
    private static func peak(w0: Double, w1: Double, u1: Double, rho: Double) -> Double {
        let (r0, r1) = r(w0: w0, w1: w1, u1: u1, rho: rho)
        return r0 < 0 && r1 > 0 ? w0 * cosh(r0) : max(w0, w1)
    }

    /// The widest view along the path, metres: `w0 cosh(r0)` where `rho s + r0 = 0` lies inside the
    /// path (`w(s)` peaks where `cosh(rho s + r0)` is least), otherwise `max(w0, w1)`.
    package var peakWidth: Double {
        isPureZoom ? max(startWidth, endWidth) : Self.peak(w0: startWidth, w1: endWidth, u1: panDistance, rho: rho)
    }

    /// Distance travelled along the straight line from ``start`` at path parameter `s`, metres,
    /// in `0...panDistance`, non-decreasing in `s`. `s` is clamped to `0...length`.
    package func distance(at s: Double) -> Double {
        if s <= 0 || length == 0 { return 0 }
        if s >= length { return panDistance }
        if isPureZoom { return panDistance * (s / length) }
        return startWidth * sinh(rho * s) / (rho * rho * cosh(rho * s + r0))
    }

    /// Visible width at path parameter `s` (clamped to `0...length`), metres (> 0).
    package func width(at s: Double) -> Double {
        if s <= 0 || length == 0 { return startWidth }
        if s >= length { return endWidth }
        if isPureZoom {
            let k: Double = endWidth > startWidth ? 1 : -1
            return startWidth * exp(k * rho * s)
        }
        return startWidth * cosh(r0) / cosh(rho * s + r0)
    }

    /// The centre at path parameter `s` (clamped to `0...length`), metres.
    package func point(at s: Double) -> Point {
        if s <= 0 || length == 0 { return start }
        if s >= length { return end }
        if panDistance == 0 { return start }
        return start + (end - start) * (distance(at: s) / panDistance)
    }

    /// The view at a fraction of the path, `progress` in `0...1` (clamped): `s = progress * length`.
    /// `progress` is proportional to time when the flight keeps van Wijk and Nuij's constant speed.
    package func at(progress: Double) -> (center: Point, width: Double) {
        let p = min(max(progress, 0), 1)
        if p == 1 { return (end, endWidth) }
        let s = p * length
        return (point(at: s), width(at: s))
    }
}
