import Foundation
import Testing
@testable import RouteKit

/// End-to-end tests of the built `route-fly` binary (stdout, stderr, exit status), as a user runs it.
@Suite struct RouteFlyTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    @Test func helpAndVersionGoToStdoutWithStatusZero() throws {
        for args in [["--help"], ["-h"], ["help"], ["help", "sample"], ["sample", "--help"], ["info", "-h"]] {
            let r = try runRouteFly(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.stdout.contains("USAGE: route-fly"), "\(args)")
            #expect(r.stderr.isEmpty, "\(args)")
        }
        let v = try runRouteFly(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("route-fly "))
    }

    @Test func usageErrorsExit64WithAMessageQuotingTheToken() throws {
        let cases: [([String], String)] = [
            (["fly"], "Unknown subcommand 'fly'"),
            ([], "No subcommand given: one of sample, render, preview, plan, info, check, profile."),
            (["help", "smaple"], "Unknown subcommand 'smaple'. Expected one of: sample, render, preview, plan, info, check, profile, help."),
            (["plan", Self.bundled, "-o", "flight.csv"], "The output file 'flight.csv' should end in .json: 'plan' writes a JSON camera script"),
            (["sample"], "Missing expected argument '<route>'"),
            (["sample", Self.bundled, "--fps", "abc"], "The value 'abc' is invalid for '--fps <fps>'"),
            (["sample", Self.bundled, "--fps", "0"], "The value '0' is invalid for '--fps <fps>'"),
            (["sample", Self.bundled, "--duration", "-3"], "The value '-3' is invalid for '--duration <seconds>'"),
            (["sample", Self.bundled, "--duration", "nan"], "The value 'nan' is invalid"),
            (["sample", Self.bundled, "--format", "png"], "The value 'png' is invalid for '--format <format>'"),
            (["sample", Self.bundled, "--preset", "spin"], "The value 'spin' is invalid for '--preset <preset>'"),
            (["sample", Self.bundled, "--bogus"], "Unknown option '--bogus'"),
            (["sample", Self.bundled, "-o"], "Missing value for '-o <file>'"),
            (["plan", Self.bundled, "extra.gpx"], "Unexpected argument 'extra.gpx'"),
            (["info", Self.bundled, "--json=yes"], "'--json' takes no value."),
            (["render", Self.bundled, "--frames", "0:2", "-o", "a.png"], "A picture (.png) holds one frame, but '--frames 0:2' asks for 2"),
        ]
        for (args, message) in cases {
            let r = try runRouteFly(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty, "\(args)")
            #expect(r.stderr.contains("Error: \(message)"), "\(args): \(r.stderr)")
            #expect(r.stderr.contains("Usage: route-fly"), "\(args)")
        }
    }

    @Test func sampleWritesOnePoseRowPerFrame() throws {
        let r = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "frame,time,latitude,longitude,heading,pitch,distance,center_elevation")
        try #require(lines.count == 1 + 601 + 1)  // header, 601 frames (20 s at 30 fps), final newline
        #expect(lines[601].hasPrefix("600,20.000000,"))
        // The last frame is back at the first: same centre, heading and distance.
        let first = lines[1].split(separator: ",").dropFirst(2), last = lines[601].split(separator: ",").dropFirst(2)
        #expect(Array(first) == Array(last))
    }

    @Test func sampleFormatsAndOutputFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("flight.geojson").path
        let r = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "--duration", "8", "--return", "2", "--fps", "10", "-o", out])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect((json?["features"] as? [Any])?.count == 101 + 1)  // 10 s at 10 fps, then the route
        let csv = try runRouteFly(["sample", Self.bundled, "--preset=wwdc", "--format", "csv", "--fps=24"])
        #expect(csv.stdout.split(separator: "\n").count == 1 + 481)  // 20 s at 24 fps
    }

    @Test func samplesAreReproducibleByteForByte() throws {
        let a = try runRouteFly(["sample", Self.bundled, "--format", "geojson"])
        let b = try runRouteFly(["sample", Self.bundled, "--format", "geojson"])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }

    @Test func badInputExits1WithALocatedErrorAndNoOutputFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.gpx")
        try Data("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n<trkpt lat=\"4x.1\" lon=\"2\"/></trkseg></trk></gpx>".utf8).write(to: bad)
        let out = dir.appendingPathComponent("out.csv").path
        let r = try runRouteFly(["sample", bad.path, "-o", out])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("\(bad.path):2:"), "\(r.stderr)")
        #expect(r.stderr.contains("error:") && r.stderr.contains("4x.1"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.gpx"])

        let missing = try runRouteFly(["info", dir.appendingPathComponent("nope.gpx").path])
        #expect(missing.status == 1 && missing.stdout.isEmpty && missing.stderr.contains("nope.gpx"))
    }

    @Test func aOnePointRouteFailsCleanly() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one.gpx")
        try Data("<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8).write(to: one)
        let r = try runRouteFly(["sample", one.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("a flight needs at least 2"))
        let info = try runRouteFly(["info", one.path])
        #expect(info.status == 0 && info.stdout.contains("points"))
    }

    @Test func infoJSONHasTheDocumentedKeys() throws {
        let r = try runRouteFly(["info", Self.bundled, "--json"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        for key in ["points", "tracks", "segments", "routes", "waypoints", "length_m", "start_time", "end_time",
                    "duration_s", "start", "end", "bbox", "map_rect"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        // Counts from the file itself: grep -c '<trkpt' = 296, grep -c '<trk>' = 8, '<wpt' = 7.
        #expect(json["points"] as? Int == 296)
        #expect(json["tracks"] as? Int == 8)
        #expect(json["waypoints"] as? Int == 7)
        #expect((json["bbox"] as? [Double])?.count == 4)
        let rect = try #require(json["map_rect"] as? [String: Double])
        #expect(Set(rect.keys) == ["x", "y", "width", "height"])
    }

    /// The bundled hike's first `<trkseg>` is empty (the file's eight hold 0, 173, 52, 2, 44, 2, 2 and 21
    /// `<trkpt>`): `info` counts the file's eight and says seven are flown, and no command notes it.
    @Test func anEmptySegmentIsCountedNotFlown() throws {
        let r = try runRouteFly(["info", Self.bundled])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout.contains("segments    8 (7 flown: 1 is empty)\n"), "\(r.stdout)")
        let json = try runRouteFly(["info", Self.bundled, "--json"])
        #expect(json.stdout.contains("\"segments\":8,"))
    }
}

/// `sample` and `info` run on every GPX in ../shared/real/gpx with at least two track or route
/// points, and fail cleanly on the others.
@Suite struct RouteFlyOnRealFilesTests {
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func everySharedGPXSamplesToValidPosesOrFailsCleanly() throws {
        guard let dir = Fixtures.real("gpx") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(files.count == 13)
        for name in files {
            let path = dir.appendingPathComponent(name).path
            let r = try runRouteFly(["sample", path, "--preset", "wwdc", "--fps", "10"])
            if name == "gpxpy-unicode_with_bom.gpx" {
                // One waypoint, no track: a located error, nothing on stdout.
                #expect(r.status == 1 && r.stdout.isEmpty)
                #expect(r.stderr.hasPrefix("\(path):2:"), "\(r.stderr)")
                #expect(r.stderr.contains("found 1 waypoint"))
                continue
            }
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0) } }
            #expect(rows.count == 201, "\(name)")  // 20 s at 10 fps
            for row in rows {
                guard row.count == 8, let lat = row[2], let lon = row[3], let heading = row[4], let distance = row[6] else {
                    Issue.record("\(name): malformed row \(row)")
                    break
                }
                #expect((-90...90).contains(lat) && (-180...180).contains(lon), "\(name)")
                #expect((0..<360).contains(heading), "\(name)")
                #expect(distance >= 1, "\(name)")
            }
            let info = try runRouteFly(["info", path, "--json"])
            #expect(info.status == 0, "\(name)")
            #expect((try? JSONSerialization.jsonObject(with: Data(info.stdout.utf8))) != nil, "\(name)")
        }
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func antimeridianRouteStaysNearTheAntimeridian() throws {
        // gpsbabel-bendgc-expected.gpx: Narita (140.6 E) to Seattle (-127.6): the centre must cross 180,
        // never sweep through longitude 0.
        guard let path = Fixtures.real("gpx/gpsbabel-bendgc-expected.gpx")?.path else { return }
        let r = try runRouteFly(["sample", path, "--preset", "wwdc", "--fps", "10"])
        #expect(r.status == 0)
        // The listing's 24 km keyframes on this 7,591 km route swung the distance
        // below zero (held at 1 m); scaled with the framing they stay far out, and the flight returns.
        #expect(!r.stderr.contains("fell below 1 m"), "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.map { $0[6] }.min()! > 100_000)
        #expect(zip(rows[0], rows[rows.count - 1]).dropFirst(2).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0)) })
        let longitudes = rows.map { $0[3] }
        #expect(longitudes.count == 201)
        #expect(longitudes.allSatisfy { $0 > 120 || $0 < -110 })
    }
}

