import Foundation

/// A keyframe that moves along a cubic Hermite curve to its value; adjacent cubic keyframes form a
/// time-weighted Catmull–Rom spline.
///
/// Same name and initialiser as SwiftUI's `CubicKeyframe`
/// (https://developer.apple.com/documentation/swiftui/cubickeyframe). The segment runs from the
/// previous keyframe (or the track's initial value) to `to` over `duration` seconds, with the curve
/// `x(u) = h00·p0 + h01·p1 + h10·m0 + h11·m1`, `u = t/duration` (docs/keyframes.md#cubic-keyframes). Tangents `m0`,
/// `m1` are velocities times `duration`. A `nil` velocity is chosen automatically by the rules of
/// docs/keyframes.md#cubic-keyframes (documented on `AnimationPath`): at an interior keyframe between cubic
/// neighbours the velocity is `(P_{k+1} − P_{k−1}) / (d_k + d_{k+1})`; a track starts and ends at
/// rest; next to a move the velocity is 0; next to a linear or spring keyframe it is that
/// keyframe's velocity.
///
///     let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
///         CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
///         CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
///     }
///     timeline.value(time: 0.45).y  // 88.19241983…
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value at the end of the segment.
    public var to: Value
    /// Seconds (≥ 0).
    public var duration: TimeInterval
    /// Velocity at the start of the segment, value units per second; `nil` for automatic.
    public var startVelocity: Value?
    /// Velocity at the end of the segment, value units per second; `nil` for automatic.
    public var endVelocity: Value?

    /// Creates a cubic keyframe.
    ///
    /// - Parameters:
    ///   - to: The value reached at the end of the segment.
    ///   - duration: The segment's length in seconds, `≥ 0` (checked by a precondition).
    ///   - startVelocity: Value units per second at the start, or `nil` to compute it (docs/keyframes.md#cubic-keyframes).
    ///   - endVelocity: Value units per second at the end, or `nil` to compute it (docs/keyframes.md#cubic-keyframes).
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        precondition(duration >= 0, "CubicKeyframe duration must be ≥ 0 seconds, got \(duration)")
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    public func _appendKeyframes(to list: inout _KeyframeList<Value>) {
        list.segments.append(.cubic(to: to, startVelocity: startVelocity, endVelocity: endVelocity, duration: duration))
    }
}

extension CubicKeyframe: Sendable where Value: Sendable {}
