import Foundation

/// A keyframe in animatable-data space, as the resolver reads it.
@usableFromInline
enum KeyframeSegmentData<V: VectorArithmetic> {
    case move(V)
    case cubic(to: V, startVelocity: V?, endVelocity: V?, duration: Double)
    case spring(to: V, spring: Spring, startVelocity: V?, duration: Double?)
    case linear(to: V, duration: Double, timingCurve: UnitCurve)

    /// The keyframe's target (docs/keyframes.md#cubic-keyframes: always the target, even after a cut spring).
    var target: V {
        switch self {
        case let .move(to), let .cubic(to, _, _, _), let .spring(to, _, _, _), let .linear(to, _, _): return to
        }
    }
}

extension KeyframeSegmentData {
    init<Value: Animatable>(_ segment: _KeyframeSegment<Value>) where Value.AnimatableData == V {
        switch segment {
        case let .move(to):
            self = .move(to.animatableData)
        case let .cubic(to, startVelocity, endVelocity, duration):
            self = .cubic(
                to: to.animatableData, startVelocity: startVelocity?.animatableData,
                endVelocity: endVelocity?.animatableData, duration: duration)
        case let .spring(to, spring, startVelocity, duration):
            self = .spring(
                to: to.animatableData, spring: spring, startVelocity: startVelocity?.animatableData,
                duration: duration)
        case let .linear(to, duration, timingCurve):
            self = .linear(to: to.animatableData, duration: duration, timingCurve: timingCurve)
        }
    }
}

extension AnimationPath {
    /// The epsilon of a `nil`-duration ``SpringKeyframe``'s settling duration (docs/keyframes.md#spring-keyframes, from
    /// DanceUI; unverified, docs/keyframes.md#spring-keyframes).
    static var springKeyframeEpsilon: Double { 1e-4 }

    /// Resolves a track's keyframes against its initial value, following docs/keyframes.md#cubic-keyframes to docs/keyframes.md#move-keyframes to
    /// the letter.
    ///
    /// Notation: segment `i` runs from `P_{i−1}` to `P_i` over `d_i`; `P_{−1}` is the initial value
    /// and `P_k` is always keyframe `k`'s *target* when choosing tangents (docs/keyframes.md#cubic-keyframes).
    /// `auto(d_o, V)` is `(P_i − V)·d_i/(d_o + d_i)` for a start tangent and `(V − P_{i−1})·d_i/(d_o + d_i)`
    /// for an end tangent, or half the difference if either duration is 0.
    ///
    /// Start tangent `m0` of a cubic segment, first rule that applies: explicit `startVelocity·d_i`;
    /// first segment → 0; after a move → 0; after a cubic → `auto(d_0, P_{−1})` if `i == 1` (an
    /// explicit `endVelocity` on keyframe 0 is then **ignored**: docs/keyframes.md#cubic-keyframes, mirrored from DanceUI,
    /// unverified on Apple hardware), else that cubic's explicit `endVelocity·d_i`, else
    /// `auto(d_{i−1}, P_{i−2})`; after a spring → its velocity at its cut time `·d_i`; after a
    /// linear from `A = P_{i−2}` to `B` → `(B − A)/d_L·c'(1)·d_i`.
    ///
    /// End tangent `m1`: explicit `endVelocity·d_i`; last segment → 0; before a move → 0; before a
    /// cubic → its explicit `startVelocity·d_i`, else `auto(d_{i+1}, P_{i+1})`; before a spring →
    /// its explicit `startVelocity·d_i`, else `auto(d_i, spring.to)`; before a linear to `C` →
    /// `(C − P_i)/d_L·c'(0)·d_i`.
    ///
    /// A linear segment starts where the previous element really ended; a spring starts there too,
    /// with `v0 = startVelocity ?? previous end velocity` (docs/keyframes.md#spring-keyframes). A curve slope that is not finite
    /// (circularEaseIn at 1) hands over velocity 0.
    ///
    /// - Complexity: O(n) for n keyframes, plus the settling search of `nil`-duration springs.
    init(resolving segments: [KeyframeSegmentData<V>], initialValue: V) {
        var resolver = Resolver(segments: segments, initialValue: initialValue)
        var elements: [Element] = []
        elements.reserveCapacity(segments.count)
        for i in segments.indices {
            elements.append(resolver.resolve(i))
        }
        self.init(elements: elements)
    }

    /// The state of ``init(resolving:initialValue:)``: the keyframes, and where and how fast the
    /// previous element really ended.
    private struct Resolver {
        let segments: [KeyframeSegmentData<V>]
        let initialValue: V
        var previousEnd: V
        var previousEndVelocity = V.zero

        init(segments: [KeyframeSegmentData<V>], initialValue: V) {
            self.segments = segments
            self.initialValue = initialValue
            self.previousEnd = initialValue
        }

