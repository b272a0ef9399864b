/// The result builder of a ``KeyframeTrack``'s content: keyframes in order.
///
/// Same name as SwiftUI's `KeyframeTrackContentBuilder`
/// (https://developer.apple.com/documentation/swiftui/keyframetrackcontentbuilder). Supports plain
/// lists (`buildPartialBlock`), `for` loops (`buildArray`), `if`/`else` and `switch` (`buildEither`),
/// `if` without `else` (`buildOptional`), `if #available` (`buildLimitedAvailability`) and any
/// ``KeyframeTrackContent`` expression (`buildExpression`). Every block becomes one flat list.
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeList<Value>
    where K.Value == Value {
        var list = _KeyframeList<Value>()
        expression._appendKeyframes(to: &list)
        return list
    }

    public static func buildBlock() -> _KeyframeList<Value> { _KeyframeList() }

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
}
