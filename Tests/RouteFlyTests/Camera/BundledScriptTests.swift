import Foundation
import Testing
@testable import RouteKit

/// The scripts in samples/scripts flown over the bundled Cerknica route (heights 507-579 m above sea
/// level) through `route-fly`, checked against sources that are not RouteKit: `route-fly check`'s motion
/// findings, the GPX file's own `<ele>` values read here with a regular expression, and GDAL's
/// `gdallocationinfo` under a synthetic terrain model.
@Suite struct BundledScriptTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
    static let scripts = Fixtures.packageRoot.appendingPathComponent("samples/scripts")

    /// Every bundled script, by file name.
    static var scriptNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scripts.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// (latitude, longitude, elevation) of every `<trkpt>` of the route, read without RouteKit.
    static let trackPoints: [(latitude: Double, longitude: Double, elevation: Double)] = {
        let gpx = (try? String(contentsOf: route, encoding: .utf8)) ?? ""
        let pattern = try! NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>"#)
        return pattern.matches(in: gpx, range: NSRange(gpx.startIndex..., in: gpx)).map { m in
            let group = { (i: Int) in Double(gpx[Range(m.range(at: i), in: gpx)!])! }
            return (group(1), group(2), group(3))
        }
    }()

    /// The height of the track point nearest (`latitude`, `longitude`) (equirectangular distance), and
    /// its distance, metres.
    static func nearest(latitude: Double, longitude: Double) -> (height: Double, distance: Double) {
        func distance(_ p: (latitude: Double, longitude: Double, elevation: Double)) -> Double {
            let x = (p.longitude - longitude) * cos((p.latitude + latitude) / 2 * .pi / 180)
            return 6_371_000 * .pi / 180 * (x * x + (p.latitude - latitude) * (p.latitude - latitude)).squareRoot()
        }
        let point = trackPoints.min { distance($0) < distance($1) }!
        return (point.elevation, distance(point))
    }

    /// The CSV's rows as dictionaries by column name.
    static func rows(_ csv: String) -> [[String: Double]] {
        let lines = csv.split(separator: "\n")
        let names = lines[0].split(separator: ",").map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(names, line.split(separator: ",").map { Double($0) ?? .nan }))
        }
    }

    @Test func theBundledScriptsAreTheOnesTested() {
        // The WWDC23 listing is not bundled: its equal time per point crosses this route's 5.3 km gap
        // between tracks in 54 ms, which no motion limit passes (it is `--preset wwdc`, and a fixture).
        #expect(Self.scriptNames == ["orbit.json", "reveal.json"])
        #expect(Self.trackPoints.count == 296)
    }

    @Test(arguments: scriptNames)
    func checkFindsNoMotionProblem(name: String) throws {
        let r = try runRouteFly(["check", Self.route.path, "--script", Self.scripts.appendingPathComponent(name).path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let codes = try #require(r.stdout.firstMatch(of: /"findings":\[.*?\]/).map { String($0.output) })
        let found = codes.matches(of: /"code":"([a-z-]+)"/).map { String($0.output.1) }
        let motion = found.filter { $0.hasPrefix("motion-") && $0 != "motion-peaks" }
        let ground = found.filter { $0 == "terrain-clearance" || $0 == "line-of-sight" || $0 == "flight-elevation-implausible" }
        #expect(ground.isEmpty, "\(name): \(ground)")
        #expect(motion.isEmpty, "\(name): \(motion)")
    }

    /// The centre follows the route's heights: at each frame (30 a second) the CSV's `center_elevation`
    /// (above sea level) lies within the heights of the track points nearest the centre over the 0.3 s
    /// around it (the smoothing's reach, ``ScriptGround/sigma`` times 3), and within 3 m of the nearest
    /// point's own at nearly every frame; the eye stays above every height of the route. Frames whose
    /// centre is near 2 km or more from every point are left out: the ground is unknown there (held).
    @Test(arguments: scriptNames)
    func theCentreElevationIsTheRouteHeightUnderTheCentre(name: String) throws {
        let r = try runRouteFly(["sample", Self.route.path, "--script", Self.scripts.appendingPathComponent(name).path,
                                 "--heights", "msl", "--fps", "30"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = Self.rows(r.stdout)
        try #require(rows.count > 100)
        let nearest = rows.map { Self.nearest(latitude: $0["latitude"]!, longitude: $0["longitude"]!) }
        let highest = Self.trackPoints.map(\.elevation).max()!
        var within3 = 0, compared = 0
        for (i, row) in rows.enumerated() {
            #expect(try #require(row["eye_altitude"]) > highest, "\(name) frame \(i)")
            let window = nearest[max(i - 9, 0)...min(i + 9, rows.count - 1)]
            guard window.allSatisfy({ $0.distance < 1950 }) else { continue }
            let e = try #require(row["center_elevation"])
            let low = window.map(\.height).min()!, high = window.map(\.height).max()!
            #expect(e >= low - 0.5 && e <= high + 0.5, "\(name) frame \(i): \(e) m, route \(low)...\(high) m")
            compared += 1
            if abs(e - nearest[i].height) <= 3 { within3 += 1 }
        }
        // Measured: orbit 100 %, reveal 96.2 % (3164 frames compared);
        // the rest are where the GPS heights jump by up to 45 m from one point to the next (the worst: 34 m
        // off the nearest point's, still within the heights around it).
        #expect(compared >= rows.count * 8 / 10, "\(name): \(compared) of \(rows.count) frames")
        let share = Double(within3) / Double(max(compared, 1))
        #expect(share >= 0.95, "\(name): \(share)")
    }

    /// With `--terrain`, `"ground"` is the terrain model's height under the centre: a plane sloping 1000 m
    /// a degree east and 500 m a degree north, in cells of 0.001 degrees, read back by `gdallocationinfo`
    /// (the value of the cell under the centre: within 0.75 m of the plane there).
    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate and gdallocationinfo (gdal-bin)"))
    func onATerrainModelTheCentreElevationIsTheModelsHeight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tif = try TerrainFixtures.geoTIFF(in: dir, name: "slope", crs: "EPSG:4326", columns: 500, rows: 350,
                                              west: 14.1, south: 45.6, cellSize: 0.001) { x, y in
            400 + 1000 * (x - 14.1) + 500 * (y - 45.6)
        }
        for name in ["orbit.json", "reveal.json"] {
            let r = try runRouteFly(["sample", Self.route.path, "--terrain", tif.path, "--script",
                                     Self.scripts.appendingPathComponent(name).path, "--heights", "msl", "--fps", "5"])
            #expect(r.status == 0, "\(r.stderr)")
            let rows = Self.rows(r.stdout)
            let gdal = try TerrainFixtures.locationInfo(tif, positions: rows.map { ($0["longitude"]!, $0["latitude"]!) }, wgs84: true)
            for (row, value) in zip(rows, gdal) {
                let expected = try #require(value.first ?? nil)
                #expect(abs(row["center_elevation"]! - expected) <= 1.5, "\(name) t = \(row["time"]!): \(row["center_elevation"]!) m, GDAL \(expected) m")
            }
            // Not the route's own heights (507-579 m): the plane is 655-775 m under the route. Measured: at
            // most 0.46 m (orbit) and 0.73 m (reveal) from GDAL's cell value.
            #expect(rows.contains { abs($0["center_elevation"]! - Self.nearest(latitude: $0["latitude"]!, longitude: $0["longitude"]!).height) > 20 })
        }
    }
}
