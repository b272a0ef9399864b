import Foundation
import Testing
@testable import RouteKit

private func readRoute(data: Data, format: RouteFormat) -> Result<RouteFile.Result, RouteParseError> {
    do { return .success(try RouteFile.read(data: data, format: format)) } catch { return .failure(error) }
}

/// What a new user hit. Expected values are read off the inputs by hand.
@Suite struct RouteFlyNewUserTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static let onlyWaypoints = Fixtures.url("gpx/bad/only-waypoints.gpx").path  // wpt (46.1, 14.2) and (46.2, 14.3)

    // MARK: Item 9: info on waypoints alone

    @Test func infoSummarisesWaypointsAlone() throws {
        let r = try runRouteFly(["info", Self.onlyWaypoints, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{\"points\":0,\"tracks\":0,\"segments\":0,\"routes\":0,\"waypoints\":2,"))
        #expect(r.stdout.contains("\"bbox\":[14.20000000,46.10000000,14.30000000,46.20000000]"))
        #expect(r.stdout.contains("\"start\":null,\"end\":null"))
        #expect(r.stderr.contains("note: no track points and no route points to fly (found 2 waypoints"))
        let text = try runRouteFly(["info", Self.onlyWaypoints])
        #expect(text.status == 0)
        #expect(text.stdout.contains("waypoints  2 (not flown)"))
        // `sample` still refuses, as before.
        let sample = try runRouteFly(["sample", Self.onlyWaypoints])
        #expect(sample.status == 1 && sample.stdout.isEmpty)
    }

    @Test func kmlAndGeoJSONPointsAlone() throws {
        let kml = Data("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><Point><coordinates>14.5,46.05,300</coordinates></Point></Placemark>
            <Placemark><Point><coordinates> 14.6,46.0 </coordinates></Point></Placemark>
            </Document></kml>
            """.utf8)
        let kmlError = try #require(readRoute(data: kml, format: .kml).failure)
        #expect(kmlError.waypoints == [LocationCoordinate2D(latitude: 46.05, longitude: 14.5), LocationCoordinate2D(latitude: 46.0, longitude: 14.6)])
        let summary = try #require(RouteSummary(waypoints: kmlError.waypoints, format: .kml))
        #expect(summary.points == 0 && summary.waypoints == 2)
        #expect(summary.boundingBox == BoundingBox(west: 14.5, south: 46.0, east: 14.6, north: 46.05))
        let json = Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"MultiPoint","coordinates":[[10,1],[11,2]]}}]}"#.utf8)
        let jsonError = try #require(readRoute(data: json, format: .geojson).failure)
        #expect(jsonError.waypoints.count == 2)
    }

    /// KML Points are not flown, so one that cannot be read is left out of the waypoints, not an error;
    /// of several tuples, the first is the Point's position.
    @Test func kmlPointsAreReadLeniently() throws {
        let kml = Data("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><Point><coordinates>abc</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>14.5</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>14.5,95</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>
              14.7,46.1,0 14.8,46.2</coordinates></Point></Placemark>
            </Document></kml>
            """.utf8)
        let error = try #require(readRoute(data: kml, format: .kml).failure)
        #expect(error.waypoints == [LocationCoordinate2D(latitude: 46.1, longitude: 14.7)])
        #expect(error.description.contains("the file holds only 4 Points"), "\(error)")
    }
}

/// Suggestions, ffmpeg's rational frame rate, case-insensitive values.
@Suite struct RouteFlyOptionSpellingTests {
    static let bundled = RouteFlyNewUserTests.bundled

