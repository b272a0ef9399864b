import Foundation
import Testing
@testable import RouteKit

// Where the expected numbers come from
// -------------------------------------
// Counts: `python3 Tests/Fixtures/gpx/count_gpx.py FILE` (stdlib xml.etree, namespace-aware,
// direct children only), cross-checked with `grep -o '<trkpt' FILE | wc -l` (and `<rtept`, `<wpt`,
// `<trkseg`, `<trk>`), which agree on every file below.
// Times: epoch seconds from `python3 -c "from datetime import datetime; print(datetime.fromisoformat('…').timestamp())"`.
// Coordinates: copied from the file's text (the first and last flown point).

/// Reads a GPX file, returning the error instead of throwing it.
private func readError(_ url: URL, displayPath: String? = nil) -> RouteParseError? {
    do {
        _ = try GPXReader.read(contentsOf: url, displayPath: displayPath)
        return nil
    } catch {
        return error
    }
}

private func readError(data: Data) -> RouteParseError? {
    do {
        _ = try GPXReader.read(data: data)
        return nil
    } catch {
        return error
    }
}

/// A shared real file, or `nil` (printing why) when `../shared/real` is absent.
private func realFile(_ name: String) -> URL? {
    guard let url = Fixtures.real("gpx/\(name)") else {
        print("skipped: ../shared/real/gpx/\(name) is absent")
        return nil
    }
    return url
}

/// `Testing` has its own `SourceLocation`.
private typealias Location = RouteKit.SourceLocation

private func epoch(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }

extension Formats {
    @Suite("GPXReader: real files from ../shared/real/gpx")
    struct GPXReaderRealFileTests {
        /// What a file holds, counted independently (see the top of this file).
        struct Expected: CustomStringConvertible, Sendable {
            var file: String
            var points: Int          // flown points: trkpt, or rtept when there is no trkpt
            var segments: Int        // non-empty trkseg, or non-empty rte
            var tracks: Int
            var trackSegments: Int   // all trkseg, empty ones included
            var routes: Int
            var waypoints: Int
            var kind: Route.Source.Kind
            var name: String?
            var first: (Double, Double)
            var last: (Double, Double)
            var timed: Int
            var description: String { file }
        }

