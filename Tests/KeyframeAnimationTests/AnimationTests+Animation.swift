import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// `Animation`: presets, modifiers and progress (RouteKit's headless semantics, see Animation.swift).
@Suite struct AnimationValueTests {
    /// Apple-doc: curve animations default to 0.35 s; `.default` is spring(0.55, 1.0).
    @Test func defaults() {
        #expect(Animation.easeInOut.duration == 0.35)
        #expect(Animation.linear.duration == 0.35)
        #expect(Animation.timingCurve(0.25, 0.1, 0.25, 1).duration == 0.35)
        #expect(Animation.easeIn(duration: 2).duration == 2)
        #expect(Animation.default == Animation(Spring(response: 0.55, dampingRatio: 1.0)))
        #expect(Animation.spring == Animation(Spring(duration: 0.5, bounce: 0)))
        #expect(Animation.spring() == Animation.spring, "spring() resolves to spring(duration:bounce:)")
        #expect(Animation.spring(response: 0.5) == Animation(Spring(response: 0.5, dampingRatio: 0.825)))
        #expect(Animation.bouncy == Animation(Spring.bouncy))
        #expect(Animation.snappy(duration: 0.3, extraBounce: 0.1) == Animation(Spring(duration: 0.3, bounce: 0.25)))
    }

    /// Curve progress follows the UnitCurve (docs/keyframes.md#unit-curve-vectors UC-5 at 0.25 of the duration).
    @Test func curveProgress() {
        let animation = Animation.easeInOut(duration: 2)
        expectClose(animation.progress(at: 0.5), 0.129162, tolerance: 1e-6)
        #expect(animation.progress(at: -1) == 0)
        #expect(animation.progress(at: 2) == 1)
        #expect(animation.progress(at: 5) == 1)
        expectClose(Animation.linear(duration: 4).progress(at: 1), 0.25, tolerance: 1e-15)
    }

    /// Spring progress is the closed form (docs/keyframes.md#spring-vectors SP-7) until the settling duration.
    @Test func springProgress() {
        let animation = Animation.bouncy
        expectClose(animation.progress(at: 0.25), 0.984087491, tolerance: 1e-9)
        expectClose(animation.duration, 1.044713, tolerance: 5e-7)
        #expect(animation.progress(at: 1.1) == 1)
    }

    /// SEEDS.md: the Landmarks ripple, `spring(dampingFraction: 0.5).speed(2).delay(0.03 * index)`.
    @Test(arguments: 0..<5)
    func landmarksRipple(index: Int) {
        let animation = Animation.spring(dampingFraction: 0.5).speed(2).delay(0.03 * Double(index))
        let spring = Spring(response: 0.5, dampingRatio: 0.5)
        let delay = 0.03 * Double(index)
        #expect(animation.progress(at: delay * 0.5) == 0)
        for time in [0.05, 0.1, 0.2, 0.4] {
            expectClose(
                animation.progress(at: delay + time), spring.value(target: 1.0, time: 2 * time), tolerance: 1e-12,
                "index \(index) t=\(time)")
        }
        expectClose(animation.duration, spring.settlingDuration / 2 + delay, tolerance: 1e-12)
    }

    /// Modifier order matters: delay then speed halves the delay.
    @Test func modifierOrder() {
        let delayedThenFast = Animation.linear(duration: 1).delay(1).speed(2)
        let fastThenDelayed = Animation.linear(duration: 1).speed(2).delay(1)
        #expect(delayedThenFast.duration == 1)
        #expect(fastThenDelayed.duration == 1.5)
        expectClose(delayedThenFast.progress(at: 0.75), 0.5, tolerance: 1e-15)
        expectClose(fastThenDelayed.progress(at: 1.25), 0.5, tolerance: 1e-15)
    }

    /// Repeats, autoreverses and forever.
    @Test func repeats() {
        let animation = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        #expect(animation.duration == 3)
        expectClose(animation.progress(at: 0.25), 0.25, tolerance: 1e-15)
        expectClose(animation.progress(at: 1.25), 0.75, tolerance: 1e-15)
        expectClose(animation.progress(at: 2.25), 0.25, tolerance: 1e-15)
        #expect(animation.progress(at: 10) == 1)
        let even = Animation.linear(duration: 1).repeatCount(2)
        #expect(even.progress(at: 10) == 0)
        let noReverse = Animation.linear(duration: 1).repeatCount(2, autoreverses: false)
        expectClose(noReverse.progress(at: 1.25), 0.25, tolerance: 1e-15)
        let forever = Animation.easeIn(duration: 0.5).repeatForever(autoreverses: false)
        #expect(forever.duration == .infinity)
        expectClose(forever.progress(at: 100.25), UnitCurve.easeIn.value(at: 0.5), tolerance: 1e-9)
    }

