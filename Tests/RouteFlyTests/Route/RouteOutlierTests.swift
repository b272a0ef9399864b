import Foundation
import Testing
@testable import RouteKit

/// Outliers (``RouteOutliers``): a wild position, a height spike and wrapped 16-bit heights, each on
/// the first 300 points of a real 1 Hz run (Fixtures/outliers, make_outliers.py) with one fault put in,
/// checked against the run as recorded (`run-300.gpx`) and against the files' own text (their points
/// read with a plain pattern match, their lines counted), in every command that uses the route.
@Suite struct RouteOutlierTests {
    static func fixture(_ name: String) -> String { Fixtures.url("outliers/\(name)").path }
    static let baseline = fixture("run-300.gpx")

    /// The file's points as written: latitude, longitude, height, by a regular expression.
    static func filePoints(_ path: String) throws -> [(latitude: Double, longitude: Double, elevation: Double)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)"><ele>([-0-9.]+)</ele>"#)
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (Double(ns.substring(with: m.range(at: 1)))!, Double(ns.substring(with: m.range(at: 2)))!,
             Double(ns.substring(with: m.range(at: 3)))!)
        }
    }

    /// Line `n` (1-based) of the file.
    static func line(_ n: Int, of path: String) throws -> String {
        String(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)[n - 1])
    }

    /// A column of `sample`'s CSV output, by name.
    static func column(_ name: String, of csv: String) -> [Double] {
        let lines = csv.split(separator: "\n")
        guard let k = lines.first?.split(separator: ",").firstIndex(where: { $0 == name }) else { return [] }
        return lines.dropFirst().compactMap { Double($0.split(separator: ",", omittingEmptySubsequences: false)[k]) }
    }

    /// `profile`'s JSON: the ascent and the lowest and highest heights of its bins.
    static func profile(_ path: String) throws -> (ascent: Double, lowest: Double, highest: Double) {
        let r = try runRouteFly(["profile", path])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let ranges = (json["bins"] as! [[String: Any]]).map { $0["elevation_m"] as! [Double] }
        return (json["ascent_m"] as! Double, ranges.map { $0[0] }.min()!, ranges.map { $0[1] }.max()!)
    }

    /// `check`'s findings with `code`, as printed.
    static func findings(_ code: String, in path: String) throws -> [Substring] {
        let r = try runRouteFly(["check", path, "--all"])
        return r.stdout.split(separator: "\n").filter { $0.hasSuffix("[\(code)]") }
    }

    // MARK: a wild position

    @Test func aWildPointIsLeftOutOfTheFlight() throws {
        let path = Self.fixture("wild-point.gpx")
        // The route's box: the recorded run's points (the file's, without the moved one).
        let real = try Self.filePoints(Self.baseline)
        let moved = try Self.filePoints(path)
        #expect(moved.count == 300 && abs(moved[150].latitude - real[150].latitude - 0.5) < 1e-9)
        let south = real.map(\.latitude).min()!, north = real.map(\.latitude).max()!
        let west = real.map(\.longitude).min()!, east = real.map(\.longitude).max()!
        let r = try runRouteFly(["sample", path, "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let latitudes = Self.column("latitude", of: r.stdout), longitudes = Self.column("longitude", of: r.stdout)
        #expect(latitudes.count > 100 && latitudes.count == longitudes.count)
        for (lat, lon) in zip(latitudes, longitudes) {
            #expect((south...north).contains(lat) && (west...east).contains(lon), "centre \(lat), \(lon) outside the run's box")
        }
        // The warning names the point where the file has it: line 155, column 5, the moved latitude.
        #expect(r.stderr.contains("wild-point.gpx:155:5") && r.stderr.contains("wild position"), "\(r.stderr)")
        #expect(try Self.line(155, of: path).contains("lat=\"38.2864140\""))
        let found = try Self.findings("position-outlier", in: path)
        #expect(found.count == 1 && found[0].contains("point 150:") && found[0].contains("wild-point.gpx:155:5"), "\(found)")
        // The run as recorded has none.
        #expect(try Self.findings("position-outlier", in: Self.baseline).isEmpty)
        #expect(try RouteFile.load(path: Self.baseline).outliers.isEmpty)
    }

    /// One cause, one finding: the legs into and out of the recognised wild point are
    /// not also `jump`s and `speed-implausible`s. The control, the same file with point 151 moved as far
    /// (two wild points in a row, which the rule does not recognise), keeps its jumps: the legs 149-150
    /// and 151-152, each over 1000 m by the file's own coordinates (0.5 degrees of latitude, 55 km).
    @Test func aWildPointIsOneFindingNotAlsoJumpsAndSpeeds() throws {
        let path = Self.fixture("wild-point.gpx")
        let r = try runRouteFly(["check", path, "--all"])
        let lines = r.stdout.split(separator: "\n")
        func count(_ code: String) -> Int { lines.filter { $0.hasSuffix("[\(code)]") }.count }
        #expect(count("position-outlier") == 1 && count("jump") == 0 && count("speed-implausible") == 0, "\(r.stdout)")
        #expect(try Self.findings("jump", in: Self.baseline).isEmpty)

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var fileLines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let moved = try #require(fileLines[155].range(of: #"lat="[-0-9.]+""#, options: .regularExpression))
        let latitude = try Self.filePoints(path)[151].latitude + 0.5
        fileLines[155].replaceSubrange(moved, with: String(format: "lat=\"%.7f\"", latitude))
        let twoWild = dir.appendingPathComponent("two-wild.gpx")
        try fileLines.joined(separator: "\n").write(to: twoWild, atomically: true, encoding: .utf8)
        let points = try Self.filePoints(twoWild.path)
        #expect(abs(points[151].latitude - points[150].latitude) < 0.001 && abs(points[152].latitude - points[151].latitude) > 0.4)
        let control = try runRouteFly(["check", twoWild.path, "--all"]).stdout.split(separator: "\n")
        let jumps = control.filter { $0.hasSuffix("[jump]") }
        #expect(jumps.count == 2 && jumps[0].contains("Point 150 is") && jumps[1].contains("Point 152 is"), "\(jumps)")
        #expect(!control.contains { $0.hasSuffix("[position-outlier]") })
    }

    @Test func anUntimedWildPointIsFoundByItsDetour() throws {
        let route = try RouteFile.load(path: Self.fixture("wild-point.gpx"))
        let points: [RoutePoint] = route.points.map { RoutePoint(coordinate: $0.coordinate, elevation: $0.elevation) }
        let untimed = Route(segments: [points], source: route.source)!
        let outliers = untimed.outliers
        #expect(outliers.positions.map(\.index) == [150] && outliers.positions[0].speedIn == nil)
        #expect(outliers.route.points.count == 299)
        #expect(outliers.route.length < 1000, "\(outliers.route.length) m")
    }

    // MARK: points of no fix at (0, 0)

    /// The recorded run with the given points moved to latitude 0, longitude 0 (their lines rewritten),
    /// written to a temporary file.
    static func withNoFix(at indices: [Int], in dir: URL) throws -> URL {
        var lines = try String(contentsOfFile: baseline, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trkpts = lines.indices.filter { lines[$0].contains("<trkpt ") }
        for i in indices {
            let line = trkpts[i]
            let range = try #require(lines[line].range(of: #"lat="[-0-9.]+" lon="[-0-9.]+""#, options: .regularExpression))
            lines[line].replaceSubrange(range, with: #"lat="0.0000000" lon="0.0000000""#)
        }
        let url = dir.appendingPathComponent("no-fix-\(indices.count).gpx")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A first point at (0, 0) (a run whose receiver had no fix yet) is left out of the flight with one
    /// warning naming its line; the flight stays in the run's box, as a wild position's does (before: a
    /// flight of 12,800 km from the Gulf of Guinea, exit 0).
    @Test func aFirstPointAtZeroZeroIsLeftOut() throws {
        let dir = try makeTemporaryDirectory()
        let path = try Self.withNoFix(at: [0], in: dir).path
        let real = try Self.filePoints(Self.baseline).dropFirst()
        let r = try runRouteFly(["sample", path, "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let latitudes = Self.column("latitude", of: r.stdout)
        #expect(latitudes.count > 100 && latitudes.allSatisfy { (real.map(\.latitude).min()!...real.map(\.latitude).max()!).contains($0) })
        #expect(r.stderr.contains("point 0 (\(path):5:5) is at latitude 0, longitude 0"), "\(r.stderr)")  // line 5: its <trkpt
        #expect(r.stderr.components(separatedBy: "latitude 0, longitude 0").count == 2, "one warning: \(r.stderr)")
        let outliers = try RouteFile.load(path: path).outliers
        #expect(outliers.noFixes == [0] && outliers.positions.isEmpty && outliers.route.points.count == 299)
        // info summarises the file as it is, and says so.
        let info = try runRouteFly(["info", path])
        #expect(info.status == 0 && info.stderr.contains("point 0 is at latitude 0, longitude 0"), "\(info.stderr)")
    }

    /// Every third point at (0, 0): all 100 are left out, and the check gives one finding for them, not
    /// also a jump and a speed for each of their 200 legs.
    @Test func manyPointsAtZeroZeroAreOneFinding() throws {
        let dir = try makeTemporaryDirectory()
        let path = try Self.withNoFix(at: Array(stride(from: 1, to: 300, by: 3)), in: dir).path
        #expect(try RouteFile.load(path: path).outliers.noFixes.count == 100)
        let lines = try runRouteFly(["check", path, "--all"]).stdout.split(separator: "\n")
        func count(_ code: String) -> Int { lines.filter { $0.hasSuffix("[\(code)]") }.count }
        #expect(count("null-island") == 1 && count("jump") == 0 && count("speed-implausible") == 0 && count("position-outlier") == 0,
                "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("100 points, the first point 1, are at latitude 0, longitude 0") })
        // Their legs (thousands of km in a second) do not make the run a bike ride or a flight: the check
        // judges the recording by its other legs, as it judges the run recorded (the review found a
        // cycle limit, and the run's real speed warnings gone).
        func activity(_ path: String) throws -> String? {
            try runRouteFly(["check", path, "--json"]).stdout.firstMatch(of: /"activity":"([a-z]+)"/).map { String($0.output.1) }
        }
        #expect(try activity(path) == activity(Self.baseline) && activity(path) == "foot")
    }

    /// A line through the Gulf of Guinea that passes exactly (0, 0), its neighbours 11 m away, keeps it.
    @Test func aRouteThroughZeroZeroKeepsIt() throws {
        let points = (-5...5).map { RoutePoint(latitude: 0, longitude: Double($0) * 0.0001) }
        let route = try #require(Route(segments: [points], source: .init(kind: .tracks)))
        #expect(route.outliers.noFixes.isEmpty && route.outliers.route.points.count == 11)
    }

    // MARK: a height spike

    @Test func aHeightSpikeIsOneDecisionEverywhere() throws {
        let path = Self.fixture("height-spike.gpx")
        #expect(try Self.filePoints(path)[120].elevation - Self.filePoints(Self.baseline)[120].elevation == 300)
        // Profile: the ascent and the highest height are the recorded run's, not 600 m more.
        let spiked = try Self.profile(path), recorded = try Self.profile(Self.baseline)
        #expect(abs(spiked.ascent - recorded.ascent) < 1, "ascent \(spiked.ascent) m, the run's \(recorded.ascent) m")
        #expect(abs(spiked.highest - recorded.highest) < 0.5, "\(spiked.highest) vs \(recorded.highest)")
        // Flight and ground (the route's own heights, which the clearance keeps): the eye flies as over the run.
        let flown = try runRouteFly(["sample", path, "--fps", "5"]), run = try runRouteFly(["sample", Self.baseline, "--fps", "5"])
        #expect(flown.status == 0 && run.status == 0, "\(flown.stderr)")
        let eye = Self.column("eye_altitude", of: flown.stdout), runEye = Self.column("eye_altitude", of: run.stdout)
        #expect(eye.count == runEye.count && zip(eye, runEye).allSatisfy { abs($0 - $1) < 1 },
                "highest eye \(eye.max() ?? 0) m, the run's \(runEye.max() ?? 0) m")
        let follow = try runRouteFly(["sample", path, "--preset", "follow", "--fps", "5"])
        let runFollow = try runRouteFly(["sample", Self.baseline, "--preset", "follow", "--fps", "5"])
        let followEye = Self.column("eye_altitude", of: follow.stdout), runFollowEye = Self.column("eye_altitude", of: runFollow.stdout)
        #expect(abs(followEye.max()! - runFollowEye.max()!) < 1, "follow: \(followEye.max()!) vs \(runFollowEye.max()!)")
        #expect(flown.stderr.contains("height-spike.gpx:125:5"), "\(flown.stderr)")
        // Check: one located finding at the line that holds the spike.
        #expect(try Self.line(125, of: path).contains("<ele>317.2</ele>"))
        let found = try Self.findings("elevation-spike", in: path)
        #expect(found.count == 1 && found[0].contains("point 120:") && found[0].contains("height-spike.gpx:125:5"), "\(found)")
        #expect(try Self.findings("elevation-spike", in: Self.baseline).isEmpty)
    }

    /// Many spikes are one warning, not one each (a review's file of 300 printed 301 lines): their count,
    /// the first and the largest, located; `check --all` still lists every one, as many as were put in.
    @Test func manySpikesAreOneWarning() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines = try String(contentsOfFile: Self.baseline, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var spiked: [Int] = []
        var point = -1
        for k in lines.indices where lines[k].contains("<trkpt") {
            point += 1
            guard point >= 10, point <= 290, point % 20 == 10, let ele = lines[k].range(of: #"<ele>[-0-9.]+</ele>"#, options: .regularExpression) else { continue }
            lines[k].replaceSubrange(ele, with: point == 170 ? "<ele>5000.0</ele>" : "<ele>3000.0</ele>")
            spiked.append(point)
        }
        let path = dir.appendingPathComponent("spikes.gpx").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(spiked.count == 15)
        let r = try runRouteFly(["sample", path, "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("height spike") || $0.contains("are spikes") }
        #expect(warnings.count == 1 && warnings[0].contains("warning: 15 heights are spikes"), "\(warnings)")
        #expect(warnings.first?.contains("the first, point 10 (\(path):") == true && warnings.first?.contains("the largest, point 170 (\(path):") == true
                && warnings.first?.contains("5000.0 m read") == true, "\(warnings)")
        let found = try Self.findings("elevation-spike", in: path)
        #expect(found.count == 15 && found.allSatisfy { f in spiked.contains { f.contains("point \($0):") } }, "\(found)")
    }

    /// A logger that holds a summit's height and then drops 69 m (gpxpy's Mojstrovka.gpx, points 88-95)
    /// is a step, not a spike: its heights stay as recorded.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func aStepIsNotASpike() throws {
        guard let url = Fixtures.real("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let route = try RouteFile.load(path: url.path)
        #expect(abs(route.points[94].elevation! - route.points[95].elevation!) > 60)
        #expect(route.outliers.isEmpty, "\(route.outliers.heightSpikes)")
    }

    // MARK: wrapped heights

    @Test(arguments: [("wrapped-heights-mixed.gpx", 14.0, 57), ("wrapped-heights-all.gpx", 100.0, 300)])
    func wrappedHeightsAreCorrected(name: String, lowered: Double, wrapped: Int) throws {
        let path = Self.fixture(name)
        let heights = try Self.filePoints(path).map(\.elevation)
        #expect(heights.filter { $0 >= 65000 }.count == wrapped)
        // Profile: the run's heights, lowered.
        let corrected = try Self.profile(path), recorded = try Self.profile(Self.baseline)
        #expect(abs(corrected.lowest - (recorded.lowest - lowered)) < 0.15 && abs(corrected.highest - (recorded.highest - lowered)) < 0.15,
                "\(corrected) vs \(recorded)")
        // Recorded timing: the eye stays where it flies over the run, lowered (before: 65 km up).
        let flown = try runRouteFly(["sample", path, "--timing", "recorded", "--speedup", "10", "--fps", "5"])
        let run = try runRouteFly(["sample", Self.baseline, "--timing", "recorded", "--speedup", "10", "--fps", "5"])
        #expect(flown.status == 0 && run.status == 0, "\(flown.stderr)")
        let eye = Self.column("eye_altitude", of: flown.stdout), runEye = Self.column("eye_altitude", of: run.stdout)
        #expect(eye.count == runEye.count && eye.count > 100)
        #expect(abs(eye.max()! - (runEye.max()! - lowered)) < 5, "highest eye \(eye.max()!) m, the run's \(runEye.max()!) m")
        #expect(flown.stderr.contains("unsigned 16-bit") && flown.stderr.contains("\(name):5:5"), "\(flown.stderr)")
        #expect(!flown.stderr.contains("outside -500...9000"), "\(flown.stderr)")
        let found = try Self.findings("elevation-wrapped", in: path)
        #expect(found.count == 1 && found[0].contains("\(wrapped) heights") && found[0].contains("\(name):5:5"), "\(found)")
        // info says what check says: the heights are corrected, not an error.
        let info = try runRouteFly(["info", path])
        #expect(info.status == 0 && !info.stderr.contains("elevation-implausible") && !info.stdout.contains("elevation-implausible"), "\(info.stderr)")
        #expect(info.stderr.contains("warning: \(wrapped) heights read as 65000...65535 m are negative heights") && info.stderr.contains("corrected to h - 65536"), "\(info.stderr)")
        #expect(try runRouteFly(["check", path]).stdout.split(separator: "\n").filter { $0.hasSuffix("[elevation-implausible]") }.isEmpty)
        #expect(try Self.findings("elevation-implausible", in: path).isEmpty)
    }

    /// Heights of 65000 m and more beside heights far from sea level are no wrap: left as they are (and
    /// `elevation-implausible`).
    @Test func aHighHeightAwayFromSeaLevelIsNoWrap() throws {
        let points = [RoutePoint(latitude: 46, longitude: 14, elevation: 900),
                      RoutePoint(latitude: 46.001, longitude: 14, elevation: 65500),
                      RoutePoint(latitude: 46.002, longitude: 14, elevation: 910)]
        let route = Route(segments: [points], source: .init(kind: .tracks))!
        #expect(route.outliers.wrapped == nil)
    }
}
