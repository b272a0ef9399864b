import Foundation

/// A function that maps input progress in `0...1` to output progress, usually also in `0...1`:
/// the timing ("easing") of an animation or of a ``LinearKeyframe``.
///
/// Same name and members as SwiftUI's `UnitCurve`
/// (https://developer.apple.com/documentation/swiftui/unitcurve): ``linear``, ``easeIn``,
/// ``easeOut``, ``easeInOut``, the circular curves and
/// ``bezier(startControlPoint:endControlPoint:)``, each with ``value(at:)``, ``velocity(at:)`` and
/// ``inverse``. RouteKit adds Robert Penner's easing family (quad … back, see
/// `UnitCurve+Easing.swift`) for camera work.
///
/// Semantics follow docs/keyframes.md#unit-curves:
/// - Input progress is clamped to `0...1` by both ``value(at:)`` and ``velocity(at:)``.
/// - Bézier control-point `x` values are clamped to `0...1` (so the curve is a function of
///   progress); for ``value(at:)`` the `y` values are clamped too, ``velocity(at:)`` does not clamp `y`.
/// - Unlike OpenSwiftUI, results are **not** rounded to multiples of 2⁻²⁰ (docs/keyframes.md#unit-curve-precision:
///   that rounding is unconfirmed for Apple); values agree with Apple-measured ones to 1e-6.
public struct UnitCurve: Hashable, Sendable {
    /// How the curve is computed (for RouteKit's camera-script encoding; not API).
    @usableFromInline
    package enum Function: Hashable, Sendable {
        case linear
        case bezier(start: UnitPoint, end: UnitPoint)
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        /// The true inverse of `circularEaseInOut` (see ``UnitCurve/inverse``).
        case inverseCircularEaseInOut
        case easing(Easing)
        case inverseEasing(Easing)
    }

    @usableFromInline
    package let function: Function

    @usableFromInline
    package init(function: Function) { self.function = function }

    /// `true` for ``linear``, whose value is its input (used as a fast path by keyframes).
    @inlinable
    var isLinear: Bool { function == .linear }

    /// The identity curve: output progress equals input progress, velocity is always 1.
    public static let linear = UnitCurve(function: .linear)

    /// Starts slowly and speeds up: the cubic Bézier with control points (0.42, 0) and (1, 1)
    /// (docs/keyframes.md#unit-curves; Core Animation's `easeIn`).
    public static let easeIn = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

    /// Starts quickly and slows down: control points (0, 0) and (0.58, 1) (docs/keyframes.md#unit-curves).
    public static let easeOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Slow, fast, then slow: control points (0.42, 0) and (0.58, 1), as Apple documents for
    /// `UnitCurve.easeInOut` (docs/keyframes.md#unit-curves).
    public static let easeInOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// The deprecated SwiftUI spelling of ``easeInOut``; the same curve.
    public static let easeInEaseOut = easeInOut

    /// A quarter circle that starts slowly: `1 − sqrt(1 − p²)`. Its velocity at `p = 1` is
    /// infinite (docs/keyframes.md#unit-curves).
    public static let circularEaseIn = UnitCurve(function: .circularEaseIn)

    /// A quarter circle that starts quickly: `sqrt(1 − (1 − p)²)` (docs/keyframes.md#unit-curves).
    public static let circularEaseOut = UnitCurve(function: .circularEaseOut)

    /// ``circularEaseIn`` on the first half, ``circularEaseOut`` on the second: `½(1 − sqrt(1 − 4p²))`
    /// for `p < 0.5`, else `½(sqrt((8 − 4p)p − 3) + 1)`. Its velocity at `p = 0.5` is infinite
    /// (docs/keyframes.md#unit-curves).
    public static let circularEaseInOut = UnitCurve(function: .circularEaseInOut)

