import Foundation
import Testing

/// No writer ever writes `inf` or `nan`, and the inputs that used to make them
/// (an elevation of 1e308 in a route or a script) are refused where they enter, with exit 1.
@Suite struct NonFiniteOutputTests {
    /// A route at the edge of what is accepted: elevations at both limits, near the pole, across the
    /// antimeridian, and a leg flown at 9 km/s.
    static let extremeGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="RouteKit tests">
          <trk><name>Edge</name><trkseg>
            <trkpt lat="89.9" lon="179.99"><ele>100000</ele><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="89.9" lon="-179.99"><ele>-12000</ele><time>2024-05-01T10:00:01Z</time></trkpt>
            <trkpt lat="89.5" lon="-179.5"><ele>0</ele><time>2024-05-01T10:00:10Z</time></trkpt>
            <trkpt lat="89.0" lon="179.0"><ele>99999.5</ele><time>2024-05-01T10:00:11Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    /// `inf`, `-inf`, `nan`, `infinity` as a word (any case): what a formatter writes for a non-finite number.
    static func nonFiniteTokens(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "(?i)(?<![A-Za-z_])-?(nan|inf|infinity)(?![A-Za-z_])")
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    @Test func theScanFindsWhatItLooksFor() {
        #expect(Self.nonFiniteTokens("1.0,inf,2\n\"ascent_m\": -inf, x=\"NaN\"") == ["inf", "-inf", "NaN"])
        #expect(Self.nonFiniteTokens("Info, infinite, banana, Edge").isEmpty)
    }

    @Test func everyWriterOutputIsFinite() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("edge.gpx")
        try Data(Self.extremeGPX.utf8).write(to: route)
        var runs: [[String]] = []
        for format in ["csv", "geojson", "kml", "czml", "earth-studio", "gpx", "svg"] {
            for preset in ["follow", "orbit", "overview", "wwdc"] {
                runs.append(["sample", route.path, "--preset", preset, "--format", format, "--fps", "4", "--duration", "8"])
            }
        }
        for format in ["json", "hike-json", "csv", "svg"] { runs.append(["profile", route.path, "--format", format]) }
        runs += [["info", route.path, "--json"], ["info", route.path], ["check", route.path, "--json"], ["plan", route.path]]
        for arguments in runs {
            let r = try runRouteFly(arguments)
            #expect(r.status == 0 || (arguments[0] == "check" && r.status == 2), "\(arguments): \(r.stderr)")
            #expect(!r.stdout.isEmpty, "\(arguments)")
            #expect(Self.nonFiniteTokens(r.stdout).isEmpty, "\(arguments): \(Self.nonFiniteTokens(r.stdout).prefix(5))")
        }
    }

    /// The inputs of the issue: an elevation of 1e308 (it gave `inf` in CSV, `"ascent_m": inf`, `nan` in
    /// SVG, a trap in hike-json) is refused by every subcommand, naming the point.
    @Test(arguments: [["profile", "--format", "hike-json"], ["profile"], ["sample", "--format", "kml"], ["info", "--json"], ["check"]])
    func hugeElevationIsRefused(_ command: [String]) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("ele.gpx")
        try Data(Self.extremeGPX.replacingOccurrences(of: "<ele>0</ele>", with: "<ele>1e308</ele>").utf8).write(to: route)
        let out = dir.appendingPathComponent("out.kml").path
        let r = try runRouteFly([command[0], route.path] + command.dropFirst() + (command[0] == "sample" ? ["-o", out] : []))
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        // Located where the value is read: the <ele> of the third point.
        #expect(r.stderr.range(of: #"^.*ele\.gpx:[0-9]+:[0-9]+: error: elevation 1e\+308 is out of range \(expected metres in -12000\.\.\.100000\)\n$"#,
                               options: .regularExpression) != nil, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func hugeElevationInGeoJSONAndCSV() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let geojson = dir.appendingPathComponent("r.geojson")
        try Data(#"{"type":"LineString","coordinates":[[7,45,10],[7.01,45,-1e308]]}"#.utf8).write(to: geojson)
        let csv = dir.appendingPathComponent("r.csv")
        try Data("lat,lon,ele\n45,7,10\n45,7.01,1e300\n".utf8).write(to: csv)
        let g = try runRouteFly(["profile", geojson.path])
        #expect(g.status == 1 && g.stdout.isEmpty)
        #expect(g.stderr == "\(geojson.path):1:56: error: at coordinates[1][2]: elevation -1e+308 is out of range (expected metres in -12000...100000)\n")
        let c = try runRouteFly(["sample", csv.path])
        #expect(c.status == 1 && c.stdout.isEmpty)
        #expect(c.stderr == "\(csv.path):3:9: error: elevation 1e+300 is out of range (expected metres in -12000...100000)\n")
    }

    /// A camera script's centerElevation of 1e308 gave `inf` in every pose format.
    @Test func hugeScriptElevationIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("edge.gpx")
        try Data(Self.extremeGPX.utf8).write(to: route)
        let script = dir.appendingPathComponent("s.json")
        let plan = try runRouteFly(["plan", route.path, "-o", script.path])
        try #require(plan.status == 0, "\(plan.stderr)")
        var text = try String(contentsOf: script, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #""centerElevation"\s*:\s*-?[0-9.eE+-]+"#)
        let match = try #require(regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
        text.replaceSubrange(Range(match.range, in: text)!, with: #""centerElevation": 1e308"#)
        try Data(text.utf8).write(to: script)
        let r = try runRouteFly(["sample", route.path, "--script", script.path, "--format", "czml"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("centerElevation 1e+308 m is out of range (expected metres in -12000...100000)"), "\(r.stderr)")
    }

    /// A denormal field of view trapped in the van Wijk path; it is a usage error now.
    @Test func denormalFieldOfViewIsAUsageError() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("edge.gpx")
        try Data(Self.extremeGPX.utf8).write(to: route)
        for fov in ["1e-320", "0.001", "180"] {
            let r = try runRouteFly(["sample", route.path, "--fov", fov])
            #expect(r.status == 64, "\(fov): \(r.stderr)")
            #expect(r.stderr.contains("invalid for '--fov <degrees>': expected a vertical field of view in degrees, at least 0.01 and at most 179"))
            #expect(!r.stderr.contains("<script>"))
        }
    }
}
