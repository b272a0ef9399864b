import Foundation

// SwiftUI's named animations (https://developer.apple.com/documentation/swiftui/animation), with the
// defaults of docs/keyframes.md#spring-presets and docs/keyframes.md#unit-curves: curve animations last 0.35 s by default.

extension Animation {
    /// The default animation: since iOS 17, `spring(response: 0.55, dampingFraction: 1.0,
    /// blendDuration: 0)` (https://developer.apple.com/documentation/swiftui/animation/default).
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)

    /// ``UnitCurve/linear`` over 0.35 s.
    public static let linear = Animation(.linear, duration: 0.35)
    /// ``UnitCurve/linear`` over `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation { Animation(.linear, duration: duration) }

    /// ``UnitCurve/easeIn`` over 0.35 s.
    public static let easeIn = Animation(.easeIn, duration: 0.35)
    /// ``UnitCurve/easeIn`` over `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(.easeIn, duration: duration) }

    /// ``UnitCurve/easeOut`` over 0.35 s.
    public static let easeOut = Animation(.easeOut, duration: 0.35)
    /// ``UnitCurve/easeOut`` over `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(.easeOut, duration: duration) }

    /// ``UnitCurve/easeInOut`` over 0.35 s.
    public static let easeInOut = Animation(.easeInOut, duration: 0.35)
    /// ``UnitCurve/easeInOut`` over `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(.easeInOut, duration: duration) }

    /// A cubic Bézier timing curve with control points `(p1x, p1y)` and `(p2x, p2y)` (as CSS
    /// `cubic-bezier`), over `duration` seconds (default 0.35).
    public static func timingCurve(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35
    ) -> Animation {
        Animation(
            .bezier(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y)),
            duration: duration)
    }

    /// Any ``UnitCurve`` (including RouteKit's Penner easings) over `duration` seconds (default 0.35).
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval = 0.35) -> Animation {
        Animation(curve, duration: duration)
    }

    /// `spring(duration: 0.5, bounce: 0)`: SwiftUI's `Animation.spring` property (docs/keyframes.md#spring-presets).
    public static let spring = Animation.spring(duration: 0.5, bounce: 0)

    /// A spring with a perceptual duration (seconds, > 0) and bounce (`-1...1`), i.e.
    /// `Spring(duration:bounce:)`; equivalent to `spring(response: duration, dampingFraction: ζ(bounce))`.
    public static func spring(
        duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: TimeInterval = 0
    ) -> Animation {
        Animation(Spring(duration: duration, bounce: bounce), blendDuration: blendDuration)
    }

    /// A spring from its response (seconds) and damping fraction `ζ`; defaults 0.5 / 0.825 / 0
    /// (Apple-doc). Disfavoured so that `.spring()` means `spring(duration:bounce:)`, as in SwiftUI.
    @_disfavoredOverload
    public static func spring(
        response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0
    ) -> Animation {
        Animation(Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration)
    }

    /// An animation of the given ``Spring``.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation(spring, blendDuration: blendDuration)
    }

    /// SwiftUI's interactive spring: response 0.15 s, damping fraction 0.86, blend 0.25 s.
    public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)

    /// A spring from physical constants; `initialVelocity` is in progress per second (fraction of
    /// the distance per second). Overdamping is allowed (an interpolating spring is the physical one).
    public static func interpolatingSpring(
        mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        Animation(
            Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
            initialVelocity: initialVelocity)
    }

    /// `interpolatingSpring` with `stiffness = (2π/duration)²` and `damping = 2·sqrt(stiffness)·ζ(bounce)`
    /// (docs/keyframes.md#spring-presets), mass 1.
    public static func interpolatingSpring(
        duration: TimeInterval = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Animation {
        let stiffness = pow(2 * Double.pi / duration, 2)
        let damping = 2 * stiffness.squareRoot() * Spring.dampingRatio(bounce: bounce)
        return interpolatingSpring(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// `spring(duration: 0.5, bounce: 0)` (docs/keyframes.md#spring-presets).
    public static let smooth = Animation.smooth()
    /// `spring(duration: duration, bounce: extraBounce)`.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(Spring.smooth(duration: duration, extraBounce: extraBounce))
    }

    /// `spring(duration: 0.5, bounce: 0.15)` (docs/keyframes.md#spring-presets).
    public static let snappy = Animation.snappy()
    /// `spring(duration: duration, bounce: 0.15 + extraBounce)`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(Spring.snappy(duration: duration, extraBounce: extraBounce))
    }

    /// `spring(duration: 0.5, bounce: 0.3)` (docs/keyframes.md#spring-presets).
    public static let bouncy = Animation.bouncy()
    /// `spring(duration: duration, bounce: 0.3 + extraBounce)`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(Spring.bouncy(duration: duration, extraBounce: extraBounce))
    }
}
