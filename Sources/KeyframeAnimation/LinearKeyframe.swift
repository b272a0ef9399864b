import Foundation

/// A keyframe that interpolates in a straight line to its value, timed by a ``UnitCurve``.
///
/// Same name and initialiser as SwiftUI's `LinearKeyframe`
/// (https://developer.apple.com/documentation/swiftui/linearkeyframe/init(_:duration:timingcurve:)).
/// Value (docs/keyframes.md#linear-keyframes): `x(t) = A + (B − A)·c(t/d)`, where `A` is where the previous keyframe
/// ended (or the initial value) and `B` is `to`. The segment ignores any incoming velocity. Its end
/// velocity `(B − A)/d·c'(1)` becomes the start velocity of a following cubic or spring keyframe,
/// and its start velocity `(B − A)/d·c'(0)` the end velocity of a preceding cubic.
///
/// Edge case: a curve whose slope is infinite at an end (``UnitCurve/circularEaseIn`` at 1) would
/// hand an infinite velocity to its neighbour; RouteKit hands over 0 instead (inferred;
/// docs/keyframes.md#linear-keyframes says to avoid or clamp it).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value at the end of the segment.
    public var to: Value
    /// Seconds (≥ 0).
    public var duration: TimeInterval
    /// Maps time progress in the segment to value progress.
    public var timingCurve: UnitCurve

    /// Creates a linear keyframe.
    ///
    /// - Parameters:
    ///   - to: The value reached at the end of the segment.
    ///   - duration: Seconds, `≥ 0` (checked by a precondition).
    ///   - timingCurve: The easing of the segment; default ``UnitCurve/linear``.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        precondition(duration >= 0, "LinearKeyframe duration must be ≥ 0 seconds, got \(duration)")
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    public func _appendKeyframes(to list: inout _KeyframeList<Value>) {
        list.segments.append(.linear(to: to, duration: duration, timingCurve: timingCurve))
    }
}

extension LinearKeyframe: Sendable where Value: Sendable {}
