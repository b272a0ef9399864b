import Foundation
import Testing
@testable import RouteKitGeodesy
@testable import RouteKitTerrain

/// Map tiles from terrain models and imagery built by GDAL's own tools, decoded by GDAL
/// (`gdallocationinfo` on the PNG bytes written to a file), placed with the OSM wiki's XYZ formulas
/// (``MapTileTests``) and checked against `gdallocationinfo -wgs84` and `gdaldem` on the source rasters.
@Suite(.enabled(if: TerrainFixtures.hasGDALTools && TerrainFixtures.tool("gdaldem") != nil && TerrainFixtures.tool("gdalwarp") != nil
                 && TerrainFixtures.tool("gdaltransform") != nil,
                "needs gdal_translate, gdalbuildvrt, gdallocationinfo, gdalwarp, gdaldem and gdaltransform (gdal-bin)"))
struct MapTileSourceTests {
    /// A pixel position of a tile: column and row, 0...255 from the north-west.
    typealias Pixel = (column: Int, row: Int)

    /// Every `step`-th pixel of a tile, offset by `step / 2`.
    static func pixels(step: Int) -> [Pixel] {
        stride(from: step / 2, to: 256, by: step).flatMap { row in stride(from: step / 2, to: 256, by: step).map { (column: $0, row: row) } }
    }

    /// The longitude and latitude of a pixel's centre, by the OSM wiki's formulas.
    static func centre(of pixel: Pixel, zoom: Int, x: Int, y: Int) -> (longitude: Double, latitude: Double) {
        (MapTileTests.longitude(x: Double(x) + (Double(pixel.column) + 0.5) / 256, zoom: zoom),
         MapTileTests.latitude(y: Double(y) + (Double(pixel.row) + 0.5) / 256, zoom: zoom))
    }

