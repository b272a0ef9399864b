import Foundation
import Testing
@testable import RouteKit

/// `sample`, `check` and `preview` given several routes: riders on one clock, read from the bundled
/// race (routes/race: one real run re-timed for three runners with known starts and paces).
@Suite struct GroupFlightCLITests {
    static let race = ["ana", "ben", "cai"].map { Fixtures.packageRoot.appendingPathComponent("routes/race/\($0).gpx").path }

    /// A temporary directory, removed by the caller.
    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("group-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func rows(_ csv: String) -> (header: [String], rows: [[String]]) {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (lines[0], Array(lines.dropFirst()))
    }

    @Test func aRaceWritesEveryRiderBesideEveryPose() throws {
        let r = try runRouteFly(["sample"] + Self.race + ["--group-preset", "leader", "--speedup", "20", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let (header, rows) = Self.rows(r.stdout)
        for name in ["ana", "ben", "cai"] {
            for field in ["latitude", "longitude", "elevation", "active"] { #expect(header.contains("\(name)_\(field)")) }
        }
        #expect(rows.allSatisfy { $0.count == header.count })
        // During the fly-in everyone waits at the start, not active. cai starts 60 s before ana and ben
        // 120 s after (make_race.py): when the group part begins, only cai is recording.
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        #expect(["ana", "ben", "cai"].allSatisfy { cell(rows[0], "\($0)_active") == "0" })
        let begins = try #require(rows.firstIndex { row in ["ana", "ben", "cai"].contains { cell(row, "\($0)_active") == "1" } })
        #expect(cell(rows[begins], "cai_active") == "1" && cell(rows[begins], "ana_active") == "0" && cell(rows[begins], "ben_active") == "0")
        // At 20× the group part begins after the 6 s fly-in: frame 60 at 10 fps.
        #expect(begins == 60)
        // And all three start where the run starts (the file's first trkpt), held there until they go.
        let first = try String(contentsOfFile: Self.race[1], encoding: .utf8).firstMatch(of: /lat="([0-9.-]+)" lon="([0-9.-]+)"/)!
        #expect(abs(Double(cell(rows[0], "ben_latitude"))! - Double(first.output.1)!) < 1e-8)
        #expect(abs(Double(cell(rows[0], "ben_longitude"))! - Double(first.output.2)!) < 1e-8)
        #expect(cell(rows.last!, "ana_active") == "0", "everyone has finished at the last frame")
    }

    /// A copy of a real track moved 0.001 degrees north and recorded 300 s late, put back on the
    /// original's clock with --offset: at every frame it is exactly 0.001 degrees north of the original.
    @Test func anOffsetPutsAShiftedCopyBesideTheOriginal() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try String(contentsOfFile: Self.race[0], encoding: .utf8)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var copy = original.replacing(/lat="([0-9.-]+)"/) { m in "lat=\"\(String(format: "%.7f", Double(m.output.1)! + 0.001))\"" }
        copy = copy.replacing(/<time>([^<]+)<\/time>/) { m in
            "<time>\(formatter.string(from: formatter.date(from: String(m.output.1))!.addingTimeInterval(300)))</time>"
        }
        let shifted = dir.appendingPathComponent("late.gpx")
        try Data(copy.utf8).write(to: shifted)
        let r = try runRouteFly(["sample", Self.race[0], shifted.path, "--offset", "late=-300", "--speedup", "30", "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let (header, rows) = Self.rows(r.stdout)
        let (la, lo, sa, so) = ["ana_latitude", "ana_longitude", "late_latitude", "late_longitude"].map { header.firstIndex(of: $0)! }
            .splat4
        #expect(rows.count > 100)
        for row in rows {
            #expect(abs(Double(row[sa])! - Double(row[la])! - 0.001) < 2e-8, "frame \(row[0])")
            #expect(abs(Double(row[so])! - Double(row[lo])!) < 2e-8, "frame \(row[0])")
        }
        // Without the offset the copy runs 300 s behind: somewhere they are far apart.
        let apart = try runRouteFly(["sample", Self.race[0], shifted.path, "--speedup", "30", "--fps", "5"])
        let far = Self.rows(apart.stdout).rows.contains { abs(Double($0[sa])! - Double($0[la])! - 0.001) > 1e-4 }
        #expect(far)
    }

    @Test func badGroupsAreRefusedNamingTheFileOrOption() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let untimed = dir.appendingPathComponent("untimed.gpx")
        let text = try String(contentsOfFile: Self.race[0], encoding: .utf8).replacing(/<time>[^<]+<\/time>/, with: "")
        try Data(text.utf8).write(to: untimed)
        let output = dir.appendingPathComponent("out.csv")
        let r = try runRouteFly(["sample", Self.race[0], untimed.path, "-o", output.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains(untimed.path) && r.stderr.contains("recorded time"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let usage: [([String], String)] = [
            (["sample", Self.race[0], "--group-preset", "leader"], "'--group-preset' needs several routes"),
            (["sample"] + Self.race + ["--offset", "anna=3"], "No rider is named 'anna'"),
            (["sample"] + Self.race + ["--group-preset", "follow:bem"], "Did you mean 'ben'?"),
            (["sample"] + Self.race + ["--simplify", "3"], "'--simplify' does not apply to a flight of several routes"),
            (["sample"] + Self.race + ["--timing", "distance"], "'--timing' can only be 'recorded'"),
            (["sample"] + Self.race + ["--script", "x.json"], "'--script' flies one route"),
            (["sample"] + Self.race + ["--offset", "ana=1", "--offset", "ana=2"], "was given '--offset' more than once"),
            (["check", "-", "-"], "Standard input ('-') can be read only once."),
        ]
        for (arguments, message) in usage {
            let u = try runRouteFly(arguments)
            #expect(u.status == 64 && u.stderr.contains(message), "\(arguments): \(u.stderr)")
        }
    }

    @Test func checkReportsEveryRouteAndTheGroup() throws {
        let r = try runRouteFly(["check", "--json"] + Self.race + ["--group-preset", "leader", "--speedup", "20"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.map { $0["file"] as? String } == Self.race)
        let points = try String(contentsOfFile: Self.race[0], encoding: .utf8).matches(of: #/<trkpt /#).count
        #expect(routes.allSatisfy { (($0["summary"] as? [String: Any])?["route"] as? [String: Any])?["points"] as? Int == points })
        let group = try #require(object["group"] as? [String: Any])
        let codes = (group["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(codes.contains("group-spread") && codes.contains("motion-peaks"))
        #expect(!codes.contains { $0.hasPrefix("motion-") && $0 != "motion-peaks" }, "the leader flight moves within the limits: \(codes)")

        // A rider on standard input is read once, for its own check and for the group's.
        let piped = try runRouteFly(["check", "--json", Self.race[0], "-", Self.race[2], "--group-preset", "leader", "--speedup", "20"],
                                    standardInput: URL(fileURLWithPath: Self.race[1]))
        #expect(piped.status == 0, "\(piped.stderr)")
        // The same report, but for the file's name and the rider's ('stdin', not 'ben').
        #expect(piped.stdout.replacingOccurrences(of: "\"file\":\"-\"", with: "\"file\":\(JSONText.quoted(Self.race[1]))")
            .replacingOccurrences(of: "'stdin'", with: "'ben'") == r.stdout)

        // Two recordings years apart never ride together.
        let apart = try runRouteFly(["check", Self.race[0], Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path,
                                     "--speedup", "1000000"])
        #expect(apart.stdout.contains("[group-clocks-disjoint]"), "\(apart.stdout.suffix(800))")
    }

    /// `--rider-trail`: the seconds of each rider's CZML path (CesiumJS reads them: CesiumBrowserTests),
    /// `whole` for the whole flight; refused when not a positive number or `whole`, or for another format.
    @Test func riderTrailSetsTheCZMLPathsTrail() throws {
        func trails(_ option: [String]) throws -> [Double] {
            let r = try runRouteFly(["sample"] + Self.race + ["--speedup", "20", "--fps", "2", "--format", "czml"] + option)
            #expect(r.status == 0, "\(r.stderr)")
            let packets = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
            return packets.compactMap { ($0["path"] as? [String: Any])?["trailTime"] as? Double }
        }
        #expect(try trails([]) == [120, 120, 120])
        #expect(try trails(["--rider-trail", "30.5"]) == [30.5, 30.5, 30.5])
        let whole = try trails(["--rider-trail", "whole"])
        #expect(whole.count == 3 && whole.allSatisfy { $0 > 1500 }, "\(whole)")
        for bad in ["0", "-5", "abc"] {
            let r = try runRouteFly(["sample"] + Self.race + ["--format", "czml", "--rider-trail", bad])
            #expect(r.status == 64 && r.stderr.contains("--rider-trail"), "\(bad): \(r.stderr)")
        }
        let csv = try runRouteFly(["sample"] + Self.race + ["--rider-trail", "60"])
        #expect(csv.status == 64 && csv.stderr.contains("'--rider-trail' applies to czml output"), "\(csv.stderr)")
        // A single route's CZML has no riders: refused, not silently ignored (before: exit 0).
        let single = try runRouteFly(["sample", Self.race[0], "--format", "czml", "--rider-trail", "60"])
        #expect(single.status == 64 && single.stderr.contains("'--rider-trail' applies to group flights (several routes)") && single.stdout.isEmpty,
                "\(single.status) \(single.stderr)")
    }

    /// Riders recorded years apart make a flight over the frame budget: the error names the riders whose
    /// clocks do not overlap and the budget that applies (before: the 20,000,000-frame hard maximum, and
    /// no rider).
    @Test func disjointRidersOverTheBudgetAreNamed() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let output = dir.appendingPathComponent("g.czml")
        let r = try runRouteFly(["sample", Self.race[0], hike, "--speedup", "20", "-o", output.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the riders' clocks do not overlap: 'gpxpy-cerknicko-jezero' ends") && r.stderr.contains("before 'ana' starts"), "\(r.stderr)")
        #expect(r.stderr.contains("more than the frame budget of 500000") && !r.stderr.contains("20000000"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Longer than any flight may last (no speed-up): refused while planning, naming the gap and the
        // '--offset' that starts the later rider with the earlier one (before: it sent the user to
        // 'check', which does not say); that offset makes the flight.
        let planned = try runRouteFly(["sample", Self.race[0], hike, "-o", output.path])
        #expect(planned.status == 1 && planned.stderr.contains("a flight may last"), "\(planned.stderr)")
        let offset = try #require(planned.stderr.range(of: #"'--offset ana=-[0-9]+' starts it with 'gpxpy-cerknicko-jezero'"#, options: .regularExpression)
            .map { String(planned.stderr[$0].dropFirst(1).prefix { $0 != "'" }) }, "\(planned.stderr)")
        #expect(!planned.stderr.contains("route-fly check"), "\(planned.stderr)")
        let moved = try runRouteFly(["sample", Self.race[0], hike, "--offset", String(offset.dropFirst("--offset ".count)), "--fps", "1", "-o", output.path])
        #expect(moved.status == 0, "\(offset): \(moved.stderr)")
        try? FileManager.default.removeItem(at: output)
        // Overlapping riders over the budget keep the general message.
        let race = try runRouteFly(["sample"] + Self.race + ["--speedup", "1", "--max-frames", "1000", "-o", output.path])
        #expect(race.status == 1 && race.stderr.contains("frame budget of 1000") && !race.stderr.contains("do not overlap"), "\(race.stderr)")
    }

    @Test func aGroupPreviewPageCarriesTheRiders() throws {
        let r = try runRouteFly(["preview"] + Self.race + ["--speedup", "20", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["ana", "ben", "cai"] { #expect(r.stdout.contains("\"\(name)\"")) }
    }
}

private extension Array {
    var splat4: (Element, Element, Element, Element) { (self[0], self[1], self[2], self[3]) }
}

extension GroupFlightCLITests {
    /// The race as route-fly writes it, CZML and KML, against ../shared/schemas (skipped with a reason
    /// where the schemas or the validators are missing, as SchemaValidationTests does).
    @Test func theRaceValidatesAsCZMLAndKML() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let czml = dir.appendingPathComponent("race.czml"), kml = dir.appendingPathComponent("race.kml")
        for file in [czml, kml] {
            let r = try runRouteFly(["sample"] + Self.race + ["--group-preset", "leader", "--speedup", "20", "--fps", "10", "-o", file.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: czml)) as? [[String: Any]])
        #expect(Set(packets.compactMap { $0["id"] as? String }).isSuperset(of: ["camera", "rider/0", "rider/1", "rider/2"]))
        // Each rider is available over the whole clock, and records exactly over its recorded span: the
        // file's first and last <time>.
        let clock = (packets.first?["clock"] as? [String: Any])?["interval"] as? String
        for (r, path) in Self.race.enumerated() {
            let times = try String(contentsOfFile: path, encoding: .utf8).matches(of: /<time>([^<]+)<\/time>/).map { String($0.output.1) }
            let normal = { (t: String) in t.replacingOccurrences(of: ".000Z", with: "Z").replacing(/(\.[0-9]*?)0+Z$/) { "\($0.output.1)Z" } }
            let availability = packets.first { $0["id"] as? String == "rider/\(r)" }?["availability"] as? String
            #expect(clock != nil && availability == clock, "rider \(r)")
            let recording = ((packets.last { $0["id"] as? String == "rider/\(r)" }?["properties"] as? [String: Any])?["recording"] as? [[String: Any]])?.first
            #expect(recording?["interval"] as? String == normal(times.first!) + "/" + normal(times.last!), "rider \(r)")
            #expect(recording?["boolean"] as? Bool == true, "rider \(r)")
        }
        let text = try String(contentsOf: kml, encoding: .utf8)
        #expect(text.matches(of: /<gx:Track>/).count == 3)
        guard let schemas = SchemaValidationTests.schemas else { return }
        if let python = SchemaValidationTests.python {
            let check = try ExternalTools.run(python, [Fixtures.url("tools/validate_czml.py").path,
                                                      schemas.appendingPathComponent("czml/Schema").path, czml.path])
            #expect(check.status == 0 && check.stdout.contains("errors 0"), "\(check.stdout.suffix(600)) \(check.stderr.suffix(600))")
        }
        if let xmllint = SchemaValidationTests.xmllint {
            let check = try ExternalTools.run(xmllint, ["--noout", "--schema", schemas.appendingPathComponent("kml/kml-all.xsd").path, kml.path])
            #expect(check.status == 0 && check.stderr.contains("validates"), "\(check.stderr.prefix(600))")
        }
    }
}
