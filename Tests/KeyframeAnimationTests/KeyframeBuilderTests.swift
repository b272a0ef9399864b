import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// Result builders, multi-track semantics (docs/keyframes.md#tracks-and-timelines) and the SEEDS keyframeAnimator example.
@Suite struct KeyframeBuilderTests {
    struct AnimationValues {
        var scale = 1.0
        var verticalStretch = 1.0
        var verticalTranslation = 0.0
        var angle = 0.0
    }

    /// SEEDS.md: a WWDC23-style keyframeAnimator timeline with four tracks of mixed keyframes.
    @Test func wwdcStyleMultiTrack() {
        let timeline = KeyframeTimeline(initialValue: AnimationValues()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(1.0, duration: 0.36)
                SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
                SpringKeyframe(1.0, spring: .bouncy)
            }
            KeyframeTrack(\.verticalTranslation) {
                LinearKeyframe(0.0, duration: 0.1)
                SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
                SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
                SpringKeyframe(0.0, spring: .bouncy)
            }
            KeyframeTrack(\.verticalStretch) {
                CubicKeyframe(1.0, duration: 0.1)
                CubicKeyframe(0.6, duration: 0.15)
                CubicKeyframe(1.5, duration: 0.1)
                CubicKeyframe(1.05, duration: 0.15)
                CubicKeyframe(1.0, duration: 0.88)
                CubicKeyframe(0.8, duration: 0.1)
                CubicKeyframe(1.04, duration: 0.4)
                CubicKeyframe(1.0, duration: 0.22)
            }
            KeyframeTrack(\.angle) {
                CubicKeyframe(0, duration: 0.58)
                CubicKeyframe(.pi / 8, duration: 0.125)
                CubicKeyframe(-.pi / 8, duration: 0.125)
                CubicKeyframe(.pi / 8, duration: 0.125)
                CubicKeyframe(0, duration: 0.125)
            }
        }
        // The scale track: the linear keyframe keeps 1.0 (velocity 0), then a bouncy spring 1 → 1.5.
        let springEnd = 1.0 + Spring.bouncy.value(target: 0.5, time: 0.8)
        let springVelocity = Spring.bouncy.velocity(target: 0.5, time: 0.8)
        expectClose(timeline.value(time: 0.36 + 0.4).scale, 1 + Spring.bouncy.value(target: 0.5, time: 0.4), tolerance: 1e-12)
        let lastDuration = Spring.bouncy.settlingDuration(
            target: 1.0 - springEnd, initialVelocity: springVelocity, epsilon: 1e-4)
        let scaleDuration = 0.36 + 0.8 + lastDuration
        let stretchDuration = 0.1 + 0.15 + 0.1 + 0.15 + 0.88 + 0.1 + 0.4 + 0.22
        #expect(timeline.duration >= stretchDuration)
        #expect(timeline.duration >= scaleDuration - 1e-12)
        // The stretch track hits each keyframe at its time.
        expectClose(timeline.value(time: 0.25).verticalStretch, 0.6, tolerance: 1e-12)
        expectClose(timeline.value(time: 0.35).verticalStretch, 1.5, tolerance: 1e-12)
        expectClose(timeline.value(time: 0.58 + 0.125).angle, .pi / 8, tolerance: 1e-12)
        // Far past the end: the stretch and angle hold their targets; the scale holds its cut spring end.
        let end = timeline.value(time: 100)
        #expect(end.verticalStretch == 1.0 && end.angle == 0)
        expectClose(end.scale, 1.0, tolerance: 1e-4)
    }

    /// `for`, `if`/`else` and `if` without `else` inside tracks and timelines.
    @Test(arguments: [false, true])
    func controlFlow(flag: Bool) {
        let timeline = KeyframeTimeline(initialValue: AnimationValues()) {
            KeyframeTrack(\.scale) {
                for step in 1...3 {
                    LinearKeyframe(Double(step), duration: 1)
                }
                if flag {
                    MoveKeyframe(10.0)
                } else {
                    LinearKeyframe(0.0, duration: 1)
                }
                if flag {
                    LinearKeyframe(20.0, duration: 2)
                }
            }
            if flag {
                KeyframeTrack(\.angle) { LinearKeyframe(1.0, duration: 7) }
            }
        }
        #expect(timeline.duration == (flag ? 7 : 4))
        expectClose(timeline.value(time: 2.5).scale, 2.5, tolerance: 1e-12)
        expectClose(timeline.value(time: 3.5).scale, flag ? 12.5 : 1.5, tolerance: 1e-12)
        #expect(timeline.value(time: 7).angle == (flag ? 1 : 0))
    }

    /// docs/keyframes.md#tracks-and-timelines: the last track to write a property wins; an empty track leaves it alone; a
    /// property no track covers keeps its initial value.
    @Test func lastTrackWinsAndEmptyTrackIsIgnored() {
        var initial = AnimationValues()
        initial.angle = 0.7
        initial.verticalStretch = 2
        let timeline = KeyframeTimeline(initialValue: initial) {
            KeyframeTrack(\.scale) { LinearKeyframe(5.0, duration: 1) }
            KeyframeTrack(\.scale) { LinearKeyframe(9.0, duration: 2) }
            KeyframeTrack(\.angle) {}
        }
        #expect(timeline.duration == 2)
        expectClose(timeline.value(time: 1).scale, 5, tolerance: 1e-12)
        #expect(timeline.value(time: 1).angle == 0.7)
        #expect(timeline.value(time: 1).verticalStretch == 2)
        #expect(KeyframeTimeline(initialValue: initial) {}.duration == 0)
    }

    /// The `KeyframeTrack { }` form without a key path animates the root (`\.self`).
    @Test func trackWithoutKeyPath() {
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            KeyframeTrack { LinearKeyframe(3.0, duration: 2) }
        }
        expectClose(timeline.value(time: 1), 2, tolerance: 1e-12)
    }

    /// docs/keyframes.md#move-keyframes: a leading move takes effect at t = 0; docs/keyframes.md#cubic-keyframes: a cubic after a move starts at rest.
    @Test func leadingMoveAndCubicAfterMove() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            MoveKeyframe(4.0)
            CubicKeyframe(8.0, duration: 2)
        }
        #expect(timeline.value(time: 0) == 4)
        let h = 1e-6
        let startSlope = (timeline.value(time: h) - timeline.value(time: 0)) / h
        #expect(abs(startSlope) < 1e-4)
        expectClose(timeline.value(time: 1), 6, tolerance: 1e-12)
    }

    /// docs/keyframes.md#spring-keyframes: a spring after a cubic starts with the cubic's end velocity, and a cubic after
    /// a spring starts with the spring's velocity at its cut time (C¹ at both joins).
    @Test func velocityCarriesAcrossSprings() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1.0, duration: 1)
            SpringKeyframe(3.0, duration: 0.4, spring: .snappy)
            CubicKeyframe(0.0, duration: 1)
        }
        let h = 1e-6
        for join in [1.0, 1.4] {
            let left = (timeline.value(time: join) - timeline.value(time: join - h)) / h
            let right = (timeline.value(time: join + h) - timeline.value(time: join)) / h
            expectClose(left, right, tolerance: 1e-3 * max(1, abs(left)), "join at \(join)")
            #expect(abs(left) > 0.1, "the join is in motion")
        }
    }
}
}