        static let expectations: [Expected] = [
            // count_gpx.py: trk 1 trkseg 1 nonempty 1 trkpt 8 rte 0 wpt 1; grep '<trkpt' 8, '<wpt' 1
            Expected(file: "gpsbabel-gpx_garmin_extensions.gpx", points: 8, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 1, kind: .tracks, name: "2008-08-20T07:04:47Z",
                     first: (51.506172, -0.035187), last: (51.506324, -0.035472), timed: 8),
            // count_gpx.py: trk 1 trkseg 1 trkpt 5 wpt 0; grep '<trkpt' 5; no <name> in the trk
            Expected(file: "gpsbabel-gpx_subsecond-sample.gpx", points: 5, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 0, kind: .tracks, name: nil,
                     first: (49.794688, 9.834015), last: (49.794782, 9.833934), timed: 5),
            // count_gpx.py: trk 0 rte 1 rtept 6 wpt 4; grep '<rtept' 6, '<wpt' 4; rte name "Path"
            Expected(file: "gpsbabel-bendgc-expected.gpx", points: 6, segments: 1, tracks: 0, trackSegments: 0,
                     routes: 1, waypoints: 4, kind: .routes, name: "Path",
                     first: (35.752604, 140.615728), last: (42.925678, -127.622914), timed: 0),
            // count_gpx.py: trk 1 trkseg 1 trkpt 184; grep '<trkpt' 184; every point has a time
            Expected(file: "gpxpy-Mojstrovka.gpx", points: 184, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 0, kind: .tracks, name: nil,
                     first: (46.434981, 13.748273), last: (46.435231, 13.748253), timed: 184),
            // count_gpx.py: trk 1 trkseg 1 trkpt 104; grep -o '<trkpt' | wc -l = 104 (the file is one line)
            Expected(file: "gpxpy-around-visnjan-with-car.gpx", points: 104, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 0, kind: .tracks, name: "2020-12-18 07:24:29",
                     first: (45.2735188510, 13.7142099626), last: (45.2733349521, 13.7139970623), timed: 104),
            // count_gpx.py: trk 8 trkseg 8 nonempty 7 (sizes 0,173,52,2,44,2,2,21) trkpt 296 wpt 7;
            // grep '<trkpt' 296, '<trkseg' 8, '<trk>' 8, '<wpt' 7. Track 1 ("ACTIVE LOG") is empty, so the
            // name is track 2's, "ACTIVE LOG #2".
            Expected(file: "gpxpy-cerknicko-jezero.gpx", points: 296, segments: 7, tracks: 8, trackSegments: 8,
                     routes: 0, waypoints: 7, kind: .tracks, name: "ACTIVE LOG #2",
                     first: (45.772175035, 14.357659249), last: (45.790873384, 14.304442042), timed: 296),
            // Same counts as cerknicko-jezero; count_gpx.py: only 5 points timed (all in the last track)
            Expected(file: "gpxpy-cerknicko-without-times.gpx", points: 296, segments: 7, tracks: 8, trackSegments: 8,
                     routes: 0, waypoints: 7, kind: .tracks, name: "ACTIVE LOG #2",
                     first: (45.772175035, 14.357659249), last: (45.790873384, 14.304442042), timed: 5),
            // count_gpx.py: trk 1 trkseg 2 nonempty 1 (sizes 9,0) trkpt 9; grep '<trkpt' 9, '<trkseg' 2
            Expected(file: "gpxpy-track-with-empty-segment.gpx", points: 9, segments: 1, tracks: 1, trackSegments: 2,
                     routes: 0, waypoints: 0, kind: .tracks, name: "2013-07-06T14:59:00Z",
                     first: (50.7772126, 6.0819695), last: (50.7776715, 6.0827203), timed: 9),
            // count_gpx.py: trk 1 trkseg 1 trkpt 2; grep '<trkpt' 2
            Expected(file: "gpxpy-track-with-less-sec-time.gpx", points: 2, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 0, kind: .tracks, name: nil,
                     first: (57.011456, 9.992872), last: (57.01147, 9.992874), timed: 2),
            // count_gpx.py: trk 3 trkseg 14 nonempty 14 (sizes 95,59,115,3,2,1,3,6,25,172,326,298,90,48)
            // trkpt 1243 wpt 46; grep '<trkpt' 1243, '<wpt' 46, '<trkseg' 14; first trk name is CDATA "BIG LOOP"
            Expected(file: "togeojson-blue_hills.gpx", points: 1243, segments: 14, tracks: 3, trackSegments: 14,
                     routes: 0, waypoints: 46, kind: .tracks, name: "BIG LOOP",
                     first: (42.210009, -71.096220), last: (42.208958, -71.102400), timed: 1243),
            // count_gpx.py: trk 3 trkseg 3 (sizes 2280,115,2605) trkpt 5000, 2395 timed; grep '<trkpt' 5000
            Expected(file: "togeojson-osm.gpx", points: 5000, segments: 3, tracks: 3, trackSegments: 3,
                     routes: 0, waypoints: 0, kind: .tracks, name: "dc.zip",
                     first: (38.892101, -77.01059), last: (38.900016, -77.006626), timed: 2395),
            // count_gpx.py: trk 1 trkseg 1 trkpt 1118; grep '<trkpt' 1118
            Expected(file: "togeojson-run_gpxtpx.gpx", points: 1118, segments: 1, tracks: 1, trackSegments: 1,
                     routes: 0, waypoints: 0, kind: .tracks, name: "Greeting SF with a dumb, dumb route",
                     first: (37.7832920, -122.4072250), last: (37.7830730, -122.4071220), timed: 1118),
        ]

