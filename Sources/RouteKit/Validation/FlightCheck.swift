import Foundation

/// Checks a planned flight: its length, its frames, and how it moves on the screen (``MotionCheck``).
/// Pure: it samples a ``ScriptedFlight`` the way ``PoseSampler`` does and never changes it.
///
/// Motion is judged in screen terms (`MotionMeasures`, ``MotionLimits``): screen speed, zoom, turn and
/// tilt rates, their accelerations, the eye's vertical acceleration and jumps. Ground speeds in metres
/// per second are still measured between consecutive frames `i` and `i + 1` (`dt = 1 / fps`, reported at
/// the time of frame `i`) and are in the ``Summary``, but they only give findings against limits the
/// caller sets (a drone's top speed, say), because what a viewer can follow depends on the distance:
/// - centre speed: the geodesic distance between the two centres (WGS 84, ``LocationCoordinate2D/distance(to:)``)
///   / dt, m/s;
/// - eye speed: the geodesic distance between the points on the ellipsoid under the two eyes
///   (``EyePosition/Model/tangentPlane``) / dt, m/s (horizontal only, like a ground speed);
/// - distance rate: `|distance[i+1] - distance[i]| / dt`, m/s;
/// - heading rate: `|headingDifference(h[i], h[i+1])| / dt`, degrees per second (the short way round).
///
/// Finding codes:
///
/// | code | severity | when |
/// |---|---|---|
/// | `flight-duration` | note | always: the flight's length and frame count |
/// | `flight-duration-mismatch` | warning | the timeline's length differs from the requested one by more than ``Options/durationTolerance`` |
/// | `flight-frame-count` | note | `duration * fps` is not whole (by more than 10⁻⁶ of a frame interval: less is rounding): the last frame falls short of the end |
/// | `flight-distance-clamped` | warning | frames whose distance the sampler raised to its minimum (keyframes overshoot) |
/// | `flight-out-of-range` | warning | frames whose centre latitude passed a pole or whose pitch left `0...` ``MapCamera/maximumPitch`` and was held at the bound (a script's keyframes overshoot) |
/// | `flight-elevation-implausible` | warning | frames whose centre elevation left -12 000...100 000 m (`PointValueLimits.elevation`) |
/// | `center-speed-over-limit`, `eye-speed-over-limit`, `distance-rate-over-limit` | warning | the m/s peak is over a limit given (none by default) |
/// | `motion-peaks`, `motion-jump`, `motion-screen-speed`, `motion-zoom-rate`, `motion-turn-rate`, `motion-tilt-rate`, `motion-jolt`, `motion-eye-bob` | note, error, warnings | see ``MotionCheck`` |
/// | `flight-unplannable` | error | the flight could not be planned or is too long to sample (reported by `CheckRun`, see ``Unplannable``) |
public enum FlightCheck {
    /// Thresholds and expectations.
    public struct Options: Hashable, Sendable {
        /// Frames per second (> 0). Default 30.
        public var framesPerSecond: Double = 30
        /// The length the flight should have, seconds, or `nil` to not compare (see
        /// ``expectedDuration(options:route:)``).
        public var expectedDuration: Double? = nil
        /// Seconds the length may differ from ``expectedDuration`` (>= 0). Default 0.5.
        public var durationTolerance: Double = 0.5
        /// The vertical field of view the flight is shown with, degrees in `(0, 180)` (the plan's
        /// ``CameraFraming/verticalFieldOfView``): it sets how much ground a screen height is.
        public var verticalFieldOfView: Double = CameraFraming.defaultVerticalFieldOfView
        /// The limits of the motion check (``MotionLimits``; defaults as documented there).
        public var motion = MotionLimits()
        /// Keep a `MotionTrace` of this many time buckets for a plot, or `nil` (default) for none.
        public var traceBuckets: Int? = nil
        /// Centre ground speed, m/s, or `nil` (default): no limit, since what a viewer can follow depends
        /// on how far away the camera is. The peak is always reported.
        public var maxCenterSpeed: Double? = nil
        /// Eye ground speed, m/s, or `nil` (default): no limit.
        public var maxEyeSpeed: Double? = nil
        /// Zoom speed, m/s, or `nil` (default): no limit.
        public var maxDistanceRate: Double? = nil

        public init() {}
    }

    /// A peak rate and where it happens.
    public struct Peak: Hashable, Sendable {
        /// The rate: degrees per second or metres per second (a magnitude).
        public var value: Double
        /// Seconds from the start, the earlier frame of the pair.
        public var time: Double
        /// Frame pairs over the limit (0 without a limit).
        public var framesOverLimit: Int
    }

