import Foundation

/// A keyframe that moves to its value with a ``Spring``, cut at the keyframe's duration.
///
/// Same name and initialiser as SwiftUI's `SpringKeyframe`
/// (https://developer.apple.com/documentation/swiftui/springkeyframe/init(_:duration:spring:startvelocity:)).
/// Resolution (docs/keyframes.md#spring-keyframes):
/// 1. `from` is where the previous keyframe really ended (or the initial value); `T = to − from`.
/// 2. `v0` is `startVelocity`, else the previous segment's end velocity (0 at the start of a track).
/// 3. A `nil` duration becomes `spring.settlingDuration(target: T, initialVelocity: v0, epsilon: 1e-4)`
///    (the epsilon comes from DanceUI and is unverified, docs/keyframes.md#spring-keyframes).
/// 4. `x(t) = from + spring.value(target: T, initialVelocity: v0, time: t)` for `0 ≤ t ≤ duration`.
/// 5. The spring is **cut** at its duration: the segment ends where the spring is then, which is
///    not exactly `to` unless it has settled (`Spring()` from 0 to 1 ends at 0.9999526894…). The next
///    keyframe starts from there, with the spring's velocity if it is cubic or a spring. RouteKit
///    mirrors SwiftUI here and does not snap to `to` (the first option of docs/keyframes.md#spring-keyframes).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value the spring moves towards.
    public var to: Value
    /// Seconds (≥ 0), or `nil` for the spring's settling duration.
    public var duration: TimeInterval?
    /// The spring.
    public var spring: Spring
    /// Velocity at the start, value units per second; `nil` to carry the previous segment's.
    public var startVelocity: Value?

    /// Creates a spring keyframe.
    ///
    /// - Parameters:
    ///   - to: The target value.
    ///   - duration: Seconds, `≥ 0` (checked by a precondition), or `nil` (the default) for the
    ///     settling duration of the spring with epsilon 1e-4.
    ///   - spring: The spring; default `Spring()` (duration 0.5, bounce 0: critically damped).
    ///   - startVelocity: Value units per second, or `nil` to carry the incoming velocity.
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        if let duration {
            precondition(duration >= 0, "SpringKeyframe duration must be ≥ 0 seconds, got \(duration)")
        }
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    public func _appendKeyframes(to list: inout _KeyframeList<Value>) {
        list.segments.append(.spring(to: to, spring: spring, startVelocity: startVelocity, duration: duration))
    }
}

extension SpringKeyframe: Sendable where Value: Sendable {}
