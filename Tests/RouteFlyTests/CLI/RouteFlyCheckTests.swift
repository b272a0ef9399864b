import Foundation
import Testing
@testable import RouteKit

/// End-to-end tests of `route-fly check` and `route-fly profile`, and of the SVG pictures (well-formed
/// with `xmllint`, deterministic, rendered with `rsvg-convert`; skipped with a reason when the tools are
/// absent: Debian's libxml2-utils and librsvg2-bin).
@Suite struct RouteFlyCheckTests {
    static func fixture(_ name: String) -> String { Fixtures.url("check/\(name)").path }

    /// The path of a tool on PATH, or `nil` (with a printed reason).
    static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        print("note: \(name) is not installed; skipping its SVG check (apt-get install libxml2-utils librsvg2-bin)")
        return nil
    }

    /// Runs a tool, returning its exit status and standard error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Checks an SVG file: well-formed XML and renders to a non-empty PNG.
    static func validate(svg path: String, png: String) throws {
        if let xmllint = tool("xmllint") {
            let (status, err) = try run(xmllint, ["--noout", path])
            #expect(status == 0, "xmllint: \(err)")
        }
        if let rsvg = tool("rsvg-convert") {
            let (status, err) = try run(rsvg, ["-o", png, path])
            #expect(status == 0, "rsvg-convert: \(err)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG signature
        }
    }

    @Test func cleanRouteExitsZero() throws {
        let r = try runRouteFly(["check", Self.fixture("clean.gpx")])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains(": error:"))
        #expect(r.stdout.contains("[flight-duration]") && r.stdout.contains("[motion-peaks]"))
        // The overview's slow heading drift stays within every motion limit.
        let overview = try runRouteFly(["check", Self.fixture("clean.gpx"), "--preset", "overview", "--strict"])
        #expect(overview.status == 0, "\(overview.stdout)")
        #expect(overview.stdout.hasSuffix("0 errors, 0 warnings, 2 notes\n"))
    }

    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    @Test func motionLimitsAreOptionsAndGiveWarnings() throws {
        // The overview turns 30 degrees in 20 s (peak 2.6 deg/s): within 30, over 1.
        let slow = try runRouteFly(["check", Self.fixture("clean.gpx"), "--preset", "overview", "--max-heading-rate", "1", "--strict"])
        #expect(slow.status == 2)
        #expect(slow.stdout.contains("warning: t=") && slow.stdout.contains("over the limit of 1.0 deg/s from ") && slow.stdout.contains("[motion-turn-rate]"))
        let off = try runRouteFly(["check", Self.bundled, "--preset", "wwdc", "--max-screen-speed", "none", "--max-screen-acceleration", "none",
                                   "--max-screen-jump", "none", "--max-zoom-rate=none", "--rest-fraction", "none", "--strict", "--gap", "10000", "--max-speed", "100", "--piece-gap", "10000"])
        #expect(off.status == 0, "\(off.stdout)")
        for args in [["--max-screen-speed", "0"], ["--max-zoom-rate", "-1"], ["--max-eye-acceleration", "x"], ["--plot", "-"], ["--plot", Self.bundled]] {
            let r = try runRouteFly(["check", Self.bundled] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty && r.stderr.contains("Usage: route-fly"), "\(args)")
        }
    }

    @Test func wwdcAcrossSegmentGapsIsFlaggedInScreenTerms() throws {
        // The bundled route has 8 tracks: the recipe crosses the gap before its 7th track in two frames,
        // 3.6 km within one frame at 14.683 s from 19.3 km away (a screen height of 12.9 km): 0.28
        // screens in one frame, 8.4 screen heights per second. Not a jump (that takes a whole screen),
        // but far over the speed limit: a warning, so '--strict' fails.
        let plain = try runRouteFly(["check", Self.bundled, "--preset", "wwdc"])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warning: t=14.683 s: The screen speed is over the limit of 0.500 screen heights/s from 14.617 s to 14.750 s (5 frame steps), peaking at 8.437 screen heights/s at 14.683 s. [motion-screen-speed]"))
        #expect(try runRouteFly(["check", Self.bundled, "--preset", "wwdc", "--strict"]).status == 2)
        // Two walks 79 km apart: the gap is crossed at up to 1.8 screens a frame, an error.
        let far = try runRouteFly(["check", Self.fixture("two-segments.gpx"), "--preset", "wwdc"])
        #expect(far.status == 2)
        #expect(far.stdout.contains("error: t=8.117 s: The centre moves more than 1.000 screen heights within each frame from 8.017 s to 8.183 s (6 frame steps), up to 1.800 at 8.117 s: the viewer sees a cut, not a move. [motion-jump]"))
        let json = try runRouteFly(["check", Self.fixture("two-segments.gpx"), "--preset", "wwdc", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let motion = try #require(((object["summary"] as? [String: Any])?["flight"] as? [String: Any])?["motion"] as? [String: Any])
        let step = try #require(motion["screen_step"] as? [String: Any])
        #expect(step["limit"] as? Double == 1 && step["over_limit"] as? Int == 6)
        #expect(((motion["screen_speed"] as? [String: Any])?["limit"] as? Double) == 0.5)
    }

    @Test(.enabled(if: Self.tool("xmllint") != nil && Self.tool("rsvg-convert") != nil, "needs xmllint and rsvg-convert")) func motionPlotIsWellFormedDeterministicAndMarksExceedances() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("motion.svg").path
        let r = try runRouteFly(["check", Self.bundled, "--preset", "wwdc", "--plot", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // The same bytes as the sample (a golden file; regenerate it with the command in samples/README.md).
        let sample = Fixtures.packageRoot.appendingPathComponent("samples/cerknicko-jezero-wwdc-motion.svg").path
        #expect(try String(contentsOfFile: sample, encoding: .utf8) == text)
        // Four panels and the event lane; the axes in seconds and screen heights per second.
        for id in ["screen-speed", "zoom-rate", "turn-rate", "tilt-rate", "events"] { #expect(text.contains("<g id=\"\(id)\">"), "\(id)") }
        #expect(text.contains(">time (s)</text>") && text.contains(">screen heights/s</text>"))
        // The screen-speed panel: its limit (dashed) and a red dot per run over it, with the 8.437 peak
        // beyond the scale labelled.
        let panel = text.components(separatedBy: "<g id=\"screen-speed\">")[1].components(separatedBy: "</g>")[0]
        #expect(panel.components(separatedBy: "stroke-dasharray").count - 1 == 1)
        let output = try runRouteFly(["check", Self.bundled, "--preset", "wwdc", "--all"])
        let runs = output.stdout.components(separatedBy: "[motion-screen-speed]").count - 1
        #expect(runs > 0 && panel.components(separatedBy: "<circle").count - 1 == runs)
        #expect(panel.contains("\u{2191} 8.437"))
        // The recipe starts moving at once: the event lane marks the start as not at rest.
        let events = text.components(separatedBy: "<g id=\"events\">")[1]
        #expect(events.contains(">not at rest</text>") && events.contains("fill=\"#7a7a80\""))
        try Self.validate(svg: svg, png: dir.appendingPathComponent("motion.png").path)
        // A flight that cannot be planned has nothing to plot: exit 1, no report, no file.
        let none = dir.appendingPathComponent("none.svg").path
        let failed = try runRouteFly(["check", Self.bundled, "--timing", "recorded", "--speedup", "1e-9", "--plot", none])
        #expect(failed.status == 1 && failed.stdout.isEmpty && !FileManager.default.fileExists(atPath: none))
        #expect(failed.stderr.contains("no plot written: the flight could not be planned: "))
        #expect(!failed.stderr.contains("see 'route-fly check' without"), "names the reason: \(failed.stderr)")
    }

    @Test func aFlightPlannedToTurnFasterIsCheckedAgainstItsOwnTurnLimit() throws {
        // --max-turn-rate 60 plans turns up to 60 deg/s: check's default 30 would flag what was asked for.
        let asked = try runRouteFly(["check", Self.bundled, "--max-turn-rate", "60"])
        #expect(!asked.stdout.contains("[motion-turn-rate]") && !asked.stderr.contains("[motion-turn-rate]"), "\(asked.stdout)")
        let strict = try runRouteFly(["check", Self.bundled, "--max-turn-rate", "60", "--max-heading-rate", "30"])
        #expect(strict.stdout.contains("[motion-turn-rate]") || strict.stderr.contains("[motion-turn-rate]"))
    }

    /// `check --input-heights ellipsoid` converts the heights to sea level before checking them, as every
    /// other subcommand does (it used to check them as read). A walk in New Guinea at 8950 m above sea
    /// level (EGM96), where the geoid lies 82 m above the ellipsoid: the same walk written with heights
    /// above the ellipsoid (cs2cs EPSG:4326+5773 EPSG:4979, PROJ 9.1.1, Debian proj-data's egm96_15.gtx)
    /// is over 9000 m, an implausible elevation, unless read as ellipsoidal.
    @Test func ellipsoidalInputHeightsAreConvertedBeforeChecking() throws {
        // (latitude, cs2cs's height above the ellipsoid for 8950 m above sea level), longitude 147.0.
        let points: [(Double, Double)] = [(-8.5000, 9032.213486), (-8.5003, 9032.210642),
                                          (-8.5006, 9032.207799), (-8.5009, 9032.204956)]
        func gpx(_ elevation: (Double) -> Double) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"RouteKit tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
                + points.enumerated().map { i, p in
                    "<trkpt lat=\"\(p.0)\" lon=\"147.0\"><ele>\(elevation(p.1))</ele><time>2020-09-13T12:00:\(i)0Z</time></trkpt>\n"
                }.joined() + "</trkseg></trk></gpx>\n"
        }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let msl = dir.appendingPathComponent("msl.gpx"), ellipsoidal = dir.appendingPathComponent("ellipsoidal.gpx")
        try gpx { _ in 8950 }.write(to: msl, atomically: true, encoding: .utf8)
        try gpx { $0 }.write(to: ellipsoidal, atomically: true, encoding: .utf8)

        let expected = try runRouteFly(["check", "--json", msl.path])
        #expect(expected.status == 0 && !expected.stdout.contains("elevation-implausible"), "\(expected.stdout)")
        // Read as sea level, the ellipsoidal heights are over 9000 m.
        let asRead = try runRouteFly(["check", "--json", ellipsoidal.path])
        #expect(asRead.status == 2 && asRead.stdout.contains("\"code\":\"elevation-implausible\""), "\(asRead.stdout)")
        // Converted: the same report as the sea-level file, from a path and from standard input; and
        // check still prints nothing on standard error.
        let converted = try runRouteFly(["check", "--json", "--input-heights", "ellipsoid", ellipsoidal.path])
        #expect(converted.status == 0 && converted.stdout == expected.stdout, "\(converted.stdout)")
        #expect(converted.stderr.isEmpty, "\(converted.stderr)")
        // The readers' own warning judges the converted heights too: read as they are, 9032 m are over
        // 9000 m; converted to sea level they are not.
        let warned = try runRouteFly(["info", ellipsoidal.path])
        #expect(warned.stderr.contains("elevations are outside -500...9000 m"), "\(warned.stderr)")
        let info = try runRouteFly(["info", "--input-heights", "ellipsoid", ellipsoidal.path])
        #expect(info.status == 0 && !info.stderr.contains("outside"), "\(info.stderr)")
        let piped = try runRouteFly(["check", "--json", "--input-heights", "ellipsoid", "--input-format", "gpx", "-"],
                                    standardInput: ellipsoidal)
        #expect(piped.status == 0 && piped.stdout == expected.stdout, "\(piped.stdout)\(piped.stderr)")
    }

    @Test func errorsExitTwoAndWarningsOnlyWithStrict() throws {
        let back = try runRouteFly(["check", Self.fixture("backwards.gpx")])
        #expect(back.status == 2)
        #expect(back.stdout.contains("backwards.gpx: error: point 3: Point 3's time 2020-09-13T12:26:45Z is 15.000 s before point 2's 2020-09-13T12:27:00Z. [time-backwards]"))
        let gap = try runRouteFly(["check", Self.fixture("gap.gpx")])
        #expect(gap.status == 0)
        #expect(gap.stdout.contains("warning: point 4: 120.0 s pass between point 3 and point 4 (more than 60.0 s). [time-gap]"))
        #expect(try runRouteFly(["check", Self.fixture("gap.gpx"), "--strict"]).status == 2)
        // (The overview flight stays within the motion limits; the follow preset's fly-in does not yet.)
        #expect(try runRouteFly(["check", Self.fixture("gap.gpx"), "--strict", "--gap", "120", "--preset", "overview"]).status == 0)
        // A flight limit the plan breaks is a warning.
        let fast = try runRouteFly(["check", Self.fixture("clean.gpx"), "--max-camera-speed", "0.001", "--strict"])
        #expect(fast.status == 2 && fast.stdout.contains("[center-speed-over-limit]"))
    }

    @Test func jsonReportIsDeterministicWithNullsWhereNothingApplies() throws {
        let a = try runRouteFly(["check", Self.fixture("backwards.gpx"), "--json", "--duration", "10"])
        let b = try runRouteFly(["check", Self.fixture("backwards.gpx"), "--json", "--duration", "10"])
        #expect(a.status == 2 && a.stdout == b.stdout)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        #expect(first["severity"] as? String == "error" && first["code"] as? String == "time-backwards")
        #expect(first["index"] as? Int == 3 && first["time"] as? String == "2020-09-13T12:26:45Z")
        let duration = try #require(findings.first { $0["code"] as? String == "flight-duration" })
        #expect(duration["index"] is NSNull)
        #expect(duration["time"] as? Double == 22)  // 6 + 10 + 6
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["status"] as? String == "errors")
        #expect((summary["counts"] as? [String: Int])?["time-backwards"] == 1)
        #expect(((summary["flight"] as? [String: Any])?["frames"] as? Int) == 661)
    }

    @Test func couldNotRunAndUsage() throws {
        let missing = try runRouteFly(["check", "/nonexistent/route.gpx"])
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        for args in [["check"], ["check", Self.fixture("clean.gpx"), "--gap", "0"], ["check", Self.fixture("clean.gpx"), "--max-speed", "x"],
                     ["check", Self.fixture("clean.gpx"), "--bogus"], ["profile", Self.fixture("clean.gpx"), "--format", "kml"],
                     ["profile", Self.fixture("clean.gpx"), "--bin", "0"]] {
            let r = try runRouteFly(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains("Usage: route-fly"), "\(args)")
        }
        for args in [["help", "check"], ["check", "--help"], ["profile", "-h"]] {
            let r = try runRouteFly(args)
            #expect(r.status == 0 && r.stdout.contains("USAGE: route-fly"), "\(args)")
        }
    }

    @Test func profileFormats() throws {
        let csv = try runRouteFly(["profile", Self.fixture("clean.gpx"), "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix(RouteProfile.csvHeader + "\n0,0.000,77.806,8,300.00,307.00,"))
        let hike = try runRouteFly(["profile", Self.fixture("clean.gpx"), "--format", "hike-json"])
        #expect(hike.status == 0 && hike.stdout.contains("\"name\": \"clean walk\""))
        #expect(hike.stderr.contains("note: the route has no heart rate"))
        let json = try runRouteFly(["profile", Self.fixture("clean.gpx")])
        #expect(json.stdout.hasPrefix("{\"name\":\"clean walk\",\"bin_m\":375.000,"))
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"), .enabled(if: Self.tool("xmllint") != nil && Self.tool("rsvg-convert") != nil, "needs xmllint and rsvg-convert")) func profileSVGIsWellFormedDeterministicAndRenders() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = Fixtures.real("gpx/togeojson-run_gpxtpx.gpx")?.path ?? Self.fixture("clean.gpx")
        let svg = dir.appendingPathComponent("profile.svg").path
        let r = try runRouteFly(["profile", route, "-o", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let again = try runRouteFly(["profile", route, "--format", "svg"])
        #expect(try String(contentsOfFile: svg, encoding: .utf8) == again.stdout)
        try Self.validate(svg: svg, png: dir.appendingPathComponent("profile.png").path)
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"), .enabled(if: Self.tool("xmllint") != nil && Self.tool("rsvg-convert") != nil, "needs xmllint and rsvg-convert")) func flightSVGIsWellFormedDeterministicAndRenders() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Fixtures.real("gpx/gpxpy-cerknicko-jezero.gpx")?.path ?? Self.fixture("clean.gpx")
        let route = try RouteFile.load(path: path)
        let flight = try FlightPlanner().plan(for: route).script.resolved(for: route)
        let poses = PoseSampler(framesPerSecond: 30).sample(flight.camera).poses
        let a = FlightSVG.render(poses: poses, route: route, title: "cerknicko & <friends>")
        let b = FlightSVG.render(poses: poses, route: route, title: "cerknicko & <friends>")
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("cerknicko &amp; &lt;friends&gt;"))
        // One heading tick per whole second of the flight, 0 included.
        let ticks = text.components(separatedBy: "\n").drop { !$0.contains("id=\"heading-ticks\"") }.dropFirst().prefix { $0.contains("<line") }
        #expect(ticks.count == Int(poses.last!.time) + 1)
        let svg = dir.appendingPathComponent("flight.svg").path
        try Data(a).write(to: URL(fileURLWithPath: svg))
        try Self.validate(svg: svg, png: dir.appendingPathComponent("flight.png").path)
        if ProcessInfo.processInfo.environment["ROUTEKIT_KEEP_SVG"] != nil {
            try Data(a).write(to: URL(fileURLWithPath: "/tmp/routekit-flight.svg"))
        }
    }
}
