import Foundation

// Robert Penner's easing equations (R. Penner, "Motion, Tweening, and Easing", in *Programming
// Macromedia Flash MX*, 2002; equations published 2001 under the BSD licence), in the normalised
// form given at https://easings.net: input `x` and output in `0...1` (the back curves overshoot).
// RouteKit's names follow easings.net: `easeIn<Family>`, `easeOut<Family>`, `easeInOut<Family>`.
// Written from the formulas; every velocity is the exact derivative of its formula.

extension UnitCurve {
    /// The families of Penner easing, with their defining formulas for the "in" variant.
    @usableFromInline
    package enum EasingFamily: Hashable, Sendable {
        /// `xⁿ` for n = 2 (quad), 3 (cubic), 4 (quart), 5 (quint).
        case power(Int)
        /// `1 − cos(πx/2)`.
        case sine
        /// `2^(10x − 10)` (0 at x = 0).
        case expo
        /// `c3·x³ − c1·x²` with c1 = 1.70158, c3 = c1 + 1 (10 % overshoot).
        case back
    }

    /// Which end(s) of the curve are eased.
    @usableFromInline
    package enum EasingMode: Hashable, Sendable {
        case easeIn, easeOut, easeInOut
    }

    @usableFromInline
    package struct Easing: Hashable, Sendable {
        package let family: EasingFamily
        package let mode: EasingMode
    }

    private static func easing(_ family: EasingFamily, _ mode: EasingMode) -> UnitCurve {
        UnitCurve(function: .easing(Easing(family: family, mode: mode)))
    }

    /// Quadratic ease-in, `x²` (Penner 2001; easings.net/#easeInQuad). Inverse: `sqrt(y)`.
    public static let easeInQuad = easing(.power(2), .easeIn)
    /// Quadratic ease-out, `1 − (1 − x)²` (Penner 2001; easings.net/#easeOutQuad).
    public static let easeOutQuad = easing(.power(2), .easeOut)
    /// Quadratic ease-in-out: `2x²` for `x < 0.5`, else `1 − (2 − 2x)²/2` (easings.net/#easeInOutQuad).
    public static let easeInOutQuad = easing(.power(2), .easeInOut)

    /// Cubic ease-in, `x³` (Penner 2001; easings.net/#easeInCubic).
    public static let easeInCubic = easing(.power(3), .easeIn)
    /// Cubic ease-out, `1 − (1 − x)³` (easings.net/#easeOutCubic).
    public static let easeOutCubic = easing(.power(3), .easeOut)
    /// Cubic ease-in-out: `4x³` for `x < 0.5`, else `1 − (2 − 2x)³/2` (easings.net/#easeInOutCubic).
    public static let easeInOutCubic = easing(.power(3), .easeInOut)

    /// Quartic ease-in, `x⁴` (Penner 2001; easings.net/#easeInQuart).
    public static let easeInQuart = easing(.power(4), .easeIn)
    /// Quartic ease-out, `1 − (1 − x)⁴` (easings.net/#easeOutQuart): the "out quart" offset curve.
    public static let easeOutQuart = easing(.power(4), .easeOut)
    /// Quartic ease-in-out: `8x⁴` for `x < 0.5`, else `1 − (2 − 2x)⁴/2` (easings.net/#easeInOutQuart).
    public static let easeInOutQuart = easing(.power(4), .easeInOut)

    /// Quintic ease-in, `x⁵` (Penner 2001; easings.net/#easeInQuint).
    public static let easeInQuint = easing(.power(5), .easeIn)
    /// Quintic ease-out, `1 − (1 − x)⁵` (easings.net/#easeOutQuint).
    public static let easeOutQuint = easing(.power(5), .easeOut)
    /// Quintic ease-in-out: `16x⁵` for `x < 0.5`, else `1 − (2 − 2x)⁵/2` (easings.net/#easeInOutQuint).
    public static let easeInOutQuint = easing(.power(5), .easeInOut)