        @Test("counts, names and end points match an independent count", .enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"), arguments: expectations)
        func countsMatch(_ expected: Expected) throws {
            guard let url = realFile(expected.file) else { return }
            let route = try GPXReader.read(contentsOf: url).route
            #expect(route.points.count == expected.points)
            #expect(route.segments.count == expected.segments)
            #expect(route.source.trackCount == expected.tracks)
            #expect(route.source.trackSegmentCount == expected.trackSegments)
            #expect(route.source.routeCount == expected.routes)
            #expect(route.source.waypointCount == expected.waypoints)
            #expect(route.source.kind == expected.kind)
            #expect(route.name == expected.name)
            #expect(route.start.latitude == expected.first.0)
            #expect(route.start.longitude == expected.first.1)
            #expect(route.end.latitude == expected.last.0)
            #expect(route.end.longitude == expected.last.1)
            #expect(route.timedPointCount == expected.timed)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func everySharedGPXFileIsCovered() throws {
            guard let dir = Fixtures.real("gpx") else { return }
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".gpx") }
            let covered = Set(Self.expectations.map(\.file) + ["gpxpy-unicode_with_bom.gpx"])
            #expect(Set(names) == covered)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func cerknickoSegmentSizesAndTimes() throws {
            guard let url = realFile("gpxpy-cerknicko-jezero.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            // count_gpx.py seg sizes: 0,173,52,2,44,2,2,21 (the empty one dropped)
            #expect(route.segments.map(\.count) == [173, 52, 2, 44, 2, 2, 21])
            #expect(epoch(route.points.first?.time) == 1_281_018_239)  // 2010-08-05T14:23:59Z
            #expect(epoch(route.points.last?.time) == 1_281_025_429)   // 2010-08-05T16:23:49Z
            #expect(route.points.first?.elevation == 542.320923)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func lessThanASecondWithOffset() throws {
            guard let url = realFile("gpxpy-track-with-less-sec-time.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            // 2015-12-11T15:43:13.000+01:00 = 14:43:13Z = 1449844993
            #expect(epoch(route.points[0].time) == 1_449_844_993)
            let t0 = try #require(route.points[0].time)
            let dt = try #require(route.points[1].time?.timeIntervalSince(t0))
            #expect(abs(dt - 0.994) < 1e-6)
            #expect(route.points[1].elevation == 23.551199)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func subsecondSteps() throws {
            guard let url = realFile("gpsbabel-gpx_subsecond-sample.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            // 2011-07-02T17:47:25.2Z .. 26Z in 0.2 s steps; 17:47:25Z = 1309628845
            let times = route.points.compactMap { epoch($0.time) }
            #expect(times.count == 5)
            for (i, t) in times.enumerated() {
                #expect(abs(t - (1_309_628_845.2 + 0.2 * Double(i))) < 1e-6, "point \(i)")
            }
            #expect(route.points[0].elevation == 289.2)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func mojstrovkaSevenFractionalDigits() throws {
            guard let url = realFile("gpxpy-Mojstrovka.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            // 1901-12-13T20:45:52.2073437Z = -2^31 s + 0.2073437 s; the 2nd point has ...52.207Z
            let first = try #require(epoch(route.points[0].time))
            #expect(abs(first - (-2_147_483_648 + 0.2073437)) < 1e-6)
            let second = try #require(epoch(route.points[1].time))
            #expect(abs(second - (-2_147_483_648 + 0.207)) < 1e-6)
            // 7 digits vs 3 digits: 0.3437 ms apart, resolved (Date keeps ~0.5 µs in 1901).
            let t1 = try #require(route.points[1].time)
            let gap = try #require(route.points[0].time?.timeIntervalSince(t1))
            #expect(abs(gap - 0.0003437) < 2e-6)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func blueHillsGoesBackInTimeBetweenSegments() throws {
            guard let url = realFile("togeojson-blue_hills.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            // count_gpx.py seg sizes, in file order
            #expect(route.segments.map(\.count) == [95, 59, 115, 3, 2, 1, 3, 6, 25, 172, 326, 298, 90, 48])
            #expect(epoch(route.points.first?.time) == 993_395_349)  // 2001-06-24T15:09:09Z
            #expect(epoch(route.points.last?.time) == 990_909_851)   // 2001-05-26T20:44:11Z (earlier!)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func bomWithoutNamespaceHasOnlyAWaypoint() throws {
            guard let url = realFile("gpxpy-unicode_with_bom.gpx") else { return }
            let error = try #require(readError(url, displayPath: "bom.gpx"))
            #expect(error.reason == .noRoute(waypoints: 1))
            // <gpx> is line 2, "<gpx>" ends at column 5
            #expect(error.location == Location(path: "bom.gpx", line: 2, column: 5))
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func tp1PrefixedExtensionsDoNotConfuse() throws {
            guard let url = realFile("gpxpy-track-with-empty-segment.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            #expect(route.points.count == 9)
            #expect(epoch(route.points[0].time) == 1_373_131_586)  // 2013-07-06T17:26:26Z
            #expect(epoch(route.points[8].time) == 1_373_131_662)  // 2013-07-06T17:27:42Z
            #expect(route.points[0].elevation == 191.5999756)
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func osmThirdTrackHasNoTimes() throws {
            guard let url = realFile("togeojson-osm.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            #expect(route.segments.map(\.count) == [2280, 115, 2605])  // count_gpx.py seg sizes
            #expect(route.points[route.segments[2]].allSatisfy { $0.time == nil })
            #expect(route.points.allSatisfy { $0.elevation == nil })  // osm.gpx has no <ele>
            #expect(epoch(route.points[0].time) == 1_178_896_926)   // 2007-05-11T15:22:06Z
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func antimeridianRouteKeepsRawLongitudes() throws {
            guard let url = realFile("gpsbabel-bendgc-expected.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            let longitudes = route.points.map(\.coordinate.longitude)
            // The file's rtept lon values jump 178.578290065 -> -170.887231372
            #expect(longitudes.contains(178.578290065))
            #expect(longitudes.contains(-170.887231372))
        }

        @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func dataAndFileGiveTheSameRoute() throws {
            guard let url = realFile("gpxpy-around-visnjan-with-car.gpx") else { return }
            let fromFile = try GPXReader.read(contentsOf: url).route
            let fromData = try GPXReader.read(data: try Data(contentsOf: url)).route
            #expect(fromFile.points == fromData.points)
            #expect(fromFile.source == fromData.source)
            #expect(epoch(fromFile.points.first?.time) == 1_608_272_150)  // 2020-12-18T06:15:50Z
            #expect(epoch(fromFile.points.last?.time) == 1_608_272_664)   // 2020-12-18T06:24:24Z
        }
    }
}

extension Formats {
    @Suite("GPXReader: project fixtures (run without ../shared)")
    struct GPXReaderFixtureTests {
        @Test func copiedRealFileWithOffsetTimes() throws {
            // Copy of gpxpy test_files/track-with-less-sec-time.gpx (Apache-2.0), see Fixtures/README.md
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpxpy-track-with-less-sec-time.gpx")).route
            #expect(route.points.count == 2)  // count_gpx.py: trkpt 2
            #expect(route.points[0].coordinate == LocationCoordinate2D(latitude: 57.011456, longitude: 9.992872))
            #expect(epoch(route.points[0].time) == 1_449_844_993)  // 2015-12-11T14:43:13Z
            let t0 = try #require(route.points[0].time)
            let dt = try #require(route.points[1].time?.timeIntervalSince(t0))
            #expect(abs(dt - 0.994) < 1e-6)
        }

        @Test func copiedRealFileWithEmptySegmentAndTp1Prefix() throws {
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpxpy-track-with-empty-segment.gpx")).route
            #expect(route.points.count == 9)               // count_gpx.py: trkpt 9
            #expect(route.segments.count == 1)             // nonempty 1
            #expect(route.source.trackSegmentCount == 2)   // trkseg 2
            #expect(route.source.trackCount == 1)
            #expect(route.name == "2013-07-06T14:59:00Z")
        }

        @Test func copiedRealFileMojstrovka() throws {
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpxpy-Mojstrovka.gpx")).route
            #expect(route.points.count == 184)  // count_gpx.py: trkpt 184
            let first = try #require(epoch(route.points[0].time))
            #expect(abs(first - (-2_147_483_648 + 0.2073437)) < 1e-6)
        }

        @Test func copiedRealFileBOMNoNamespace() {
            let error = readError(Fixtures.url("gpx/gpxpy-unicode_with_bom.gpx"), displayPath: "w.gpx")
            #expect(error?.reason == .noRoute(waypoints: 1))
            #expect(error?.location == Location(path: "w.gpx", line: 2, column: 5))
            #expect(error?.description == "w.gpx:2:5: error: no track points and no route points to fly (found 1 waypoint; waypoints are not flown)")
        }

        @Test func foreignChildrenOfAPointAreIgnored() throws {
            // GPX 1.0 allows elements of other namespaces directly in a trkpt: <x:ele>, <x:time>.
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpx10-foreign-children.gpx")).route
            #expect(route.points.count == 2)
            #expect(route.name == "Foreign children")
            #expect(route.points[0].elevation == 100.5)
            #expect(epoch(route.points[0].time) == 1_582_977_600)  // 2020-02-29T12:00:00Z
            #expect(route.points[1].elevation == nil)
            #expect(route.points[1].time == nil)
        }

        @Test func extensionTimeIsNotThePointTimeAndPrefixesDoNotMatter() throws {
            // Every GPX element has the prefix g: (bound to the GPX 1.1 URI); extensions hold ext:time,
            // ext:ele and even g:time / g:ele that are not direct children of the point.
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpx11-extension-time.gpx")).route
            #expect(route.points.count == 2)
            #expect(route.points[0].elevation == 12.25)
            #expect(epoch(route.points[0].time) == 1_622_534_400.125)  // 2021-06-01T08:00:00.125Z
            #expect(route.points[1].time == nil)
            #expect(route.points[1].elevation == nil)
            #expect(route.points[1].coordinate == LocationCoordinate2D(latitude: -33.6, longitude: 151.35))
        }

        @Test func utf16WithBOM() throws {
            // The same document as gpx11-extension-time.gpx, encoded UTF-16LE with a BOM.
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/utf16le.gpx")).route
            let reference = try GPXReader.read(contentsOf: Fixtures.url("gpx/gpx11-extension-time.gpx")).route
            #expect(route.points == reference.points)
        }

        @Test func prologWithCommentAndStylesheetCRLFAndCDATAName() throws {
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/prolog-crlf-cdata.gpx")).route
            #expect(route.name == "Café & <loop>")
            // lat=" 45.5 " and a lon with a line break: XML schema whitespace collapse
            #expect(route.points[0].coordinate == LocationCoordinate2D(latitude: 45.5, longitude: 7.25))
            #expect(epoch(route.points[0].time) == 951_904_800)      // " 2000-03-01 10:00:00 ", no zone = UTC
            #expect(epoch(route.points[1].time) == 951_901_201.5)    // 2000-03-01T10:00:01.5+0100
        }

        @Test func routesAreFlownWhenThereIsNoTrackPoint() throws {
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/routes-only.gpx")).route
            // count_gpx.py: trk 1 trkseg 1 nonempty 0 trkpt 0 rte 3 rtept 5 wpt 1
            #expect(route.source == Route.Source(kind: .routes, trackCount: 1, trackSegmentCount: 1, routeCount: 3,
                                                 waypointCount: 1))
            #expect(route.points.count == 5)
            #expect(route.segments.map(\.count) == [2, 3])   // the empty rte is dropped
            #expect(route.name == "Out")                     // first route with points; trimmed
            #expect(route.points[1].elevation == 20)
            #expect(epoch(route.points[1].time) == 1_640_995_200)
            #expect(route.points[2].coordinate == LocationCoordinate2D(latitude: 1.5, longitude: -180))
            #expect(route.points[3].coordinate.longitude == 180)  // accepted although the xsd says < 180
        }

        @Test func tracksWinOverRoutes() throws {
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/tracks-and-routes.gpx")).route
            // count_gpx.py: trk 1 trkseg 3 nonempty 2 trkpt 3 rte 1 rtept 2
            #expect(route.source == Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 3, routeCount: 1,
                                                 waypointCount: 0))
            #expect(route.points.map(\.coordinate.latitude) == [7, 8, 9])
            #expect(route.segments == [0..<1, 1..<3])
            #expect(route.name == "Recorded")
        }

        @Test func inMemoryDataHasNoPath() {
            let error = readError(data: Data("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"/>".utf8))
            #expect(error?.reason == .noRoute(waypoints: 0))
            #expect(error?.location == Location(path: nil, line: 1, column: 47))
            #expect(error?.description.hasPrefix("<input>:1:47: error:") == true)
        }

        @Test func inMemoryDataReadsTracks() throws {
            let xml = """
                <gpx><trk><trkseg><trkpt lat="1" lon="2"><ele>-3.5</ele><time>1970-01-01T00:00:01Z</time></trkpt>\
                </trkseg></trk></gpx>
                """
            let route = try GPXReader.read(data: Data(xml.utf8)).route
            #expect(route.points == [RoutePoint(latitude: 1, longitude: 2, elevation: -3.5,
                                                time: Date(timeIntervalSince1970: 1))])
        }

        @Test func largeInMemoryDocumentAbove10MB() throws {
            // XMLParser(data:) fails above ~10 MB on Linux (docs/geo-formats.md#parsing-speed); the reader streams.
            var xml = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
            let point = "<trkpt lat=\"45.1234567\" lon=\"13.7654321\"><ele>123.4</ele><time>2020-01-01T00:00:00Z</time></trkpt>\n"
            let count = 11_000_000 / point.utf8.count + 1
            xml.reserveCapacity(count * point.utf8.count + 100)
            for _ in 0..<count { xml += point }
            xml += "</trkseg></trk></gpx>\n"
            #expect(xml.utf8.count > 11_000_000)
            let route = try GPXReader.read(data: Data(xml.utf8)).route
            #expect(route.points.count == count)
        }
    }
}

extension Formats {
    @Suite("GPXReader: bad input, one defect per fixture")
    struct GPXReaderBadInputTests {
        /// Reads `Fixtures/gpx/bad/NAME` and returns its error (`nil` if it was read).
        private func error(_ name: String) -> RouteParseError? {
            readError(Fixtures.url("gpx/bad/\(name)"), displayPath: name)
        }

        private func at(_ name: String, _ line: Int, _ column: Int) -> Location {
            Location(path: name, line: line, column: column)
        }

        @Test func missingFile() {
            let e = readError(Fixtures.url("gpx/bad/no-such-file.gpx"), displayPath: "no-such-file.gpx")
            #expect(e?.reason == .unreadable("No such file or directory"))
            #expect(e?.location == nil)
            #expect(e?.description == "no-such-file.gpx: error: cannot read the file: No such file or directory")
        }

        @Test func directoryIsUnreadable() {
            let e = readError(Fixtures.url("gpx/bad"), displayPath: "bad")
            #expect(e?.reason == .unreadable("Is a directory"))
        }

        @Test func emptyFile() {
            let e = error("empty.gpx")
            #expect(e?.reason == .empty)
            #expect(e?.location == at("empty.gpx", 1, 1))
        }

        @Test func whiteSpaceOnlyIsEmpty() {
            #expect(readError(data: Data("\u{FEFF} \r\n\t\n".utf8))?.reason == .empty)
            #expect(readError(data: Data())?.reason == .empty)
        }

        @Test func notXML() {
            let e = error("not-xml.gpx")
            #expect(e?.reason == .malformedXML(
                "the document is empty or does not start with a tag ('<' not found) (XML parser error 4)"))
            #expect(e?.location == at("not-xml.gpx", 1, 1))
        }

        @Test func tinyNonXMLInput() {
            // libxml2 says nothing about inputs under 4 bytes; the reader still refuses them.
            let e = readError(data: Data("ab".utf8))
            #expect(e?.reason == .malformedXML("no root element: this is not an XML document"))
            #expect(e?.location == Location(path: nil, line: 1, column: 1))
        }

        @Test func xmlButNotGPX() {
            let e = error("kml-root.gpx")
            #expect(e?.reason == .unexpectedRoot(name: "kml", namespace: "http://www.opengis.net/kml/2.2",
                                                  expected: "<gpx> in the GPX 1.0 or 1.1 namespace, or in none"))
            #expect(e?.location == at("kml-root.gpx", 2, 44))  // the '>' of <kml xmlns="…">
        }

        @Test func onlyWaypoints() {
            let e = error("only-waypoints.gpx")
            #expect(e?.reason == .noRoute(waypoints: 2))
            #expect(e?.location == at("only-waypoints.gpx", 2, 86))  // the '>' of the <gpx …> start tag
        }

        @Test func nonNumericLatitude() {
            let e = error("lat-not-number.gpx")
            #expect(e?.reason == .malformedNumber(element: "trkpt", field: "lat", text: "4x.1"))
            #expect(e?.location == at("lat-not-number.gpx", 6, 35))  // the '>' of <trkpt lat="4x.1" lon="14.2">
            #expect(e?.description == "lat-not-number.gpx:6:35: error: <trkpt> 'lat' is not a number: \"4x.1\" (expected a decimal number)")
        }

        @Test func latitudeOutOfRange() {
            let e = error("lat-out-of-range.gpx")
            #expect(e?.reason == .latitudeOutOfRange(element: "trkpt", value: 91.5))
            #expect(e?.location == at("lat-out-of-range.gpx", 6, 35))
        }

        @Test func longitudeOutOfRange() {
            let e = error("lon-out-of-range.gpx")
            #expect(e?.reason == .longitudeOutOfRange(element: "trkpt", value: -180.25))
            #expect(e?.location == at("lon-out-of-range.gpx", 6, 38))
        }

        @Test func missingLongitude() {
            let e = error("missing-lon.gpx")
            #expect(e?.reason == .missingField(element: "trkpt", field: "lon"))
            #expect(e?.location == at("missing-lon.gpx", 6, 24))
        }

        @Test func truncatedDocument() {
            let e = error("truncated.gpx")
            #expect(e?.reason == .truncated(
                "the input ends inside <ele> (XML parser error 5); elements still open: gpx > trk > trkseg > trkpt > ele"))
            #expect(e?.location == at("truncated.gpx", 6, 43))  // just past the last character (line 6 has 42)
        }

