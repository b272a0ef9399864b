import Foundation

/// Evaluates a unit cubic Bézier `B(s)` from (0, 0) to (1, 1) as a function `y(x)`.
///
/// Polynomial form (docs/keyframes.md#unit-curves, the same coefficients as WebKit's `UnitBezier.h`):
/// `X(s) = ((ax·s + bx)·s + cx)·s` with `cx = 3·p1x`, `bx = 3(p2x − p1x) − cx`, `ax = 1 − cx − bx`,
/// and likewise for `Y`.
///
/// Solving `X(s) = x` (RouteKit's own implementation of the standard robust scheme): up to 8
/// Newton steps from `s = x`, accepted when `|X(s) − x| < 1e-14`; otherwise bisection on `[0, 1]`
/// (`X` is monotonic because control-point `x` values are clamped to `0...1`) until the residual is
/// below 1e-14 or 64 halvings. That is far tighter than OpenSwiftUI's 2⁻²⁰, so keyframe values built
/// on a Bézier agree with docs/keyframes.md#keyframe-track-vectors to 1e-9.
@usableFromInline
struct CubicBezierSolver {
    let ax, bx, cx, ay, by, cy: Double

    init(start: UnitPoint, end: UnitPoint, clampY: Bool) {
        let p1x = Swift.min(Swift.max(Double(start.x), 0), 1)
        let p2x = Swift.min(Swift.max(Double(end.x), 0), 1)
        var p1y = Double(start.y)
        var p2y = Double(end.y)
        if clampY {
            p1y = Swift.min(Swift.max(p1y, 0), 1)
            p2y = Swift.min(Swift.max(p2y, 0), 1)
        }
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter `s` in `0...1` with `X(s) = x`, for `x` in `0...1`.
    func solve(_ x: Double) -> Double {
        let tolerance = 1e-14
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let residual = self.x(s) - x
            if abs(residual) < tolerance { return s }
            let slope = dx(s)
            if abs(slope) < 1e-7 { break }
            s -= residual / slope
            if !(0...1).contains(s) { break }
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = self.x(s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            s = 0.5 * (low + high)
        }
        return s
    }

    func value(at x: Double) -> Double { y(solve(x)) }

    func velocity(at x: Double) -> Double {
        let s = solve(x)
        let dxds = dx(s)
        let dyds = dy(s)
        if dxds == dyds { return 1 }
        if dxds == 0 { return dyds < 0 ? -.infinity : .infinity }
        return dyds / dxds
    }
}