/// The files in samples/ are what route-fly writes today, byte for byte (golden files). When the output
/// changes on purpose, re-record them: `ROUTEKIT_RECORD_GOLDEN=1 swift test --filter SamplesGoldenTests`
/// (the run fails, naming the files written; review them with `git diff samples/`). A mismatch prints
/// the first lines that differ.
@Suite struct SamplesGoldenTests {
    /// The first differing lines of two texts, as a short unified-style excerpt.
    static func difference(expected: String, actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : min(a.count, b.count)) else {
            return "no difference"
        }
        let differing = zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
        var lines = ["\(differing) of \(max(a.count, b.count)) lines differ (expected \(a.count), got \(b.count)); from line \(first + 1):"]
        for k in first..<min(first + 3, max(a.count, b.count)) {
            if k < a.count { lines.append("- " + a[k].prefix(200)) }
            if k < b.count { lines.append("+ " + b[k].prefix(200)) }
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [("cerknicko-jezero-wwdc.csv", ["sample", "--preset", "wwdc"]), ("cerknicko-jezero-wwdc.geojson", ["sample", "--preset", "wwdc", "--format", "geojson"]),
                      ("cerknicko-jezero-follow.csv", ["sample"]), ("cerknicko-jezero-follow.geojson", ["sample", "--format", "geojson"]),
                      ("cerknicko-jezero-follow.svg", ["sample", "--format", "svg"]),
                      ("cerknicko-jezero-info.json", ["info", "--json"]),
                      ("race-leader.svg", ["sample", "routes/race/ana.gpx", "routes/race/ben.gpx", "routes/race/cai.gpx",
                                           "--group-preset", "leader", "--speedup", "20", "--fps", "10", "--format", "svg"])])
    func sampleFileIsReproduced(file: String, arguments: [String]) throws {
        // Routes named in the arguments (routes/…), else the bundled hike after the subcommand.
        var arguments = arguments.map { $0.hasPrefix("routes/") ? Fixtures.packageRoot.appendingPathComponent($0).path : $0 }
        if !arguments.contains(where: { $0.hasSuffix(".gpx") }) {
            arguments.insert(Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path, at: 1)
        }
        let url = Fixtures.packageRoot.appendingPathComponent("samples/\(file)")
        let r = try runRouteFly(arguments)
        #expect(r.status == 0)
        if ProcessInfo.processInfo.environment["ROUTEKIT_RECORD_GOLDEN"] == "1" {
            try Data(r.stdout.utf8).write(to: url)
            Issue.record("re-recorded samples/\(file): review it with git diff")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(r.stdout == expected, "samples/\(file) differs from route-fly's output:\n\(Self.difference(expected: expected, actual: r.stdout))")
    }
}

/// Findings of a new-user test, each fixed and kept fixed.
@Suite struct RouteFlyRobustnessTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path

