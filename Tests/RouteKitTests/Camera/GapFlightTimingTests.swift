import Foundation
import Testing
@testable import RouteKit

/// Gaps between segments get the time they need (a new user's
/// findings: `--timing equal` turned at
/// 1894 deg/s across a gap given one step's time, `--skip-idle` crossed gaps at 4.2 screen heights a
/// second, and a gap whose clock went backwards was a one-frame cut).
@Suite struct GapFlightTimingTests {
    private static func point(_ lat: Double, _ lon: Double, _ time: Double? = nil) -> RoutePoint {
        RoutePoint(latitude: lat, longitude: lon, elevation: nil, time: time.map { Date(timeIntervalSince1970: $0) })
    }

    /// Two segments of 20 steps going east along 46 N, 0.001 degrees of longitude a step (77.38 m:
    /// GeodSolve -i 46 0 46 0.001 gives 77.3803 m), 1 s apart, the second 0.2 degrees (15.5 km) east of
    /// the first's end and starting `gapSeconds` after it.
    private static func twoSegments(gapSeconds: Double) -> Route {
        let first = (0...20).map { point(46, 14 + 0.001 * Double($0), Double($0)) }
        let start = 20 + gapSeconds
        let second = (0...20).map { point(46, 14.22 + 0.001 * Double($0), start + Double($0)) }
        return Route(segments: [first, second], source: .init(kind: .tracks))!
    }

    private static func motionFaults(_ route: Route, _ configure: (inout FlightOptions) -> Void) throws -> [Finding] {
        var options = FlightOptions()
        configure(&options)
        let plan = try FlightPlanner(options: options).plan(for: route)
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        return MotionCheck.check(flight, framesPerSecond: 30, verticalFieldOfView: options.framing.verticalFieldOfView)
            .findings.filter { $0.severity != .note }
    }

    @Test func equalTimingCrossesAGapAtTheRoutesMeanSpeed() throws {
        // 40 steps of 77.38 m and a gap of 0.2 degrees (15476 m, 200 steps' length): with 30 s the steps
        // take 30 / (40 * (1 + 200 / 40)) = 0.125 s each and the gap 200 of them, 25 s.
        let route = Self.twoSegments(gapSeconds: 60)
        var options = FlightOptions()
        options.timing = .equal; options.intro = 0; options.outro = 0; options.simplify = 0
        let plan = try FlightPlanner(options: options).plan(for: route)
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        #expect(abs(flight.duration - 30) < 1e-9)
        // The centre is still on the first segment's last point until 20 steps (2.5 s) have passed, and
        // reaches the second segment's first point 25 s later.
        let end = flight.camera.value(time: 2.5).centerCoordinate, start = flight.camera.value(time: 27.5).centerCoordinate
        #expect(abs(end.longitude - 14.02) < 0.002, "\(end)")
        #expect(abs(start.longitude - 14.22) < 0.002, "\(start)")
        #expect(try Self.motionFaults(route) { $0.timing = .equal }.isEmpty)
    }

    @Test func anIdleGapCompressedToOneSecondIsGivenTheTimeItNeeds() throws {
        // --skip-idle 30 flies the 600 s gap in 1 s: 15.5 km at a 1-2 km follow distance is many screens
        // a second. The planner gives the van Wijk flight its time and says so.
        let route = Self.twoSegments(gapSeconds: 600)
        var options = FlightOptions()
        options.timing = .recorded; options.skipIdle = 30
        let plan = try FlightPlanner(options: options).plan(for: route)
        #expect(plan.notes.contains { $0.contains("given more time") && $0.contains("point 20 to 21") }, "\(plan.notes)")
        let faults = try Self.motionFaults(route) { $0.timing = .recorded; $0.skipIdle = 30 }
        #expect(faults.isEmpty, "\(faults.map(\.message))")
    }

    @Test func aGapWhoseClockGoesBackIsFlownNotCut() throws {
        // The second segment's clock starts 5 s before the first one's ends: no time to cross 15.5 km.
        let route = Self.twoSegments(gapSeconds: -5)
        let faults = try Self.motionFaults(route) { $0.timing = .recorded }
        #expect(faults.isEmpty, "\(faults.map(\.message))")
    }

    @Test func aGapWithTimeEnoughKeepsItsRecordedTime() throws {
        // 15.5 km in 600 s at speed-up 1: no note, and pose time is route time after the fly-in.
        let route = Self.twoSegments(gapSeconds: 600)
        var options = FlightOptions()
        options.timing = .recorded
        let plan = try FlightPlanner(options: options).plan(for: route)
        #expect(!plan.notes.contains { $0.contains("given more time") }, "\(plan.notes)")
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        #expect(abs(flight.duration - (options.intro + 640 + options.outro)) < 1e-6)
    }
}
