import Foundation

extension Spring {
    /// Scalar coefficients `(a, b)` such that the displacement is `a·target + b·initialVelocity`
    /// at `time` (docs/keyframes.md#spring-motion, expanded per vector component).
    @usableFromInline
    func valueCoefficients(time t: Double) -> (target: Double, velocity: Double) {
        let lambda = decayConstant
        let omega = angularFrequency
        if omega > 0 {
            // Underdamped: x = T − e^{−λt}[(λT − v0)·sin(ωt)/ω + T·cos(ωt)].
            let envelope = exp(-lambda * t)
            let sine = sin(omega * t)
            let cosine = cos(omega * t)
            return (1 - envelope * (lambda * sine / omega + cosine), envelope * sine / omega)
        } else if omega == 0 {
            // Critical: x = T − e^{−λt}[T + (λT − v0)·t].
            let envelope = exp(-lambda * t)
            return (1 - envelope * (1 + lambda * t), envelope * t)
        } else {
            // Overdamped: x = T + A·e^{r1 t} + B·e^{r2 t}, A = (v0 + r2 T)/(r1 − r2), B = −T − A.
            let width = -omega
            let r1 = -lambda + width
            let r2 = -lambda - width
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            let difference = (e1 - e2) / (r1 - r2)
            return (1 - e2 + r2 * difference, difference)
        }
    }

    /// Scalar coefficients `(a, b)` such that the velocity is `a·target + b·initialVelocity`
    /// at `time`: the exact time derivative of ``valueCoefficients(time:)`` (docs/keyframes.md#spring-motion,
    /// without OpenSwiftUI's overdamped `+1`).
    @usableFromInline
    func velocityCoefficients(time t: Double) -> (target: Double, velocity: Double) {
        let lambda = decayConstant
        let omega = angularFrequency
        if omega > 0 {
            let envelope = exp(-lambda * t)
            let sine = sin(omega * t)
            let cosine = cos(omega * t)
            return (
                envelope * (lambda * lambda * sine / omega + omega * sine),
                envelope * (cosine - lambda * sine / omega))
        } else if omega == 0 {
            let envelope = exp(-lambda * t)
            return (envelope * lambda * lambda * t, envelope * (1 - lambda * t))
        } else {
            let width = -omega
            let r1 = -lambda + width
            let r2 = -lambda - width
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            let derivative = (r1 * e1 - r2 * e2) / (r1 - r2)
            return (-r2 * e2 + r2 * derivative, derivative)
        }
    }

    /// The displacement from the start, towards `target`, after `time` seconds (docs/keyframes.md#spring-motion).
    ///
    /// It is `0` at `time = 0`, starts with slope `initialVelocity` and tends to `target`.
    /// Closed form for all three regimes; the same scalar coefficients apply to every component of
    /// a vector.
    ///
    /// - Parameters:
    ///   - target: The displacement the spring moves towards (end − start), in value units.
    ///   - initialVelocity: Value units per second at `time = 0`; default zero.
    ///   - time: Seconds since the start; any finite value (negative times extrapolate).
    /// - Returns: The displacement, in value units.
    /// - Complexity: O(number of components).
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let (a, b) = valueCoefficients(time: time)
        return target.scaled(by: a) + initialVelocity.scaled(by: b)
    }

    /// The velocity, in value units per second, after `time` seconds: the time derivative of
    /// `value(target:initialVelocity:time:)` (docs/keyframes.md#spring-motion).
    ///
    /// - Complexity: O(number of components).
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let (a, b) = velocityCoefficients(time: time)
        return target.scaled(by: a) + initialVelocity.scaled(by: b)
    }

    /// `value(target:initialVelocity:time:)` for a scalar.
    @inlinable
    public func value(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let (a, b) = valueCoefficients(time: time)
        return a * target + b * initialVelocity
    }

    /// `velocity(target:initialVelocity:time:)` for a scalar.
    @inlinable
    public func velocity(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let (a, b) = velocityCoefficients(time: time)
        return a * target + b * initialVelocity
    }

    /// The position of a spring going from `fromValue` to `toValue`: `fromValue + value(target:
    /// toValue − fromValue, …)`.
    @inlinable
    public func value<V: VectorArithmetic>(
        fromValue: V, toValue: V, initialVelocity: V = .zero, time: TimeInterval
    ) -> V {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The velocity of a spring going from `fromValue` to `toValue`, value units per second.
    @inlinable
    public func velocity<V: VectorArithmetic>(
        fromValue: V, toValue: V, initialVelocity: V = .zero, time: TimeInterval
    ) -> V {
        velocity(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The time, in seconds, after which the spring stays within `epsilon` of `target`
    /// (docs/keyframes.md#settling-duration, the OpenSwiftUI algorithm).
    ///
    /// - Undamped (`λ = 0`): `infinity`.
    /// - Underdamped: the envelope bound `max(0, −ln(ε / (|λT − v0| + |T|)) / λ)`, with vector
    ///   magnitudes for `|·|`.
    /// - Critically or overdamped: a search on a 0.1 s grid (at most 1024 steps, time accumulated
    ///   by repeated addition of 0.1 as in the source, so `.smooth` gives 0.7999999999999999): the
    ///   first grid time from which `|x(t) − T|` stays below `ε` for more than 1 s; 0 if none.
    ///
    /// - Parameters:
    ///   - target: Displacement towards which the spring moves, value units.
    ///   - initialVelocity: Value units per second; default zero.
    ///   - epsilon: Distance counted as settled, value units (> 0); default 0.001.
    /// - Complexity: O(1) when underdamped, else O(1024 × components) at most.
    public func settlingDuration<V: VectorArithmetic>(
        target: V, initialVelocity: V = .zero, epsilon: Double = 0.001
    ) -> TimeInterval {
        let lambda = decayConstant
        if lambda == 0 { return .infinity }
        if angularFrequency > 0 {
            let bound = (target.scaled(by: lambda) - initialVelocity).magnitudeSquared.squareRoot()
                + target.magnitudeSquared.squareRoot()
            return Swift.max(0, -log(epsilon / bound) / lambda)
        }
        var time = 0.0
        var settledSince: Double? = nil
        for _ in 0..<1024 {
            let distance = (value(target: target, initialVelocity: initialVelocity, time: time) - target)
                .magnitudeSquared.squareRoot()
            if distance < epsilon {
                if let start = settledSince {
                    if time - start > 1 { return start }
                } else {
                    settledSince = time
                }
            } else {
                settledSince = nil
            }
            time += 0.1
        }
        return 0
    }

    /// The settling duration from 0 to a target of 1 at rest, with epsilon 0.001 (Apple's
    /// `Spring.settlingDuration`), in seconds.
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }
}
