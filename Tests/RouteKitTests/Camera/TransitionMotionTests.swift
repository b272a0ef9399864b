import Foundation
import Testing
@testable import RouteKit

/// The fly-in and pull-out within the motion limits for steep pitches, and a note when the options ask
/// for more than their duration allows (a new user's
/// findings: `--pitch 80` tilted at 23-26 deg/s;
/// `--distance 200000` zoomed at up to 1.16 /s, with no word from the planner).
@Suite struct TransitionMotionTests {
    static let route: Route? = {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        return readRoute(url, options: RouteFile.Options()).value?.route
    }()

    private static func planned(_ configure: (inout FlightOptions) -> Void) throws -> (FlightPlan, [Finding]) {
        let route = try #require(Self.route)
        var options = FlightOptions()
        configure(&options)
        let plan = try FlightPlanner(options: options).plan(for: route)
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        let faults = MotionCheck.check(flight, framesPerSecond: 30, verticalFieldOfView: options.framing.verticalFieldOfView)
            .findings.filter { $0.severity != .note }
        return (plan, faults)
    }

    @Test func aSteepPitchTiltsWithinTheLimit() throws {
        // 0 to 80 degrees in 6 s on the eased clock peaks at 1.43 * 80 / 6 = 19.1 deg/s, under 20.
        let (plan, faults) = try Self.planned { $0.pitch = 80 }
        #expect(faults.isEmpty, "\(faults.map(\.message))")
        #expect(!plan.notes.contains { $0.contains("it needs") }, "\(plan.notes)")
    }

    @Test func aFlyInTooShortForItsZoomIsNamedWithTheTimeItNeeds() throws {
        let (plan, faults) = try Self.planned { $0.distance = 200_000 }
        #expect(faults.contains { $0.code.rawValue == "motion-zoom-rate" })
        let note = try #require(plan.notes.first { $0.hasPrefix("the fly-in moves faster") }, "\(plan.notes)")
        // The time it names is enough: flown with it, nothing is over a limit.
        let seconds = try #require(note.split(separator: " ").dropLast().last.flatMap { Double($0) }, "\(note)")
        #expect(seconds > 6)
        // The pull-out's own note, when it has one, names its time (it turns from the route's end
        // heading to north, which may take longer than the fly-in).
        let pullOut = plan.notes.first { $0.hasPrefix("the pull-out moves faster") }
            .flatMap { $0.split(separator: " ").dropLast().last.flatMap { Double($0) } } ?? seconds
        let (again, none) = try Self.planned { $0.distance = 200_000; $0.intro = seconds; $0.outro = pullOut }
        #expect(none.isEmpty, "\(none.map(\.message))")
        #expect(!again.notes.contains { $0.contains("it needs") }, "\(again.notes)")
    }

    @Test func aShortOrbitSaysHowLongItNeeds() throws {
        // A full turn on the eased clock peaks at 1.2 * 360 / T degrees a second: 43.2 in 10 s.
        let (plan, faults) = try Self.planned { $0.preset = .orbit; $0.duration = 10 }
        #expect(faults.contains { $0.code.rawValue == "motion-turn-rate" })
        let note = try #require(plan.notes.first { $0.hasPrefix("the orbit turns at up to 43.2") }, "\(plan.notes)")
        #expect(note.contains("it needs 15.2 s"))
        let (calm, none) = try Self.planned { $0.preset = .orbit; $0.duration = 15.2 }
        #expect(none.isEmpty && calm.notes.isEmpty, "\(none.map(\.message)) \(calm.notes)")
    }
}
