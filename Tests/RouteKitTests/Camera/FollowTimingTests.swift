import Foundation
import Testing
@testable import RouteKit

/// The clock of the follow camera's route part (`FlightPlanner.routePartTiming`) and the checks of
/// the route it flies (`FlightPlanner.preparedForFollowing`), against times worked by hand.
@Suite struct FollowTimingTests {
    /// Along the equator at longitudes 0, 0.001, 0.002 and 0.004 degrees: legs of 111.319 m, 111.319 m
    /// and 222.639 m (geod +ellps=WGS84 -I -f %.9f -F %.6f: `0 0 0 0.001` -> 111.319491 m; on the
    /// equator a geodesic's length is proportional to its longitude span), recorded at 0, 10, 40, 50 s.
    static let route: Route = {
        let points = zip([0.0, 0.001, 0.002, 0.004], [0.0, 10, 40, 50]).map {
            RoutePoint(latitude: 0, longitude: $0, elevation: nil, time: Date(timeIntervalSince1970: 1_700_000_000 + $1))
        }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }()

    static func times(_ configure: (inout FlightOptions) -> Void) throws -> (times: [Double], notes: [String]) {
        var options = FlightOptions()
        configure(&options)
        var notes: [String] = []
        let timing = try FlightPlanner(options: options).routePartTiming(route, original: route, notes: &notes)
        return (timing.times, notes)
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }

    @Test func distanceTimingIsTheDefaultAndKeepsAConstantGroundSpeed() throws {
        // 445.28 m in 30 s: 7.5 s a 111.32 m leg.
        let (times, notes) = try Self.times { _ in }
        #expect(Self.close(times, [0, 7.5, 15, 30]), "\(times)")
        #expect(notes.isEmpty)
    }

    @Test func equalTimingGivesEveryStepTheSameTime() throws {
        let (times, _) = try Self.times { $0.timing = .equal; $0.duration = 12 }
        #expect(Self.close(times, [0, 4, 8, 12]), "\(times)")
    }

    @Test func recordedTimingRunsTheRecordedClockSpedUp() throws {
        let (times, _) = try Self.times { $0.timing = .recorded; $0.speedup = 2 }
        #expect(Self.close(times, [0, 5, 20, 25]), "\(times)")
    }

    @Test func recordedTimingWithADurationScalesTheRecordedClock() throws {
        let (times, _) = try Self.times { $0.timing = .recorded; $0.duration = 10 }
        #expect(Self.close(times, [0, 2, 8, 10]), "\(times)")
    }

    @Test func aRoutePartUnderASecondIsFlownAsAskedWithANote() throws {
        let (times, notes) = try Self.times { $0.duration = 0.5 }
        #expect(Self.close(times, [0, 0.125, 0.25, 0.5]), "\(times)")
        #expect(notes == ["the route part lasts only 0.5 s, as asked: the camera crosses 445 m of route in that time, too fast to see"])
    }

    @Test func aRoutePartLongerThanAKeyframeTimelineIsRefusedNamingTheLongestStep() {
        // 50 s at a speedup of 1e-6: 5e7 s, more than 1e7 s. The longest step is the 30 s from point 1.
        #expect {
            _ = try Self.times { $0.timing = .recorded; $0.speedup = 1e-6 }
        } throws: { error in
            guard case FlightPlanError.tooLong(let seconds, let step) = error else { return false }
            return abs(seconds - 5e7) < 1e-3 && step?.contains("the longest step, 30 s recorded, runs from point 1") == true
        }
    }

    /// A followed route part's script grows with its length (about 8 KB a second of flight), so one
    /// longer than `maximumFollowDuration` (about 28 hours) is refused before it is planned: planning
    /// 10,000,000 s (the most `--duration` takes) needed tens of gigabytes, and the OOM killer ended it.
    @Test func aRoutePartLongerThanAFollowedOneMayLastIsRefused() throws {
        #expect(FlightPlanner.maximumFollowDuration == 100_000)
        #expect(throws: FlightPlanError.tooLong(seconds: 100_001, longestStep: nil)) {
            _ = try Self.times { $0.duration = 100_001 }
        }
        let (times, _) = try Self.times { $0.duration = 100_000 }
        #expect(times.last == 100_000)
        // Recorded timing at a speed-up that makes 50 recorded seconds last 200,000 s: refused, naming
        // the longest step.
        #expect {
            _ = try Self.times { $0.timing = .recorded; $0.speedup = 50.0 / 200_000 }
        } throws: { error in
            guard case FlightPlanError.tooLong(let seconds, let step) = error else { return false }
            return abs(seconds - 200_000) < 1e-6 && step?.contains("the longest step, 30 s recorded") == true
                && error.localizedDescription.contains("more than the 100000 s (about 28 hours) a followed route part may last")
        }
    }

    @Test func recordedTimingNeedsTwoTimedPoints() {
        let untimed = Route(segments: [[RoutePoint(latitude: 0, longitude: 0), RoutePoint(latitude: 0, longitude: 0.001)]],
                            source: .init(kind: .tracks))!
        var options = FlightOptions()
        options.timing = .recorded
        var notes: [String] = []
        #expect(throws: FlightPlanError.untimedRoute(timedPoints: 0, points: 2)) {
            _ = try FlightPlanner(options: options).preparedForFollowing(untimed, notes: &notes)
        }
    }

    @Test func aRouteAtOnePlaceHasNothingToFollow() {
        let still = Route(segments: [[RoutePoint(latitude: 46, longitude: 14), RoutePoint(latitude: 46, longitude: 14)]],
                          source: .init(kind: .tracks))!
        var notes: [String] = []
        #expect(throws: FlightPlanError.noMovement(points: 2)) {
            _ = try FlightPlanner().preparedForFollowing(still, notes: &notes)
        }
        let one = Route(segments: [[RoutePoint(latitude: 46, longitude: 14)]], source: .init(kind: .tracks))!
        #expect(throws: FlightPlanError.tooFewPoints(1)) {
            _ = try FlightPlanner().preparedForFollowing(one, notes: &notes)
        }
    }
}
