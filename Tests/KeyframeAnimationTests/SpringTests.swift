import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// docs/keyframes.md#spring-vectors (`Spring`): Apple-doc rows and values computed from the docs/keyframes.md#springs formulas.
@Suite struct SpringTests {
    /// docs/keyframes.md#spring-vectors SP-1 (Apple's `Spring` overview: 1.0, 157.9, 17.6).
    @Test func sp1DurationBounceToPhysical() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        expectClose(spring.mass, 1.0, tolerance: 1e-12)
        expectClose(spring.stiffness, 157.914, tolerance: 5e-4)
        expectClose(spring.damping, 17.593, tolerance: 5e-4)
    }

    /// docs/keyframes.md#spring-vectors SP-2 (Apple's `Spring` overview: 0.63, 0.5).
    @Test func sp2PhysicalToDurationBounce() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.duration, 0.628319, tolerance: 5e-7)
        expectClose(spring.bounce, 0.5, tolerance: 1e-12)
    }

    /// docs/keyframes.md#spring-vectors SP-3.
    @Test func sp3Presets() {
        for (spring, damping) in [(Spring.smooth, 25.1327), (.snappy, 21.3628), (.bouncy, 17.5929)] {
            expectClose(spring.stiffness, 157.9137, tolerance: 5e-5)
            expectClose(spring.damping, damping, tolerance: 5e-5)
        }
    }

    /// docs/keyframes.md#spring-vectors SP-4: settling durations with epsilon 1e-3.
    @Test func sp4SettlingDurations() {
        #expect(Spring.smooth.settlingDuration == 0.7999999999999999)
        expectClose(Spring.snappy.settlingDuration, 0.876827, tolerance: 5e-7)
        expectClose(Spring.bouncy.settlingDuration, 1.044713, tolerance: 5e-7)
    }

    /// docs/keyframes.md#spring-vectors SP-5, SP-6, SP-7: `value(target: 1, initialVelocity: 0)` at 0.1 / 0.25 / 0.5 s.
    @Test(arguments: [
        (Spring.smooth, [0.357739556, 0.821025554, 0.986399069]),
        (Spring.snappy, [0.388102446, 0.894509453, 1.006019961]),
        (Spring.bouncy, [0.423302123, 0.984087491, 1.014498422]),
    ])
    func sp5to7PresetValues(spring: Spring, expected: [Double]) {
        for (time, value) in zip([0.1, 0.25, 0.5], expected) {
            expectClose(spring.value(target: 1.0, initialVelocity: 0.0, time: time), value, tolerance: 1e-9, "t=\(time)")
        }
    }

    /// docs/keyframes.md#spring-vectors SP-8.
    @Test func sp8BouncyVelocity() {
        for (time, velocity) in [(0.1, 5.707558338), (0.25, 1.526264711), (0.5, -0.210950820)] {
            expectClose(Spring.bouncy.velocity(target: 1.0, initialVelocity: 0.0, time: time), velocity, tolerance: 1e-9)
        }
    }

    /// docs/keyframes.md#spring-vectors SP-9: an overdamped spring (ζ = 2).
    @Test func sp9Overdamped() {
        let spring = Spring(duration: 0.5, bounce: -0.5)
        expectClose(spring.dampingRatio, 2, tolerance: 1e-12)
        for (time, value) in [(0.1, 0.231361509), (0.25, 0.535727675), (0.5, 0.799926375)] {
            expectClose(spring.value(target: 1.0, time: time), value, tolerance: 1e-9, "t=\(time)")
        }
        expectClose(spring.settlingDuration, 2.1, tolerance: 1e-9)
    }

    /// docs/keyframes.md#spring-vectors SP-10.
    @Test func sp10Underdamped() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        for (time, value) in [(0.1, 0.340299847), (0.25, 1.023359580), (0.5, 1.074590567)] {
            expectClose(spring.value(target: 1.0, time: time), value, tolerance: 1e-9, "t=\(time)")
        }
        expectClose(spring.settlingDuration, 1.739903, tolerance: 5e-7)
    }

    /// docs/keyframes.md#spring-vectors SP-11: overdamping not allowed → critically damped.
    @Test func sp11OverdampingClampedToCritical() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 30)
        expectClose(spring.damping, 20, tolerance: 1e-12)
        expectClose(spring.bounce, 0, tolerance: 1e-12)
        expectClose(spring.value(target: 1.0, time: 0.1), 0.264241118, tolerance: 1e-9)
    }

    /// docs/keyframes.md#spring-properties: stiffness is `m·ω₀²` and round-trips when overdamped (OpenSwiftUI: 350).
    @Test func overdampedStiffnessRoundTrips() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        expectClose(spring.stiffness, 100, tolerance: 1e-9)
        expectClose(spring.damping, 30, tolerance: 1e-9)
        #expect(spring.dampingRatio > 1)
    }

    /// docs/keyframes.md#spring-motion: the overdamped velocity tends to 0 (OpenSwiftUI's `+1` bug gives ≈ 1).
    @Test func overdampedVelocityDecays() {
        let spring = Spring(duration: 0.5, bounce: -0.3)
        let velocity = spring.velocity(target: 1.0, time: 3)
        #expect(abs(velocity) < 1e-5)
        expectClose(velocity, 1.27e-6, tolerance: 5e-9)
    }

    /// `velocity` is the time derivative of `value` in all three regimes, with an initial velocity.
    @Test(arguments: [Spring.bouncy, .smooth, Spring(duration: 0.7, bounce: -0.4), Spring(duration: 0.3, bounce: 1.5)])
    func velocityIsDerivativeOfValue(spring: Spring) {
        let h = 1e-6
        for time in [0.0, 0.05, 0.2, 0.6, 1.3] {
            let difference = (spring.value(target: 2.5, initialVelocity: -3.0, time: time + h)
                - spring.value(target: 2.5, initialVelocity: -3.0, time: time - h)) / (2 * h)
            expectClose(spring.velocity(target: 2.5, initialVelocity: -3.0, time: time), difference, tolerance: 1e-5)
        }
        #expect(spring.value(target: 2.5, initialVelocity: -3.0, time: 0) == 0)
        expectClose(spring.velocity(target: 2.5, initialVelocity: -3.0, time: 0), -3, tolerance: 1e-12)
    }

    /// Vector values use the same coefficients per component.
    @Test func vectorValueMatchesScalarComponents() {
        let target = AnimatablePair(2.0, -1.0)
        let velocity = AnimatablePair(0.5, 4.0)
        let pair = Spring.snappy.value(target: target, initialVelocity: velocity, time: 0.3)
        expectClose(pair.first, Spring.snappy.value(target: 2.0, initialVelocity: 0.5, time: 0.3), tolerance: 1e-15)
        expectClose(pair.second, Spring.snappy.value(target: -1.0, initialVelocity: 4.0, time: 0.3), tolerance: 1e-15)
    }

    /// Parametrisations agree: response/dampingRatio and duration/bounce, and they read back.
    @Test func parametrisationsRoundTrip() {
        let spring = Spring(response: 0.8, dampingRatio: 0.6)
        #expect(spring == Spring(duration: 0.8, bounce: 0.4))
        expectClose(spring.response, 0.8, tolerance: 1e-12)
        expectClose(spring.dampingRatio, 0.6, tolerance: 1e-12)
        let physical = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        expectClose(physical.response, 0.8, tolerance: 1e-12)
        expectClose(physical.dampingRatio, 0.6, tolerance: 1e-12)
        #expect(Spring.bouncy(extraBounce: 0.1) == Spring(duration: 0.5, bounce: 0.4))
        #expect(Spring.snappy(duration: 0.3) == Spring(duration: 0.3, bounce: 0.15))
        #expect(Spring.smooth(duration: 1) == Spring(duration: 1, bounce: 0))
    }

    /// `Spring(settlingDuration:dampingRatio:)` produces a spring that settles when asked.
    @Test(arguments: [(0.5, 0.3), (1.0, 0.7), (2.5, 0.9)])
    func settlingDurationInitialiserRoundTrips(duration: Double, ratio: Double) {
        let spring = Spring(settlingDuration: duration, dampingRatio: ratio)
        expectClose(spring.dampingRatio, ratio, tolerance: 1e-12)
        expectClose(spring.settlingDuration, duration, tolerance: 1e-9)
    }
}
}
