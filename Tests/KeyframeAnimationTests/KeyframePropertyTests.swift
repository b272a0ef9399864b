import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// Seeded property tests (SplitMix64) of keyframe tracks.
@Suite struct KeyframePropertyTests {
    struct Pose: Equatable {
        var a = 0.0
        var b = 0.0
        var c = 0.0
    }

    static func randomKeyframes(count: Int, using generator: inout SplitMix64) -> [(value: Double, duration: Double)] {
        (0..<count).map { _ in
            (Double.random(in: -100...100, using: &generator), Double.random(in: 0.05...3, using: &generator))
        }
    }

    static func timeline(initial: Double, keyframes: [(value: Double, duration: Double)]) -> KeyframeTimeline<Double> {
        KeyframeTimeline(initialValue: initial) {
            for keyframe in keyframes {
                CubicKeyframe(keyframe.value, duration: keyframe.duration)
            }
        }
    }

    /// A random cubic track reaches every keyframe's value at its cumulative time, and lasts the
    /// sum of its durations.
    @Test(arguments: [1, 2, 3, 42, 2024] as [UInt64])
    func cubicTrackHitsEveryKeyframe(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let keyframes = Self.randomKeyframes(count: Int.random(in: 1...40, using: &generator), using: &generator)
        let initial = Double.random(in: -100...100, using: &generator)
        let timeline = Self.timeline(initial: initial, keyframes: keyframes)
        var time = 0.0
        expectClose(timeline.value(time: 0), initial, tolerance: 1e-9, "seed \(seed) start")
        for (index, keyframe) in keyframes.enumerated() {
            time += keyframe.duration
            expectClose(timeline.value(time: time), keyframe.value, tolerance: 1e-9, "seed \(seed) keyframe \(index)")
        }
        expectClose(timeline.duration, time, tolerance: 1e-9)
    }

    /// Velocity is continuous across cubic joins (finite differences either side of each keyframe),
    /// and zero at both ends of the track (docs/keyframes.md#cubic-keyframes).
    @Test(arguments: [7, 8, 9, 99] as [UInt64])
    func velocityIsContinuousAcrossCubicJoins(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let keyframes = Self.randomKeyframes(count: Int.random(in: 2...30, using: &generator), using: &generator)
        let timeline = Self.timeline(initial: 0, keyframes: keyframes)
        let h = 1e-7
        var time = 0.0
        for keyframe in keyframes.dropLast() {
            time += keyframe.duration
            let left = (timeline.value(time: time) - timeline.value(time: time - h)) / h
            let right = (timeline.value(time: time + h) - timeline.value(time: time)) / h
            // One-sided differences carry an O(h·x'') error; tolerate it relative to the scale.
            expectClose(left, right, tolerance: 1e-3 * max(1, abs(left)), "seed \(seed) t=\(time)")
        }
        let startSlope = (timeline.value(time: h) - timeline.value(time: 0)) / h
        let endSlope = (timeline.value(time: timeline.duration) - timeline.value(time: timeline.duration - h)) / h
        #expect(abs(startSlope) < 1e-2 && abs(endSlope) < 1e-2, "seed \(seed): \(startSlope), \(endSlope)")
    }

    /// The timeline lasts as long as its longest track; shorter tracks hold their last value.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func durationIsTheLongestTrack(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let a = Self.randomKeyframes(count: Int.random(in: 1...10, using: &generator), using: &generator)
        let b = Self.randomKeyframes(count: Int.random(in: 1...10, using: &generator), using: &generator)
        let c = Self.randomKeyframes(count: Int.random(in: 1...10, using: &generator), using: &generator)
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.a) { for k in a { CubicKeyframe(k.value, duration: k.duration) } }
            KeyframeTrack(\.b) { for k in b { LinearKeyframe(k.value, duration: k.duration) } }
            KeyframeTrack(\.c) { for k in c { SpringKeyframe(k.value, duration: k.duration, spring: .smooth) } }
        }
        let durations = [a, b, c].map { $0.reduce(0) { $0 + $1.duration } }
        expectClose(timeline.duration, durations.max()!, tolerance: 1e-9)
        let end = timeline.value(time: timeline.duration + 1)
        expectClose(end.a, a.last!.value, tolerance: 1e-9)
        expectClose(end.b, b.last!.value, tolerance: 1e-9)
        #expect(end == timeline.value(time: timeline.duration))
    }

    /// Evaluation is deterministic: two timelines built from the same seed give identical bits, and
    /// evaluating out of order changes nothing.
    @Test func evaluationIsDeterministic() {
        var first = SplitMix64(seed: 314)
        var second = SplitMix64(seed: 314)
        let one = Self.timeline(initial: 1, keyframes: Self.randomKeyframes(count: 50, using: &first))
        let two = Self.timeline(initial: 1, keyframes: Self.randomKeyframes(count: 50, using: &second))
        var times = SplitMix64(seed: 5)
        let samples = (0..<200).map { _ in Double.random(in: -1...(one.duration + 1), using: &times) }
        let forward = samples.map { one.value(time: $0) }
        let backward = samples.reversed().map { two.value(time: $0) }.reversed()
        #expect(forward.map(\.bitPattern) == backward.map(\.bitPattern))
    }
}
}
