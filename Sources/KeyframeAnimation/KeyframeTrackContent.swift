import Foundation

/// A group of keyframes that make up (part of) one ``KeyframeTrack``: a single keyframe, or a list
/// built by ``KeyframeTrackContentBuilder``.
///
/// Same name as SwiftUI's `KeyframeTrackContent`
/// (https://developer.apple.com/documentation/swiftui/keyframetrackcontent). Conformers in RouteKit:
/// ``CubicKeyframe``, ``LinearKeyframe``, ``SpringKeyframe``, ``MoveKeyframe`` and the builder's
/// result.
///
/// Deviation from SwiftUI: SwiftUI lets a custom type conform by declaring a `body` of other
/// keyframe content; RouteKit's requirement is the internal-facing `_appendKeyframes(to:)`, so
/// write custom groups as functions returning keyframes inside a builder (e.g. a `for` loop).
public protocol KeyframeTrackContent<Value> {
    /// The type of the animated property.
    associatedtype Value: Animatable

    /// Appends this content's keyframes, in order, to `list`. Implementation detail of RouteKit.
    func _appendKeyframes(to list: inout _KeyframeList<Value>)
}

/// One keyframe in the form the resolver reads (docs/keyframes.md#the-model: the four cases of SwiftUI's
/// `_ResolvedKeyframeTrackContent.Segment`, in the same order). Implementation detail.
public enum _KeyframeSegment<Value: Animatable> {
    /// ``MoveKeyframe``: jump to the value, zero duration.
    case move(Value)
    /// ``CubicKeyframe``: duration in seconds, optional velocities in value units per second.
    case cubic(to: Value, startVelocity: Value?, endVelocity: Value?, duration: TimeInterval)
    /// ``SpringKeyframe``: a `nil` duration means the spring's settling duration (epsilon 1e-4).
    case spring(to: Value, spring: Spring, startVelocity: Value?, duration: TimeInterval?)
    /// ``LinearKeyframe``.
    case linear(to: Value, duration: TimeInterval, timingCurve: UnitCurve)
}

extension _KeyframeSegment: Sendable where Value: Sendable {}

/// An ordered list of keyframes: what ``KeyframeTrackContentBuilder`` builds. Implementation detail;
/// it is itself ``KeyframeTrackContent`` so lists nest.
public struct _KeyframeList<Value: Animatable>: KeyframeTrackContent {
    /// The keyframes in track order.
    public var segments: [_KeyframeSegment<Value>]

    /// Creates a list of the given keyframes.
    public init(_ segments: [_KeyframeSegment<Value>] = []) {
        self.segments = segments
    }

    /// Appends all keyframes of the list.
    public func _appendKeyframes(to list: inout _KeyframeList<Value>) {
        list.segments.append(contentsOf: segments)
    }
}

extension _KeyframeList: Sendable where Value: Sendable {}
