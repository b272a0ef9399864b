import Foundation
import Testing
@testable import RouteKit

/// Each route finding on a small route written for it, with exact indices and values.
///
/// Routes walk north from 46°N 14°E in steps of 0.0001° of latitude; one step is 11.115132 m
/// (`echo "46.0000 14.0 46.0001 14.0" | geod +ellps=WGS84 -I -f %.9f -F %.6f`), ten seconds apart
/// unless a test says otherwise: 1.11 m/s, a walk.
@Suite struct RouteCheckTests {
    static let t0 = Date(timeIntervalSince1970: 1_600_000_000)  // 2020-09-13T12:26:40Z

    /// A point `step` steps north of 46°N 14°E, 300 m high, at `seconds` after ``t0`` (untimed when `nil`).
    static func point(_ step: Double, _ seconds: Double?) -> RoutePoint {
        RoutePoint(latitude: 46 + step * 0.0001, longitude: 14, elevation: 300, time: seconds.map { t0.addingTimeInterval($0) })
    }

    static func route(_ segments: [[(Double, Double?)]]) -> Route {
        Route(segments: segments.map { $0.map { point($0.0, $0.1) } }, source: .init(kind: .tracks))!
    }

    static func walk(_ count: Int) -> [(Double, Double?)] { (0..<count).map { (Double($0), Double($0) * 10) } }

    func codes(_ findings: [Finding]) -> [String] { findings.map(\.code.rawValue) }

    @Test func cleanWalkHasNoFinding() {
        let (findings, summary) = RouteCheck.check(Self.route([Self.walk(12)]))
        #expect(findings.isEmpty, "\(findings)")
        #expect(summary.activity == .foot)
        #expect(summary.speedLimit == 12)
        #expect(summary.jumpLimit == 1000)
        #expect(isClose(summary.typicalMovingSpeed!, 1.1115132, absolute: 1e-6))
    }

    @Test func timeGoingBack() throws {
        let (findings, _) = RouteCheck.check(Self.route([[(0, 0), (1, 10), (2, 5), (3, 30)]]))
        try #require(codes(findings) == ["time-backwards"])
        let f = findings[0]
        #expect(f.severity == .error && f.index == 2)
        #expect(f.time == .recorded(Self.t0.addingTimeInterval(5)))
        #expect(f.message == "Point 2's time 2020-09-13T12:26:45Z is 5.000 s before point 1's 2020-09-13T12:26:50Z.")
    }

    @Test func equalTimesWhileMoving() {
        let (findings, _) = RouteCheck.check(Self.route([[(0, 0), (1, 10), (2, 10), (3, 20)]]))
        #expect(codes(findings) == ["time-equal-while-moving"])
        #expect(findings[0].index == 2 && findings[0].severity == .warning)
        #expect(findings[0].message.contains("but is 11.1 m away"))
    }

    @Test func aStopIsDuplicatePointsNotAClockProblem() {
        // Standing still at step 2 for 30 s: three fixes at one place, the clock running on.
        let (findings, summary) = RouteCheck.check(Self.route([[(0, 0), (1, 10), (2, 20), (2, 30), (2, 40), (3, 50), (4, 60)]]))
        #expect(codes(findings) == ["duplicate-point", "duplicate-point"])
        #expect(findings.map(\.index) == [3, 4])
        #expect(findings.allSatisfy { $0.severity == .note })
        #expect(summary.activity == .foot)
    }

    @Test func gapOverTheLimit() {
        let r = Self.route([[(0, 0), (1, 10), (2, 100), (3, 110)]])
        let (findings, _) = RouteCheck.check(r, options: .init(gap: 60))
        #expect(codes(findings) == ["time-gap"])
        #expect(findings[0].index == 2)
        #expect(findings[0].message == "90.0 s pass between point 1 and point 2 (more than 60.0 s).")
        #expect(RouteCheck.check(r, options: .init(gap: 90)).findings.isEmpty)  // not over 90
    }

    @Test func gapAcrossASegmentBreakSaysSoInOneParenthesis() {
        let r = Self.route([[(0, 0), (1, 10)], [(2, 100), (3, 110)]])
        let (findings, _) = RouteCheck.check(r, options: .init(gap: 60))
        #expect(findings.map(\.message) == ["90.0 s pass between point 1 and point 2 (across a segment break; more than 60.0 s)."])
    }

    @Test func jumpAndItsSpeed() throws {
        // Step 3 to step 203: 2223.030394 m in 10 s (geod, see the suite).
        // (12 walking legs first, so that the typical speed stays a walk's.)
        var steps = Self.walk(4)
        for k in 0..<12 { steps.append((Double(203 + k), Double(40 + 10 * k))) }
        let (findings, _) = RouteCheck.check(Self.route([steps]))
        try #require(codes(findings) == ["speed-implausible", "jump"])
        #expect(findings.map(\.index) == [4, 4])
        #expect(findings[0].message == "The leg to point 4 covers 2223.0 m in 10.000 s: 222.3 m/s, over the limit of 12.0 m/s for foot.")
        #expect(findings[1].message == "Point 4 is 2223.0 m from point 3 (more than 1000.0 m).")
        // An explicit --max-jump above it, and --max-speed above it: nothing.
        #expect(RouteCheck.check(Self.route([steps]), options: .init(maxSpeed: 300, maxJump: 3000)).findings.isEmpty)
    }

