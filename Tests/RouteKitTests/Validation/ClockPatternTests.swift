import Foundation
import Testing
@testable import RouteKit

/// One cause, one finding: each broken clock on a fixture written for it
/// (`Fixtures/clock/make_clock.py`), then on the real file that shows it where ../shared/real has one.
@Suite struct ClockPatternTests {
    static func read(_ name: String) throws -> Route {
        try RouteFile.read(data: Data(contentsOf: Fixtures.url("clock/\(name)")), displayPath: name).route
    }

    static func codes(_ route: Route) -> [String] { RouteCheck.check(route).findings.map(\.code.rawValue) }

    @Test func newestFirstIsOneErrorNotEleven() throws {
        let route = try Self.read("newest-first.gpx")
        let findings = RouteCheck.check(route).findings
        // The file: 12 points, each time 10 s before the one above it (11 steps back).
        #expect(findings.filter { $0.code == .timeBackwards }.isEmpty)
        let f = try #require(findings.first { $0.code == .timeNewestFirst })
        #expect(findings.filter { $0.code == .timeNewestFirst }.count == 1)
        #expect(f.severity == .error && f.index == 1)
        #expect(f.message.hasPrefix("The points run newest-first: 11 of 11 steps go back in time, the first at point 1; reverse the point order"))
        #expect(route.recordedClockFault == .newestFirst(firstIndex: 1, backwardSteps: 11, steps: 11))
    }

    @Test func onePlaceholderInstantIsOneWarningNotNine() throws {
        let route = try Self.read("placeholder-clock.gpx")
        let findings = RouteCheck.check(route).findings
        #expect(findings.filter { $0.code == .timeEqualWhileMoving }.isEmpty)
        let f = try #require(findings.first { $0.code == .timeSameInstant })
        #expect(f.message.hasPrefix("All 10 times are the same placeholder instant, 2000-01-01T00:00:00Z"))
        #expect(route.recordedClockFault == .sameInstant(Date(timeIntervalSince1970: 946_684_800), points: 10))
    }

    @Test func wholeSecondsAt10HzIsOneNoteNot180Warnings() throws {
        let route = try Self.read("whole-seconds-10hz.gpx")
        let findings = RouteCheck.check(route).findings
        #expect(findings.filter { $0.code == .timeEqualWhileMoving }.isEmpty)
        let f = try #require(findings.first { $0.code == .timeWholeSeconds })
        // 200 points, 10 a second from 12:26:40 to 12:26:59: 19 s over 199 steps, 180 within their second.
        #expect(f.message.hasPrefix("Times are whole seconds for points ~0.1 s apart (180 points share their second with the one before, the first at point 1)"))
        #expect(f.severity == .note && f.index == 1)
        #expect(route.recordedClockFault == nil)
    }

