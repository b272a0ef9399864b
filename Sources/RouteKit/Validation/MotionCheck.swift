import Foundation

/// Checks how a flight moves on the screen (`MotionMeasures`) against ``MotionLimits``.
///
/// Finding codes (times are seconds on the flight: a step's midpoint for rates and jumps, the frame's
/// time for accelerations):
///
/// | code | severity | when |
/// |---|---|---|
/// | `motion-peaks` | note | always: the peak of every measure, with its time |
/// | `motion-jump` | error | a run of frame steps in each of which the centre moves more than ``MotionLimits/screenJump`` screen heights |
/// | `motion-screen-speed` | warning | a run of steps over ``MotionLimits/screenSpeed`` (one finding per run, at its peak) |
/// | `motion-zoom-rate` | warning | a run over ``MotionLimits/zoomRate`` |
/// | `motion-turn-rate` | warning | a run over ``MotionLimits/turnRate`` |
/// | `motion-tilt-rate` | warning | a run over ``MotionLimits/tiltRate`` |
/// | `motion-jolt` | warning | a run of frames over one of the four acceleration limits (the message names which) |
/// | `motion-eye-bob` | warning | a run of frames over ``MotionLimits/eyeAcceleration`` |
/// | `motion-not-at-rest` | warning | the first or the last frame step moves at more than ``MotionLimits/restFraction`` of a rate limit |
///
/// A *run* is a maximal sequence of consecutive steps (or frames) over the limit: a fly-in that is too
/// fast for two seconds is one finding, "from 0.117 s to 2.083 s, peaking at 1.92 at 1.017 s".
///
/// Use ``check(_:framesPerSecond:verticalFieldOfView:limits:traceBuckets:)`` for a planned or scripted
/// flight, ``check(poses:framesPerSecond:verticalFieldOfView:limits:)`` for poses at hand, or feed an
/// `Accumulator` pose by pose (what ``FlightCheck`` does, in the same pass as its other checks).
public enum MotionCheck {
    /// One of the measures a limit applies to.
    public enum Measure: String, CaseIterable, Hashable, Sendable {
        case screenSpeed, zoomRate, turnRate, tiltRate
        case screenAcceleration, zoomAcceleration, turnAcceleration, tiltAcceleration
        case eyeAcceleration, screenStep

        /// The finding code of a run over its limit.
        public var code: Finding.Code {
            switch self {
            case .screenSpeed: .motionScreenSpeed
            case .zoomRate: .motionZoomRate
            case .turnRate: .motionTurnRate
            case .tiltRate: .motionTiltRate
            case .screenAcceleration, .zoomAcceleration, .turnAcceleration, .tiltAcceleration: .motionJolt
            case .eyeAcceleration: .motionEyeBob
            case .screenStep: .motionJump
            }
        }

        /// Words for a sentence.
        public var name: String {
            switch self {
            case .screenSpeed: "screen speed"
            case .zoomRate: "zoom rate"
            case .turnRate: "turn rate"
            case .tiltRate: "tilt rate"
            case .screenAcceleration: "screen acceleration"
            case .zoomAcceleration: "zoom acceleration"
            case .turnAcceleration: "turn acceleration"
            case .tiltAcceleration: "tilt acceleration"
            case .eyeAcceleration: "eye's vertical acceleration (over the distance)"
            case .screenStep: "screen step"
            }
        }

        /// The unit, as printed.
        public var unit: String {
            switch self {
            case .screenSpeed: "screen heights/s"
            case .zoomRate: "/s"
            case .turnRate, .tiltRate: "deg/s"
            case .screenAcceleration: "screen heights/s^2"
            case .zoomAcceleration, .eyeAcceleration: "/s^2"
            case .turnAcceleration, .tiltAcceleration: "deg/s^2"
            case .screenStep: "screen heights in one frame"
            }
        }

        /// Decimals printed.
        var places: Int {
            switch self {
            case .turnRate, .tiltRate, .turnAcceleration, .tiltAcceleration: 1
            default: 3
            }
        }

        /// The limit that applies.
        public func limit(in limits: MotionLimits) -> Double? {
            switch self {
            case .screenSpeed: limits.screenSpeed
            case .zoomRate: limits.zoomRate
            case .turnRate: limits.turnRate
            case .tiltRate: limits.tiltRate
            case .screenAcceleration: limits.screenAcceleration
            case .zoomAcceleration: limits.zoomAcceleration
            case .turnAcceleration: limits.turnAcceleration
            case .tiltAcceleration: limits.tiltAcceleration
            case .eyeAcceleration: limits.eyeAcceleration
            case .screenStep: limits.screenJump
            }
        }

        /// Whether the measure belongs to frame steps (rates, the jump) rather than frames (accelerations).
        var isStep: Bool { [.screenSpeed, .zoomRate, .turnRate, .tiltRate, .screenStep].contains(self) }

        func value(_ s: MotionMeasures.Step) -> Double {
            switch self {
            case .screenSpeed: s.screenSpeed
            case .zoomRate: s.zoomRate
            case .turnRate: s.turnRate
            case .tiltRate: s.tiltRate
            case .screenStep: s.screenStep
            default: 0
            }
        }

