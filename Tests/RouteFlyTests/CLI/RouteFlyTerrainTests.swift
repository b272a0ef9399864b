import Foundation
import Testing
@testable import RouteKit

/// Terrain through the command line: `--terrain FILE` and `--ground-elevation M`.
@Suite struct RouteFlyTerrainTests {
    /// A 2D GeoJSON line near Višnjan, three positions, no elevations.
    static let line = """
        {"type": "LineString", "coordinates": [[13.7050, 45.2650], [13.7150, 45.2750], [13.7250, 45.2700]]}
        """

    /// (latitude, longitude, elevation) of every track point of a GPX document.
    static func trackPoints(_ gpx: String) -> [(Double, Double, Double)] {
        let pattern = try! NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)"><ele>([-0-9.]+)</ele>"#)
        return pattern.matches(in: gpx, range: NSRange(gpx.startIndex..., in: gpx)).map { m in
            let group = { (i: Int) in Double(gpx[Range(m.range(at: i), in: gpx)!])! }
            return (group(1), group(2), group(3))
        }
    }

    @Test func withoutElevationsTheUserIsWarnedAndCheckFindsIt() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("line.geojson")
        try Data(Self.line.utf8).write(to: route)
        for subcommand in ["sample", "plan", "profile"] {
            let r = try runRouteFly([subcommand, route.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("\(route.path): warning: None of the route's 3 points has an elevation"), "\(subcommand): \(r.stderr)")
            #expect(r.stderr.contains("'--terrain <file>' or '--ground-elevation <metres>'"))
        }
        let check = try runRouteFly(["check", route.path, "--json"])
        #expect(check.status == 0)
        #expect(check.stdout.contains(#""severity":"warning","code":"elevation-missing","index":0"#), "\(check.stdout)")
        let strict = try runRouteFly(["check", route.path, "--strict"])
        #expect(strict.status == 2 && strict.stdout.contains("[elevation-missing]"))
        let filled = try runRouteFly(["check", route.path, "--ground-elevation", "250"])
        #expect(filled.status == 0 && !filled.stdout.contains("elevation-missing") && filled.stderr.isEmpty, "\(filled.stdout)")
    }

    @Test func aGroundElevationIsFlownAtThatHeight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("line.geojson")
        try Data(Self.line.utf8).write(to: route)
        let r = try runRouteFly(["sample", route.path, "--ground-elevation", "250", "--format", "gpx", "--fps", "2"])
        #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stderr)")
        let points = Self.trackPoints(r.stdout)
        #expect(points.count == 85)  // 42 s (6 + 30 + 6) at 2 fps, both ends
        #expect(points.allSatisfy { $0.2 == 250 })
        let profile = try runRouteFly(["profile", route.path, "--ground-elevation=-12.5", "--format", "csv"])
        #expect(profile.status == 0 && !profile.stderr.contains("warning"), "\(profile.stderr)")
        #expect(profile.stdout.contains("-12.5"), "\(profile.stdout)")
    }

    @Test func groundUsageErrors() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        for arguments in [["--terrain", "a.tif", "--ground-elevation", "3"], ["--ground-elevation", "high"],
                          ["--ground-elevation", "10000"], ["--terrain"], ["--terrain="], ["--terrain", "-"]] {
            for subcommand in ["sample", "plan", "check", "profile"] {
                let r = try runRouteFly([subcommand, route] + arguments)
                #expect(r.status == 64 && r.stdout.isEmpty, "\(subcommand) \(arguments): \(r.stderr)")
            }
        }
        let both = try runRouteFly(["sample", route, "--terrain", "a.tif", "--ground-elevation", "3"])
        #expect(both.stderr.contains("'--terrain' and '--ground-elevation' both give the ground's height; give one of them."))
        let stdin = try runRouteFly(["sample", route, "--terrain", "-"])
        #expect(stdin.stderr.contains("The terrain model file is read from a file, not from standard input ('-'): give its path."), "\(stdin.stderr)")
        let info = try runRouteFly(["info", route, "--ground-elevation", "3"])
        #expect(info.status == 64)
    }

    @Test func helpAndREADMEListTheGroundOptions() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/route-fly.md"), encoding: .utf8)
        #expect(readme.contains("`--terrain FILE` (default: none)") && readme.contains("`--ground-elevation M` (metres above sea level; default: none)"))
        for subcommand in ["sample", "plan", "check", "profile"] {
            let r = try runRouteFly(["help", subcommand])
            #expect(r.stdout.contains("--terrain <file>") && r.stdout.contains("--ground-elevation <metres>"), "\(subcommand)")
            #expect(r.stdout.contains("metres above sea level") && r.stdout.contains("(default: none)"))
        }
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
    func aPolylineOverATerrainModelFliesTheModelsHeights() throws {
        guard let polyline = Fixtures.real("polyline/visnjan-car.p5.txt") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try TerrainFixtures.planeModel(in: dir)
        let r = try runRouteFly(["sample", polyline.path, "--terrain", model.path, "--format", "gpx", "--fps", "5",
                                 "--intro", "0", "--outro", "0"])
        #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stderr)")
        let points = Self.trackPoints(r.stdout)
        #expect(points.count == 151)  // 30 s at 5 fps, both ends
        // The centre moves along the route and its elevation along the route's (filled) elevations: on a
        // plane, the model's height under the centre, to the GPX's millimetres.
        for (lat, lon, ele) in points {
            #expect(isClose(ele, TerrainFixtures.plane(lon, lat), absolute: 0.002), "at \(lat), \(lon): \(ele)")
        }
        let check = try runRouteFly(["check", polyline.path, "--terrain", model.path, "--json"])
        #expect(check.status == 0 && !check.stdout.contains("elevation-missing"))
        let plan = try runRouteFly(["plan", polyline.path, "--terrain", model.path])
        #expect(plan.status == 0 && plan.stdout.contains("centerElevation") && !plan.stderr.contains("warning"))
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
    func aModelThatDoesNotCoverTheRouteIsALocatedError() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try TerrainFixtures.planeModel(in: dir)
        let route = dir.appendingPathComponent("line.geojson")
        try Data(#"{"type": "LineString", "coordinates": [[13.7050, 45.2650], [13.7450, 45.2750]]}"#.utf8).write(to: route)
        let output = dir.appendingPathComponent("out.csv")
        let r = try runRouteFly(["sample", route.path, "--terrain", model.path, "-o", output.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr == "\(model.path): error: the model does not cover route point 1 at latitude 45.275000, longitude 13.745000; the model covers longitudes 13.700000 to 13.730000, latitudes 45.260000 to 45.290000. (route: \(route.path))\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let missing = try runRouteFly(["check", route.path, "--terrain", dir.appendingPathComponent("none.tif").path])
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("\(dir.appendingPathComponent("none.tif").path): error: no such terrain model file."))
        // A route whose points all have elevations still has its model opened and checked.
        let withElevations = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let unused = try runRouteFly(["sample", withElevations, "--terrain", model.path])
        #expect(unused.status == 1 && unused.stdout.isEmpty && unused.stderr.contains("error: the model does not cover route point 0"))
        let text = dir.appendingPathComponent("dem.tif")
        try Data("not a raster".utf8).write(to: text)
        let bad = try runRouteFly(["plan", route.path, "--terrain", text.path])
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderr.contains("error: not a raster GDAL can read"))
    }
}