    /// What the flight check measured.
    public struct Summary: Hashable, Sendable {
        /// Seconds from the first frame to the end of the flight.
        public var duration: Double
        /// The frame rate the flight was sampled at.
        public var framesPerSecond: Double
        /// Frames sampled (`floor(duration × fps) + 1`).
        public var frameCount: Int
        /// Frames whose distance the sampler held at its floor.
        public var clampedFrameCount: Int
        /// The camera's turn rate, degrees per second.
        public var headingRate: Peak
        /// The centre's ground speed, metres per second.
        public var centerSpeed: Peak
        /// The eye's ground speed, metres per second.
        public var eyeSpeed: Peak
        /// The rate of change of the eye-to-centre distance, metres per second.
        public var distanceRate: Peak
        /// The motion check: its peaks, runs over the limits and (when asked for) its trace.
        public var motion: MotionCheck.Result
    }

    /// The length of the flight the options ask for, seconds, or `nil` when the options leave it to the
    /// route and the plan (recorded timing without `duration`).
    ///
    /// `follow`: `intro + duration + outro` (duration 30 s by default); `wwdc`: `duration + return`
    /// (16 s by default); `overview` and `orbit`: `duration` (20 s). Recorded timing without a
    /// `duration` asks for a speed-up, not a length: `nil`. Gaps that are held add their own time,
    /// which the comparison then reports.
    public static func expectedDuration(options: FlightOptions, route: Route) -> Double? {
        switch options.preset {
        case .wwdc: return (options.duration ?? 16) + options.returnDuration
        case .overview, .orbit: return options.duration ?? 20
        case .follow:
            let part: Double
            if options.timing == .recorded, options.duration == nil {
                // The length follows the file's clock (a speed-up, not a duration, was asked for):
                // times that go backwards, stand still or are missing, and gaps given time to be flown,
                // all change it, and the plan's notes say how.
                return nil
            } else {
                part = options.duration ?? 30
            }
            return options.intro + part + options.outro
        }
    }

    /// The finding for a flight that could not be planned (`error`, `flight-unplannable`).
    public static func unplannable(_ reason: String) -> Finding {
        Finding(.error, .flightUnplannable, "The flight cannot be planned: \(reason).")
    }

    /// Samples `flight` at ``Options/framesPerSecond`` and checks it.
    ///
    /// - Returns: Findings in a fixed order (duration, frames, clamping, the m/s limits given, then the
    ///   motion findings in ``MotionCheck``'s order), and the summary.
    /// - Complexity: O(f log k) for f frames and k keyframes, O(1) memory.
    public static func check(_ flight: ScriptedFlight, options: Options = Options()) -> (findings: [Finding], summary: Summary) {
        let sampler = PoseSampler(framesPerSecond: options.framesPerSecond)
        var peaks = FlightPeaks()
        var motion = MotionCheck.Accumulator(framesPerSecond: options.framesPerSecond, verticalFieldOfView: options.verticalFieldOfView,
                                             limits: options.motion, trace: options.traceBuckets.map { MotionTrace(duration: flight.duration, buckets: $0) })
        var previous: CameraPose? = nil
        let pass = sampler.forEachPose(of: flight, eye: .tangentPlane) { pose in
            if let p = previous { peaks.add(from: p, to: pose, options: options) }
            motion.add(pose)
            previous = pose
            return true
        }
        var findings = durationFindings(flight.duration, pass: pass, sampler: sampler, options: options)
        findings += heldFrameFindings(pass, sampler: sampler)
        findings += speedFindings(peaks, pass: pass, options: options)
        let motionResult = motion.result()
        findings += motionResult.findings
        let summary = Summary(duration: flight.duration, framesPerSecond: options.framesPerSecond, frameCount: pass.frameCount,
                              clampedFrameCount: pass.clampedFrameCount, headingRate: peaks.heading, centerSpeed: peaks.center,
                              eyeSpeed: peaks.eye, distanceRate: peaks.zoom, motion: motionResult)
        return (findings, summary)
    }

