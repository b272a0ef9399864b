import Foundation

/// A description of how a value changes over time, built from keyframe tracks, that can be
/// evaluated at any time without a view.
///
/// Same name, initialiser and members as SwiftUI's `KeyframeTimeline`
/// (https://developer.apple.com/documentation/swiftui/keyframetimeline):
///
///     let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
///         CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
///         CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
///     }
///     let value = timeline.value(time: 0.45)   // (0, 88.19241983…)
///
/// Semantics (docs/keyframes.md#tracks-and-timelines):
/// - Every track is resolved once, here, against `initialValue` (tracks do not see each other).
/// - ``duration`` is the longest track's duration (WWDC23 session 10157), 0 with no tracks.
/// - ``value(time:)`` copies `initialValue` and lets each track write its property in declaration
///   order, so when two tracks animate the same property the last one wins. Properties no track
///   covers keep their initial values; an empty track leaves its property alone (docs/keyframes.md#tracks-and-timelines: DanceUI writes
///   zero there, which RouteKit treats as a port artifact).
/// - A track shorter than the timeline holds its last value.
/// - Times before 0 are clamped to 0 (docs/keyframes.md#times-before-zero).
///
/// A timeline is an immutable value; it is `Sendable` when `Value` is.
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [any KeyframeTrackEvaluator<Value>]

    /// The duration of the longest track, in seconds (≥ 0).
    public let duration: TimeInterval

    /// Builds ("resolves") a timeline.
    ///
    /// - Parameters:
    ///   - initialValue: The value at time 0, and the start of every track.
    ///   - content: ``KeyframeTrack``s, or a bare list of keyframes that animates the whole value.
    /// - Complexity: O(total keyframes), plus the settling search of `nil`-duration springs.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        var list = _KeyframeTrackList<Value>()
        content()._appendTracks(to: &list)
        self.initialValue = initialValue
        self.tracks = list.resolvers.map { $0(initialValue) }
        self.duration = tracks.reduce(0) { Swift.max($0, $1.duration) }
    }

    /// The value at `time` seconds from the start.
    ///
    /// - Parameter time: Seconds; values below 0 are treated as 0, values beyond ``duration`` give
    ///   the final value.
    /// - Complexity: O(k·log n) for k tracks of at most n keyframes; it allocates nothing beyond
    ///   what copying `Value` needs.
    public func value(time: TimeInterval) -> Value {
        var value = initialValue
        for track in tracks {
            track.apply(to: &value, time: time)
        }
        return value
    }

    /// The value at `progress` through the timeline: `value(time: progress * duration)`.
    ///
    /// - Parameter progress: Fraction of ``duration``; not clamped (as DanceUI), but negative times
    ///   are clamped to 0 and times past the end hold, so results equal those for `0...1` clamping.
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }
}

extension KeyframeTimeline: @unchecked Sendable where Value: Sendable {}