        func value(_ c: MotionMeasures.Change) -> Double {
            switch self {
            case .screenAcceleration: c.screenAcceleration
            case .zoomAcceleration: c.zoomAcceleration
            case .turnAcceleration: c.turnAcceleration
            case .tiltAcceleration: c.tiltAcceleration
            case .eyeAcceleration: c.eyeAcceleration
            default: 0
            }
        }
    }

    /// The largest magnitude a measure reached.
    public struct Peak: Hashable, Sendable {
        /// The value with its sign (its magnitude is the largest), in the measure's unit; 0 when nothing
        /// was measured.
        public var value: Double = 0
        /// Seconds from the start.
        public var time: Double = 0
        /// Steps or frames over the limit.
        public var countOverLimit: Int = 0
    }

    /// A run of consecutive steps or frames over a limit.
    public struct Exceedance: Hashable, Sendable {
        public var measure: Measure
        /// The first and last time over the limit, seconds.
        public var start: Double
        public var end: Double
        /// Steps or frames in the run.
        public var count: Int
        /// The value of largest magnitude (signed), and its time.
        public var peak: Double
        public var peakTime: Double
        /// The limit it exceeded.
        public var limit: Double
    }

    /// What the motion check found.
    public struct Result: Hashable, Sendable {
        /// `motion-peaks`, then the jumps, then the runs by measure (in ``Measure`` order) and time.
        public var findings: [Finding]
        /// The peak of every measure.
        public var peaks: [Measure: Peak]
        /// Every run over a limit (jumps first), by measure and time.
        public var exceedances: [Exceedance]
        /// The measures over time, when asked for (``Accumulator/init(framesPerSecond:verticalFieldOfView:limits:trace:)``).
        package var trace: MotionTrace?
        /// The limits checked against.
        public var limits: MotionLimits
    }

    /// Collects measures pose by pose; O(1) memory besides the runs found and the trace.
    package struct Accumulator: Sendable {
        package let limits: MotionLimits
        private var meter: MotionMeasures.Meter
        private var peaks: [Measure: Peak] = [:]
        private var open: [Measure: Exceedance] = [:]
        private var closed: [Exceedance] = []
        private var trace: MotionTrace?
        private var firstStep: MotionMeasures.Step? = nil
        private var lastStep: MotionMeasures.Step? = nil

        /// - Parameters:
        ///   - framesPerSecond: The poses' frame rate (> 0).
        ///   - verticalFieldOfView: Degrees, in `(0, 180)`.
        ///   - limits: What to warn about.
        ///   - trace: A trace to fill for a plot, or `nil`.
        package init(framesPerSecond: Double, verticalFieldOfView: Double, limits: MotionLimits, trace: MotionTrace? = nil) {
            self.limits = limits
            self.meter = MotionMeasures.Meter(framesPerSecond: framesPerSecond, verticalFieldOfView: verticalFieldOfView)
            self.trace = trace
        }

        /// Adds the next pose (in frame order). O(1).
        package mutating func add(_ pose: CameraPose) {
            let (step, change) = meter.add(pose)
            if let step {
                if firstStep == nil { firstStep = step }
                lastStep = step
                trace?.add(step)
                for m in Measure.allCases where m.isStep { record(m, m.value(step), step.time) }
            }
            if let change {
                for m in Measure.allCases where !m.isStep { record(m, m.value(change), change.time) }
            }
        }

        private mutating func record(_ m: Measure, _ value: Double, _ time: Double) {
            var peak = peaks[m] ?? Peak()
            if abs(value) > abs(peak.value) { peak.value = value; peak.time = time }
            defer { peaks[m] = peak }
            guard let limit = m.limit(in: limits) else { return }
            if abs(value) > limit {
                peak.countOverLimit += 1
                if var run = open[m] {
                    run.end = time
                    run.count += 1
                    if abs(value) > abs(run.peak) { run.peak = value; run.peakTime = time }
                    open[m] = run
                } else {
                    open[m] = Exceedance(measure: m, start: time, end: time, count: 1, peak: value, peakTime: time, limit: limit)
                }
            } else if let run = open.removeValue(forKey: m) {
                closed.append(run)
            }
        }

        /// The findings and everything measured.
        package func result() -> Result {
            let all = (closed + open.values).sorted {
                let a = Measure.allCases.firstIndex(of: $0.measure)!, b = Measure.allCases.firstIndex(of: $1.measure)!
                return a != b ? a < b : $0.start < $1.start
            }
            let jumps = all.filter { $0.measure == .screenStep }
            let runs = all.filter { $0.measure != .screenStep }
            var findings = [MotionCheck.peaksFinding(peaks)]
            findings += jumps.map(MotionCheck.finding)
            findings += runs.map(MotionCheck.finding)
            if let fraction = limits.restFraction {
                for (step, which) in [(firstStep, "first"), (lastStep, "last")] {
                    guard let step else { continue }
                    let moving = [Measure.screenSpeed, .zoomRate, .turnRate, .tiltRate].compactMap { m -> String? in
                        guard let limit = m.limit(in: limits), abs(m.value(step)) > fraction * limit else { return nil }
                        return "\(m.name) \(MotionCheck.num(abs(m.value(step)), m.places)) \(m.unit) (rest: below \(MotionCheck.num(fraction * limit, m.places)))"
                    }
                    guard !moving.isEmpty else { continue }
                    findings.append(Finding(.warning, .motionNotAtRest, time: .flight(step.time),
                        "The camera is not at rest in the \(which) frame step, at \(MotionCheck.num(step.time, 3)) s: \(moving.joined(separator: ", ")); it \(which == "first" ? "starts" : "stops") with a jolt."))
                }
            }
            return Result(findings: findings, peaks: peaks, exceedances: jumps + runs, trace: trace, limits: limits)
        }
    }

