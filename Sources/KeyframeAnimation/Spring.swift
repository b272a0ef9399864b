import Foundation

/// A damped harmonic oscillator, described in closed form: the motion of a mass on a spring
/// towards a target, given an initial velocity.
///
/// Same name, initialisers and properties as SwiftUI's `Spring`
/// (https://developer.apple.com/documentation/swiftui/spring). The representation and every formula
/// follow docs/keyframes.md#springs (itself from OpenSwiftUI's `Respring`, with two of its bugs fixed: the
/// overdamped `velocity` and the overdamped `stiffness`).
///
/// Internally a spring stores three numbers (docs/keyframes.md#spring-parameters):
/// - `ω`, the damped angular frequency in radians per second, **signed**: `> 0` underdamped,
///   `0` critically damped, `< 0` overdamped with `|ω| = ω₀·sqrt(ζ² − 1)`;
/// - `λ = ζ·ω₀`, the decay constant, per second;
/// - `m`, the mass (dimensionless in RouteKit, default 1),
///
/// where `ω₀` is the natural angular frequency and `ζ` the damping ratio, `ω₀² = λ² + ω·|ω|`.
///
/// Evaluation: see `Spring+Evaluation.swift` (`value(target:initialVelocity:time:)`,
/// `velocity(target:initialVelocity:time:)`, ``settlingDuration(target:initialVelocity:epsilon:)``).
/// Presets: ``smooth``, ``snappy``, ``bouncy``.
public struct Spring: Hashable, Sendable {
    /// `ω`, signed damped angular frequency, radians per second.
    @usableFromInline
    package var angularFrequency: Double
    /// `λ = ζ·ω₀`, per second.
    @usableFromInline
    package var decayConstant: Double
    /// `m`.
    @usableFromInline
    package var storedMass: Double

    @usableFromInline
    package init(angularFrequency: Double, decayConstant: Double, mass: Double) {
        self.angularFrequency = angularFrequency
        self.decayConstant = decayConstant
        self.storedMass = mass
    }