        @Test func doctypeIsRefused() {
            let e = error("doctype.gpx")
            #expect(e?.reason == .forbiddenDeclaration("a DOCTYPE declaration"))
            #expect(e?.location == at("doctype.gpx", 3, 1))
        }

        @Test func billionLaughsIsRefusedBeforeExpansion() {
            let e = error("entity-billion-laughs.gpx")
            #expect(e?.reason == .forbiddenDeclaration("an entity declaration"))
            #expect(e?.location == at("entity-billion-laughs.gpx", 3, 3))  // the first <!ENTITY
        }

        @Test func malformedTime() {
            let e = error("malformed-time.gpx")
            #expect(e?.reason == .malformedTime(element: "trkpt", text: "2024-02-30T10:00:00Z"))  // 30 February
            #expect(e?.location == at("malformed-time.gpx", 6, 55))  // the '>' of <time>
        }

        @Test func malformedElevation() {
            let e = error("malformed-ele.gpx")
            #expect(e?.reason == .malformedNumber(element: "trkpt", field: "ele", text: "3O1.5"))  // letter O
            #expect(e?.location == at("malformed-ele.gpx", 6, 40))  // the '>' of <ele>
        }

        @Test func declarationsAfterALongPrologAreFound() {
            // A prolog longer than the first 4 KiB read still gets scanned to its end.
            let comment = "<!--" + String(repeating: "x", count: 10_000) + "-->\n"
            let xml = "<?xml version=\"1.0\"?>\n" + comment + "<!DOCTYPE gpx [<!ENTITY a \"b\">]>\n<gpx/>"
            let e = readError(data: Data(xml.utf8))
            #expect(e?.reason == .forbiddenDeclaration("an entity declaration"))
            #expect(e?.location == Location(path: nil, line: 3, column: 16))
        }

