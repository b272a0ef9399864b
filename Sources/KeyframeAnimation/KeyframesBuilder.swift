/// The result builder of a ``KeyframeTimeline``'s content: tracks in declaration order, or a bare
/// list of keyframes.
///
/// Same name as SwiftUI's `KeyframesBuilder`
/// (https://developer.apple.com/documentation/swiftui/keyframesbuilder). Supports lists, `for`
/// loops, `if`/`else`, optionals and availability checks, for tracks and for bare keyframes alike.
/// A block made only of keyframes (no `KeyframeTrack`) becomes a single track on `\.self`
/// (`buildFinalResult`, docs/keyframes.md#tracks-and-timelines), so
///
///     KeyframeTimeline(initialValue: CGPoint.zero) {
///         CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
///         CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
///     }
///
/// animates the whole point.
@resultBuilder
public struct KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTrackList<Value>
    where K.Root == Value {
        var list = _KeyframeTrackList<Value>()
        expression._appendTracks(to: &list)
        return list
    }

    public static func buildBlock() -> _KeyframeTrackList<Value> { _KeyframeTrackList() }

    public static func buildPartialBlock(first: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> { first }

    public static func buildPartialBlock(
        accumulated: _KeyframeTrackList<Value>, next: _KeyframeTrackList<Value>
    ) -> _KeyframeTrackList<Value> {
        var list = accumulated
        next._appendTracks(to: &list)
        return list
    }

    public static func buildArray(_ components: [_KeyframeTrackList<Value>]) -> _KeyframeTrackList<Value> {
        var list = _KeyframeTrackList<Value>()
        for component in components { component._appendTracks(to: &list) }
        return list
    }

    public static func buildEither(first component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    public static func buildEither(second component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    public static func buildOptional(_ component: _KeyframeTrackList<Value>?) -> _KeyframeTrackList<Value> {
        component ?? _KeyframeTrackList()
    }

    public static func buildLimitedAvailability(_ component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    public static func buildFinalResult(_ component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }
}

extension KeyframesBuilder where Value: Animatable {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeList<Value>
    where K.Value == Value {
        KeyframeTrackContentBuilder<Value>.buildExpression(expression)
    }

    public static func buildPartialBlock(first: _KeyframeList<Value>) -> _KeyframeList<Value> { first }

    public static func buildPartialBlock(
        accumulated: _KeyframeList<Value>, next: _KeyframeList<Value>
    ) -> _KeyframeList<Value> {
        _KeyframeList(accumulated.segments + next.segments)
    }

    public static func buildArray(_ components: [_KeyframeList<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(components.flatMap(\.segments))
    }

    public static func buildEither(first component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    public static func buildEither(second component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    public static func buildOptional(_ component: _KeyframeList<Value>?) -> _KeyframeList<Value> {
        component ?? _KeyframeList()
    }

    public static func buildLimitedAvailability(_ component: _KeyframeList<Value>) -> _KeyframeList<Value> {
        component
    }

    /// A bare list of keyframes becomes one track on `\.self`.
    public static func buildFinalResult(_ component: _KeyframeList<Value>) -> _KeyframeTrackList<Value> {
        var list = _KeyframeTrackList<Value>()
        KeyframeTrack(\Value.self) { component }._appendTracks(to: &list)
        return list
    }
}