    /// Creates a spring from its perceptual duration and bounce (docs/keyframes.md#making-a-spring).
    ///
    /// The damping ratio `ζ` follows from `bounce` (`b`): `b = 0` gives `ζ = 1` (critically damped,
    /// no overshoot); `0 < b ≤ 1` gives `ζ = 1 − b`; `b > 1` gives `ζ = 0` (undamped);
    /// `−1 < b < 0` gives `ζ = 1/(1 + b)` (overdamped); `b ≤ −1` gives `ζ = ∞` (degenerate).
    /// Then `ω₀ = 2π/duration`. The mass is 1.
    ///
    /// - Parameters:
    ///   - duration: The period of the undamped spring, `2π/ω₀`, in seconds (> 0). Default 0.5.
    ///   - bounce: Dimensionless, typically `-1...1`; 0 (the default) is critically damped.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(bounce: bounce))
    }

    /// Creates a spring from its response and damping ratio (docs/keyframes.md#making-a-spring):
    /// `ω₀ = 2π/response`, `λ = ζ·ω₀`, `ω = ±sqrt(|1 − ζ²|)·ω₀`, negative when `ζ > 1`. Mass 1.
    ///
    /// - Parameters:
    ///   - response: The period of the undamped spring, in seconds (> 0).
    ///   - dampingRatio: `ζ` (≥ 0): 0 undamped, `< 1` underdamped, 1 critical, `> 1` overdamped.
    public init(response: Double, dampingRatio: Double) {
        let naturalFrequency = 2 * Double.pi / response
        let frequencyScale = abs(1 - dampingRatio * dampingRatio).squareRoot()
        self.init(
            angularFrequency: (dampingRatio > 1 ? -frequencyScale : frequencyScale) * naturalFrequency,
            decayConstant: dampingRatio * naturalFrequency,
            mass: 1)
    }

    /// Creates a spring from physical constants (docs/keyframes.md#making-a-spring): `ω₀ = sqrt(k/m)`,
    /// `λ = c/(2m)`. If `λ > ω₀` and `allowOverDamping` is `false`, the spring is made critically
    /// damped instead (`λ = ω₀`, `ω = 0`), so ``damping`` then reads back as `2·m·ω₀`.
    ///
    /// - Parameters:
    ///   - mass: `m` (> 0), default 1.
    ///   - stiffness: `k` (≥ 0), force per unit displacement.
    ///   - damping: `c` (≥ 0), force per unit velocity.
    ///   - allowOverDamping: Whether `ζ > 1` is kept; default `false`.
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let squaredNaturalFrequency = stiffness / mass
        let naturalFrequency = squaredNaturalFrequency.squareRoot()
        let decay = damping / (2 * mass)
        if decay > naturalFrequency && !allowOverDamping {
            self.init(angularFrequency: 0, decayConstant: naturalFrequency, mass: mass)
            return
        }
        let frequency = abs(squaredNaturalFrequency - decay * decay).squareRoot()
        self.init(
            angularFrequency: decay > naturalFrequency ? -frequency : frequency,
            decayConstant: decay,
            mass: mass)
    }

    /// Creates a spring that settles, from 0 towards a target of 1 at rest, to within `epsilon`
    /// at `settlingDuration`.
    ///
    /// `dampingRatio` is clamped to `Double.ulpOfOne...1` and `settlingDuration` to `0.01...10`
    /// seconds (docs/keyframes.md#making-a-spring). RouteKit then solves the underdamped settling condition of
    /// docs/keyframes.md#settling-duration, `λ·t = ln((λ + 1)/ε)`, for `λ` by Newton's method (the function is convex; iterations
    /// start right of the root and converge monotonically) and sets `ω₀ = λ/ζ`. This is RouteKit's
    /// own derivation: for `ζ < 1` the resulting spring's ``settlingDuration`` (with this epsilon)
    /// equals the requested one to round-off; for `ζ = 1` the settling duration is measured on a
    /// 0.1 s grid (docs/keyframes.md#settling-duration) and is only close to it.
    ///
    /// - Parameters:
    ///   - settlingDuration: Seconds, clamped to `0.01...10`.
    ///   - dampingRatio: `ζ`, clamped to `Double.ulpOfOne...1`.
    ///   - epsilon: The distance to the target (in target units, target 1) counted as settled, > 0;
    ///     default 0.001.
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        let ratio = Swift.min(Swift.max(dampingRatio, .ulpOfOne), 1)
        let time = Swift.min(Swift.max(settlingDuration, 0.01), 10)
        let logEpsilon = log(epsilon)
        var decay = 2 * (-logEpsilon + 5) / time
        for _ in 0..<100 {
            let residual = decay * time - log(decay + 1) + logEpsilon
            let slope = time - 1 / (decay + 1)
            let step = residual / slope
            decay -= step
            if abs(step) <= 1e-15 * decay { break }
        }
        self.init(response: 2 * Double.pi * ratio / decay, dampingRatio: ratio)
    }

    /// `ζ` for a SwiftUI bounce (docs/keyframes.md#making-a-spring).
    @usableFromInline
    static func dampingRatio(bounce: Double) -> Double {
        if bounce > 1 { return 0 }
        if bounce >= 0 { return 1 - bounce }
        if bounce > -1 { return 1 / (1 + bounce) }
        return .infinity
    }

    /// `ω₀² = λ² + ω·|ω|`, radians² per second².
    @inlinable
    package var squaredNaturalFrequency: Double {
        decayConstant * decayConstant + angularFrequency * abs(angularFrequency)
    }

    /// The perceptual duration: the period of the undamped spring, `2π/ω₀`, in seconds.
    /// Same as ``response`` (docs/keyframes.md#spring-properties).
    public var duration: TimeInterval { response }

    /// The period of the undamped spring, `2π/ω₀`, in seconds (docs/keyframes.md#spring-properties).
    public var response: Double { 2 * Double.pi / squaredNaturalFrequency.squareRoot() }

    /// `ζ = λ/ω₀` (dimensionless, ≥ 0): below 1 the spring overshoots, 1 is critical, above 1
    /// overdamped (docs/keyframes.md#spring-properties).
    public var dampingRatio: Double { decayConstant * response / (2 * Double.pi) }

    /// SwiftUI's bounce: `1 − ζ` when not overdamped, `1/ζ − 1` (negative) when overdamped
    /// (docs/keyframes.md#spring-properties). Dimensionless.
    public var bounce: Double {
        angularFrequency >= 0 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// `m`, the mass (dimensionless in RouteKit; 1 unless set by
    /// ``init(mass:stiffness:damping:allowOverDamping:)``).
    public var mass: Double { storedMass }

    /// `k = m·ω₀²` (docs/keyframes.md#spring-properties). Unlike OpenSwiftUI's `m(ω² + λ²)`, this round-trips for
    /// overdamped springs too: `Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)`
    /// reads back 100, not 350.
    public var stiffness: Double { storedMass * squaredNaturalFrequency }

    /// `c = 2·m·λ` (docs/keyframes.md#spring-properties).
    public var damping: Double { 2 * storedMass * decayConstant }
}