    /// Sinusoidal ease-in, `1 − cos(πx/2)` (Penner 2001; easings.net/#easeInSine).
    /// Inverse: `(2/π)·acos(1 − y)`.
    public static let easeInSine = easing(.sine, .easeIn)
    /// Sinusoidal ease-out, `sin(πx/2)` (easings.net/#easeOutSine). Inverse: `(2/π)·asin(y)`.
    public static let easeOutSine = easing(.sine, .easeOut)
    /// Sinusoidal ease-in-out, `(1 − cos(πx))/2` (easings.net/#easeInOutSine). Inverse: `acos(1 − 2y)/π`.
    public static let easeInOutSine = easing(.sine, .easeInOut)

    /// Exponential ease-in: `0` at `x = 0`, else `2^(10x − 10)` (Penner 2001; easings.net/#easeInExpo).
    /// It jumps from 0 to 2⁻¹⁰ at `x = 0⁺`. Inverse: `(log₂ y + 10)/10`, clamped to `0...1`.
    public static let easeInExpo = easing(.expo, .easeIn)
    /// Exponential ease-out: `1` at `x = 1`, else `1 − 2^(−10x)` (easings.net/#easeOutExpo).
    /// Inverse: `−log₂(1 − y)/10`, clamped to `0...1`.
    public static let easeOutExpo = easing(.expo, .easeOut)
    /// Exponential ease-in-out: `2^(20x − 10)/2` for `x < 0.5`, else `(2 − 2^(10 − 20x))/2`, with
    /// exact 0 and 1 at the ends (easings.net/#easeInOutExpo).
    public static let easeInOutExpo = easing(.expo, .easeInOut)

    /// Back ease-in, `c3·x³ − c1·x²` with `c1 = 1.70158`, `c3 = c1 + 1`: dips about 10 % below 0
    /// before rising (Penner 2001; easings.net/#easeInBack).
    public static let easeInBack = easing(.back, .easeIn)
    /// Back ease-out, `1 + c3·(x − 1)³ + c1·(x − 1)²`: overshoots about 10 % above 1
    /// (easings.net/#easeOutBack).
    public static let easeOutBack = easing(.back, .easeOut)
    /// Back ease-in-out with `c2 = 1.525·c1`: `(2x)²((c2 + 1)·2x − c2)/2` for `x < 0.5`, else
    /// `((2x − 2)²((c2 + 1)(2x − 2) + c2) + 2)/2` (easings.net/#easeInOutBack).
    public static let easeInOutBack = easing(.back, .easeInOut)
}

extension UnitCurve.Easing {
    private static let c1 = 1.70158
    private static let c2 = c1 * 1.525
    private static let c3 = c1 + 1
    private static let ln2 = M_LN2

