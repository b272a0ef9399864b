import Foundation

/// A headless description of how a change plays out over time: a timing curve or a spring, plus
/// speed, delay and repetition, evaluable as progress at any time.
///
/// Same names as SwiftUI's `Animation` (https://developer.apple.com/documentation/swiftui/animation)
/// for the constructors and modifiers RouteKit supports (see `Animation+Presets.swift`):
///
///     // The Landmarks "ripple": one staggered spring per bar.
///     let ripple = Animation.spring(dampingFraction: 0.5).speed(2).delay(0.03 * Double(index))
///     ripple.progress(at: 0.2)   // 0 before the delay, then the spring's closed form
///
/// Semantics (RouteKit's; SwiftUI only runs animations inside a view transaction):
/// - ``progress(at:)`` is 0 at the start and 1 when the animation is done. A spring may overshoot
///   1 on the way.
/// - A curve animation of duration `d` gives `curve.value(at: t/d)`.
/// - A spring animation gives the closed form `spring.value(target: 1, initialVelocity: v0, time: t)`
///   of docs/keyframes.md#spring-motion (`v0` in progress per second, 0 except for `interpolatingSpring`), and ends
///   — progress exactly 1 — at its settling duration `spring.settlingDuration(target: 1,
///   initialVelocity: v0, epsilon: 0.001)`. SwiftUI's `spring(response:dampingFraction:blendDuration:)`
///   is a `FluidSpringAnimation` that integrates the spring numerically at 300 Hz with response
///   blending (docs/keyframes.md#spring-presets); RouteKit uses the closed form instead, so its values are the exact
///   solution, independent of frame rate, and `blendDuration` (which only matters when an animation
///   is retargeted mid-flight) has no effect.
/// - Modifiers compose in the order written, outermost last, as in SwiftUI: `.speed(2).delay(1)`
///   waits 1 s then plays twice as fast; `.delay(1).speed(2)` waits 0.5 s.
public struct Animation: Hashable, Sendable {
    @usableFromInline
    enum Base: Hashable, Sendable {
        /// `curve` over `duration` seconds.
        case curve(UnitCurve, duration: Double)
        /// A spring from 0 to 1 with initial velocity `initialVelocity` (progress per second).
        case spring(Spring, initialVelocity: Double, blendDuration: Double)
    }

    @usableFromInline
    enum Modifier: Hashable, Sendable {
        case speed(Double)
        case delay(Double)
        /// `count == nil` repeats forever.
        case repeating(count: Int?, autoreverses: Bool)
    }

    @usableFromInline
    let base: Base
    @usableFromInline
    let modifiers: [Modifier]

    @usableFromInline
    init(base: Base, modifiers: [Modifier] = []) {
        self.base = base
        self.modifiers = modifiers
    }

    /// Creates an animation that plays `curve` over `duration` seconds.
    ///
    /// - Parameters:
    ///   - curve: The timing curve.
    ///   - duration: Seconds (≥ 0).
    public init(_ curve: UnitCurve, duration: TimeInterval) {
        precondition(duration >= 0, "Animation duration must be ≥ 0 seconds, got \(duration)")
        self.init(base: .curve(curve, duration: duration))
    }

    /// Creates a spring animation from a ``Spring`` (closed form, see the type's discussion).
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - initialVelocity: Progress per second at the start (0 by default).
    ///   - blendDuration: Seconds; recorded, without headless effect.
    public init(_ spring: Spring, initialVelocity: Double = 0, blendDuration: TimeInterval = 0) {
        self.init(base: .spring(spring, initialVelocity: initialVelocity, blendDuration: blendDuration))
    }

    private func appending(_ modifier: Modifier) -> Animation {
        Animation(base: base, modifiers: modifiers + [modifier])
    }

    /// Plays the animation `speed` times as fast: its duration is divided by `speed`.
    ///
    /// - Parameter speed: Dimensionless, > 0 (checked by a precondition).
    public func speed(_ speed: Double) -> Animation {
        precondition(speed > 0, "Animation speed must be > 0, got \(speed)")
        return appending(.speed(speed))
    }

    /// Waits `delay` seconds before starting; progress is 0 meanwhile.
    ///
    /// - Parameter delay: Seconds, ≥ 0 (checked by a precondition).
    public func delay(_ delay: TimeInterval) -> Animation {
        precondition(delay >= 0, "Animation delay must be ≥ 0 seconds, got \(delay)")
        return appending(.delay(delay))
    }

