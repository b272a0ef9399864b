import Foundation
import Testing
@testable import RouteKit

// Implausible values are not flown silently. A GeoJSON whose third coordinate is a Unix
// time (`geojson/unix-time-elevation.geojson`, written for RouteKit: 1715410800, 1715410810, 1715410820);
// elevations outside -500...9000 m are a reader warning and a `check` error; heart rate 0 (a strap
// drop-out) is not a heart rate in `profile`.

@Suite struct ImplausibleValueTests {
    /// A Unix time is beyond any height a point may have (the readers' hard limit, -12000...100000 m):
    /// the file is refused, naming the point and the value.
    @Test func unixTimeAsElevationIsRefused() throws {
        #expect {
            _ = try RouteFile.read(path: Fixtures.url("geojson/unix-time-elevation.geojson").path)
        } throws: { error in
            "\(error)".contains("elevation 1715410800.0 is out of range")
        }
    }

    /// An elevation within the hard limit but outside -500...9000 m (a logger writing feet, an aircraft
    /// log) is read with a warning and is a `check` error.
    @Test func implausibleElevationIsAReaderWarningAndACheckError() throws {
        let points = [120.0, 15000, 130].enumerated().map {
            RoutePoint(latitude: 46 + Double($0.offset) * 0.001, longitude: 14, elevation: $0.element)
        }
        let route = Route(segments: [points], source: .init(kind: .tracks))!
        var result = RouteFile.Result(route: route, format: .gpx)
        result.checkPlausibility()
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.contains("15000") ?? false, "\(result.warnings)")
        let findings = RouteCheck.check(route).findings.filter { $0.code.rawValue == "elevation-implausible" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.index == 1)
    }

    @Test func boundsAreInclusive() throws {
        func route(_ elevations: [Double]) -> Route {
            Route(segments: [elevations.enumerated().map { RoutePoint(latitude: 46 + Double($0.offset) * 0.001, longitude: 14, elevation: $0.element) }],
                  source: .init(kind: .tracks))!
        }
        let edges = route([-500, 0, 9000])
        #expect(RouteCheck.check(edges).findings.allSatisfy { $0.code.rawValue != "elevation-implausible" })
        var result = RouteFile.Result(route: edges, format: .gpx)
        result.checkPlausibility()
        #expect(result.warnings.isEmpty)
        let over = route([100, 9000.5, -500.5, 200])
        let finding = try #require(RouteCheck.check(over).findings.first { $0.code.rawValue == "elevation-implausible" })
        #expect(finding.index == 1)
        #expect(finding.message.hasPrefix("2 points have elevations outside -500...9000 m, the first point 1 at 9000.500 m"))
    }

    @Test func heartRateZeroIsADropOut() throws {
        // Four points 0.001 degrees of latitude apart (about 111 m each): one 375 m bin.
        var points = (0..<4).map { RoutePoint(latitude: 46 + Double($0) * 0.001, longitude: 14) }
        for (k, hr) in [0.0, 120, 0, 136].enumerated() { points[k].heartRate = hr }
        let profile = try RouteProfile(Route(segments: [points], source: .init(kind: .tracks))!)
        #expect(profile.bins.count == 1)
        #expect(profile.bins[0].heartRate == 120...136)
        // Only drop-outs: no heart rate at all.
        for k in points.indices { points[k].heartRate = 0 }
        #expect(try RouteProfile(Route(segments: [points], source: .init(kind: .tracks))!).bins[0].heartRate == nil)
    }
}

/// The step between two segments is neither ascent nor descent. Two segments of three
/// points (0.001 degrees of latitude apart): 100, 110, 120 m, then, after the break, 500, 505, 490 m. By
/// hand with the 3 m hysteresis: ascent 10 + 10 (segment 1) + 5 (segment 2) = 25 m, descent 15 m; the
/// 380 m step up between the segments is not counted (before the fix: ascent 405 m).
@Suite struct ProfileSegmentStepTests {
    @Test func stepBetweenSegmentsIsNotClimbed() throws {
        func p(_ k: Int, _ e: Double) -> RoutePoint { RoutePoint(latitude: 46 + Double(k) * 0.001, longitude: 14, elevation: e) }
        let route = Route(segments: [[p(0, 100), p(1, 110), p(2, 120)], [p(3, 500), p(4, 505), p(5, 490)]],
                          source: .init(kind: .tracks))!
        let profile = try RouteProfile(route)
        #expect(profile.ascent == 25)
        #expect(profile.descent == 15)
    }
    /// gpxpy-cerknicko-jezero.gpx has several track segments far apart in height. Ascent and descent per
    /// segment, computed outside RouteKit (Python 3.11 xml.etree, the same 3 m hysteresis restarted at each
    /// trkseg): 208.125 m and 72.579 m (counting the steps between segments gave 209.567 m and 190.821 m).
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func realTrackWithSegments() throws {
        guard let dir = Fixtures.real("gpx") else { return }
        let route = try RouteFile.read(path: dir.appendingPathComponent("gpxpy-cerknicko-jezero.gpx").path).route
        let profile = try RouteProfile(route)
        #expect(abs(profile.ascent - 208.125) < 0.0005)
        #expect(abs(profile.descent - 72.579) < 0.0005)
    }
}