    @Test func mistypedOptionsAndValuesGetASuggestion() throws {
        let cases: [([String], String)] = [
            (["sample", Self.bundled, "--fsp", "60"], "Error: Unknown option '--fsp'. Did you mean '--fps'?"),
            (["sample", Self.bundled, "--preset", "folow"],
             "Error: The value 'folow' is invalid for '--preset <preset>': expected one of wwdc, follow, overview, orbit. Did you mean 'follow'?"),
            (["info", Self.bundled, "--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
            (["profile", Self.bundled, "--format", "hike-jsn"], "Did you mean 'hike-json'?"),
        ]
        for (args, message) in cases {
            let r = try runRouteFly(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        // Nothing close: no suggestion.
        let far = try runRouteFly(["sample", Self.bundled, "--zzzzzz"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean"))
    }

    @Test func rationalFrameRate() throws {
        // 30000/1001 fps: frame i is at i * 1001/30000 s (printed with 6 decimals).
        let r = try runRouteFly(["sample", Self.bundled, "--fps", "30000/1001", "--preset", "wwdc"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        #expect(rows.count > 100)
        for (i, row) in rows.enumerated() {
            guard let t = Double(row[1]) else { Issue.record("row \(i)"); break }
            #expect(abs(t - Double(i) * 1001 / 30000) < 5e-7, "frame \(i): \(t)")
        }
        for bad in ["30000/0", "1/0.0", "30000/", "a/b", "-30/1"] {
            let e = try runRouteFly(["sample", Self.bundled, "--fps", bad])
            #expect(e.status == 64, "\(bad)")
        }
    }

    @Test func formatValuesAreCaseInsensitive() throws {
        let upper = try runRouteFly(["sample", Self.bundled, "--format", "KML", "--duration", "1", "--fps", "5"])
        #expect(upper.status == 0, "\(upper.stderr)")
        let lower = try runRouteFly(["sample", Self.bundled, "--format", "kml", "--duration", "1", "--fps", "5"])
        #expect(upper.stdout == lower.stdout)
        #expect(try runRouteFly(["sample", Self.bundled, "--preset", "WWDC", "--duration", "1"]).status == 0)
    }
}

/// `check` lists errors first; durations of a day or more also read as days.
@Suite struct RouteFlyCheckOrderTests {
    @Test func errorsComeFirstAndDaysReadAsDays() throws {
        // 24 points 0.001 degrees apart, two days (172800 s) between consecutive times: 23 time-gap
        // warnings; then a 25th point one day before the 24th (86400 s back): one time-backwards error.
        var gpx = "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        let t0 = 1_715_410_800.0
        func stamp(_ t: Double) -> String { ISO8601.string(from: Date(timeIntervalSince1970: t)) }
        for i in 0..<24 {
            gpx += "<trkpt lat=\"\(46 + Double(i) * 0.001)\" lon=\"14\"><time>\(stamp(t0 + Double(i) * 172_800))</time></trkpt>\n"
        }
        gpx += "<trkpt lat=\"46.024\" lon=\"14\"><time>\(stamp(t0 + 23 * 172_800 - 86_400))</time></trkpt>\n"
        gpx += "</trkseg></trk></gpx>\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("days.gpx")
        try Data(gpx.utf8).write(to: file)
        let r = try runRouteFly(["check", file.path])
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.contains(": error: point 24: Point 24's time") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("is 86400.000 s (1 d 00:00:00) before point 23") == true)
        #expect(lines.contains { $0.contains("172800.0 s (2 d 00:00:00) pass between point 0 and point 1") })
        // Warnings before notes.
        let severities = lines.dropLast().compactMap { l -> Int? in
            l.contains(": error: ") ? 0 : l.contains(": warning: ") ? 1 : l.contains(": note: ") ? 2 : nil
        }
        #expect(severities == severities.sorted())
        #expect(DurationText.daysSuffix(86_399) == "")
        #expect(DurationText.daysSuffix(-(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)) == " (-2 d 03:04:05)")
    }
}

/// The README says how to install the binary, and its try-it command writes where
/// `.gitignore` covers.
@Suite struct ReadmeTryItTests {
    @Test func tryItOutputIsIgnoredAndInstallLineIsThere() throws {
        let root = Fixtures.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let ignore = try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
        // The first shell block is the try-it command; its -o file must lie in an ignored directory.
        let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let words = block.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let output = try #require(words.firstIndex(of: "-o").map { words[$0 + 1] })
        let ignoredDirectories = ignore.split(separator: "\n").filter { $0.hasSuffix("/") }.map { String($0) }
        #expect(ignoredDirectories.contains { output.hasPrefix($0) }, "\(output) is not under \(ignoredDirectories)")
        #expect(readme.contains("swift build -c release && install -m 755 .build/release/route-fly /usr/local/bin/route-fly"))
    }
}

/// `--quiet` leaves errors only; long runs show a progress line on a terminal.
@Suite struct RouteFlyQuietAndProgressTests {
    static let bundled = RouteFlyNewUserTests.bundled

    @Test func quietSilencesNotesAndWarningsButNotErrors() throws {
        let loud = try runRouteFly(["sample", Self.bundled])
        #expect(loud.stderr.contains("note: prepared the route"))
        for flag in ["-q", "--quiet"] {
            let quiet = try runRouteFly(["sample", Self.bundled, flag])
            #expect(quiet.status == 0)
            #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
            #expect(quiet.stdout == loud.stdout)
        }
        let info = try runRouteFly(["info", RouteFlyNewUserTests.onlyWaypoints, "-q"])
        #expect(info.status == 0 && info.stderr.isEmpty)
        let failing = try runRouteFly(["sample", RouteFlyNewUserTests.onlyWaypoints, "-q"])
        #expect(failing.status == 1 && failing.stderr.contains("error:"))
    }

    @Test func progressLineOnLongRuns() throws {
        // Piped standard error (every other test): no progress line. Forced on (as on a terminal), a run
        // of 100000 frames draws "route-fly: writing frames N/100001" once it has lasted 2 s; a machine
        // fast enough to finish sooner draws nothing, which is right too.
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let started = Date()
        let r = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "--fps", "1000", "--duration", "100",
                                 "-o", dir.appendingPathComponent("poses.csv").path],
                                environment: ["ROUTE_FLY_PROGRESS": "always"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.stderr)")
        if elapsed > 3 {
            #expect(r.stderr.contains("route-fly: writing frames "), "\(elapsed) s: \(r.stderr.prefix(300))")
            #expect(r.stderr.hasSuffix("\r\u{1B}[K"))  // erased at the end
        } else {
            print("progressLineOnLongRuns: the run took \(elapsed) s, under the 2 s before progress shows; not checked")
        }
        let quiet = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "--fps", "1000", "--duration", "100", "-q",
                                     "-o", dir.appendingPathComponent("q.csv").path],
                                    environment: ["ROUTE_FLY_PROGRESS": "always"])
        #expect(quiet.stderr.isEmpty)
    }
}