    /// Penner's formula at `x` in `0...1`.
    func value(at x: Double) -> Double {
        switch (family, mode) {
        case let (.power(n), .easeIn):
            return pow(x, Double(n))
        case let (.power(n), .easeOut):
            return 1 - pow(1 - x, Double(n))
        case let (.power(n), .easeInOut):
            return x < 0.5 ? pow(2, Double(n - 1)) * pow(x, Double(n)) : 1 - pow(2 - 2 * x, Double(n)) / 2
        case (.sine, .easeIn):
            return 1 - cos(.pi * x / 2)
        case (.sine, .easeOut):
            return sin(.pi * x / 2)
        case (.sine, .easeInOut):
            return (1 - cos(.pi * x)) / 2
        case (.expo, .easeIn):
            return x == 0 ? 0 : pow(2, 10 * x - 10)
        case (.expo, .easeOut):
            return x == 1 ? 1 : 1 - pow(2, -10 * x)
        case (.expo, .easeInOut):
            if x == 0 { return 0 }
            if x == 1 { return 1 }
            return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, 10 - 20 * x)) / 2
        case (.back, .easeIn):
            return Self.c3 * x * x * x - Self.c1 * x * x
        case (.back, .easeOut):
            let u = x - 1
            return 1 + Self.c3 * u * u * u + Self.c1 * u * u
        case (.back, .easeInOut):
            if x < 0.5 {
                let u = 2 * x
                return u * u * ((Self.c2 + 1) * u - Self.c2) / 2
            }
            let u = 2 * x - 2
            return (u * u * ((Self.c2 + 1) * u + Self.c2) + 2) / 2
        }
    }

    /// The exact derivative of ``value(at:)`` (the expo curves: of the exponential branch).
    func velocity(at x: Double) -> Double {
        switch (family, mode) {
        case let (.power(n), .easeIn):
            return Double(n) * pow(x, Double(n - 1))
        case let (.power(n), .easeOut):
            return Double(n) * pow(1 - x, Double(n - 1))
        case let (.power(n), .easeInOut):
            return x < 0.5
                ? Double(n) * pow(2, Double(n - 1)) * pow(x, Double(n - 1))
                : Double(n) * pow(2 - 2 * x, Double(n - 1))
        case (.sine, .easeIn):
            return .pi / 2 * sin(.pi * x / 2)
        case (.sine, .easeOut):
            return .pi / 2 * cos(.pi * x / 2)
        case (.sine, .easeInOut):
            return .pi / 2 * sin(.pi * x)
        case (.expo, .easeIn):
            return 10 * Self.ln2 * pow(2, 10 * x - 10)
        case (.expo, .easeOut):
            return 10 * Self.ln2 * pow(2, -10 * x)
        case (.expo, .easeInOut):
            return x < 0.5 ? 10 * Self.ln2 * pow(2, 20 * x - 10) : 10 * Self.ln2 * pow(2, 10 - 20 * x)
        case (.back, .easeIn):
            return 3 * Self.c3 * x * x - 2 * Self.c1 * x
        case (.back, .easeOut):
            let u = x - 1
            return 3 * Self.c3 * u * u + 2 * Self.c1 * u
        case (.back, .easeInOut):
            let u = x < 0.5 ? 2 * x : 2 * x - 2
            return x < 0.5
                ? 3 * (Self.c2 + 1) * u * u - 2 * Self.c2 * u
                : 3 * (Self.c2 + 1) * u * u + 2 * Self.c2 * u
        }
    }

    /// The inverse function at output `y` in `0...1`: closed form for the power, sine and expo
    /// families; for back (not monotonic) the smallest `x` in `0...1` with `value(x) ≥ y`, found
    /// numerically (64-sample scan, then 60 bisection steps; accurate to about 1e-15).
    func inverseValue(at y: Double) -> Double {
        switch (family, mode) {
        case let (.power(n), .easeIn):
            return pow(y, 1 / Double(n))
        case let (.power(n), .easeOut):
            return 1 - pow(1 - y, 1 / Double(n))
        case let (.power(n), .easeInOut):
            return y < 0.5
                ? pow(y / pow(2, Double(n - 1)), 1 / Double(n))
                : 1 - pow(2 * (1 - y), 1 / Double(n)) / 2
        case (.sine, .easeIn):
            return 2 / .pi * acos(1 - y)
        case (.sine, .easeOut):
            return 2 / .pi * asin(y)
        case (.sine, .easeInOut):
            return acos(1 - 2 * y) / .pi
        case (.expo, .easeIn):
            return y <= 0 ? 0 : Swift.min(1, Swift.max(0, (log2(y) + 10) / 10))
        case (.expo, .easeOut):
            return y >= 1 ? 1 : Swift.min(1, Swift.max(0, -log2(1 - y) / 10))
        case (.expo, .easeInOut):
            if y <= 0 { return 0 }
            if y >= 1 { return 1 }
            return y < 0.5
                ? Swift.max(0, (log2(2 * y) + 10) / 20)
                : Swift.min(1, (10 - log2(2 - 2 * y)) / 20)
        case (.back, _):
            return numericalInverse(y)
        }
    }

    /// `1 / f'(f⁻¹(y))`: the derivative of the inverse function (infinite where `f' = 0`).
    func inverseVelocity(at y: Double) -> Double {
        1 / velocity(at: inverseValue(at: y))
    }

    private func numericalInverse(_ y: Double) -> Double {
        if value(at: 0) >= y { return 0 }
        let samples = 64
        var previous = 0.0
        var upper = 1.0
        for i in 1...samples {
            let x = Double(i) / Double(samples)
            if value(at: x) >= y {
                upper = x
                break
            }
            previous = x
        }
        var low = previous
        var high = upper
        for _ in 0..<60 {
            let middle = 0.5 * (low + high)
            if value(at: middle) >= y { high = middle } else { low = middle }
        }
        return high
    }
}