    /// Points sharing a whole second are spread evenly over it by distance: the fixture moves 0.5 m
    /// every 0.1 s, so every step takes 0.1 s (the last second's ten points by index, 0.1 s each too).
    /// times written to the minute for a 1 Hz walk are named as whole minutes, 60
    /// points a minute (not "whole seconds for points ~0.7 s apart"), and spread over their minute.
    @Test func timesToTheMinuteAreNamedAsMinutes() throws {
        let route = try Self.read("minutes-1hz.gpx")
        let findings = RouteCheck.check(route).findings
        #expect(findings.filter { $0.code == .timeEqualWhileMoving }.isEmpty)
        #expect(findings.filter { $0.code == .timeWholeSeconds }.count == 1)
        let f = try #require(findings.first { $0.code == .timeWholeSeconds })
        // 180 points from 10:00:00, 60 a minute: 177 of the 179 steps stay within their minute.
        #expect(f.message == "Times are whole minutes for ~60 points a minute (177 points share their minute with the one before, the first at point 1): recorded timing spreads each minute's points evenly over it.")
        let recorded = try #require(route.recordedTimes)
        #expect(recorded.nonIncreasingSteps == 0)
        // The fixture moves 5 m every second (coordinates to 7 decimals: 0.1 % apart): spread by distance
        // over the minute, every step is 1 s.
        for (k, step) in recorded.steps.enumerated() { #expect(abs(step - 1) < 2e-3, "step \(k): \(step) s") }
    }

    /// a piece saved reversed with its times is one error naming the piece (not a
    /// `time-backwards` at each of its 9 steps), and recorded timing refuses the clock.
    @Test func aPieceSavedReversedIsOneErrorNotNine() throws {
        let route = try Self.read("piece-reversed.gpx")
        let findings = RouteCheck.check(route).findings
        #expect(findings.filter { $0.code == .timeBackwards }.isEmpty, "\(findings.map(\.message))")
        #expect(findings.filter { $0.code == .timeNewestFirst }.isEmpty)
        #expect(findings.filter { $0.code == .timePieceNewestFirst }.count == 1)
        let f = try #require(findings.first { $0.code == .timePieceNewestFirst })
        #expect(f.severity == .error && f.index == 11)
        #expect(f.message == "Piece 1 (points 10...19) runs newest-first while the other pieces run forward: 9 of its 9 steps go back in time, the first at point 11; it was saved reversed: flown last point first (the pieces chained by their times), its times run forward.")
        #expect(route.recordedClockFault == .pieceNewestFirst(segment: 1, firstIndex: 11, backwardSteps: 9, steps: 9))
        // Chained by their times, the piece is reversed in place and the clock runs forward.
        let joined = route.joiningPieces()
        #expect(RoutePieces(route).chain.map(\.description) == ["0", "1 reversed", "2"])
        #expect(joined.recordedClockFault == nil)
        #expect(!RouteCheck.check(joined).findings.contains { $0.severity == .error })
    }

    /// the gaps into and out of a piece saved reversed are the reversal's: no
    /// `time-gap` for them. The piece-reversed fixture with the middle piece's times moved 55 s later and
    /// the last piece's 110 s: in file order 65 s pass into and out of the middle piece; flown last point
    /// first, 56 s (under the 60 s threshold).
    @Test func theGapsOfAReversedPieceAreItsOwn() throws {
        let route = try Self.read("piece-reversed.gpx")
        var segments = route.segments.map { Array(route.points[$0]) }
        for k in segments[1].indices { segments[1][k].time = segments[1][k].time!.addingTimeInterval(55) }
        segments[2] = segments[2].map { var p = $0; p.time = p.time!.addingTimeInterval(110); return p }
        let moved = try #require(Route(segments: segments, name: nil, source: route.source))
        let codes = RouteCheck.check(moved).findings.map(\.code)
        #expect(codes.filter { $0 == .timePieceNewestFirst }.count == 1)
        #expect(!codes.contains(.timeGap) && !codes.contains(.timeBackwards), "\(codes)")
        // A real gap stays: the last piece 10 s later still (75 s from the reversed piece's oldest time).
        segments[2] = segments[2].map { var p = $0; p.time = p.time!.addingTimeInterval(10); return p }
        let later = try #require(Route(segments: segments, name: nil, source: route.source))
        #expect(RouteCheck.check(later).findings.filter { $0.code == .timeGap }.map(\.index) == [20])
    }

    /// a backward step under a second is written with 3 places ("0.951 s", not "0.9510000 s").
    @Test func aSubsecondStepBackIsWrittenInMilliseconds() throws {
        let route = try Self.read("time-jump.gpx")
        var points = route.points
        points[5].time = points[4].time!.addingTimeInterval(1)  // the fixture's 2040 slip put back
        points[6].time = points[5].time!.addingTimeInterval(-0.951)
        let stepped = try #require(Route(segments: [points], name: nil, source: route.source))
        let back = RouteCheck.check(stepped).findings.filter { $0.code == .timeBackwards }
        #expect(back.count == 1)
        let message = try #require(back.first?.message)
        #expect(message.hasPrefix("Point 6's time 2020-06-01T10:00:04.049") && message.contains(" is 0.951 s before point 5's 2020-06-01T10:00:05"), "\(message)")
    }

    /// one row's time 20 years ahead is one `time-backwards` naming the slip, not a
    /// `time-gap` into it as well.
    @Test func oneClockSlipIsOneFinding() throws {
        let route = try Self.read("time-jump.gpx")
        let clock = RouteCheck.check(route).findings.filter { $0.code.rawValue.hasPrefix("time-") }
        #expect(clock.map(\.code) == [.timeBackwards], "\(clock.map(\.message))")
        // 2040-06-01T10:00:05Z to 2020-06-01T10:00:06Z: 7305 days less 1 s.
        #expect(clock[0].message == "Point 6's time 2020-06-01T10:00:06Z is 631151999.000 s (7304 d 23:59:59) before point 5's 2040-06-01T10:00:05Z; point 5 is 631152001.000 s ahead of point 4 too: one slip of the clock at point 5.")
    }

    @Test func wholeSecondsAreSpreadOverTheirSecond() throws {
        let route = try Self.read("whole-seconds-10hz.gpx")
        let recorded = try #require(route.recordedTimes)
        #expect(recorded.nonIncreasingSteps == 0)
        for (k, step) in recorded.steps.enumerated() {
            #expect(abs(step - 0.1) < 2e-3, "step \(k): \(step) s")
        }
    }

    @Test func aClockStartingOnTheFitEpochGetsANote() throws {
        let route = try Self.read("fit-epoch.gpx")
        let findings = RouteCheck.check(route).findings
        let f = try #require(findings.first { $0.code == .timeFitEpoch })
        #expect(f.severity == .note && f.index == 0)
        #expect(f.message.contains("1989-12-31T00:00:00Z"))
        #expect(findings.allSatisfy { $0.severity == .note }, "\(findings)")
        // A clock 1 s before the epoch is no FIT clock.
        let points = route.points.map { p -> RoutePoint in var q = p; q.time = p.time!.addingTimeInterval(-1); return q }
        let early = try #require(Route(segments: [points], source: .init(kind: .tracks)))
        #expect(!Self.codes(early).contains("time-fit-epoch"))
    }

    /// The rule's third part: a clock that moves, but so little that the route would be flown faster
    /// than 1000 m/s (a stopped clock for all but one step).
    @Test func aClockThatStandsStillIsRefused() throws {
        let t0 = Date(timeIntervalSince1970: 1_600_000_000)
        // 11 points 111 m apart (1111 m), all at t0 but the last, 1 s later: 1111 m/s.
        let points = (0...10).map { RoutePoint(latitude: 46 + Double($0) * 0.001, longitude: 14, time: t0.addingTimeInterval($0 == 10 ? 1 : 0)) }
        let route = try #require(Route(segments: [points], source: .init(kind: .tracks)))
        guard case .standsStill(let length, let seconds) = route.recordedClockFault else {
            Issue.record("\(String(describing: route.recordedClockFault))"); return
        }
        #expect(abs(length - 1111.5) < 1 && seconds == 1)
        // The same at 2 s (556 m/s): a recording.
        var slower = points
        slower[10].time = t0.addingTimeInterval(2)
        #expect(Route(segments: [slower], source: .init(kind: .tracks))!.recordedClockFault == nil)
        do {
            var options = FlightOptions()
            options.timing = .recorded
            _ = try FlightPlanner(options: options).plan(for: route)
            Issue.record("planned")
        } catch {
            #expect(error == .brokenClock(route.recordedClockFault!))
        }
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func mojstrovkaIsOneInstant() throws {
        guard let url = Fixtures.real("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let route = try RouteFile.read(data: Data(contentsOf: url), displayPath: url.path).route
        let findings = RouteCheck.check(route).findings
        // 184 points at 1901-12-13T20:45:52.2073437Z, one written 20:45:52.207Z (0.0003 s apart).
        #expect(findings.filter { $0.code == .timeSameInstant }.count == 1)
        #expect(findings.filter { [.timeEqualWhileMoving, .timeBackwards, .timeBeforeGpsEpoch, .speedImplausible].contains($0.code) }.isEmpty, "\(findings)")
        guard case .sameInstant(_, 184) = route.recordedClockFault else { Issue.record("\(String(describing: route.recordedClockFault))"); return }
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func blueHillsSpansMayToOctober() throws {
        guard let url = Fixtures.real("gpx/togeojson-blue_hills.gpx") else { return }
        let route = try RouteFile.read(data: Data(contentsOf: url), displayPath: url.path).route
        let summary = RouteSummary(route)
        // Its three tracks, by their <time> texts (sorted with `grep '<time>' | sort`, waypoints left out):
        // SHORT LOOP 2001-05-26T15:15:07Z is the earliest, BUCK HILL 2001-10-13T21:25:40Z the latest.
        #expect(summary.earliestTime == DateTimeParser.date(from: "2001-05-26T15:15:07Z"))
        #expect(summary.latestTime == DateTimeParser.date(from: "2001-10-13T21:25:40Z"))
        #expect(summary.duration == 12_118_233)  // 140 d 06:10:33
        #expect(route.recordedClockFault == nil)  // one step back between tracks: not newest-first
    }
}