        @Test func undeclaredEntityIsMalformed() {
            let e = readError(data: Data("<gpx><trk><name>&nope;</name></trk></gpx>".utf8))
            guard case .malformedXML? = e?.reason else {
                Issue.record("expected .malformedXML, got \(String(describing: e))")
                return
            }
        }

        @Test func extraContentAfterRootIsMalformed() {
            let e = readError(data: Data("<gpx><trk><trkseg><trkpt lat='1' lon='2'/></trkseg></trk></gpx>junk".utf8))
            guard case .malformedXML? = e?.reason else {
                Issue.record("expected .malformedXML, got \(String(describing: e))")
                return
            }
        }

        @Test func waypointCoordinatesAreChecked() {
            let e = readError(data: Data("<gpx><wpt lat='1' lon='200'/></gpx>".utf8))
            #expect(e?.reason == .longitudeOutOfRange(element: "wpt", value: 200))
        }

        @Test func routePointTimeIsChecked() {
            let e = readError(data: Data("<gpx><rte><rtept lat='1' lon='2'><time>yesterday</time></rtept></rte></gpx>".utf8))
            #expect(e?.reason == .malformedTime(element: "rtept", text: "yesterday"))
        }

        @Test func emptyElevationIsMalformed() {
            let e = readError(data: Data("<gpx><trk><trkseg><trkpt lat='1' lon='2'><ele></ele></trkpt></trkseg></trk></gpx>".utf8))
            #expect(e?.reason == .malformedNumber(element: "trkpt", field: "ele", text: ""))
        }