    /// Samples `flight` at `framesPerSecond` (as ``PoseSampler`` does, eyes on the tangent-plane model)
    /// and checks its motion: the function to call on a planned flight.
    ///
    /// - Parameters:
    ///   - flight: A resolved plan or script (``CameraScript/resolved(for:framing:terrain:)``).
    ///   - framesPerSecond: The frame rate to measure at (> 0): the video's, or finer.
    ///   - verticalFieldOfView: Degrees (``CameraFraming/verticalFieldOfView`` of the plan).
    ///   - limits: Default ``MotionLimits/init()``.
    ///   - traceBuckets: Keep a `MotionTrace` of this many time buckets for a plot (`nil`: none).
    /// - Complexity: O(f log k) for f frames and k keyframes; O(1) memory besides runs and trace.
    public static func check(_ flight: ScriptedFlight, framesPerSecond: Double,
                             verticalFieldOfView: Double = CameraFraming.defaultVerticalFieldOfView,
                             limits: MotionLimits = MotionLimits(), traceBuckets: Int? = nil) -> Result {
        let sampler = PoseSampler(framesPerSecond: framesPerSecond)
        var accumulator = Accumulator(framesPerSecond: framesPerSecond, verticalFieldOfView: verticalFieldOfView, limits: limits,
                                      trace: traceBuckets.map { MotionTrace(duration: flight.duration, buckets: $0) })
        _ = sampler.forEachPose(of: flight, eye: .tangentPlane) { accumulator.add($0); return true }
        return accumulator.result()
    }

    /// Checks poses already sampled (consecutive frames at `framesPerSecond`).
    public static func check(poses: [CameraPose], framesPerSecond: Double,
                             verticalFieldOfView: Double = CameraFraming.defaultVerticalFieldOfView,
                             limits: MotionLimits = MotionLimits()) -> Result {
        var accumulator = Accumulator(framesPerSecond: framesPerSecond, verticalFieldOfView: verticalFieldOfView, limits: limits)
        for pose in poses { accumulator.add(pose) }
        return accumulator.result()
    }

    private static func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }

    static func peaksFinding(_ peaks: [Measure: Peak]) -> Finding {
        let parts = [Measure.screenSpeed, .zoomRate, .turnRate, .tiltRate, .screenAcceleration, .zoomAcceleration,
                     .turnAcceleration, .tiltAcceleration, .eyeAcceleration].map { m -> String in
            let p = peaks[m] ?? Peak()
            return "\(m.name) \(num(abs(p.value), m.places)) \(m.unit) at \(num(p.time, 3)) s"
        }
        let top = peaks[.screenSpeed] ?? Peak()
        return Finding(.note, .motionPeaks, time: .flight(top.time), "On screen, the flight peaks at: \(parts.joined(separator: ", ")).")
    }

    static func finding(_ e: Exceedance) -> Finding {
        let m = e.measure
        let v = num(abs(e.peak), m.places), limit = num(e.limit, m.places)
        if m == .screenStep {
            let when = e.count == 1 ? "within one frame at \(num(e.peakTime, 3)) s"
                : "within each frame from \(num(e.start, 3)) s to \(num(e.end, 3)) s (\(e.count) frame steps), up to \(v) at \(num(e.peakTime, 3)) s"
            return Finding(.error, m.code, time: .flight(e.peakTime),
                "The centre moves \(e.count == 1 ? v : "more than \(limit)") screen heights \(when)\(e.count == 1 ? " (more than \(limit))" : ""): the viewer sees a cut, not a move.")
        }
        if e.count == 1 {
            return Finding(.warning, m.code, time: .flight(e.peakTime),
                "The \(m.name) is \(v) \(m.unit) at \(num(e.peakTime, 3)) s, over the limit of \(limit) \(m.unit).")
        }
        return Finding(.warning, m.code, time: .flight(e.peakTime),
            "The \(m.name) is over the limit of \(limit) \(m.unit) from \(num(e.start, 3)) s to \(num(e.end, 3)) s (\(e.count) \(m.isStep ? "frame steps" : "frames")), peaking at \(v) \(m.unit) at \(num(e.peakTime, 3)) s.")
    }
}