    /// An output in a folder that does not exist is refused before the route is read and the flight
    /// planned (it was refused only when written, after planning), naming the folder as typed.
    @Test func refusesAnOutputWhoseFolderIsMissingBeforeReading() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let notFolder = dir.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: notFolder)
        for (command, output) in [("sample", "missing-folder/poses.csv"), ("plan", "missing-folder/plan.json"),
                                  ("profile", "file.txt/profile.csv")] {
            let r = try runRouteFly([command, Self.bundled, "-o", output], in: dir)
            #expect(r.status == 64 && r.stdout.isEmpty, "\(command): \(r.stderr)")
            let folder = output.hasPrefix("file.txt") ? "'file.txt' is not a folder" : "its folder 'missing-folder' does not exist"
            #expect(r.stderr.contains("The output file '\(output)' cannot be written: \(folder)."), "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("note:"), "read or planned first: \(r.stderr)")
        }
    }

    @Test func refusesToOverwriteTheInputRoute() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("in.gpx").path
        try FileManager.default.copyItem(atPath: Self.bundled, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let r = try runRouteFly(["sample", copy, "-o", copy])
        #expect(r.status == 64)
        #expect(r.stderr.contains("is the input route"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    @Test func readsStandardInputAndPipes() throws {
        let r = try runRouteFly(["info", "-"], standardInput: URL(fileURLWithPath: Self.bundled))
        #expect(r.status == 0 && r.stdout.contains("104 (track points)"), "\(r.stderr)")
        let bad = try runRouteFly(["info", "-"], standardInput: Fixtures.url("gpx/bad/not-xml.gpx"))
        #expect(bad.status == 1 && bad.stderr.hasPrefix("<stdin>:"), "\(bad.stderr)")
    }

    /// `-` is standard input to route-fly even where a file named `-` lies in the working directory
    /// (the library reads that file for the path `-`; the command line maps `-` to standard input).
    @Test func dashIsStandardInputBesideAFileNamedDash() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The file `-`: clean.gpx, 8 track points, and a camera script that is not one.
        try FileManager.default.copyItem(at: Fixtures.url("check/clean.gpx"), to: dir.appendingPathComponent("-"))
        let info = try runRouteFly(["info", "-"], in: dir, standardInput: URL(fileURLWithPath: Self.bundled))
        #expect(info.status == 0 && info.stdout.contains("104 (track points)"), "\(info.stdout)\(info.stderr)")
        let check = try runRouteFly(["check", "-", "--json"], in: dir, standardInput: URL(fileURLWithPath: Self.bundled))
        #expect(check.stdout.contains("\"route\":{\"points\":104,"), "\(check.stdout)\(check.stderr)")
        let script = Fixtures.packageRoot.appendingPathComponent("samples/scripts/orbit.json")
        let sample = try runRouteFly(["sample", Self.bundled, "--script", "-", "--fps", "1"], in: dir, standardInput: script)
        #expect(sample.status == 0 && !sample.stdout.isEmpty && !sample.stderr.contains("error"), "\(sample.stderr)")
        let badScript = try runRouteFly(["sample", Self.bundled, "--script", "-"], in: dir,
                                        standardInput: Fixtures.url("gpx/bad/not-xml.gpx"))
        #expect(badScript.status == 1 && badScript.stderr.hasPrefix("<stdin>:"), "\(badScript.stderr)")
    }

    @Test func outputToADirectoryOrRepeatedOptionsAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runRouteFly(["sample", Self.bundled, "-o", dir.path])
        #expect(r.status == 64 && r.stderr.contains("is a folder: give a file's name"), "\(r.stderr)")  // before reading (OutputIsInputTests)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let twice = try runRouteFly(["sample", Self.bundled, "--fps", "10", "--fps=20"])
        #expect(twice.status == 64 && twice.stderr.contains("'--fps=20'") == false && twice.stderr.contains("more than once"))
        let version = try runRouteFly(["--version", "extra"])
        #expect(version.status == 64)
    }

    @Test func dashOutputMeansStandardOutput() throws {
        let r = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "-o", "-", "--fps", "1"])
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 22)  // header + 21 frames
    }
}
