import Foundation

extension Spring {
    /// A smooth spring with no bounce: `Spring(duration: 0.5, bounce: 0)` (docs/keyframes.md#spring-presets).
    public static let smooth = Spring(duration: 0.5, bounce: 0)

    /// A smooth spring: `Spring(duration: duration, bounce: extraBounce)`.
    ///
    /// - Parameters:
    ///   - duration: Seconds (> 0); default 0.5.
    ///   - extraBounce: Added to the base bounce of 0; default 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A spring with a little bounce: `Spring(duration: 0.5, bounce: 0.15)` (docs/keyframes.md#spring-presets).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)

    /// A snappy spring: `Spring(duration: duration, bounce: 0.15 + extraBounce)`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A spring with visible bounce: `Spring(duration: 0.5, bounce: 0.3)` (docs/keyframes.md#spring-presets).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// A bouncy spring: `Spring(duration: duration, bounce: 0.3 + extraBounce)`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