        @Test func wrongGPXNamespaceIsNotGPX() {
            let e = readError(data: Data("<gpx xmlns='http://www.topografix.com/GPX/1/2'/>".utf8))
            #expect(e?.reason == .unexpectedRoot(name: "gpx", namespace: "http://www.topografix.com/GPX/1/2",
                                                  expected: "<gpx> in the GPX 1.0 or 1.1 namespace, or in none"))
        }
    }
}

extension Formats {
    @Suite("GPXReader: declarations outside the prolog")
    struct GPXReaderLateDeclarationTests {
        @Test func doctypeInsideTheDocumentIsMalformed() {
            let e = readError(data: Data("<gpx><!DOCTYPE gpx [<!ENTITY a 'b'>]><trk/></gpx>".utf8))
            guard case .malformedXML? = e?.reason else {
                Issue.record("expected .malformedXML, got \(String(describing: e))")
                return
            }
        }

        @Test func onlyAnXMLDeclarationIsMalformedNotEmpty() {
            let e = readError(data: Data("<?xml version=\"1.0\"?>\n".utf8))
            guard case .malformedXML? = e?.reason else {
                Issue.record("expected .malformedXML, got \(String(describing: e))")
                return
            }
        }
    }
}

extension Formats {
    @Suite("GPXReader: track point extensions by namespace")
    struct GPXTrackPointExtensionTests {
        @Test func gpxTrackPointExtensionMatchedByNamespace() throws {
            // v1 under the prefix `x`, v2 under `gpxtpx`, and a look-alike in another namespace.
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/trackpoint-extensions.gpx")).route
            #expect(route.points.map(\.heartRate) == [90, 91, nil])
            #expect(route.points.map(\.cadence) == [80, nil, nil])
            #expect(route.points.map(\.speed) == [nil, 4.25, nil])
        }
    }
}
