import Foundation
import Testing
@testable import RouteKit

/// Routes under and round terrain, through the command line: a road in a tunnel under a ridge, and a route round a
/// mountain whose box centre lies inside it, flown over synthetic terrain models (`--terrain`); the
/// ground is read back by GDAL's `gdallocationinfo` (``TerrainGridReading``).
@Suite struct RouteFlyUndergroundTests {
    /// A north-south ridge at 13.70 E, 1450 m over a 300 m valley (a Gaussian 0.008 degrees of longitude
    /// wide, about 630 m), on 0.002-degree cells from 13.40 E 45.15 N to 14.00 E 45.45 N.
    static func ridge(in dir: URL) throws -> TerrainGridReading {
        let url = try TerrainFixtures.geoTIFF(in: dir, name: "ridge", crs: "EPSG:4326", columns: 300, rows: 150,
                                              west: 13.40, south: 45.15, cellSize: 0.002) { x, _ in
            300 + 1450 * exp(-pow((x - 13.70) / 0.008, 2) / 2)
        }
        return TerrainGridReading(url: url, west: 13.40, north: 45.45, cellSize: 0.002)
    }

    /// A mountain at 13.70 E 45.30 N, 1200 m over a 200 m valley (a Gaussian 1200 m wide).
    static func mountain(in dir: URL) throws -> TerrainGridReading {
        let url = try TerrainFixtures.geoTIFF(in: dir, name: "mountain", crs: "EPSG:4326", columns: 250, rows: 150,
                                              west: 13.45, south: 45.15, cellSize: 0.002) { x, y in
            let dx = (x - 13.70) * 78_700, dy = (y - 45.30) * 111_200
            return 200 + 1200 * exp(-(dx * dx + dy * dy) / (2 * 1200 * 1200))
        }
        return TerrainGridReading(url: url, west: 13.45, north: 45.45, cellSize: 0.002)
    }