    @Test func fastSegment() {
        // Steps 3 to 12 (100.0362 m, geod) in 2 s: 50 m/s on a walk.
        var steps = Self.walk(4)
        for k in 0...10 { steps.append((Double(12 + k), Double(32 + 10 * k))) }
        let (findings, summary) = RouteCheck.check(Self.route([steps]))
        #expect(codes(findings) == ["speed-implausible"])
        #expect(findings[0].index == 4)
        #expect(findings[0].message.contains("100.0 m in 2.000 s: 50.0 m/s"))
        #expect(summary.activity == .foot)
    }

    @Test func missingAndPartialTimes() {
        let none = RouteCheck.check(Self.route([[(0, nil), (1, nil)]])).findings
        #expect(codes(none) == ["time-missing"] && none[0].severity == .note && none[0].index == nil)
        let partial = RouteCheck.check(Self.route([[(0, 0), (1, 10), (2, nil), (3, 30), (4, nil)]])).findings
        #expect(codes(partial) == ["time-partial"])
        #expect(partial[0].index == 2)
        #expect(partial[0].message == "2 of 5 points have no time (the first is point 2).")
    }

    @Test func zeroLengthSegmentsAndBackwardsAcrossABreak() throws {
        let r = Self.route([[(0, 0), (1, 10), (2, 20)], [(5, 15)], [(6, 60), (6, 70)]])
        let (findings, _) = RouteCheck.check(r, options: .init(gap: 1000))
        try #require(codes(findings) == ["time-backwards", "zero-length-segment", "zero-length-segment", "duplicate-point"])
        #expect(findings.map(\.index) == [3, 3, 4, 5])
        #expect(findings[0].message.hasSuffix("(across a segment break)."))
        #expect(findings[1].message == "Segment 1 (point 3) has a single point: it travels nowhere.")
        #expect(findings[2].message == "Segment 2 (points 4 to 5) has 2 points at one place: it travels nowhere.")
    }

    @Test func nullIslandAndOutOfRangeCoordinates() {
        let points = [RoutePoint(latitude: 0, longitude: 0), RoutePoint(latitude: 0.001, longitude: 0.001),
                      RoutePoint(latitude: 0.002, longitude: 181)]
        let r = Route(segments: [points], source: .init(kind: .routes))!
        let (findings, _) = RouteCheck.check(r)
        #expect(codes(findings) == ["time-missing", "null-island", "longitude-out-of-range", "elevation-missing"])
        #expect(findings[1].index == 0 && findings[1].severity == .error)
        #expect(findings[2].index == 2 && findings[2].severity == .warning)
    }

    @Test func clockBeforeTheGPSEpoch() {
        let old = Date(timeIntervalSince1970: -2_147_483_648)  // 1901-12-13T20:45:52Z, Mojstrovka's sentinel
        let points = (0..<3).map { RoutePoint(latitude: 46 + Double($0) * 0.0001, longitude: 14, elevation: 300, time: old.addingTimeInterval(Double($0) * 10)) }
        let (findings, _) = RouteCheck.check(Route(segments: [points], source: .init(kind: .tracks))!)
        #expect(codes(findings) == ["time-before-gps-epoch"])
        #expect(findings[0].index == 0)
        #expect(findings[0].message.hasPrefix("3 points have times before the GPS epoch (1980-01-06), from 1901-12-13T20:45:52Z"))
    }

    @Test func zonesMixedAndMissing() throws {
        // Fixtures/check/zones.gpx: point 0 Z, point 1 +01:00 (the same notation as none of the others),
        // point 2 Z, point 3 no zone. A <metadata><time> with +02:00 is not a point's and is skipped.
        let data = try Data(contentsOf: Fixtures.url("check/zones.gpx"))
        let route = try RouteFile.read(data: data, displayPath: "zones.gpx").route
        let zones = TimeZoneScan.zones(for: route, xml: data)
        #expect(zones == [.utc, .offset(3600), .utc, TimeZoneDesignator.none])
        let (findings, summary) = RouteCheck.check(route, zones: zones)
        #expect(codes(findings) == ["time-zone-mixed", "time-zone-missing", "elevation-missing"])  // no <ele>
        #expect(findings.map(\.index) == [1, 3, 0])
        #expect(findings[0].message == "Times are written in 3 zone notations (+01:00, Z, none): point 0 uses Z, point 1 uses +01:00.")
        #expect(findings[1].message == "1 time has no zone (the first at point 3); it was read as UTC.")
        #expect(summary.zones == ["+01:00", "Z", "none"])
    }

    @Test func zoneDesignatorsOfTimeTexts() {
        #expect(TimeZoneDesignator(dateTime: "2015-12-11T15:43:13.994+01:00") == .offset(3600))
        #expect(TimeZoneDesignator(dateTime: " 2015-12-11T15:43:13-0530 ") == .offset(-19800))
        #expect(TimeZoneDesignator(dateTime: "2015-12-11T15:43:13+02") == .offset(7200))
        #expect(TimeZoneDesignator(dateTime: "2015-12-11T15:43:13.2z") == .utc)
        #expect(TimeZoneDesignator(dateTime: "2015-12-11 15:43:13") == TimeZoneDesignator.none)
        #expect(TimeZoneDesignator(dateTime: "1997-07-16") == nil)
        #expect(TimeZoneDesignator.offset(-19800).description == "-05:30")
    }
}