    /// interpolatingSpring(duration:bounce:) is the physical spring of docs/keyframes.md#spring-presets.
    @Test func interpolatingSpring() {
        let animation = Animation.interpolatingSpring(duration: 0.5, bounce: 0.3)
        expectClose(animation.progress(at: 0.25), Spring.bouncy.value(target: 1.0, time: 0.25), tolerance: 1e-12)
        let moving = Animation.interpolatingSpring(mass: 1, stiffness: 240, damping: 12, initialVelocity: 20)
        let spring = Spring(mass: 1, stiffness: 240, damping: 12)
        expectClose(moving.progress(at: 0.1), spring.value(target: 1.0, initialVelocity: 20.0, time: 0.1), tolerance: 1e-12)
    }

    /// `value(from:to:at:)` interpolates animatable data.
    @Test func interpolatesValues() {
        let point = Animation.linear(duration: 2).value(from: CGPoint(x: 0, y: 10), to: CGPoint(x: 4, y: 20), at: 0.5)
        #expect(point == CGPoint(x: 1, y: 12.5))
    }
}

/// `PhaseSequence`, the headless phaseAnimator.
@Suite struct PhaseSequenceTests {
    @Test func playsPhasesInOrder() {
        let sequence = PhaseSequence(initialValue: 0.0, phases: [
            .init(value: 10.0, animation: .linear(duration: 1)),
            .init(value: 4.0, animation: .easeInOut(duration: 2)),
        ])
        #expect(sequence.duration == 3)
        #expect(sequence.value(time: -1) == 0)
        expectClose(sequence.value(time: 0.5), 5, tolerance: 1e-12)
        expectClose(sequence.value(time: 1), 10, tolerance: 1e-12)
        expectClose(sequence.value(time: 1.5), 10 - 6 * 0.129162, tolerance: 1e-5)
        #expect(sequence.value(time: 3) == 4)
        #expect(sequence.value(time: 9) == 4)
        expectClose(sequence.value(progress: 0.5), 10 - 6 * 0.129162, tolerance: 1e-5)
    }

    @Test func repeatsFromTheLastPhase() {
        let sequence = PhaseSequence(
            initialValue: 0.0,
            phases: [.init(value: 1.0, animation: .linear(duration: 1)), .init(value: 3.0, animation: .linear(duration: 1))],
            repeatCount: 2)
        #expect(sequence.duration == 4)
        expectClose(sequence.value(time: 2.5), 2, tolerance: 1e-12, "second cycle starts from 3 towards 1")
        let forever = PhaseSequence(
            initialValue: 0.0, phases: [.init(value: 1.0, animation: .linear(duration: 1))], repeatCount: nil)
        #expect(forever.duration == .infinity)
        expectClose(forever.value(time: 7.25), 1, tolerance: 1e-12)
    }

    /// SEEDS.md: phases with `.smooth`, `.easeInOut(duration: 0.3)`, `.spring(duration: 0.3, bounce: 0.7)`,
    /// in phaseAnimator order (start at the first phase, return to it).
    @Test func cyclingLikePhaseAnimator() {
        let sequence = PhaseSequence(cycling: [
            .init(value: CGPoint(x: 0, y: 0), animation: .smooth),
            .init(value: CGPoint(x: 0, y: -40), animation: .easeInOut(duration: 0.3)),
            .init(value: CGPoint(x: 30, y: -40), animation: .spring(duration: 0.3, bounce: 0.7)),
        ])
        let springDuration = Animation.spring(duration: 0.3, bounce: 0.7).duration
        expectClose(sequence.duration, 0.3 + springDuration + Animation.smooth.duration, tolerance: 1e-12)
        #expect(sequence.value(time: 0) == CGPoint(x: 0, y: 0))
        #expect(sequence.value(time: 0.3) == CGPoint(x: 0, y: -40))
        let x = sequence.value(time: 0.3 + 0.1).x
        expectClose(Double(x), 30 * Spring(duration: 0.3, bounce: 0.7).value(target: 1.0, time: 0.1), tolerance: 1e-9)
        #expect(sequence.value(time: sequence.duration) == CGPoint(x: 0, y: 0))
    }
}
}
