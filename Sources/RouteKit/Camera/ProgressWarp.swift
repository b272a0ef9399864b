import Foundation

/// An eased clock: maps flight time to route time so that the camera starts from rest, reaches the
/// route's own pace, and comes to rest again, with continuous velocity and acceleration.
///
/// Over a span of `T` seconds (flight time and route time both run from 0 to `T`), the route clock's
/// rate `g'(t)` rises from 0 to a constant `c` over the first `rampIn` seconds, stays at `c`, and falls
/// back to 0 over the last `rampOut` seconds. Each ramp follows the smoothstep curve
/// `S(x) = 3x^2 - 2x^3` (so the rate's own derivative, the acceleration, is 0 at both ends of a ramp:
/// no jolt), and a ramp covers half the ground a constant rate would, so
/// `c = T / (T - rampIn / 2 - rampOut / 2)`: the route part keeps its duration and runs that much
/// faster in between.
///
/// Closed forms: in the first ramp `g(t) = c a (x^3 - x^4 / 2)` with `x = t / a` (the integral of `S`),
/// in the middle `g(t) = c a / 2 + c (t - a)`, and the last ramp mirrors the first.
struct ProgressWarp: Hashable, Sendable {
    /// The span, seconds (> 0).
    var span: Double
    /// Seconds of easing in (0 for none: the route starts at pace).
    var rampIn: Double
    /// Seconds of easing out (0 for none).
    var rampOut: Double
    /// The rate between the ramps (>= 1).
    var rate: Double

    /// A warp over `span` seconds; the ramps are shortened to at most half the span each.
    init(span: Double, rampIn: Double, rampOut: Double) {
        self.span = max(span, 0)
        let a0 = min(max(rampIn, 0), self.span / 2), a1 = min(max(rampOut, 0), self.span / 2)
        self.rampIn = a0
        self.rampOut = a1
        let effective = self.span - a0 / 2 - a1 / 2
        rate = effective > 0 ? self.span / effective : 1
    }

    /// The identity (no easing).
    static func identity(span: Double) -> ProgressWarp { ProgressWarp(span: span, rampIn: 0, rampOut: 0) }

    var isIdentity: Bool { rampIn == 0 && rampOut == 0 }

    private static func integral(_ x: Double) -> Double { x * x * x - x * x * x * x / 2 }
    private static func smoothstep(_ x: Double) -> Double { x * x * (3 - 2 * x) }

    /// Route time at flight time `t` (clamped to `0...span`).
    func routeTime(at t: Double) -> Double {
        let t = min(max(t, 0), span)
        if t < rampIn { return rate * rampIn * Self.integral(t / rampIn) }
        if t > span - rampOut { return span - rate * rampOut * Self.integral((span - t) / rampOut) }
        return rate * rampIn / 2 + rate * (t - rampIn)
    }

    /// The route clock's rate at flight time `t`: route seconds per flight second (0 at a rest).
    func rate(at t: Double) -> Double {
        let t = min(max(t, 0), span)
        if t < rampIn { return rate * Self.smoothstep(t / rampIn) }
        if t > span - rampOut { return rate * Self.smoothstep((span - t) / rampOut) }
        return rate
    }

    /// Whether the rate is constant over `a...b` (both inside the middle part).
    func isSteady(from a: Double, to b: Double) -> Bool {
        a >= rampIn - 1e-12 && b <= span - rampOut + 1e-12
    }

    /// The flight time at which the route clock reads `tau` (the inverse of ``routeTime(at:)``, by
    /// bisection to 1e-12 s; exact in the middle part).
    func flightTime(at tau: Double) -> Double {
        if tau <= 0 { return 0 }
        if tau >= span { return span }
        let middleStart = rate * rampIn / 2, middleEnd = span - rate * rampOut / 2
        if tau >= middleStart && tau <= middleEnd { return rampIn + (tau - middleStart) / rate }
        var low = tau < middleStart ? 0 : span - rampOut, high = tau < middleStart ? rampIn : span
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if routeTime(at: mid) < tau { low = mid } else { high = mid }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }
}
