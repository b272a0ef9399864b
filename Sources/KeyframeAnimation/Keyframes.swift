import Foundation

/// A set of keyframe tracks that animate properties of a `Root` value: a ``KeyframeTrack``, or a
/// list built by ``KeyframesBuilder``.
///
/// Same protocol name as SwiftUI's `Keyframes`
/// (https://developer.apple.com/documentation/swiftui/keyframes), so `some Keyframes<MapCamera>`
/// reads the same. Deviations: the primary associated type is named `Root` here (SwiftUI: `Value`),
/// which only matters if you spell `K.Value`; and custom conformances with a `body` are not
/// supported (the requirement is the implementation detail `_appendTracks(to:)`).
public protocol Keyframes<Root> {
    /// The type of the value the tracks animate.
    associatedtype Root

    /// Appends this content's tracks, in declaration order. Implementation detail of RouteKit.
    func _appendTracks(to list: inout _KeyframeTrackList<Root>)
}

/// Something that animates one property of a `Root` for a ``KeyframeTimeline``: a resolved track.
protocol KeyframeTrackEvaluator<Root> {
    associatedtype Root
    /// Seconds (≥ 0).
    var duration: Double { get }
    /// Writes the track's value at `time` seconds into `root`, or leaves it alone for an empty track.
    func apply(to root: inout Root, time: Double)
}

/// An ordered list of unresolved tracks: what ``KeyframesBuilder`` builds. Implementation detail.
public struct _KeyframeTrackList<Root>: Keyframes {
    /// One closure per track; each resolves the track against the timeline's initial value.
    var resolvers: [(Root) -> any KeyframeTrackEvaluator<Root>] = []

    /// An empty list.
    public init() {}

    public func _appendTracks(to list: inout _KeyframeTrackList<Root>) {
        list.resolvers.append(contentsOf: resolvers)
    }
}