    /// `bands` of a PNG's pixels, decoded by GDAL: the bytes written to `dir/name.png` and read back by
    /// `gdallocationinfo`.
    static func decode(_ png: [UInt8], in dir: URL, name: String, pixels: [Pixel], bands: [Int]) throws -> [[Double]] {
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        let url = dir.appendingPathComponent(name + ".png")
        try Data(png).write(to: url)
        let info = try TerrainFixtures.run("gdalinfo", [url.path])
        #expect(info.contains("Size is 256, 256"), "\(info)")
        let values = try TerrainFixtures.locationInfo(url, positions: pixels.map { (Double($0.column) + 0.5, Double($0.row) + 0.5) },
                                                      bands: bands)
        return try values.map { row in try row.map { try #require($0) } }
    }

    /// Terrarium (Mapzen): height = R 256 + G + B / 256 - 32768 metres.
    static func terrarium(_ rgb: [Double]) -> Double { rgb[0] * 256 + rgb[1] + rgb[2] / 256 - 32768 }

    /// A plane over Istria in WGS 84: 500 m at 13.70 E 45.20 N, +100 m a degree east, +200 m a degree north;
    /// 200 x 200 cells of 0.001 degrees.
    static func plane(_ longitude: Double, _ latitude: Double) -> Double { 500 + 100 * (longitude - 13.70) + 200 * (latitude - 45.20) }

    static func planeModel(in dir: URL) throws -> URL {
        try TerrainFixtures.geoTIFF(in: dir, name: "plane", crs: "EPSG:4326", columns: 200, rows: 200,
                                    west: 13.70, south: 45.20, cellSize: 0.001, height: plane)
    }

    @Test func terrainHeightsOfAGeographicPlaneMatchGDAL() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try Self.planeModel(in: dir)
        let source = try MapTileSource(elevationPath: dem.path)
        #expect(source.verticalDatum == nil)
        // Zoom 13 around 13.80 E 45.30 N: a tile wholly inside the model.
        let zoom = 13, t = MapTileTests.tile(longitude: 13.80, latitude: 45.30, zoom: zoom)
        let pixels = Self.pixels(step: 16) + [(0, 0), (255, 255), (0, 255), (255, 0)]
        let rgb = try Self.decode(try source.terrainTile(z: zoom, x: t.x, y: t.y), in: dir, name: "t", pixels: pixels, bands: [1, 2, 3])
        let places = pixels.map { Self.centre(of: $0, zoom: zoom, x: t.x, y: t.y) }
        let gdal = try TerrainFixtures.locationInfo(dem, positions: places.map { ($0.longitude, $0.latitude) }, wgs84: true)
        var worstPlane = 0.0, worstGDAL = 0.0
        for (k, place) in places.enumerated() {
            let height = Self.terrarium(rgb[k])
            worstPlane = max(worstPlane, abs(height - Self.plane(place.longitude, place.latitude)))
            worstGDAL = max(worstGDAL, abs(height - (try #require(gdal[k][0]))))
        }
        // Bilinear interpolation reproduces a plane; what is left is Terrarium's 1/512 m rounding and the
        // warper's approximate transformation (within 0.125 pixel: 1.7 m here, 0.002 m of height).
        #expect(worstPlane < 0.01, "worst difference from the plane: \(worstPlane) m")
        // gdallocationinfo gives the cell under the point, not an interpolation: within half a cell
        // (0.0005 degrees) of the plane, 0.05 + 0.1 m.
        #expect(worstGDAL < 0.16, "worst difference from gdallocationinfo: \(worstGDAL) m")
    }

    @Test func terrainOutsideTheModelIsZeroMetres() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try Self.planeModel(in: dir)
        let source = try MapTileSource(elevationPath: dem.path)
        // Zoom 10 around the model: it fills about 0.2 / 0.35 of the tile's width.
        let zoom = 10, t = MapTileTests.tile(longitude: 13.80, latitude: 45.30, zoom: zoom)
        #expect(source.elevation.touches(try #require(MapTile(zoom: zoom, x: t.x, y: t.y))))
        let pixels = Self.pixels(step: 8)
        let rgb = try Self.decode(try source.terrainTile(z: zoom, x: t.x, y: t.y), in: dir, name: "edge", pixels: pixels, bands: [1, 2, 3])
        var inside = 0, outside = 0
        for (k, pixel) in pixels.enumerated() {
            let place = Self.centre(of: pixel, zoom: zoom, x: t.x, y: t.y)
            let height = Self.terrarium(rgb[k])
            let margin = 0.002  // degrees: a pixel at zoom 10 is 0.0014 degrees wide
            if place.longitude < 13.70 - margin || place.longitude > 13.90 + margin || place.latitude < 45.20 - margin || place.latitude > 45.40 + margin {
                #expect(height == 0, "outside, at \(place): \(height) m")
                outside += 1
            } else if place.longitude > 13.70 + margin && place.longitude < 13.90 - margin && place.latitude > 45.20 + margin && place.latitude < 45.40 - margin {
                #expect(abs(height - Self.plane(place.longitude, place.latitude)) < 0.01, "inside, at \(place): \(height) m")
                inside += 1
            }
        }
        #expect(inside > 50 && outside > 300, "\(inside) inside, \(outside) outside")
        // A tile far away does not touch the model and is all 0 m (R 128, G 0, B 0).
        let far = try #require(MapTile(zoom: zoom, x: 0, y: 0))
        #expect(!source.elevation.touches(far))
        let empty = try Self.decode(try source.terrainTile(z: zoom, x: 0, y: 0), in: dir, name: "far", pixels: [(0, 0), (128, 200)], bands: [1, 2, 3])
        #expect(empty == [[128, 0, 0], [128, 0, 0]])
    }

    /// A plane in UTM zone 33N (EPSG:32633): 300 m at E 400 000, N 5 010 000, rising 5 m a kilometre east and
    /// 10 m a kilometre north; 300 x 300 cells of 30 m.
    @Test func terrainHeightsOfAProjectedPlaneMatchGDAL() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func plane(_ e: Double, _ n: Double) -> Double { 300 + 0.005 * (e - 400_000) + 0.010 * (n - 5_010_000) }
        let dem = try TerrainFixtures.geoTIFF(in: dir, name: "utm", crs: "EPSG:32633", columns: 300, rows: 300,
                                              west: 400_000, south: 5_010_000, cellSize: 30, height: plane)
        let source = try MapTileSource(elevationPath: dem.path)
        let centre = source.elevation.extent.center
        let zoom = 14, t = MapTileTests.tile(longitude: centre.longitude, latitude: centre.latitude, zoom: zoom)
        let pixels = Self.pixels(step: 16)
        let rgb = try Self.decode(try source.terrainTile(z: zoom, x: t.x, y: t.y), in: dir, name: "utm", pixels: pixels, bands: [1, 2, 3])
        let places = pixels.map { Self.centre(of: $0, zoom: zoom, x: t.x, y: t.y) }
        let gdal = try TerrainFixtures.locationInfo(dem, positions: places.map { ($0.longitude, $0.latitude) }, wgs84: true)
        // The plane at each pixel's UTM position, projected by GDAL (gdaltransform), not by RouteKit.
        let projected = try TerrainFixtures.run("gdaltransform", ["-s_srs", "EPSG:4326", "-t_srs", "EPSG:32633", "-output_xy"],
                                                input: places.map { String(format: "%.12f %.12f", $0.longitude, $0.latitude) }.joined(separator: "\n") + "\n")
            .split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
        var worstPlane = 0.0, worstGDAL = 0.0
        for k in places.indices {
            let height = Self.terrarium(rgb[k])
            worstPlane = max(worstPlane, abs(height - plane(projected[k][0], projected[k][1])))
            worstGDAL = max(worstGDAL, abs(height - (try #require(gdal[k][0]))))
        }
        #expect(worstPlane < 0.01, "worst difference from the plane: \(worstPlane) m")
        // Nearest cell: within half a cell (15 m) of the plane, 0.075 + 0.15 m.
        #expect(worstGDAL < 0.23, "worst difference from gdallocationinfo: \(worstGDAL) m")
        // Low zooms (the whole world in a few tiles) warp a UTM model without failing.
        for zoom in 0...3 {
            let range = try #require(source.elevation.tiles(coveringZoom: zoom))
            for tile in range { _ = try source.terrainTile(z: tile.zoom, x: tile.x, y: tile.y) }
        }
    }
}

extension MapTileSourceTests {
    /// Heights above the WGS 84 ellipsoid (EPSG:4979) come out above the EGM96 geoid, as TerrainModel's
    /// do: at 46.43 N 13.74 E, `echo "46.43 13.74 2000" | cs2cs EPSG:4326+5773 EPSG:4979` gives 2047.46 m.
    @Test func ellipsoidalHeightsAreServedAboveTheGeoid() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try TerrainFixtures.geoTIFF(in: dir, name: "ellipsoidal", crs: "EPSG:4979", columns: 100, rows: 100,
                                              west: 13.69, south: 46.38, cellSize: 0.001) { _, _ in 2047.46 }
        let source = try MapTileSource(elevationPath: dem.path)
        #expect(source.verticalDatum == .ellipsoidal)
        let zoom = 15, t = MapTileTests.tile(longitude: 13.74, latitude: 46.43, zoom: zoom)
        let rgb = try Self.decode(try source.terrainTile(z: zoom, x: t.x, y: t.y), in: dir, name: "e", pixels: [(128, 128)], bands: [1, 2, 3])
        // The geoid undulates by centimetres across a zoom 15 tile (1.2 km).
        #expect(abs(Self.terrarium(rgb[0]) - 2000) < 0.1, "\(Self.terrarium(rgb[0])) m")
    }
}

extension MapTileSourceTests {
    /// Nodata cells (a 40 x 40 cell hole in the plane, 13.78...13.82 E, 45.28...45.32 N) are 0 m in a
    /// terrain tile and transparent in a hillshade; the plane around the hole keeps its heights.
    @Test func nodataIsZeroMetresAndTransparent() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try TerrainFixtures.geoTIFF(in: dir, name: "holed", crs: "EPSG:4326", columns: 200, rows: 200,
                                              west: 13.70, south: 45.20, cellSize: 0.001) { x, y in
            (13.78...13.82).contains(x) && (45.28...45.32).contains(y) ? nil : Self.plane(x, y)
        }
        let source = try MapTileSource(elevationPath: dem.path)
        let zoom = 13, t = MapTileTests.tile(longitude: 13.80, latitude: 45.30, zoom: zoom)
        let pixels = Self.pixels(step: 16)
        let rgb = try Self.decode(try source.terrainTile(z: zoom, x: t.x, y: t.y), in: dir, name: "t", pixels: pixels, bands: [1, 2, 3])
        let shade = try Self.decode(try source.hillshadeTile(z: zoom, x: t.x, y: t.y), in: dir, name: "s", pixels: pixels, bands: [2])
        var hole = 0, around = 0
        for (k, pixel) in pixels.enumerated() {
            let p = Self.centre(of: pixel, zoom: zoom, x: t.x, y: t.y)
            let inHole = (13.7815...13.8185).contains(p.longitude) && (45.2815...45.3185).contains(p.latitude)
            let clear = !(13.7765...13.8235).contains(p.longitude) || !(45.2765...45.3235).contains(p.latitude)
            if inHole {
                #expect(Self.terrarium(rgb[k]) == 0 && shade[k] == [0], "in the hole at \(p): \(rgb[k]), alpha \(shade[k])")
                hole += 1
            } else if clear {
                #expect(abs(Self.terrarium(rgb[k]) - Self.plane(p.longitude, p.latitude)) < 0.01, "at \(p): \(rgb[k])")
                around += 1
            }
        }
        #expect(hole > 20 && around > 20, "\(hole) in the hole, \(around) around it")
    }
}
