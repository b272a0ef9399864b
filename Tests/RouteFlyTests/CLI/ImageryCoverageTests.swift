import Foundation
import Testing
import TestSupport

/// `--imagery` that misses the route: refused when it covers none of the route's points, a warning
/// with the count when it covers some. The imagery is built by `gdal_translate`; the count of points
/// it covers is taken from the GPX file's own coordinates.
@Suite struct ImageryCoverageTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx")

    /// The route's coordinates (longitude, latitude) as the file writes them.
    static func coordinates() throws -> [(Double, Double)] {
        let text = try String(contentsOf: route, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let value = { (k: Int) in Double(text[Range(match.range(at: k), in: text)!])! }
            return (value(2), value(1))
        }
    }

    /// A terrain model under the route and a grey 8-bit imagery raster from `west` (degrees, cells of
    /// 0.001 degree), both EPSG:4326.
    static func rasters(in dir: URL, imageryWest west: Double, columns: Int) throws -> (terrain: URL, imagery: URL) {
        let terrain = try TerrainFixtures.geoTIFF(in: dir, name: "terrain", crs: "EPSG:4326", columns: 30, rows: 30,
                                                  west: 13.70, south: 45.26, cellSize: 0.001) { x, y in TerrainFixtures.plane(x, y) }
        let imagery = try TerrainFixtures.geoTIFF(in: dir, name: "imagery", crs: "EPSG:4326", type: "Byte", columns: columns, rows: 30,
                                                  west: west, south: 45.26, cellSize: 0.001) { x, _ in (x - west) * 1000 }
        return (terrain, imagery)
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
    func imageryOfAnotherPlaceIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (terrain, imagery) = try Self.rasters(in: dir, imageryWest: 10.0, columns: 30)
        let page = dir.appendingPathComponent("page.html")
        let r = try runRouteFly(["preview", Self.route.path, "--terrain", terrain.path, "--imagery", imagery.path, "-o", page.path])
        #expect(r.status == 1 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(r.stderr.contains("\(imagery.path): error: the imagery covers none of the route: the imagery spans longitudes 10.000000 to 10.030000, latitudes 45.260000 to 45.290000; the route lies within longitudes 13.71"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: page.path))
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
    func imageryOfPartOfTheRouteIsAWarningWithTheCount() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // East edge at 13.717: the route runs from 13.7115 to 13.7224 east.
        let (terrain, imagery) = try Self.rasters(in: dir, imageryWest: 13.70, columns: 17)
        let points = try Self.coordinates()
        let covered = points.filter { $0.0 <= 13.717 }.count
        #expect(covered > 0 && covered < points.count)
        let page = dir.appendingPathComponent("page.html")
        let r = try runRouteFly(["preview", Self.route.path, "--terrain", terrain.path, "--imagery", imagery.path, "-o", page.path])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: page.path), "\(r.stderr)")
        #expect(r.stderr.contains("\(imagery.path): warning: the imagery covers \(covered) of the route's \(points.count) points"), "\(r.stderr)")
        // Imagery under the whole route: no word of it.
        let (_, whole) = try Self.rasters(in: dir, imageryWest: 13.70, columns: 30)
        let quiet = try runRouteFly(["preview", Self.route.path, "--terrain", terrain.path, "--imagery", whole.path, "-o", page.path])
        #expect(quiet.status == 0 && !quiet.stderr.contains("imagery"), "\(quiet.stderr)")
    }
}