    /// A straight road along 45.30 N from 13.62 E to 13.78 E, 81 points at a constant 300 m: under the
    /// ridge from about km 4.5 to km 8.
    static let road: String = {
        let points = (0...80).map { String(format: "<trkpt lat=\"45.30\" lon=\"%.4f\"><ele>300</ele></trkpt>", 13.62 + 0.002 * Double($0)) }
        return #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    }()

    /// 300 degrees of a ring 4 km round the mountain, in the valley (no heights: the model's are taken).
    static let ring: String = {
        let points = (0...60).map { i -> String in
            let a = (-150 + 300 * Double(i) / 60) * .pi / 180
            return String(format: "[%.6f, %.6f]", 13.70 + 4000 * sin(a) / 78_700, 45.30 + 4000 * cos(a) / 111_200)
        }
        return #"{"type": "LineString", "coordinates": ["# + points.joined(separator: ", ") + "]}"
    }()

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate and gdallocationinfo (gdal-bin)"))
    func aTunnelIsNamedOnceAndTheCameraLooksAtTheGroundAboveIt() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.ridge(in: dir)
        let route = dir.appendingPathComponent("road.gpx")
        try Data(Self.road.utf8).write(to: route)
        let r = try runRouteFly(["sample", route.path, "--terrain", model.url.path, "--heights", "msl", "--fps", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        // One note for the one tunnel, with its depth (the model's 1450 m less what the cells round off).
        #expect(r.stderr.components(separatedBy: "note: the route runs up to").count == 2, "\(r.stderr)")
        #expect(r.stderr.contains(#"m under the ground of the terrain model from km 4."#) && r.stderr.contains("(points 29 to 51; a tunnel?)"), "\(r.stderr)")
        #expect(!r.stderr.contains("distance raised"), "\(r.stderr)")
        let rows = poseRows(r.stdout)
        #expect(rows.count == 169)  // 42 s at 4 fps
        let follow = rows.filter { $0["time"]! >= 6 && $0["time"]! <= 36 }
        let followDistance = try #require(follow.first?["distance"])
        // The camera keeps its distance over the tunnel (before: pulled back 7.4 times, to 17.4 km).
        #expect(follow.allSatisfy { $0["distance"]! <= 1.5 * followDistance }, "\(follow.map { $0["distance"]! }.max()!) m vs \(followDistance) m")
        let ground = try model.ground(at: follow.map { ($0["longitude"]!, $0["latitude"]!) })
        var crest: (ground: Double, centre: Double) = (0, 0)
        for (row, g) in zip(follow, ground) {
            let g = try #require(g)
            // Never inside the rock, never above the ridge's top.
            #expect(row["center_elevation"]! >= g - 1 && row["center_elevation"]! <= 1760, "at \(row["time"]!) s: \(row["center_elevation"]!) m over ground \(g) m")
            if g > crest.ground { crest = (g, row["center_elevation"]!) }
        }
        // Over the deepest point the look-at point is the ground's surface (within the 0.3 % + 0.5 m margin).
        #expect(crest.ground > 1700 && crest.centre - crest.ground >= -1 && crest.centre - crest.ground <= 6, "\(crest)")
        let check = try runRouteFly(["check", route.path, "--terrain", model.url.path, "--json"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.components(separatedBy: #""code":"route-underground""#).count == 2, "\(check.stdout)")
        #expect(!check.stdout.contains("line-of-sight") && !check.stdout.contains("terrain-clearance"), "\(check.stdout)")
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate and gdallocationinfo (gdal-bin)"))
    func theLookAtPointIsNeverInsideAMountain() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.mountain(in: dir)
        let route = dir.appendingPathComponent("ring.geojson")
        try Data(Self.ring.utf8).write(to: route)
        for preset in ["follow", "overview", "orbit"] {
            let r = try runRouteFly(["sample", route.path, "--terrain", model.url.path, "--heights", "msl", "--fps", "4", "--preset", preset])
            #expect(r.status == 0 && !r.stderr.contains("under the ground"), "\(r.stderr)")
            let rows = poseRows(r.stdout)
            #expect(rows.count == (preset == "follow" ? 169 : 81), "\(preset)")
            try Self.expectCentreOnTheGround(rows, model: model)
        }
    }

    /// Every frame's centre on or above the ground, and the first and last frames' sight lines above it.
    static func expectCentreOnTheGround(_ rows: [[String: Double]], model: TerrainGridReading) throws {
        // In every frame the centre is on or above the ground (before: 1188 m inside the mountain in
        // the overview, at the route's valley height).
        let ground = try model.ground(at: rows.map { ($0["longitude"]!, $0["latitude"]!) })
        for (row, g) in zip(rows, ground) {
            let g = try #require(g)
            #expect(row["center_elevation"]! >= g - 1, "at \(row["time"]!) s: centre \(row["center_elevation"]!) m, ground \(g) m")
        }
        // The first and last frames' sight lines, eye to centre, stay above the ground (98 % of the way:
        // the line ends on the ground). Heights along the chord: linear, less the Earth's curvature
        // `s (L - s) / 2R` under the straight line.
        for row in [rows[0], rows[rows.count - 1]] {
            let eye = (row["eye_longitude"]!, row["eye_latitude"]!, row["eye_altitude"]!)
            let centre = (row["longitude"]!, row["latitude"]!, row["center_elevation"]!)
            let length = hypot((eye.0 - centre.0) * 78_700, (eye.1 - centre.1) * 111_200)
            let fractions = (1...98).map { Double($0) / 100 }
            let line = try model.ground(at: fractions.map { (eye.0 + $0 * (centre.0 - eye.0), eye.1 + $0 * (centre.1 - eye.1)) })
            for (f, g) in zip(fractions, line) {
                let height = eye.2 + f * (centre.2 - eye.2) - f * length * (1 - f) * length / (2 * 6_371_000)
                #expect(height >= (g ?? -.infinity), "at \(row["time"]!) s, \(f) of the way: line \(height) m, ground \(g ?? .nan) m")
            }
        }
    }
}