    private static func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }

    /// `flight-duration`, then `flight-duration-mismatch` and `flight-frame-count` when they apply.
    private static func durationFindings(_ duration: Double, pass: PoseSampler.Summary, sampler: PoseSampler,
                                         options: Options) -> [Finding] {
        var findings: [Finding] = []
        let lastTime = sampler.time(ofFrame: pass.frameCount - 1)
        findings.append(Finding(.note, .flightDuration, time: .flight(duration),
            "The flight lasts \(num(duration, 3)) s: \(pass.frameCount) frames at \(num(options.framesPerSecond, 3)) fps."))
        if let expected = options.expectedDuration, abs(duration - expected) > options.durationTolerance {
            findings.append(Finding(.warning, .flightDurationMismatch, time: .flight(duration),
                "The flight lasts \(num(duration, 3)) s, not the \(num(expected, 3)) s asked for (\(duration > expected ? "+" : "")\(num(duration - expected, 3)) s; tolerance \(num(options.durationTolerance, 3)) s)."))
        }
        // A remainder of at least a millionth of a frame interval: below it, floating-point rounding of
        // `duration × fps` (29111 s at 30 fps left 4e-12 s), not a frame missed.
        if (duration - lastTime) * options.framesPerSecond > 1e-6 {
            findings.append(Finding(.note, .flightFrameCount, time: .flight(lastTime),
                "\(num(duration, 3)) s at \(num(options.framesPerSecond, 3)) fps is \(num(duration * options.framesPerSecond, 3)) frame intervals: the last frame, at \(num(lastTime, 6)) s, misses the final \(num(duration - lastTime, 6)) s."))
        }
        return findings
    }

    /// The frames the sampler held at a bound: `flight-distance-clamped`, `flight-out-of-range` and
    /// `flight-elevation-implausible`.
    private static func heldFrameFindings(_ pass: PoseSampler.Summary, sampler: PoseSampler) -> [Finding] {
        var findings: [Finding] = []
        if pass.clampedFrameCount > 0 {
            findings.append(Finding(.warning, .flightDistanceClamped,
                "\(pass.clampedFrameCount) of \(pass.frameCount) frames had a camera distance below \(num(sampler.minimumDistance, 0)) m (the keyframes overshoot) and were held there."))
        }
        if pass.outOfRangeFrameCount > 0 {
            findings.append(Finding(.warning, .flightOutOfRange, time: pass.firstOutOfRangeTime.map { .flight($0) },
                "\(pass.outOfRangeFrameCount) of \(pass.frameCount) frames had a centre latitude beyond a pole or a pitch outside 0...90 degrees (the keyframes overshoot), first at \(num(pass.firstOutOfRangeTime ?? 0, 3)) s, and were held at the bound."))
        }
        if pass.implausibleElevationFrameCount > 0 {
            findings.append(Finding(.warning, .flightElevationImplausible, time: pass.firstImplausibleElevationTime.map { .flight($0) },
                "\(pass.implausibleElevationFrameCount) of \(pass.frameCount) frames had a centre elevation outside \(num(PointValueLimits.elevation.lowerBound, 0))...\(num(PointValueLimits.elevation.upperBound, 0)) m (the keyframes overshoot), first at \(num(pass.firstImplausibleElevationTime ?? 0, 3)) s."))
        }
        return findings
    }

    /// The m/s limits given that a peak passes: centre, eye, then distance rate.
    private static func speedFindings(_ peaks: FlightPeaks, pass: PoseSampler.Summary, options: Options) -> [Finding] {
        var findings: [Finding] = []
        func overLimit(_ p: Peak, _ code: Finding.Code, _ what: String, _ limit: Double?) {
            guard let limit, p.value > limit else { return }
            findings.append(Finding(.warning, code, time: .flight(p.time),
                "The \(what) reaches \(num(p.value, 1)) m/s at \(num(p.time, 3)) s, over the limit of \(num(limit, 1)) m/s in \(p.framesOverLimit) of \(max(pass.frameCount - 1, 0)) frame steps."))
        }
        overLimit(peaks.center, .centerSpeedOverLimit, "centre's ground speed", options.maxCenterSpeed)
        overLimit(peaks.eye, .eyeSpeedOverLimit, "eye's ground speed", options.maxEyeSpeed)
        overLimit(peaks.zoom, .distanceRateOverLimit, "camera distance's rate of change", options.maxDistanceRate)
        return findings
    }
}

/// The peak rates of a sampled flight, frame step by frame step: heading (degrees per second), centre
/// and eye ground speeds and the distance's rate of change (m/s), each with the frames over its limit.
private struct FlightPeaks {
    var heading = FlightCheck.Peak(value: 0, time: 0, framesOverLimit: 0)
    var center = FlightCheck.Peak(value: 0, time: 0, framesOverLimit: 0)
    var eye = FlightCheck.Peak(value: 0, time: 0, framesOverLimit: 0)
    var zoom = FlightCheck.Peak(value: 0, time: 0, framesOverLimit: 0)

    /// Records the frame step from `p` to `pose` (one frame interval), at `p`'s time.
    mutating func add(from p: CameraPose, to pose: CameraPose, options: FlightCheck.Options) {
        let dt = 1 / options.framesPerSecond
        Self.record(&heading, abs(Angles.headingDifference(from: p.camera.heading, to: pose.camera.heading)) / dt, p.time, nil)
        Self.record(&center, p.camera.centerCoordinate.distance(to: pose.camera.centerCoordinate) / dt, p.time, options.maxCenterSpeed)
        if let a = p.eye, let b = pose.eye {
            Self.record(&eye, a.coordinate.distance(to: b.coordinate) / dt, p.time, options.maxEyeSpeed)
        }
        Self.record(&zoom, abs(pose.camera.distance - p.camera.distance) / dt, p.time, options.maxDistanceRate)
    }

    private static func record(_ peak: inout FlightCheck.Peak, _ value: Double, _ time: Double, _ limit: Double?) {
        if value > peak.value { peak.value = value; peak.time = time }
        if let limit, value > limit { peak.framesOverLimit += 1 }
    }
}
