import Foundation
import Testing
@testable import RouteKit

/// Geoid offsets through the command line: a route whose heights sit the geoid undulation off a
/// terrain model (heights above the WGS 84 ellipsoid written as sea level) gets one finding naming the
/// cause and `--input-heights ellipsoid`; the undulation comes from PROJ's `cs2cs`, not from RouteKit.
@Suite struct RouteFlyGeoidOffsetTests {
    static let cs2cs = ExternalTools.find("cs2cs", needs: "the geoid undulation for the datum-offset checks")

    /// The EGM96 undulation N at a place as `cs2cs EPSG:4326+5773 EPSG:4979` gives it (0 m above sea
    /// level is N m above the ellipsoid).
    static func undulation(latitude: Double, longitude: Double) throws -> Double {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("place.txt")
        try "\(latitude) \(longitude) 0\n".write(to: input, atomically: true, encoding: .utf8)
        let r = try ExternalTools.run(cs2cs!, ["-f", "%.4f", "EPSG:4326+5773", "EPSG:4979", input.path])
        return try #require(Double(r.stdout.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })[2]))
    }

    /// A GPX of 12 points across the plane model, each at the plane's height plus `offset` metres.
    static func route(offset: Double) -> String {
        let points = (0..<12).map { i -> String in
            let lon = 13.7040 + 0.002 * Double(i), lat = 45.2640 + 0.0018 * Double(i)
            return String(format: "<trkpt lat=\"%.4f\" lon=\"%.4f\"><ele>%.3f</ele></trkpt>", lat, lon, TerrainFixtures.plane(lon, lat) + offset)
        }
        return #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    }

    static let finding = "nearly constant"

    @Test(.enabled(if: TerrainFixtures.hasGDALTools && cs2cs != nil, "needs gdal_translate (gdal-bin) and cs2cs (proj-bin)"))
    func aGeoidSizedOffsetIsOneFindingNamingTheOption() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try TerrainFixtures.planeModel(in: dir)
        // The route's middle, where the finding takes the undulation: 44.8 m at Višnjan.
        let n = try Self.undulation(latitude: 45.2739, longitude: 13.7150)
        #expect(n > 30 && n < 60)
        let route = dir.appendingPathComponent("ellipsoidal.gpx")
        try Data(Self.route(offset: n).utf8).write(to: route)
        let sample = try runRouteFly(["sample", route.path, "--terrain", model.path, "--fps", "1"])
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stderr.components(separatedBy: Self.finding).count == 2, "\(sample.stderr)")
        #expect(sample.stderr.contains("warning: the route's elevations lie a nearly constant \(FixedDecimal.string(n, places: 1)) m above the terrain model (median over 12 points, spread 0.0 m)"), "\(sample.stderr)")
        #expect(sample.stderr.contains("'--input-heights ellipsoid'") && !sample.stderr.contains("median over the points"), "\(sample.stderr)")
        let check = try runRouteFly(["check", route.path, "--terrain", model.path, "--json"])
        #expect(check.status == 0 && !check.stderr.contains(Self.finding), "\(check.stderr)")
        #expect(check.stdout.components(separatedBy: #""code":"elevation-ellipsoidal""#).count == 2, "\(check.stdout)")
        #expect(check.stdout.contains("--input-heights ellipsoid"))
        // Read as ellipsoidal heights, the route lies on the model: nothing to say.
        for subcommand in ["sample", "check"] {
            let fixed = try runRouteFly([subcommand, route.path, "--terrain", model.path, "--input-heights", "ellipsoid", "--fps", "1"])
            #expect(fixed.status == 0 && !fixed.stderr.contains("warning") && !fixed.stdout.contains("elevation-ellipsoidal"), "\(fixed.stderr)")
        }
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools && cs2cs != nil, "needs gdal_translate (gdal-bin) and cs2cs (proj-bin)"))
    func anOffsetFarFromTheUndulationIsNotCalledEllipsoidal() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try TerrainFixtures.planeModel(in: dir)
        let n = try Self.undulation(latitude: 45.2739, longitude: 13.7150)
        for offset in [n + 105, n - 25] {
            let route = dir.appendingPathComponent("offset.gpx")
            try Data(Self.route(offset: offset).utf8).write(to: route)
            let sample = try runRouteFly(["sample", route.path, "--terrain", model.path, "--fps", "1"])
            #expect(sample.status == 0 && !sample.stderr.contains(Self.finding), "\(sample.stderr)")
            // Beyond 100 m, the warning that the model and the heights are not the same ground.
            #expect(sample.stderr.contains("m above the terrain model") == (offset > 100), "\(offset): \(sample.stderr)")
            let check = try runRouteFly(["check", route.path, "--terrain", model.path, "--json"])
            #expect(check.status == 0 && !check.stdout.contains("elevation-ellipsoidal"), "\(check.stdout)")
        }
    }

    /// Where the geoid lies below the ellipsoid (San Francisco, N about -32 m), ellipsoidal heights sit
    /// under the ground: one cause, one finding (`elevation-ellipsoidal`), not also a tunnel the length of
    /// the route, in `check` and in `sample`'s notes. The control: three points a
    /// further 100 m down are still a stretch under the ground, measured from the offset.
    @Test(.enabled(if: TerrainFixtures.hasGDALTools && cs2cs != nil, "needs gdal_translate (gdal-bin) and cs2cs (proj-bin)"))
    func aGeoidBelowTheEllipsoidIsNotATunnel() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A flat model at 100 m, from 122.60 W 37.60 N to 122.20 W 37.90 N.
        let model = try TerrainFixtures.geoTIFF(in: dir, name: "flat-sf", crs: "EPSG:4326", columns: 80, rows: 60,
                                                west: -122.60, south: 37.60, cellSize: 0.005) { _, _ in 100 }
        let n = try Self.undulation(latitude: 37.7755, longitude: -122.4145)
        #expect(n < -25 && n > -40, "\(n)")
        func gpx(_ depth: (Int) -> Double) -> String {
            let points = (0..<12).map { i in
                String(format: "<trkpt lat=\"%.4f\" lon=\"%.4f\"><ele>%.3f</ele></trkpt>", 37.7700 + 0.001 * Double(i), -122.4200 + 0.001 * Double(i), 100 + n - depth(i))
            }
            return #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
                + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
        }
        let route = dir.appendingPathComponent("sf-ellipsoidal.gpx")
        try Data(gpx { _ in 0 }.utf8).write(to: route)
        let check = try runRouteFly(["check", route.path, "--terrain", model.path])
        let lines = check.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("[elevation-ellipsoidal]") }.count == 1, "\(check.stdout)")
        #expect(lines.filter { $0.hasSuffix("[route-underground]") }.isEmpty, "\(check.stdout)")
        #expect(check.stdout.contains("\(FixedDecimal.string(-n, places: 1)) m below the terrain model"), "\(check.stdout)")
        let sample = try runRouteFly(["sample", route.path, "--terrain", model.path, "--fps", "1"])
        #expect(sample.status == 0 && sample.stderr.contains(Self.finding) && !sample.stderr.contains("under the ground"), "\(sample.stderr)")

        let tunnel = dir.appendingPathComponent("sf-tunnel.gpx")
        try Data(gpx { (5...7).contains($0) ? 100 : 0 }.utf8).write(to: tunnel)
        let deeper = try runRouteFly(["check", tunnel.path, "--terrain", model.path]).stdout.split(separator: "\n")
        let stretches = deeper.filter { $0.hasSuffix("[route-underground]") }
        #expect(stretches.count == 1 && stretches[0].contains("up to 100 m under the ground") && stretches[0].contains("(points 5 to 7; a tunnel?)"), "\(deeper)")
        #expect(deeper.filter { $0.hasSuffix("[elevation-ellipsoidal]") }.count == 1, "\(deeper)")
    }
}