    /// Plays the animation `repeatCount` times in a row.
    ///
    /// With `autoreverses`, every second repetition runs backwards (progress from 1 to 0); with an
    /// even count the animation then ends at progress 0, as SwiftUI's does before it snaps to the
    /// model value.
    ///
    /// - Parameters:
    ///   - repeatCount: ≥ 1 (checked by a precondition).
    ///   - autoreverses: Whether odd repetitions run backwards; default `true` (as SwiftUI).
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        precondition(repeatCount >= 1, "repeatCount must be ≥ 1, got \(repeatCount)")
        return appending(.repeating(count: repeatCount, autoreverses: autoreverses))
    }

    /// Repeats the animation forever: ``duration`` becomes `infinity`.
    ///
    /// - Parameter autoreverses: Whether odd repetitions run backwards; default `true` (as SwiftUI).
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        appending(.repeating(count: nil, autoreverses: autoreverses))
    }

    /// The duration of one play of the base curve or spring, in seconds (a spring: its settling
    /// duration, epsilon 0.001).
    var baseDuration: Double {
        switch base {
        case let .curve(_, duration):
            return duration
        case let .spring(spring, initialVelocity, _):
            return spring.settlingDuration(target: 1.0, initialVelocity: initialVelocity, epsilon: 0.001)
        }
    }

    /// The total time, in seconds, from the start until ``progress(at:)`` stops changing: the base
    /// duration divided by speeds, plus delays, times repeat counts; `infinity` when the animation
    /// repeats forever or is an undamped spring.
    ///
    /// - Complexity: O(modifiers), plus the settling search of a critically or overdamped spring.
    public var duration: TimeInterval {
        var duration = baseDuration
        for modifier in modifiers {
            switch modifier {
            case let .speed(speed): duration /= speed
            case let .delay(delay): duration += delay
            case let .repeating(count, _): duration = count.map { duration * Double($0) } ?? .infinity
            }
        }
        return duration
    }

    /// The animation's progress `time` seconds after it starts.
    ///
    /// - Parameter time: Seconds; negative times give 0, times past ``duration`` the final progress.
    /// - Returns: Dimensionless progress: 0 at the start and 1 at the end (0 at the end of an
    ///   autoreversing animation with an even repeat count). Curves with overshoot (back easings) and
    ///   springs may leave `0...1` on the way.
    /// - Complexity: O(modifiers) plus, for repeats or springs, computing the inner duration.
    public func progress(at time: TimeInterval) -> Double {
        progress(at: time, modifierCount: modifiers.count)
    }

    /// Progress of the animation made of `base` and the first `modifierCount` modifiers.
    private func progress(at time: Double, modifierCount: Int) -> Double {
        guard modifierCount > 0 else { return baseProgress(at: time) }
        let inner = modifierCount - 1
        switch modifiers[inner] {
        case let .speed(speed):
            return progress(at: time * speed, modifierCount: inner)
        case let .delay(delay):
            return progress(at: time - delay, modifierCount: inner)
        case let .repeating(count, autoreverses):
            let innerDuration = Animation(base: base, modifiers: Array(modifiers[..<inner])).duration
            guard innerDuration > 0, innerDuration.isFinite, time > 0 else {
                return progress(at: time, modifierCount: inner)
            }
            var iteration = (time / innerDuration).rounded(.down)
            var local = time - iteration * innerDuration
            if let count, iteration >= Double(count) {
                iteration = Double(count - 1)
                local = innerDuration
            }
            let reversed = autoreverses && iteration.truncatingRemainder(dividingBy: 2) == 1
            return progress(at: reversed ? innerDuration - local : local, modifierCount: inner)
        }
    }

    private func baseProgress(at time: Double) -> Double {
        let t = Swift.max(time, 0)
        switch base {
        case let .curve(curve, duration):
            guard duration > 0, t < duration else { return 1 }
            return curve.value(at: t / duration)
        case let .spring(spring, initialVelocity, _):
            if t >= baseDuration { return 1 }
            return spring.value(target: 1.0, initialVelocity: initialVelocity, time: t)
        }
    }

    /// The value between `from` and `to` at `time`: `from` interpolated towards `to` by
    /// ``progress(at:)`` in animatable-data space.
    ///
    /// - Complexity: as ``progress(at:)`` plus O(components).
    public func value<Value: Animatable>(from: Value, to: Value, at time: TimeInterval) -> Value {
        var result = from
        result.animatableData = from.animatableData.interpolated(towards: to.animatableData, amount: progress(at: time))
        return result
    }
}
