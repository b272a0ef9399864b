import Foundation
import Testing

/// `info` and `profile` take several route files and report each, with counts checked against the
/// files themselves; a bad file among them writes nothing.
@Suite struct MultiInputTests {
    static let first = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static let second = Fixtures.packageRoot.appendingPathComponent("routes/togeojson-blue_hills.gpx").path

    /// `<trkpt` elements in a GPX file, counted from its text.
    static func trackPoints(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).matches(of: /<trkpt[\s>]/).count
    }

    @Test func infoReportsEveryRouteInJSONAndText() throws {
        let r = try runRouteFly(["info", "--json", Self.first, Self.second])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array.map { $0["file"] as? String } == [Self.first, Self.second])
        #expect(array[0]["points"] as? Int == (try Self.trackPoints(Self.first)))
        #expect(array[1]["points"] as? Int == (try Self.trackPoints(Self.second)))
        let text = try runRouteFly(["info", Self.first, Self.second])
        #expect(text.status == 0)
        #expect(text.stdout.contains("==> \(Self.first) <==\npoints      \(try Self.trackPoints(Self.first)) "), "\(text.stdout)")
        #expect(text.stdout.contains("==> \(Self.second) <==\npoints      \(try Self.trackPoints(Self.second)) "))
    }

    @Test func aBadRouteAmongSeveralWritesNothing() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("multi-bad-\(UUID().uuidString).gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        for subcommand in ["info", "profile"] {
            let r = try runRouteFly([subcommand, Self.first, bad.path])
            #expect(r.status == 1, "\(subcommand): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(subcommand) wrote \(r.stdout.prefix(80))")
            #expect(r.stderr.contains(bad.lastPathComponent))
        }
        let twice = try runRouteFly(["info", "-", "-"])
        #expect(twice.status == 64 && twice.stderr.contains("Standard input ('-') can be read only once."))
    }

    @Test func profileReportsEveryRouteInEachFormat() throws {
        let json = try runRouteFly(["profile", Self.first, Self.second])
        #expect(json.status == 0, "\(json.stderr)")
        let profiles = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(profiles.map { $0["file"] as? String } == [Self.first, Self.second])
        // Bins of 375 m over each route's length, as each single profile gives them.
        for (index, path) in [Self.first, Self.second].enumerated() {
            let single = try runRouteFly(["profile", path])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
            #expect((profiles[index]["bins"] as? [Any])?.count == (object["bins"] as? [Any])?.count)
            #expect(profiles[index]["length_m"] as? Double == object["length_m"] as? Double)
        }
        let hikes = try runRouteFly(["profile", "--format", "hike-json", Self.first, Self.second])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(hikes.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let csv = try runRouteFly(["profile", "--format", "csv", Self.first, Self.second])
        let rows = csv.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("file,bin,") == true)
        let bins = profiles.map { ($0["bins"] as? [Any])?.count ?? -1 }
        #expect(rows.count == 1 + bins.reduce(0, +))
        #expect(rows.filter { $0.hasPrefix(Self.second + ",") }.count == bins[1])
        let svg = try runRouteFly(["profile", "--format", "svg", Self.first, Self.second])
        #expect(svg.stdout.matches(of: #/<svg /#).count == 1, "one document")
        #expect(svg.stdout.matches(of: /<g transform="translate\(0,/).count == 2, "holding both graphs, one under the other")
        for profile in profiles { #expect(svg.stdout.contains("\(profile["name"] as? String ?? "?"): ")) }
        let named = try runRouteFly(["profile", "--name", "x", Self.first, Self.second])
        #expect(named.status == 64)
    }
}
