import Foundation
import Testing
@testable import RouteKit

/// The motion measures on synthetic pose sequences whose screen speed, zoom, turn and tilt rates and
/// accelerations are known in closed form, and the findings they give at the right times.
@Suite struct MotionMeasuresTests {
    /// `2 atan(1/3)`: the default field of view, for which a screen height is exactly `2 d / 3` metres.
    static let fov = 2 * atan(1.0 / 3.0) * 180 / .pi
    static let fps = 30.0
    static let a = 6_378_137.0  // WGS 84 equatorial radius: an arc of the equator of x radians is a x metres

    /// Frames `0 ... n-1` at 30 fps; `f(t)` gives (longitude on the equator, distance, heading, pitch, elevation).
    static func poses(_ n: Int, _ f: (Double) -> (longitude: Double, distance: Double, heading: Double, pitch: Double, elevation: Double)) -> [CameraPose] {
        (0..<n).map { i in
            let t = Double(i) / fps
            let v = f(t)
            return CameraPose(frame: i, time: t,
                              camera: MapCamera(centerCoordinate: LocationCoordinate2D(latitude: 0, longitude: v.longitude),
                                                distance: v.distance, heading: v.heading, pitch: v.pitch).normalized,
                              centerElevation: v.elevation)
        }
    }

    /// Longitude (degrees) reached after `metres` east along the equator.
    static func east(_ metres: Double) -> Double { metres / a * 180 / .pi }

