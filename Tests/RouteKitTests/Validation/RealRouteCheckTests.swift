import Foundation
import Testing
@testable import RouteKit

/// `check` on every file in ../shared/real (skipped, with a printed reason, when the folder is absent),
/// asserting the findings a person would agree with (SOURCES.md says what each file exercises).
@Suite struct RealRouteCheckTests {
    /// The route findings and summary of a real file, with zones scanned for XML formats, as the CLI does.
    static func check(_ relative: String) throws -> (findings: [Finding], summary: RouteCheck.Summary)? {
        guard let url = Fixtures.real(relative) else { return nil }
        let data = try Data(contentsOf: url)
        let options = RouteFile.Options(polyline: .init(precision: relative.hasSuffix(".p6.txt") ? 6 : 5))
        let result = try RouteFile.read(data: data, displayPath: url.path, options: options)
        let zones = [.gpx, .kml, .tcx].contains(result.format) ? TimeZoneScan.zones(for: result.route, xml: data) : nil
        return RouteCheck.check(result.route, zones: zones)
    }

    static func count(_ code: String, _ findings: [Finding]) -> Int { findings.filter { $0.code.rawValue == code }.count }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func everyRealRouteCanBeChecked() throws {
        guard let root = Fixtures.sharedReal else { return }
        let unflyable: Set<String> = ["gpxpy-unicode_with_bom.gpx", "gpsbabel-xsddatetime.kml"]  // waypoints or Points only
        for folder in ["gpx", "kml", "tcx", "geojson", "csv", "polyline"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
            for file in files where !unflyable.contains(file) {
                let r = try #require(try Self.check("\(folder)/\(file)"), "\(file)")
                #expect(r.summary.points > 0, "\(file)")
            }
        }
    }

    @Test func activitiesArePlausible() throws {
        // Found by a new-user test: a 90th percentile of leg speeds called this hike a bike ride. The
        // time-weighted median calls it a walk; the Cessna's log, half of it taxiing, still flies (its
        // time-weighted 90th percentile is over the cycling limit); the Edge 305 ride is a ride.
        for (file, activity) in [("gpx/gpxpy-cerknicko-jezero.gpx", RouteCheck.Activity.foot),
                                 ("gpx/togeojson-run_gpxtpx.gpx", .foot),
                                 ("tcx/gpsbabel-history.tcx", .cycle),
                                 ("csv/gpsbabel-garmin_g1000.csv", .air)] {
            guard let result = try Self.check(file) else { return }
            #expect(result.summary.activity == activity, "\(file)")
        }
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func mojstrovkaHasABrokenClock() throws {
        guard let (findings, summary) = try Self.check("gpx/gpxpy-Mojstrovka.gpx") else { return }
        // 184 points at the 1901 sentinel (181 equal consecutive times while moving, 1 step back of
        // 0.0003 s, all before the GPS epoch): one cause, one finding.
        #expect(Self.count("time-same-instant", findings) == 1)
        #expect(findings.first { $0.code.rawValue == "time-same-instant" }?.message.hasPrefix("All 184 times are the same placeholder instant, 1901-12-13T20:45:52") == true)
        for code in ["time-before-gps-epoch", "time-equal-while-moving", "time-backwards"] { #expect(Self.count(code, findings) == 0, "\(code)") }
        #expect(summary.zones == ["Z"])
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func blueHillsGoesBackwardsBetweenSegments() throws {
        guard let (findings, _) = try Self.check("gpx/togeojson-blue_hills.gpx") else { return }
        let back = findings.filter { $0.code.rawValue == "time-backwards" }
        #expect(back.count == 1)
        #expect(back.first?.index == 807)
        #expect(back.first?.message.hasSuffix("(across a segment break).") == true)
        #expect(Self.count("duplicate-point", findings) == 23)  // SOURCES.md: 23 duplicate positions
        #expect(Self.count("zero-length-segment", findings) >= 1)  // its 1-point segments
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func osmHasDuplicatesEqualTimesAndAnUntimedTrack() throws {
        guard let (findings, _) = try Self.check("gpx/togeojson-osm.gpx") else { return }
        #expect(Self.count("duplicate-point", findings) == 3092)  // SOURCES.md: 3092 duplicate consecutive positions
        let partial = try #require(findings.first { $0.code.rawValue == "time-partial" })
        #expect(partial.message.hasPrefix("2605 of 5000 points have no time"))  // track 3
        #expect(Self.count("time-equal-while-moving", findings) > 0)
        #expect(Self.count("time-backwards", findings) == 0)
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func cerknickoWithoutTimesIsPartlyTimed() throws {
        guard let (findings, _) = try Self.check("gpx/gpxpy-cerknicko-without-times.gpx") else { return }
        let partial = try #require(findings.first { $0.code.rawValue == "time-partial" })
        #expect(partial.message == "291 of 296 points have no time (the first is point 0).")  // 5 of the last 21 timed
        #expect(findings.allSatisfy { $0.severity != .error })
        guard let (full, _) = try Self.check("gpx/gpxpy-cerknicko-jezero.gpx") else { return }
        #expect(!full.contains { $0.code.rawValue.hasPrefix("time-partial") || $0.code.rawValue == "time-missing" || $0.code.rawValue == "time-backwards" })
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func runDuplicatesAndOffsetsAndUntimedRoutes() throws {
        if let (findings, summary) = try Self.check("gpx/togeojson-run_gpxtpx.gpx") {
            #expect(Self.count("duplicate-point", findings) == 22)  // SOURCES.md: 22 duplicate consecutive positions
            #expect(summary.activity == .foot)
            #expect(findings.allSatisfy { $0.severity != .error })
        }
        if let (findings, summary) = try Self.check("gpx/gpxpy-track-with-less-sec-time.gpx") {
            #expect(summary.zones == ["+01:00"])  // one notation: not mixed
            #expect(findings.isEmpty, "\(findings)")
        }
        if let (findings, summary) = try Self.check("gpx/gpsbabel-bendgc-expected.gpx") {
            #expect(findings.map(\.code.rawValue) == ["time-missing", "elevation-missing"])  // a route: long legs are not jumps; no ele
            #expect(summary.jumpLimit == nil)
        }
        if let (findings, _) = try Self.check("geojson/antimeridian-multi-line.json") {
            #expect(findings.contains { $0.code.rawValue == "null-island" && $0.index == 2 })  // its second line starts at [0, 0]
        }
        if let (findings, _) = try Self.check("kml/togeojson-gxmultitrack.kml") {
            // The second gx:Track starts before the first ends.
            #expect(findings.filter { $0.code.rawValue == "time-backwards" }.map(\.index) == [13])
        }
        if let (findings, _) = try Self.check("tcx/gpsbabel-history.tcx") {
            #expect(findings.allSatisfy { $0.severity == .note || $0.code.rawValue == "time-gap" }, "\(findings.map(\.code.rawValue))")
        }
    }
}
