import Foundation
import Testing

/// An output file that is one of the inputs is refused (exit 64) and left untouched,
/// however it is reached: standard input, the camera script, a symbolic link, a hard link.
@Suite struct OutputIsInputTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path

    /// A directory holding a copy of the bundled route (`in.gpx`) and a camera script planned for it (`s.json`).
    static func workspace() throws -> (dir: URL, route: String, script: String) {
        let dir = try makeTemporaryDirectory()
        let route = dir.appendingPathComponent("in.gpx").path
        try FileManager.default.copyItem(atPath: bundled, toPath: route)
        let script = dir.appendingPathComponent("s.json").path
        let plan = try runRouteFly(["plan", route, "-o", script])
        #expect(plan.status == 0, "\(plan.stderr)")
        return (dir, route, script)
    }

    /// Runs route-fly and checks the refusal: exit 64, nothing on standard output, `file` unchanged.
    static func expectRefused(_ arguments: [String], standardInput: String? = nil, keeps file: String,
                              naming role: String) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let r = try runRouteFly(arguments, standardInput: standardInput.map { URL(fileURLWithPath: $0) })
        #expect(r.status == 64, "\(arguments): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("is the \(role)"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func standardInputRoute() throws {
        let w = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        try Self.expectRefused(["sample", "-", "-o", w.route], standardInput: w.route, keeps: w.route,
                               naming: "input route (read from standard input)")
        try Self.expectRefused(["profile", "-", "--format", "json", "-o", w.route], standardInput: w.route, keeps: w.route,
                               naming: "input route (read from standard input)")
        try Self.expectRefused(["plan", "-", "-o", w.route], standardInput: w.route, keeps: w.route,
                               naming: "input route (read from standard input)")
    }

    @Test func cameraScript() throws {
        let w = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        try Self.expectRefused(["sample", w.route, "--script", w.script, "-o", w.script], keeps: w.script,
                               naming: "camera script '\(w.script)'")
        // The script read from standard input.
        try Self.expectRefused(["sample", w.route, "--script", "-", "-o", w.script, "--format", "csv"],
                               standardInput: w.script, keeps: w.script, naming: "camera script (read from standard input)")
    }

    @Test func symbolicLink() throws {
        let w = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let link = w.dir.appendingPathComponent("link.gpx").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: w.route)
        try Self.expectRefused(["sample", w.route, "-o", link], keeps: w.route, naming: "input route")
        // And the other way round: the route through a link, the output the file itself.
        try Self.expectRefused(["profile", link, "--format", "json", "-o", w.route], keeps: w.route, naming: "input route")
        let scriptLink = w.dir.appendingPathComponent("script-link.json").path
        try FileManager.default.createSymbolicLink(atPath: scriptLink, withDestinationPath: w.script)
        try Self.expectRefused(["sample", w.route, "--script", scriptLink, "-o", w.script], keeps: w.script,
                               naming: "camera script")
    }

    @Test func hardLink() throws {
        let w = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let hard = w.dir.appendingPathComponent("hard.gpx").path
        try FileManager.default.linkItem(atPath: w.route, toPath: hard)
        try Self.expectRefused(["sample", w.route, "-o", hard], keeps: w.route, naming: "input route")
        try Self.expectRefused(["plan", hard, "-o", w.route], keeps: w.route, naming: "input route")
        let hardScript = w.dir.appendingPathComponent("hard.json").path
        try FileManager.default.linkItem(atPath: w.script, toPath: hardScript)
        try Self.expectRefused(["sample", w.route, "--script", w.script, "-o", hardScript, "--format", "csv"],
                               keeps: w.script, naming: "camera script")
    }

    /// A different file is written as usual (the guard does not refuse everything).
    @Test func anotherFileIsWritten() throws {
        let w = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let out = w.dir.appendingPathComponent("poses.csv").path
        let r = try runRouteFly(["sample", "-", "--script", w.script, "-o", out], standardInput: URL(fileURLWithPath: w.route))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// A folder given as the output file is refused before anything is read (a review found `sample`
    /// planning the flight, printing its notes, and only then failing with exit status 1).
    @Test func aFolderIsNoOutputFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        for (subcommand, option, example) in [("sample", "-o", "flight.csv"), ("plan", "-o", "flight.json"), ("profile", "-o", "flight.csv"),
                                              ("check", "--plot", "flight.svg")] {
            let r = try runRouteFly([subcommand, route, option, dir.path])
            #expect(r.status == 64 && r.stdout.isEmpty, "\(subcommand): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: The output file '\(dir.path)' is a folder: give a file's name (e.g. '\(dir.path)/\(example)')."),
                    "\(subcommand): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A tile of a `.vrt` terrain model is the model too (a review overwrote one with poses): every file
    /// GDAL reads for the model is refused as the output, before anything is read.
    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate and gdalbuildvrt (gdal-bin)"))
    func aTileOfAMosaicIsNoOutputFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let west = try TerrainFixtures.geoTIFF(in: dir, name: "west", crs: "EPSG:4326", columns: 15, rows: 30,
                                               west: 13.70, south: 45.26, cellSize: 0.001) { x, y in TerrainFixtures.plane(x, y) }
        let east = try TerrainFixtures.geoTIFF(in: dir, name: "east", crs: "EPSG:4326", columns: 15, rows: 30,
                                               west: 13.715, south: 45.26, cellSize: 0.001) { x, y in TerrainFixtures.plane(x, y) }
        let mosaic = dir.appendingPathComponent("mosaic.vrt")
        try TerrainFixtures.run("gdalbuildvrt", ["-q", mosaic.path, west.path, east.path])
        let before = try Data(contentsOf: west)
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path
        for subcommand in ["sample", "profile"] {  // (plan writes .json only)
            let r = try runRouteFly([subcommand, route, "--terrain", mosaic.path, "--format", "csv", "-o", west.path])
            #expect(r.status == 64 && r.stdout.isEmpty, "\(subcommand): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: The output file '\(west.path)' is a file GDAL reads for the terrain model '\(mosaic.path)': writing it would destroy the terrain model."),
                    "\(subcommand): \(r.stderr)")
        }
        #expect(try Data(contentsOf: west) == before)
        // The mosaic still serves as a model: another output is written.
        let out = dir.appendingPathComponent("poses.csv")
        let ok = try runRouteFly(["sample", route, "--terrain", mosaic.path, "-o", out.path])
        #expect(ok.status == 0 && FileManager.default.fileExists(atPath: out.path), "\(ok.stderr)")
    }
}