        /// Segment `i`'s element; moves the previous end past it.
        mutating func resolve(_ i: Int) -> Element {
            switch segments[i] {
            case let .move(to):
                previousEnd = to
                previousEndVelocity = .zero
                return .move(to)
            case let .linear(to, duration, curve):
                let chord = to - previousEnd
                let element = Element.curve(
                    HermiteCurve(start: previousEnd, end: to, startTangent: chord, endTangent: chord),
                    duration: duration, timingCurve: curve)
                previousEnd = to
                previousEndVelocity = linearVelocity(i, atEnd: true)
                return element
            case let .cubic(to, startVelocity, endVelocity, duration):
                return cubic(i, to: to, startVelocity: startVelocity, endVelocity: endVelocity, duration: duration)
            case let .spring(to, spring, startVelocity, duration):
                return self.spring(to: to, spring: spring, startVelocity: startVelocity, duration: duration)
            }
        }

        /// `P_k`: keyframe `k`'s target, or the initial value for `k = −1`.
        func target(_ k: Int) -> V { k < 0 ? initialValue : segments[k].target }

        /// The velocity at the start or end of linear segment `k` (0 if it is not linear, has no
        /// duration, or its curve's slope is not finite).
        func linearVelocity(_ k: Int, atEnd: Bool) -> V {
            guard case let .linear(to, duration, curve) = segments[k], duration > 0 else { return .zero }
            let slope = curve.velocity(at: atEnd ? 1 : 0)
            guard slope.isFinite else { return .zero }
            return (to - target(k - 1)).scaled(by: slope / duration)
        }

        /// `auto(d_o, V)`: `(next − previous)·d_i/(d_o + d_i)`, or half the difference if either is 0.
        static func automatic(next: V, previous: V, otherDuration: Double, ownDuration: Double) -> V {
            let difference = next - previous
            if otherDuration == 0 || ownDuration == 0 { return difference.scaled(by: 0.5) }
            return difference.scaled(by: ownDuration / (otherDuration + ownDuration))
        }

        /// Cubic segment `i` from the previous end to `to`, with tangents `m0` and `m1`.
        mutating func cubic(_ i: Int, to: V, startVelocity: V?, endVelocity: V?, duration: Double) -> Element {
            let startTangent = self.startTangent(i, to: to, startVelocity: startVelocity, duration: duration)
            let endTangent = self.endTangent(i, endVelocity: endVelocity, duration: duration)
            let element = Element.curve(
                HermiteCurve(start: previousEnd, end: to, startTangent: startTangent, endTangent: endTangent),
                duration: duration, timingCurve: .linear)
            previousEnd = to
            previousEndVelocity = duration > 0 ? endTangent.scaled(by: 1 / duration) : .zero
            return element
        }

        /// `m0` of cubic segment `i` (see ``AnimationPath/init(resolving:initialValue:)``).
        func startTangent(_ i: Int, to: V, startVelocity: V?, duration: Double) -> V {
            if let startVelocity { return startVelocity.scaled(by: duration) }
            if i == 0 { return .zero }
            guard case let .cubic(_, _, previousEndVelocityOverride, previousDuration) = segments[i - 1] else {
                // After a move (0), a spring (its cut-time velocity) or a linear (its end velocity).
                return previousEndVelocity.scaled(by: duration)
            }
            if i == 1 {
                return Self.automatic(
                    next: to, previous: initialValue, otherDuration: previousDuration, ownDuration: duration)
            }
            if let previousEndVelocityOverride { return previousEndVelocityOverride.scaled(by: duration) }
            return Self.automatic(
                next: to, previous: target(i - 2), otherDuration: previousDuration, ownDuration: duration)
        }

        /// `m1` of cubic segment `i` (see ``AnimationPath/init(resolving:initialValue:)``).
        func endTangent(_ i: Int, endVelocity: V?, duration: Double) -> V {
            if let endVelocity { return endVelocity.scaled(by: duration) }
            if i == segments.count - 1 { return .zero }
            switch segments[i + 1] {
            case .move:
                return .zero
            case let .cubic(nextTo, nextStartVelocity, _, nextDuration):
                return nextStartVelocity?.scaled(by: duration) ?? Self.automatic(
                    next: nextTo, previous: target(i - 1), otherDuration: nextDuration, ownDuration: duration)
            case let .spring(nextTo, _, nextStartVelocity, _):
                return nextStartVelocity?.scaled(by: duration) ?? Self.automatic(
                    next: nextTo, previous: target(i - 1), otherDuration: duration, ownDuration: duration)
            case .linear:
                return linearVelocity(i + 1, atEnd: false).scaled(by: duration)
            }
        }

        /// A spring from the previous end towards `to`, starting with `startVelocity` or the previous
        /// end velocity, cut at `duration` or when settled.
        mutating func spring(to: V, spring: Spring, startVelocity: V?, duration: Double?) -> Element {
            let from = previousEnd
            let displacement = to - from
            let initialVelocity = startVelocity ?? previousEndVelocity
            let resolvedDuration = duration ?? spring.settlingDuration(
                target: displacement, initialVelocity: initialVelocity, epsilon: AnimationPath.springKeyframeEpsilon)
            let end = from + spring.value(target: displacement, initialVelocity: initialVelocity, time: resolvedDuration)
            previousEnd = end
            previousEndVelocity = spring.velocity(
                target: displacement, initialVelocity: initialVelocity, time: resolvedDuration)
            return .spring(SpringElement(
                from: from, displacement: displacement, initialVelocity: initialVelocity,
                spring: spring, duration: resolvedDuration, end: end))
        }
    }
}