    /// A cubic Bézier from (0, 0) to (1, 1) through two control points, as CSS's `cubic-bezier()`
    /// and Core Animation's `CAMediaTimingFunction`.
    ///
    /// - Parameters:
    ///   - startControlPoint: The first control point; `x` is clamped to `0...1`.
    ///   - endControlPoint: The second control point; `x` is clamped to `0...1`.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(function: .bezier(start: startControlPoint, end: endControlPoint))
    }

    /// The output progress at `progress`.
    ///
    /// - Parameter progress: Input progress; clamped to `0...1`.
    /// - Returns: Output progress: `0` at input 0 and `1` at input 1; in between usually `0...1`,
    ///   except for curves that overshoot (the back easings, Bézier control points with `y`
    ///   outside `0...1` are clamped for values).
    /// - Complexity: O(1); a Bézier runs at most 8 Newton steps, then at most 64 bisection steps.
    public func value(at progress: Double) -> Double {
        let p = Swift.min(Swift.max(progress, 0), 1)
        switch function {
        case .linear:
            return p
        case let .bezier(start, end):
            return CubicBezierSolver(start: start, end: end, clampY: true).value(at: p)
        case .circularEaseIn:
            return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut:
            return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut:
            if p < 0.5 { return 0.5 * (1 - (1 - 4 * p * p).squareRoot()) }
            return 0.5 * (Swift.max(0, (8 - 4 * p) * p - 3).squareRoot() + 1)
        case .inverseCircularEaseInOut:
            let u = 1 - 2 * p
            let half = 0.5 * Swift.max(0, 1 - u * u).squareRoot()
            return p < 0.5 ? half : 1 - half
        case let .easing(easing):
            return easing.value(at: p)
        case let .inverseEasing(easing):
            return easing.inverseValue(at: p)
        }
    }

    /// The rate of change of output progress with respect to input progress at `progress`
    /// (dimensionless; multiply by `Δvalue / duration` for value units per second).
    ///
    /// Edge cases (docs/keyframes.md#unit-curves):
    /// - For a Bézier, when both derivatives `X'(s)` and `Y'(s)` are equal (including `0 == 0` at a
    ///   control point that coincides with an end point, e.g. `easeOut` at 0) the velocity is 1;
    ///   when only `X'(s)` is 0 it is `±infinity`.
    /// - The circular curves return the absolute value of their derivative, which is `+infinity`
    ///   where the tangent is vertical.
    ///
    /// - Parameter progress: Input progress; clamped to `0...1`.
    /// - Complexity: O(1), as ``value(at:)``.
    public func velocity(at progress: Double) -> Double {
        let p = Swift.min(Swift.max(progress, 0), 1)
        switch function {
        case .linear:
            return 1
        case let .bezier(start, end):
            return CubicBezierSolver(start: start, end: end, clampY: false).velocity(at: p)
        case .circularEaseIn:
            return abs(p / (1 - p * p).squareRoot())
        case .circularEaseOut:
            return abs((1 - p) / (1 - (1 - p) * (1 - p)).squareRoot())
        case .circularEaseInOut:
            if p < 0.5 { return abs(2 * p / (1 - 4 * p * p).squareRoot()) }
            return abs((2 - 2 * p) / ((8 - 4 * p) * p - 3).squareRoot())
        case .inverseCircularEaseInOut:
            let u = 1 - 2 * p
            return abs(u / (1 - u * u).squareRoot())
        case let .easing(easing):
            return easing.velocity(at: p)
        case let .inverseEasing(easing):
            return easing.inverseVelocity(at: p)
        }
    }

    /// The curve that maps output progress back to input progress, so that
    /// `inverse.value(at: value(at: p)) ≈ p` for a monotonic curve.
    ///
    /// A Bézier's inverse swaps `x` and `y` of both control points; ``circularEaseIn`` and
    /// ``circularEaseOut`` are each other's inverse (docs/keyframes.md#unit-curves). For the Penner easings see
    /// `UnitCurve+Easing.swift`.
    ///
    /// Deviation: docs/keyframes.md#unit-curves (after OpenSwiftUI) says ``circularEaseInOut`` is its own
    /// inverse, which is not true of the function (`value(0.25) = 0.067` but
    /// `value(0.067) ≠ 0.25`). RouteKit returns the true inverse, two quarter circles
    /// `½·sqrt(1 − (1 − 2y)²)` for `y < 0.5`, else `1 − ½·sqrt(1 − (2y − 1)²)`, whose inverse is
    /// ``circularEaseInOut`` again.
    public var inverse: UnitCurve {
        switch function {
        case .linear:
            return .linear
        case let .bezier(start, end):
            return .bezier(
                startControlPoint: UnitPoint(x: start.y, y: start.x),
                endControlPoint: UnitPoint(x: end.y, y: end.x))
        case .circularEaseIn:
            return .circularEaseOut
        case .circularEaseOut:
            return .circularEaseIn
        case .circularEaseInOut:
            return UnitCurve(function: .inverseCircularEaseInOut)
        case .inverseCircularEaseInOut:
            return .circularEaseInOut
        case let .easing(easing):
            return UnitCurve(function: .inverseEasing(easing))
        case let .inverseEasing(easing):
            return UnitCurve(function: .easing(easing))
        }
    }
}
