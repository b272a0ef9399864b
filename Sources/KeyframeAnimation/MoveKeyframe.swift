/// A keyframe that jumps to its value without interpolating, taking no time.
///
/// Same name and initialiser as SwiftUI's `MoveKeyframe`
/// (https://developer.apple.com/documentation/swiftui/movekeyframe). Semantics (docs/keyframes.md#move-keyframes):
/// - It has zero duration and adds nothing to the track's length.
/// - Elements are searched with a strict comparison, so at the move's own time `τ` the track still
///   shows the previous segment's end; any `t > τ` shows the move's value (or the following segment,
///   which starts from it). A leading move takes effect at `t = 0`.
/// - Cubic keyframes next to a move have velocity 0 on that side; a spring after a move starts at rest.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value jumped to.
    public var to: Value

    /// Creates a move keyframe to `to`.
    public init(_ to: Value) {
        self.to = to
    }

    public func _appendKeyframes(to list: inout _KeyframeList<Value>) {
        list.segments.append(.move(to))
    }
}

extension MoveKeyframe: Sendable where Value: Sendable {}