    @Test func constantGroundSpeedAtConstantDistanceIsAConstantScreenSpeed() throws {
        // 500 m/s at 3000 m: a screen height is 2000 m, so 0.25 screen heights per second.
        let poses = Self.poses(61) { t in (Self.east(500 * t), 3000, 90, 0, 0) }
        let (steps, changes) = MotionMeasures.measure(poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(steps.count == 60 && changes.count == 59)
        for s in steps {
            #expect(isClose(s.screenSpeed, 0.25, relative: 1e-9), "\(s)")
            #expect(isClose(s.screenStep, 0.25 / 30, relative: 1e-9))
            #expect(isClose(s.groundDistance, 500.0 / 30, relative: 1e-9))
            #expect(s.zoomRate == 0 && s.turnRate == 0 && s.tiltRate == 0)
        }
        #expect(steps[0].time == 0.5 / 30 && steps[59].time == 59.5 / 30)  // step midpoints
        #expect(changes.allSatisfy { abs($0.screenAcceleration) < 1e-6 && abs($0.eyeAcceleration) < 1e-6 })
        #expect(changes[0].frame == 1 && changes[0].time == 1.0 / 30)
        // Within every default limit but rest: the camera moves in the first and last frame steps.
        let result = MotionCheck.check(poses: poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(result.findings.map(\.code.rawValue) == ["motion-peaks", "motion-not-at-rest", "motion-not-at-rest"])
        #expect(result.findings[1].time == .flight(0.5 / 30) && result.findings[2].time == .flight(59.5 / 30))
        // Over a 0.2 limit: one run over the whole flight, at its peak.
        var limits = MotionLimits()
        limits.screenSpeed = 0.2
        let over = MotionCheck.check(poses: poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov, limits: limits)
        let runs = over.exceedances.filter { $0.measure == .screenSpeed }
        #expect(runs.count == 1 && runs[0].count == 60 && runs[0].start == 0.5 / 30 && runs[0].end == 59.5 / 30)
        let finding = try #require(over.findings.first { $0.code.rawValue == "motion-screen-speed" })
        #expect(finding.severity == .warning)
        #expect(finding.message.hasPrefix("The screen speed is over the limit of 0.200 screen heights/s from 0.017 s to 1.983 s (60 frame steps), peaking at 0.250 screen heights/s"))
    }

    @Test func theFieldOfViewSetsTheScreenHeight() {
        // 60 degrees: a screen height is 2 d tan(30 degrees) = 1.1547 d.
        let poses = Self.poses(3) { t in (Self.east(1000 * t), 1000, 0, 0, 0) }
        let (steps, _) = MotionMeasures.measure(poses, framesPerSecond: Self.fps, verticalFieldOfView: 60)
        #expect(isClose(steps[0].screenSpeed, 1000 / (2 * 1000 * tan(Double.pi / 6)), relative: 1e-9))
    }

    @Test func anExponentialZoomHasAConstantZoomRate() throws {
        // d = 1000 e^(0.5 t) looking straight down: zoom rate 0.5 /s, zoom acceleration 0, and the eye
        // (at altitude d) accelerates upwards at d'' = 0.25 d: 0.25 /s^2 relative to the distance (the
        // central difference gives k^2 (1 + k^2 dt^2 / 12 + ...), within 1e-5 here).
        let poses = Self.poses(91) { t in (0, 1000 * exp(0.5 * t), 0, 0, 0) }
        let (steps, changes) = MotionMeasures.measure(poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        for s in steps {
            #expect(isClose(s.zoomRate, 0.5, relative: 1e-9))
            #expect(s.screenSpeed == 0)
        }
        for c in changes {
            #expect(abs(c.zoomAcceleration) < 1e-6)
            #expect(isClose(c.eyeAcceleration, 0.25, absolute: 1e-5), "\(c)")
        }
        // Faster than ln 2: a zoom-rate warning over every step; zooming in counts as much as out.
        let fast = Self.poses(31) { t in (0, 1e5 * exp(-0.8 * t), 0, 0, 0) }
        let result = MotionCheck.check(poses: fast, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        let run = try #require(result.exceedances.first { $0.measure == .zoomRate })
        #expect(run.count == 30 && isClose(run.peak, -0.8, relative: 1e-9))
        #expect(isClose(result.peaks[.zoomRate]!.value, -0.8, relative: 1e-9))
    }

    @Test func turnAndTiltRatesAndTheirAccelerations() throws {
        // Heading 350 + 20 t crosses north: the rate stays 20 deg/s (unwrapped), no acceleration.
        let across = Self.poses(61) { t in (0, 2000, 350 + 20 * t, 0, 0) }
        let (steps, changes) = MotionMeasures.measure(across, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(steps.allSatisfy { isClose($0.turnRate, 20, relative: 1e-9) })
        #expect(changes.allSatisfy { abs($0.turnAcceleration) < 1e-6 })
        // Heading 50 t^2: rate 100 t at each step's midpoint, acceleration 100 deg/s^2 (over 60: a jolt).
        let accelerating = Self.poses(31) { t in (0, 2000, 50 * t * t, 0, 0) }
        let measured = MotionMeasures.measure(accelerating, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        for s in measured.steps { #expect(isClose(s.turnRate, 100 * s.time, relative: 1e-9)) }
        for c in measured.changes { #expect(isClose(c.turnAcceleration, 100, relative: 1e-6)) }
        let result = MotionCheck.check(poses: accelerating, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        let jolt = try #require(result.findings.first { $0.code.rawValue == "motion-jolt" })
        #expect(jolt.severity == .warning && jolt.message.hasPrefix("The turn acceleration is over the limit of 60.0 deg/s^2 from 0.033 s to 0.967 s (29 frames)"))
        // The turn rate passes 30 deg/s between the steps at 0.283 s (28.3) and 0.317 s (31.7).
        let turn = try #require(result.exceedances.first { $0.measure == .turnRate })
        #expect(isClose(turn.start, 9.5 / 30, relative: 1e-12) && isClose(turn.end, 29.5 / 30, relative: 1e-12) && turn.count == 21)
        // Pitch 10 + 25 t: tilt rate 25 deg/s, over the 20 limit.
        let tilting = Self.poses(31) { t in (0, 2000, 0, 10 + 25 * t, 0) }
        let tilt = MotionCheck.check(poses: tilting, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(tilt.exceedances.filter { $0.measure == .tiltRate }.map(\.count) == [30])
        #expect(isClose(tilt.peaks[.tiltRate]!.value, 25, relative: 1e-9))
    }

    @Test func aJumpOfMoreThanAScreenInOneFrameIsAnError() throws {
        // Still, then 2500 m east between frames 10 and 11 at 3000 m (a screen height of 2000 m): 1.25
        // screen heights in one frame, at the step's midpoint 10.5 / 30 s.
        let poses = Self.poses(21) { t in (t < 10.5 / 30 ? 0 : Self.east(2500), 3000, 0, 0, 0) }
        let result = MotionCheck.check(poses: poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        let jump = try #require(result.findings.first { $0.code.rawValue == "motion-jump" })
        #expect(jump.severity == .error)
        #expect(jump.time == .flight(10.5 / 30))
        #expect(jump.message == "The centre moves 1.250 screen heights within one frame at 0.350 s (more than 1.000): the viewer sees a cut, not a move.")
        #expect(isClose(result.peaks[.screenStep]!.value, 1.25, relative: 1e-9))
        // The same step is a screen-speed warning (37.5 screen heights/s) and a jolt on both sides.
        #expect(result.exceedances.filter { $0.measure == .screenSpeed }.map(\.count) == [1])
        let jolts = result.exceedances.filter { $0.measure == .screenAcceleration }
        #expect(jolts.count == 1 && jolts[0].start == 10.0 / 30 && jolts[0].end == 11.0 / 30)
        // Three quarters of a screen is fast but not a jump.
        let near = Self.poses(21) { t in (t < 10.5 / 30 ? 0 : Self.east(1500), 3000, 0, 0, 0) }
        #expect(!MotionCheck.check(poses: near, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov).findings.contains { $0.code.rawValue == "motion-jump" })
    }

    @Test func aStepInTheGroundElevationBobsTheEye() throws {
        // Straight down from 2000 m, the centre's elevation steps up 30 m between frames 14 and 15: the
        // eye's second difference is +30 m at frame 14 and -30 m at frame 15, i.e. 30 * 30^2 / 2000 =
        // 13.5 /s^2 relative to the distance, both ways.
        let poses = Self.poses(31) { t in (0, 2000, 0, 0, t < 14.5 / 30 ? 500 : 530) }
        let (_, changes) = MotionMeasures.measure(poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(isClose(changes.first { $0.frame == 14 }!.eyeAcceleration, 13.5, relative: 1e-6))
        #expect(isClose(changes.first { $0.frame == 15 }!.eyeAcceleration, -13.5, relative: 1e-6))
        #expect(changes.filter { $0.frame != 14 && $0.frame != 15 }.allSatisfy { abs($0.eyeAcceleration) < 1e-6 })
        let result = MotionCheck.check(poses: poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(result.findings.map(\.code.rawValue) == ["motion-peaks", "motion-eye-bob"])
        let bob = result.findings[1]
        #expect(bob.time == .flight(14.0 / 30))
        #expect(bob.message == "The eye's vertical acceleration (over the distance) is over the limit of 2.500 /s^2 from 0.467 s to 0.500 s (2 frames), peaking at 13.500 /s^2 at 0.467 s.")
    }

    @Test func missingFramesStartTheMeasuresAgain() {
        // Frames 0-2 and 5-7 of a constant pan: two steps and one change on each side, none across.
        let all = Self.poses(8) { t in (Self.east(500 * t), 3000, 90, 0, 0) }
        let (steps, changes) = MotionMeasures.measure(Array(all[0...2]) + Array(all[5...7]), framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        #expect(steps.map(\.frame) == [0, 1, 5, 6])
        #expect(changes.map(\.frame) == [1, 6])
        #expect(steps.allSatisfy { isClose($0.screenSpeed, 0.25, relative: 1e-9) })
    }

    @Test func limitsCanBeSwitchedOff() {
        let poses = Self.poses(21) { t in (t < 10.5 / 30 ? 0 : Self.east(2500), 3000, 0, 0, 0) }
        let result = MotionCheck.check(poses: poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov, limits: .none)
        #expect(result.findings.map(\.code.rawValue) == ["motion-peaks"])
        #expect(result.exceedances.isEmpty)
    }

    @Test func theTraceKeepsEveryStepOrTheUpperEnvelope() {
        let poses = Self.poses(61) { t in (Self.east(300 * t * t), 3000, 0, 0, 0) }
        let (steps, _) = MotionMeasures.measure(poses, framesPerSecond: Self.fps, verticalFieldOfView: Self.fov)
        var fine = MotionTrace(duration: 2, buckets: 1000)
        var coarse = MotionTrace(duration: 2, buckets: 4)
        for s in steps { fine.add(s); coarse.add(s) }
        #expect(fine.points(.screenSpeed).count == 60)
        #expect(fine.points(.screenSpeed).map(\.value) == steps.map(\.screenSpeed))
        // Four buckets of half a second: each keeps its fastest (last) step.
        let kept = coarse.points(.screenSpeed)
        let expected: [Double] = [14.5, 29.5, 44.5, 59.5].map { $0 / 30 }
        #expect(kept.map(\.time) == expected)
    }

    @Test func aWWDCFlightAcrossAGapBetweenSegmentsJumps() throws {
        // Two 40-point walks 1 degree of longitude (79 km) apart: the recipe gives each point 16/80 s,
        // so the gap is crossed in a fraction of a second from about 20 km away.
        let route = try RouteFile.load(path: Fixtures.url("check/two-segments.gpx").path)
        #expect(route.segments.count == 2)
        var options = FlightOptions()
        options.preset = .wwdc
        let flight = try FlightPlanner(options: options).plan(for: route).script.resolved(for: route)
        let result = MotionCheck.check(flight, framesPerSecond: 30)
        let jump = try #require(result.findings.first { $0.code.rawValue == "motion-jump" })
        #expect(jump.severity == .error)
        guard case .flight(let t)? = jump.time else { Issue.record("no time"); return }
        #expect(t > 7.5 && t < 8.5)  // the gap: after the first 40 points' 8 s
        // FlightCheck reports the same, in the same pass as its other checks.
        let (findings, summary) = FlightCheck.check(flight)
        #expect(findings.contains { $0.code.rawValue == "motion-jump" && $0.severity == .error })
        #expect(summary.motion.peaks[.screenStep] == result.peaks[.screenStep])
    }
}
