import Foundation

/// A headless `phaseAnimator`: a value stepped through an ordered list of phases, each reached with
/// its own ``Animation``, played once or repeated, and evaluable at any time like a
/// ``KeyframeTimeline``.
///
/// SwiftUI's `phaseAnimator(_:trigger:content:animation:)`
/// (https://developer.apple.com/documentation/swiftui/view/phaseanimator(_:trigger:content:animation:))
/// moves a view from one phase to the next, asking for each phase's animation. Here:
/// - The sequence starts at `initialValue`. Phase `k` animates from the value of phase `k − 1`
///   (the initial value for the first phase of the first cycle, the last phase's value for the first
///   phase of later cycles) to its own value, by `from + (to − from)·animation.progress(at: t)` in
///   animatable-data space, and lasts `animation.duration` seconds (delays included).
/// - A cycle is all phases in order; ``duration`` is the cycle's duration times `repeatCount`
///   (`infinity` when repeating forever). After the end the value holds the end of the last phase
///   (its value, unless its animation autoreverses an even number of times).
/// - ``init(cycling:repeatCount:)`` reproduces `phaseAnimator`'s own order: it starts at the first
///   phase, visits the others and returns to the first.
///
///     let sequence = PhaseSequence(initialValue: 0.0, phases: [
///         .init(value: 1.0, animation: .smooth),
///         .init(value: 3.0, animation: .easeInOut(duration: 0.3)),
///     ])
///     sequence.value(time: 0.2)
public struct PhaseSequence<Value: Animatable> {
    /// One phase: the value reached and the animation that reaches it.
    public struct Phase {
        /// The value at the end of the phase.
        public var value: Value
        /// How the phase is reached; its ``Animation/duration`` must be finite.
        public var animation: Animation

        /// Creates a phase.
        public init(value: Value, animation: Animation) {
            self.value = value
            self.animation = animation
        }
    }

    let initialValue: Value
    let phases: [Phase]
    /// Resolved per phase: start and end in animatable-data space, for the first and later cycles.
    let targets: [Value.AnimatableData]
    let initialData: Value.AnimatableData
    /// `phaseEnds[k]`: seconds from the start of a cycle to the end of phase `k`.
    let phaseEnds: [Double]
    /// `nil` repeats forever.
    let repeatCount: Int?

    /// The duration of one pass through all phases, in seconds.
    public let cycleDuration: TimeInterval

    /// The total duration in seconds: `cycleDuration × repeatCount`, `infinity` when repeating forever.
    public var duration: TimeInterval {
        repeatCount.map { cycleDuration * Double($0) } ?? .infinity
    }

    /// Creates a sequence that starts at `initialValue` and goes through `phases` in order.
    ///
    /// - Parameters:
    ///   - initialValue: The value at time 0.
    ///   - phases: At least one phase; each animation's duration must be finite (preconditions).
    ///   - repeatCount: How many times the phases are played (≥ 1), or `nil` to loop forever;
    ///     default 1.
    /// - Complexity: O(phases) plus each animation's ``Animation/duration``.
    public init(initialValue: Value, phases: [Phase], repeatCount: Int? = 1) {
        precondition(!phases.isEmpty, "A PhaseSequence needs at least one phase")
        if let repeatCount { precondition(repeatCount >= 1, "repeatCount must be ≥ 1, got \(repeatCount)") }
        self.initialValue = initialValue
        self.phases = phases
        self.repeatCount = repeatCount
        self.initialData = initialValue.animatableData
        self.targets = phases.map { $0.value.animatableData }
        var time = 0.0
        var ends: [Double] = []
        for phase in phases {
            let duration = phase.animation.duration
            precondition(duration.isFinite, "A phase's animation must have a finite duration")
            time += duration
            ends.append(time)
        }
        self.phaseEnds = ends
        self.cycleDuration = time
    }

    /// Creates a sequence in `phaseAnimator` order: it starts at the first phase's value, animates
    /// to each following phase, then back to the first with the first phase's animation.
    public init(cycling phases: [Phase], repeatCount: Int? = 1) {
        precondition(!phases.isEmpty, "A PhaseSequence needs at least one phase")
        self.init(initialValue: phases[0].value, phases: Array(phases.dropFirst()) + [phases[0]], repeatCount: repeatCount)
    }

    /// The value at `time` seconds from the start.
    ///
    /// - Parameter time: Seconds; negative times give the initial value, times past ``duration``
    ///   the last phase's value.
    /// - Complexity: O(log phases) plus one animation's ``Animation/progress(at:)``.
    public func value(time: TimeInterval) -> Value {
        guard time > 0 else { return initialValue }
        var cycle = 0.0
        var local = time
        if let repeatCount, time >= duration {
            // Hold the end of the last phase of the last cycle (its animation's final progress).
            cycle = Double(repeatCount - 1)
            local = cycleDuration
        } else if cycleDuration > 0 {
            cycle = (time / cycleDuration).rounded(.down)
            local = time - cycle * cycleDuration
        }
        var low = 0
        var high = phaseEnds.count
        while low < high {
            let middle = (low + high) / 2
            if phaseEnds[middle] > local { high = middle } else { low = middle + 1 }
        }
        let index = Swift.min(low, phases.count - 1)
        let start = index == 0 ? 0 : phaseEnds[index - 1]
        let from: Value.AnimatableData
        if index > 0 {
            from = targets[index - 1]
        } else {
            from = cycle == 0 ? initialData : targets[targets.count - 1]
        }
        let amount = phases[index].animation.progress(at: local - start)
        var result = initialValue
        result.animatableData = from.interpolated(towards: targets[index], amount: amount)
        return result
    }

    /// The value at `progress` through the sequence: `value(time: progress × duration)`. When the
    /// sequence repeats forever, progress is measured over one cycle instead.
    public func value(progress: Double) -> Value {
        value(time: progress * (duration.isFinite ? duration : cycleDuration))
    }
}

extension PhaseSequence.Phase: Sendable where Value: Sendable {}
extension PhaseSequence: Sendable where Value: Sendable, Value.AnimatableData: Sendable {}
