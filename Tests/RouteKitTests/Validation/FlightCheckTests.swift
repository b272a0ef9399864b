import Foundation
import Testing
@testable import RouteKit

/// The flight checks: duration against the request, frame count, peaks and their limits.
@Suite struct FlightCheckTests {
    /// The clean walk of `Fixtures/check/clean.gpx` (8 points, 77.8 m north).
    static func cleanRoute() throws -> Route { try RouteFile.load(path: Fixtures.url("check/clean.gpx").path) }

    static func flight(_ options: FlightOptions, route: Route) throws -> ScriptedFlight {
        try FlightPlanner(options: options).plan(for: route).script.resolved(for: route)
    }

    @Test func durationAsRequestedAndFrames() throws {
        let route = try Self.cleanRoute()
        var options = FlightOptions()
        options.duration = 10
        options.intro = 1
        options.outro = 1
        #expect(FlightCheck.expectedDuration(options: options, route: route) == 12)
        var check = FlightCheck.Options()
        check.expectedDuration = 12
        let (findings, summary) = FlightCheck.check(try Self.flight(options, route: route), options: check)
        #expect(summary.frameCount == 361)  // 12 s at 30 fps, both ends
        #expect(abs(summary.duration - 12) < 1e-9)
        #expect(findings.first?.code.rawValue == "flight-duration")
        #expect(findings.first?.message == "The flight lasts 12.000 s: 361 frames at 30.000 fps.")
        #expect(!findings.contains { $0.code.rawValue == "flight-duration-mismatch" || $0.code.rawValue == "flight-frame-count" })
        // The m/s peaks are in the summary, no longer notes; the motion is judged in screen terms.
        #expect(!findings.contains { $0.code.rawValue.hasPrefix("flight-max-") })
        #expect(findings.filter { $0.code.rawValue == "motion-peaks" }.count == 1)
        #expect(summary.centerSpeed.value > 0)
        #expect(findings.allSatisfy { $0.severity != .error })
    }

    @Test func durationMismatchAndAShortLastFrame() throws {
        let route = try Self.cleanRoute()
        var options = FlightOptions()
        options.duration = 10
        options.intro = 1
        options.outro = 1
        var check = FlightCheck.Options()
        check.expectedDuration = 20
        check.framesPerSecond = 0.7  // 12 s is 8.4 frame intervals
        let (findings, summary) = FlightCheck.check(try Self.flight(options, route: route), options: check)
        let mismatch = try #require(findings.first { $0.code.rawValue == "flight-duration-mismatch" })
        #expect(mismatch.severity == .warning)
        #expect(mismatch.message == "The flight lasts 12.000 s, not the 20.000 s asked for (-8.000 s; tolerance 0.500 s).")
        let frames = try #require(findings.first { $0.code.rawValue == "flight-frame-count" })
        #expect(summary.frameCount == 9)
        #expect(frames.time == .flight(8 / 0.7))
    }

    /// A duration a few nanoseconds over a whole number of frame intervals (a group's span from
    /// millisecond times: 29111 s at 30 fps left "the final 0.000000 s") is rounding, not a frame missed:
    /// no `flight-frame-count` below 10⁻⁶ of a frame interval.
    @Test func aRoundingRemainderIsNoMissedFrame() throws {
        let route = try Self.cleanRoute()
        var options = FlightOptions()
        options.duration = 10 + 1e-8  // 12.00000001 s: 360.0000003 frame intervals at 30 fps
        options.intro = 1
        options.outro = 1
        let (findings, summary) = FlightCheck.check(try Self.flight(options, route: route), options: FlightCheck.Options())
        #expect(summary.frameCount == 361)
        #expect(abs(summary.duration - 12) < 1e-7 && summary.duration != 12)
        #expect(!findings.contains { $0.code.rawValue == "flight-frame-count" }, "\(findings.map(\.message))")
    }

    @Test func metrePerSecondLimitsTurnPeaksIntoWarnings() throws {
        let route = try Self.cleanRoute()
        var check = FlightCheck.Options()
        check.motion = .none
        check.maxCenterSpeed = 1e-6
        check.maxEyeSpeed = 1e-6
        check.maxDistanceRate = 1e-6
        let (findings, summary) = FlightCheck.check(try Self.flight(FlightOptions(), route: route), options: check)
        let over = findings.filter { $0.code.rawValue.hasSuffix("-over-limit") }
        // The walk runs due north, so the heading never turns; the camera moves and zooms.
        #expect(summary.headingRate.value == 0)
        #expect(over.map(\.code.rawValue) == ["center-speed-over-limit", "eye-speed-over-limit", "distance-rate-over-limit"])
        #expect(!findings.contains { $0.code.rawValue.hasPrefix("motion-") && $0.code.rawValue != "motion-peaks" })
        #expect(over.allSatisfy { $0.severity == .warning })
        // The peak is where the message says, and reported at the earlier frame of its pair.
        #expect(over[0].time == .flight(summary.centerSpeed.time))
        #expect(summary.centerSpeed.value > 0 && summary.centerSpeed.framesOverLimit > 0)
    }

    @Test func aConstantCameraHasZeroRates() throws {
        // An overview with a fixed heading and no drift: script of one hold keyframe.
        let route = try Self.cleanRoute()
        let camera = MapCamera(centerCoordinate: route.start, distance: 1000, heading: 30, pitch: 0)
        let script = CameraScript(initialCamera: .init(centerCoordinate: .coordinate(camera.centerCoordinate), distance: .number(1000),
                                                       heading: .number(30), pitch: .number(0), centerElevation: .number(0)),
                                  heading: [.init(.linear(.linear), .number(30), duration: 2)])
        let flight = try script.resolved(for: route)
        let (_, summary) = FlightCheck.check(flight)
        #expect(summary.frameCount == 61)
        #expect(summary.headingRate.value < 1e-9)  // 30 degrees held; interpolation leaves ~1e-13
        #expect(summary.centerSpeed.value == 0)
        #expect(summary.eyeSpeed.value == 0)
        #expect(summary.distanceRate.value == 0)
        #expect(summary.motion.peaks.values.allSatisfy { abs($0.value) < 1e-9 })
    }

    @Test func theFieldOfViewOfThePlanSetsTheScreenHeight() throws {
        // The same flight seen through a 2x wider-angle tan(fov/2) moves half as many screens per second.
        let route = try Self.cleanRoute()
        let flight = try Self.flight(FlightOptions(), route: route)
        var narrow = FlightCheck.Options()
        narrow.verticalFieldOfView = 2 * atan(0.2) * 180 / .pi
        var wide = narrow
        wide.verticalFieldOfView = 2 * atan(0.4) * 180 / .pi
        let a = try #require(FlightCheck.check(flight, options: narrow).summary.motion.peaks[.screenSpeed])
        let b = try #require(FlightCheck.check(flight, options: wide).summary.motion.peaks[.screenSpeed])
        #expect(a.time == b.time && isClose(a.value, 2 * b.value, relative: 1e-12))
    }
}
