import Foundation

/// A sequence of keyframes animating one property of a `Root` value, chosen by a key path.
///
/// Same name and initialisers as SwiftUI's `KeyframeTrack`
/// (https://developer.apple.com/documentation/swiftui/keyframetrack):
///
///     KeyframeTimeline(initialValue: AnimationValues()) {
///         KeyframeTrack(\.scale) {
///             LinearKeyframe(1.0, duration: 0.36)
///             SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
///             SpringKeyframe(1.0, spring: .bouncy)
///         }
///         KeyframeTrack(\.verticalOffset) {
///             LinearKeyframe(-20.0, duration: 0.3)
///             SpringKeyframe(0.0, spring: .bouncy)
///         }
///     }
///
/// Semantics (docs/keyframes.md#tracks-and-timelines): the track is resolved once, against `initialValue[keyPath:]`,
/// independently of other tracks; its duration is the sum of its keyframes' durations; past its end
/// it holds the end of its last segment; a track with no keyframes leaves its property alone.
///
/// Angles are numbers to the engine, as to SwiftUI: a `Double` heading keyframed from 0 to 296.7
/// turns the long way (+296.7 degrees). To turn the short way (63.3 degrees to the left), keyframe
/// the target's representative nearest the previous value,
/// `previous + remainder(target - previous, 360)`: -63.3 here (RouteKit's `Angles.unwrappedAngle(_:near:)`;
/// the keyframe semantics article, "Angles: turning the short way"). For a camera whose heading starts
/// at 0:
///
///     KeyframeTrack(\Camera.heading) {
///         CubicKeyframe(0 + remainder(296.7 - 0, 360), duration: 3)   // to -63.3, not 296.7
///     }
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes
where Content.Value == Value {
    /// The property animated by the track.
    public let keyPath: WritableKeyPath<Root, Value>
    let keyframes: _KeyframeList<Value>

    /// Creates a track animating the property at `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: The animated property of the root value.
    ///   - content: The keyframes, in order (a ``KeyframeTrackContentBuilder`` block: lists,
    ///     `for` loops, `if`/`else`).
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        var list = _KeyframeList<Value>()
        content()._appendKeyframes(to: &list)
        self.keyframes = list
    }

    /// Creates a track animating the root value itself (key path `\.self`).
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.init(\.self, content: content)
    }

    public func _appendTracks(to list: inout _KeyframeTrackList<Root>) {
        let keyPath = keyPath
        let segments = keyframes.segments.map { KeyframeSegmentData<Value.AnimatableData>($0) }
        list.resolvers.append { root in
            ResolvedKeyframeTrack(
                keyPath: keyPath,
                path: AnimationPath(resolving: segments, initialValue: root[keyPath: keyPath].animatableData))
        }
    }
}

/// A track after resolution: a key path and the `AnimationPath` of its property's animatable data.
struct ResolvedKeyframeTrack<Root, Value: Animatable>: KeyframeTrackEvaluator {
    let keyPath: WritableKeyPath<Root, Value>
    let path: AnimationPath<Value.AnimatableData>

    var duration: Double { path.duration }

    func apply(to root: inout Root, time: Double) {
        if let value = path.value(at: time) {
            root[keyPath: keyPath].animatableData = value
        }
    }
}
