import Foundation

/// Checks a planned flight's timing: its length, its frames, and how fast the camera turns and moves.
/// Pure: it samples a ``ScriptedFlight`` the way ``PoseSampler`` does and never changes it.
///
/// Every rate is measured between consecutive frames `i` and `i + 1` (`dt = 1 / fps`) and reported at
/// the time of frame `i`:
/// - heading rate: `|headingDifference(h[i], h[i+1])| / dt`, degrees per second (the short way round);
/// - centre speed: the geodesic distance between the two centres (WGS 84, ``LocationCoordinate2D/distance(to:)``)
///   / dt, m/s;
/// - eye speed: the geodesic distance between the points on the ellipsoid under the two eyes
///   (``EyePosition/Model/tangentPlane``) / dt, m/s (horizontal only, like a ground speed);
/// - distance rate: `|distance[i+1] - distance[i]| / dt`, m/s (how fast the camera zooms).
///
/// Finding codes:
///
/// | code | severity | when |
/// |---|---|---|
/// | `flight-duration` | note | always: the flight's length and frame count |
/// | `flight-duration-mismatch` | warning | the timeline's length differs from the requested one by more than ``Options/durationTolerance`` |
/// | `flight-frame-count` | note | `duration * fps` is not whole: the last frame falls short of the end |
/// | `flight-distance-clamped` | warning | frames whose distance the sampler raised to its minimum (keyframes overshoot) |
/// | `flight-max-heading-rate`, `flight-max-center-speed`, `flight-max-eye-speed`, `flight-max-distance-rate` | note | always: the peak and its time |
/// | `heading-rate-over-limit`, `center-speed-over-limit`, `eye-speed-over-limit`, `distance-rate-over-limit` | warning | the peak is over the limit given |
/// | `flight-unplannable` | error | the flight could not be planned (reported by the caller, see ``unplannable(_:)``) |
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
        /// Degrees per second. Default 90: a quarter turn per second; beyond it a viewer loses the
        /// map's orientation (the planner's own default turn rate is 45).
        public var maxHeadingRate: Double? = 90
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
        /// The rate: degrees per second or metres per second.
        public var value: Double
        /// Seconds from the start, the earlier frame of the pair.
        public var time: Double
        /// Frame pairs over the limit (0 without a limit).
        public var framesOverLimit: Int
    }

    /// What the flight check measured.
    public struct Summary: Hashable, Sendable {
        public var duration: Double
        public var framesPerSecond: Double
        public var frameCount: Int
        public var clampedFrameCount: Int
        public var headingRate: Peak
        public var centerSpeed: Peak
        public var eyeSpeed: Peak
        public var distanceRate: Peak
    }

    /// The length of the flight the options ask for, seconds, or `nil` when the options leave it to the
    /// route and the plan (recorded timing without `duration`).
    ///
    /// `follow`: `intro + duration + outro` (duration 30 s by default); `wwdc`: `duration + return`
    /// (16 s by default); `overview` and `orbit`: `duration` (20 s). Recorded timing counts
    /// `recordedDuration / speedup` for the route part when no `duration` is given and no idle time is
    /// skipped. Gaps that are held or flown add their own time, which the comparison then reports.
    public static func expectedDuration(options: FlightOptions, route: Route) -> Double? {
        switch options.preset {
        case .wwdc: return (options.duration ?? 16) + options.returnDuration
        case .overview, .orbit: return options.duration ?? 20
        case .follow:
            let part: Double
            if options.timing == .recorded, options.duration == nil {
                guard options.skipIdle == nil, let span = route.recordedDuration, span > 0 else { return nil }
                part = span / (options.speedup ?? 1)
            } else {
                part = options.duration ?? 30
            }
            return options.intro + part + options.outro
        }
    }

    /// The finding for a flight that could not be planned (`error`, `flight-unplannable`).
    public static func unplannable(_ reason: String) -> Finding {
        Finding(.error, "flight-unplannable", "The flight cannot be planned: \(reason).")
    }

    /// Samples `flight` at ``Options/framesPerSecond`` and checks it.
    ///
    /// - Returns: Findings in a fixed order (duration, frames, clamping, then each rate's peak and its
    ///   limit), and the summary.
    /// - Complexity: O(f log k) for f frames and k keyframes, O(1) memory.
    public static func check(_ flight: ScriptedFlight, options: Options = Options()) -> (findings: [Finding], summary: Summary) {
        let sampler = PoseSampler(framesPerSecond: options.framesPerSecond)
        let dt = 1 / options.framesPerSecond
        var previous: CameraPose? = nil
        var heading = Peak(value: 0, time: 0, framesOverLimit: 0)
        var center = heading, eye = heading, zoom = heading
        func record(_ peak: inout Peak, _ value: Double, _ time: Double, _ limit: Double?) {
            if value > peak.value { peak.value = value; peak.time = time }
            if let limit, value > limit { peak.framesOverLimit += 1 }
        }
        let pass = sampler.forEachPose(of: flight, eye: .tangentPlane) { pose in
            if let p = previous {
                record(&heading, abs(headingDifference(from: p.camera.heading, to: pose.camera.heading)) / dt, p.time, options.maxHeadingRate)
                record(&center, p.camera.centerCoordinate.distance(to: pose.camera.centerCoordinate) / dt, p.time, options.maxCenterSpeed)
                if let a = p.eye, let b = pose.eye {
                    record(&eye, a.coordinate.distance(to: b.coordinate) / dt, p.time, options.maxEyeSpeed)
                }
                record(&zoom, abs(pose.camera.distance - p.camera.distance) / dt, p.time, options.maxDistanceRate)
            }
            previous = pose
            return true
        }
        let duration = flight.duration
        func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
        var findings: [Finding] = []
        let lastTime = sampler.time(ofFrame: pass.frameCount - 1)
        findings.append(Finding(.note, "flight-duration", time: .flight(duration),
            "The flight lasts \(num(duration, 3)) s: \(pass.frameCount) frames at \(num(options.framesPerSecond, 3)) fps."))
        if let expected = options.expectedDuration, abs(duration - expected) > options.durationTolerance {
            findings.append(Finding(.warning, "flight-duration-mismatch", time: .flight(duration),
                "The flight lasts \(num(duration, 3)) s, not the \(num(expected, 3)) s asked for (\(duration > expected ? "+" : "")\(num(duration - expected, 3)) s; tolerance \(num(options.durationTolerance, 3)) s)."))
        }
        if duration - lastTime > 1e-9 {
            findings.append(Finding(.note, "flight-frame-count", time: .flight(lastTime),
                "\(num(duration, 3)) s at \(num(options.framesPerSecond, 3)) fps is \(num(duration * options.framesPerSecond, 3)) frame intervals: the last frame, at \(num(lastTime, 6)) s, misses the final \(num(duration - lastTime, 6)) s."))
        }
        if pass.clampedFrameCount > 0 {
            findings.append(Finding(.warning, "flight-distance-clamped",
                "\(pass.clampedFrameCount) of \(pass.frameCount) frames had a camera distance below \(num(sampler.minimumDistance, 0)) m (the keyframes overshoot) and were held there."))
        }
        func peak(_ p: Peak, _ name: String, _ what: String, _ unit: String, _ limit: Double?, _ places: Int) {
            findings.append(Finding(.note, "flight-max-\(name)", time: .flight(p.time),
                "The \(what) peaks at \(num(p.value, places)) \(unit) at \(num(p.time, 3)) s\(limit.map { " (limit \(num($0, places)) \(unit))" } ?? "")."))
            if let limit, p.value > limit {
                findings.append(Finding(.warning, "\(name)-over-limit", time: .flight(p.time),
                    "The \(what) reaches \(num(p.value, places)) \(unit) at \(num(p.time, 3)) s, over the limit of \(num(limit, places)) \(unit) in \(p.framesOverLimit) of \(max(pass.frameCount - 1, 0)) frame steps."))
            }
        }
        peak(heading, "heading-rate", "heading rate", "deg/s", options.maxHeadingRate, 2)
        peak(center, "center-speed", "centre's ground speed", "m/s", options.maxCenterSpeed, 1)
        peak(eye, "eye-speed", "eye's ground speed", "m/s", options.maxEyeSpeed, 1)
        peak(zoom, "distance-rate", "camera distance's rate of change", "m/s", options.maxDistanceRate, 1)
        let summary = Summary(duration: duration, framesPerSecond: options.framesPerSecond, frameCount: pass.frameCount,
                              clampedFrameCount: pass.clampedFrameCount, headingRate: heading, centerSpeed: center,
                              eyeSpeed: eye, distanceRate: zoom)
        return (findings, summary)
    }
}
