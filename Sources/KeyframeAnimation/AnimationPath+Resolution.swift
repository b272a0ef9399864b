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
        func target(_ k: Int) -> V { k < 0 ? initialValue : segments[k].target }

        func linearVelocity(_ k: Int, atEnd: Bool) -> V {
            guard case let .linear(to, duration, curve) = segments[k], duration > 0 else { return .zero }
            let slope = curve.velocity(at: atEnd ? 1 : 0)
            guard slope.isFinite else { return .zero }
            return (to - target(k - 1)).scaled(by: slope / duration)
        }

        func automatic(next: V, previous: V, otherDuration: Double, ownDuration: Double) -> V {
            let difference = next - previous
            if otherDuration == 0 || ownDuration == 0 { return difference.scaled(by: 0.5) }
            return difference.scaled(by: ownDuration / (otherDuration + ownDuration))
        }

        var elements: [Element] = []
        elements.reserveCapacity(segments.count)
        var previousEnd = initialValue
        var previousEndVelocity = V.zero
        for i in segments.indices {
            switch segments[i] {
            case let .move(to):
                elements.append(.move(to))
                previousEnd = to
                previousEndVelocity = .zero

            case let .linear(to, duration, curve):
                let chord = to - previousEnd
                elements.append(.curve(
                    HermiteCurve(start: previousEnd, end: to, startTangent: chord, endTangent: chord),
                    duration: duration, timingCurve: curve))
                previousEnd = to
                previousEndVelocity = linearVelocity(i, atEnd: true)

            case let .cubic(to, startVelocity, endVelocity, duration):
                let startTangent: V
                if let startVelocity {
                    startTangent = startVelocity.scaled(by: duration)
                } else if i == 0 {
                    startTangent = .zero
                } else if case let .cubic(_, _, previousEndVelocityOverride, previousDuration) = segments[i - 1] {
                    if i == 1 {
                        startTangent = automatic(
                            next: to, previous: initialValue, otherDuration: previousDuration, ownDuration: duration)
                    } else if let previousEndVelocityOverride {
                        startTangent = previousEndVelocityOverride.scaled(by: duration)
                    } else {
                        startTangent = automatic(
                            next: to, previous: target(i - 2), otherDuration: previousDuration, ownDuration: duration)
                    }
                } else {
                    // After a move (0), a spring (its cut-time velocity) or a linear (its end velocity).
                    startTangent = previousEndVelocity.scaled(by: duration)
                }

                let endTangent: V
                if let endVelocity {
                    endTangent = endVelocity.scaled(by: duration)
                } else if i == segments.count - 1 {
                    endTangent = .zero
                } else {
                    switch segments[i + 1] {
                    case .move:
                        endTangent = .zero
                    case let .cubic(nextTo, nextStartVelocity, _, nextDuration):
                        endTangent = nextStartVelocity?.scaled(by: duration) ?? automatic(
                            next: nextTo, previous: target(i - 1), otherDuration: nextDuration, ownDuration: duration)
                    case let .spring(nextTo, _, nextStartVelocity, _):
                        endTangent = nextStartVelocity?.scaled(by: duration) ?? automatic(
                            next: nextTo, previous: target(i - 1), otherDuration: duration, ownDuration: duration)
                    case .linear:
                        endTangent = linearVelocity(i + 1, atEnd: false).scaled(by: duration)
                    }
                }
                elements.append(.curve(
                    HermiteCurve(start: previousEnd, end: to, startTangent: startTangent, endTangent: endTangent),
                    duration: duration, timingCurve: .linear))
                previousEnd = to
                previousEndVelocity = duration > 0 ? endTangent.scaled(by: 1 / duration) : .zero

            case let .spring(to, spring, startVelocity, duration):
                let from = previousEnd
                let displacement = to - from
                let initialVelocity = startVelocity ?? previousEndVelocity
                let resolvedDuration = duration ?? spring.settlingDuration(
                    target: displacement, initialVelocity: initialVelocity, epsilon: Self.springKeyframeEpsilon)
                let end = from + spring.value(target: displacement, initialVelocity: initialVelocity, time: resolvedDuration)
                elements.append(.spring(SpringElement(
                    from: from, displacement: displacement, initialVelocity: initialVelocity,
                    spring: spring, duration: resolvedDuration, end: end)))
                previousEnd = end
                previousEndVelocity = spring.velocity(
                    target: displacement, initialVelocity: initialVelocity, time: resolvedDuration)
            }
        }
        self.init(elements: elements)
    }
}
