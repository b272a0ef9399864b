import Foundation
import Testing
@testable import RouteKitGeodesy
@testable import RouteKitTerrain

/// Hillshade and imagery tiles, errors and memory, checked with GDAL's tools (see ``MapTileSourceTests``).
@Suite(.enabled(if: TerrainFixtures.hasGDALTools && TerrainFixtures.tool("gdaldem") != nil && TerrainFixtures.tool("gdalwarp") != nil
                 && TerrainFixtures.tool("gdaltransform") != nil,
                "needs gdal_translate, gdalbuildvrt, gdallocationinfo, gdalwarp, gdaldem and gdaltransform (gdal-bin)"))
struct MapTileSourceShadingTests {
    typealias Pixel = MapTileSourceTests.Pixel

    /// A north-south ridge in UTM zone 33N: 200 m plus a Gaussian of 600 m height and 800 m width centred
    /// on E 404 500 (slopes up to 33 degrees); 300 x 300 cells of 30 m from E 400 000, N 5 010 000.
    static let crest = 404_500.0
    static func ridge(in dir: URL) throws -> URL {
        try TerrainFixtures.geoTIFF(in: dir, name: "ridge", crs: "EPSG:32633", columns: 300, rows: 300,
                                    west: 400_000, south: 5_010_000, cellSize: 30) { e, _ in
            200 + 600 * exp(-pow((e - crest) / 800, 2))
        }
    }

    @Test func theHillshadeIsBrighterTowardsTheSunAndMatchesGdaldem() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try Self.ridge(in: dir)
        let source = try MapTileSource(elevationPath: dem.path)
        // The zoom 14 tile over the middle of the ridge (pixels of 6.7 m).
        let centre = source.elevation.extent.center
        let zoom = 14, t = MapTileTests.tile(longitude: centre.longitude, latitude: centre.latitude, zoom: zoom)
        let pixels = MapTileSourceTests.pixels(step: 8)
        let png = try source.hillshadeTile(z: zoom, x: t.x, y: t.y)
        let values = try MapTileSourceTests.decode(png, in: dir, name: "shade", pixels: pixels, bands: [1, 2])
        let places = pixels.map { MapTileSourceTests.centre(of: $0, zoom: zoom, x: t.x, y: t.y) }
        let eastings = try TerrainFixtures.run("gdaltransform", ["-s_srs", "EPSG:4326", "-t_srs", "EPSG:32633", "-output_xy"],
                                               input: places.map { String(format: "%.12f %.12f", $0.longitude, $0.latitude) }.joined(separator: "\n") + "\n")
            .split(separator: "\n").map { Double($0.split(separator: " ")[0])! }

        // 1. The west face (towards the sun in the north-west) is brighter than the east face.
        var west: [Double] = [], east: [Double] = []
        for (k, e) in eastings.enumerated() where abs(e - Self.crest) > 200 && abs(e - Self.crest) < 1200 {
            (e < Self.crest ? { west.append(values[k][0]) } : { east.append(values[k][0]) })()
        }
        let meanWest = west.reduce(0, +) / Double(west.count), meanEast = east.reduce(0, +) / Double(east.count)
        #expect(west.count > 50 && east.count > 50)
        #expect(meanWest > meanEast + 60, "west face \(meanWest), east face \(meanEast)")

        // 2. Alpha: transparent where flat (shade 1 + 254 sin 45 = 180.6), opaque on the steep lit or dark faces.
        for k in values.indices {
            #expect(values[k][1] == min(255, (2 * abs(values[k][0] - (1 + 254 * sin(Double.pi / 4)))).rounded()), "pixel \(pixels[k])")
        }

        // 3. gdaldem's hillshade of the same area warped by gdalwarp (2 pixels more each side; scale
        //    -s cos(latitude of the tile's centre)): the same computation, by the command-line tools.
        let circumference = 2 * Double.pi * 6_378_137, n = pow(2, Double(zoom)), pad = 2.0 / 256
        let minX = ((Double(t.x) - pad) / n - 0.5) * circumference, maxX = ((Double(t.x) + 1 + pad) / n - 0.5) * circumference
        let maxY = (0.5 - (Double(t.y) - pad) / n) * circumference, minY = (0.5 - (Double(t.y) + 1 + pad) / n) * circumference
        let warped = dir.appendingPathComponent("warped.tif"), shaded = dir.appendingPathComponent("shaded.tif")
        try TerrainFixtures.run("gdalwarp", ["-q", "-t_srs", "EPSG:3857", "-te"] + [minX, minY, maxX, maxY].map { String(format: "%.10f", $0) }
                                + ["-ts", "260", "260", "-r", "bilinear", "-ot", "Float32", "-dstnodata", "nan", dem.path, warped.path])
        let latitude = MapTileTests.latitude(y: Double(t.y) + 0.5, zoom: zoom)
        try TerrainFixtures.run("gdaldem", ["hillshade", "-q", "-az", "315", "-alt", "45", "-s", String(cos(latitude * .pi / 180)),
                                            "-compute_edges", warped.path, shaded.path])
        let reference = try TerrainFixtures.locationInfo(shaded, positions: pixels.map { (Double($0.column) + 2.5, Double($0.row) + 2.5) })
        let sameArea = zip(values, reference).map { abs($0[0] - $1[0]!) }.max()!
        #expect(sameArea <= 1, "worst difference from gdalwarp + gdaldem: \(sameArea) grey levels")

        // 4. gdaldem's hillshade of the model itself, in its UTM metres, at each pixel's centre (the cell
        //    under it): differs by the resampling (30 m cells, 6.7 m pixels) and by the meridian
        //    convergence (about 0.9 degrees here, between grid north and true north).
        let own = dir.appendingPathComponent("own.tif")
        try TerrainFixtures.run("gdaldem", ["hillshade", "-q", "-compute_edges", dem.path, own.path])
        let world = try TerrainFixtures.locationInfo(own, positions: places.map { ($0.longitude, $0.latitude) }, wgs84: true)
        let differences = zip(values, world).map { abs($0[0] - $1[0]!) }
        let worst = differences.max()!, mean = differences.reduce(0, +) / Double(differences.count)
        #expect(worst <= 12 && mean <= 3, "worst \(worst), mean \(mean) grey levels from gdaldem on the model")
    }

    /// A 100 x 100 RGB image of 0.001 degree pixels from 13.70 E 45.20 N, in quadrants: red north-west,
    /// green north-east, blue south-west, white south-east.
    static func quadrants(in dir: URL) throws -> URL {
        let colours: [(Double, Double) -> [Double]] = [{ x, y in y > 45.25 ? (x < 13.75 ? [255, 0, 0] : [0, 255, 0]) : (x < 13.75 ? [0, 0, 255] : [255, 255, 255]) }]
        var bands: [String] = []
        for band in 0..<3 {
            let asc = dir.appendingPathComponent("band\(band).asc"), tif = dir.appendingPathComponent("band\(band).tif")
            try TerrainFixtures.writeASCIIGrid(to: asc, columns: 100, rows: 100, west: 13.70, south: 45.20, cellSize: 0.001) { x, y in colours[0](x, y)[band] }
            try TerrainFixtures.run("gdal_translate", ["-q", "-ot", "Byte", "-a_srs", "EPSG:4326", "-a_nodata", "none", asc.path, tif.path])
            bands.append(tif.path)
        }
        let vrt = dir.appendingPathComponent("rgb.vrt"), rgb = dir.appendingPathComponent("rgb.tif")
        try TerrainFixtures.run("gdalbuildvrt", ["-q", "-separate", vrt.path] + bands)
        try TerrainFixtures.run("gdal_translate", ["-q", "-co", "PHOTOMETRIC=RGB", vrt.path, rgb.path])
        return rgb
    }

    @Test func imageryLandsWhereItShouldAndIsTransparentOutside() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try MapTileSourceTests.planeModel(in: dir)
        let source = try MapTileSource(elevationPath: dem.path, imageryPath: try Self.quadrants(in: dir).path)
        let imagery = try #require(source.imagery)
        #expect(isClose(imagery.extent.west, 13.70, absolute: 1e-9) && isClose(imagery.extent.north, 45.30, absolute: 1e-9))
        // Zoom 11 around the image: it fills about 0.1 / 0.18 of the tile's width.
        let zoom = 11, t = MapTileTests.tile(longitude: 13.75, latitude: 45.25, zoom: zoom)
        let pixels = MapTileSourceTests.pixels(step: 4)
        let png = try #require(try source.imageryTile(z: zoom, x: t.x, y: t.y))
        let rgba = try MapTileSourceTests.decode(png, in: dir, name: "imagery", pixels: pixels, bands: [1, 2, 3, 4])
        var counts = [String: Int]()
        let margin = 0.0015  // degrees: a pixel at zoom 11 is 0.0007 degrees, an image pixel 0.001
        for (k, pixel) in pixels.enumerated() {
            let p = MapTileSourceTests.centre(of: pixel, zoom: zoom, x: t.x, y: t.y)
            let near = { (a: Double, b: Double) in abs(a - b) < margin }
            if p.longitude < 13.70 - margin || p.longitude > 13.80 + margin || p.latitude < 45.20 - margin || p.latitude > 45.30 + margin {
                #expect(rgba[k] == [0, 0, 0, 0], "outside, at \(p): \(rgba[k])")
                counts["outside", default: 0] += 1
            } else if !near(p.longitude, 13.70) && !near(p.longitude, 13.75) && !near(p.longitude, 13.80)
                        && !near(p.latitude, 45.20) && !near(p.latitude, 45.25) && !near(p.latitude, 45.30) {
                let expected: [Double] = p.latitude > 45.25 ? (p.longitude < 13.75 ? [255, 0, 0, 255] : [0, 255, 0, 255])
                                                            : (p.longitude < 13.75 ? [0, 0, 255, 255] : [255, 255, 255, 255])
                #expect(rgba[k] == expected, "inside, at \(p): \(rgba[k])")
                counts["\(expected)", default: 0] += 1
            }
        }
        #expect(counts.count == 5 && counts.values.allSatisfy { $0 > 20 }, "\(counts)")
        // Without imagery there is no imagery tile; a far tile is wholly transparent.
        #expect(try MapTileSource(elevationPath: dem.path).imageryTile(z: zoom, x: t.x, y: t.y) == nil)
        let far = try #require(try source.imageryTile(z: zoom, x: 0, y: 0))
        #expect(try MapTileSourceTests.decode(far, in: dir, name: "far", pixels: [(3, 3)], bands: [4]) == [[0]])
    }

    @Test func badInputIsALocatedError() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nothing.tif").path
        let e1 = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: missing) }
        #expect(e1?.kind == .fileNotFound && e1?.description.hasPrefix(missing + ": error: ") == true)

        let dem = try MapTileSourceTests.planeModel(in: dir)
        let source = try MapTileSource(elevationPath: dem.path)
        // A PNG with no georeferencing: one of our own tiles, saved.
        let picture = dir.appendingPathComponent("picture.png")
        try Data(try source.terrainTile(z: 0, x: 0, y: 0)).write(to: picture)
        let e2 = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: picture.path) }
        #expect(e2?.kind == .noGeoreferencing && e2?.description.contains(picture.path) == true, "\(String(describing: e2))")
        let e3 = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: dem.path, imageryPath: picture.path) }
        #expect(e3?.kind == .noGeoreferencing && e3?.path == picture.path)
        // The imagery's errors speak of imagery, not of a terrain model (a review found them calling an
        // orthophoto an elevation model).
        #expect(e3?.subject == .imagery && e3?.description.hasSuffix("expected imagery placed on the Earth.") == true, "\(String(describing: e3))")
        let e3b = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: dem.path, imageryPath: missing) }
        #expect(e3b?.description == "\(missing): error: no such imagery file.")
        let text = dir.appendingPathComponent("notes.txt")
        try "not a raster".write(to: text, atomically: true, encoding: .utf8)
        let e4 = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: text.path) }
        if case .notARaster = e4?.kind {} else { Issue.record("\(String(describing: e4))") }
        #expect(e4?.subject == .terrainModel && e4?.description.contains("expected a digital elevation model") == true)
        let e4b = #expect(throws: TerrainError.self) { try MapTileSource(elevationPath: dem.path, imageryPath: text.path) }
        #expect(e4b?.description.contains("not a raster GDAL can read (expected imagery (an orthophoto") == true, "\(String(describing: e4b))")
        // A reason that ends in its own period (GDAL's do) gets no second one.
        #expect(TerrainError(path: "m.tif", kind: .readFailed("TIFFReadEncodedStrip() failed.")).description
                == "m.tif: error: reading the terrain model failed: TIFFReadEncodedStrip() failed.")

        for (z, x, y) in [(25, 0, 0), (-1, 0, 0), (3, 8, 0), (3, 0, 8), (3, -1, 2)] {
            let e = #expect(throws: TerrainError.self) { try source.terrainTile(z: z, x: x, y: y) }
            #expect(e?.kind == .invalidTile(zoom: z, x: x, y: y))
            #expect(throws: TerrainError.self) { try source.hillshadeTile(z: z, x: x, y: y) }
            #expect(throws: TerrainError.self) { try source.imageryTile(z: z, x: x, y: y) }
        }
        let e5 = #expect(throws: TerrainError.self) { try source.terrainTile(z: 3, x: 8, y: 0) }
        #expect(e5?.description == "\(dem.path): error: no map tile 3/8/0 (zoom/x/y): expected a zoom in 0...24 and x and y in 0...7.")
    }

    /// Resident memory in kB, from the kernel.
    static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func thousandsOfTilesLeaveNothingBehind() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dem = try MapTileSourceTests.planeModel(in: dir)
        let source = try MapTileSource(elevationPath: dem.path, imageryPath: try Self.quadrants(in: dir).path)
        let tiles = Array(try #require(source.elevation.tiles(coveringZoom: 15)))
        func ask(_ k: Int) throws {
            let tile = tiles[k % tiles.count]
            switch k % 4 {
            case 0, 1: _ = try source.terrainTile(z: tile.zoom, x: tile.x, y: tile.y)
            case 2: _ = try source.hillshadeTile(z: tile.zoom, x: tile.x, y: tile.y)
            default: _ = try source.imageryTile(z: tile.zoom, x: tile.x, y: tile.y)
            }
        }
        for k in 0..<200 { try ask(k) }
        let before = Self.residentKilobytes(), datasets = GDALLibrary.openDatasetCount()
        for k in 200..<2200 { try ask(k) }
        let growth = Self.residentKilobytes() - before
        // GDAL's own accounting: no dataset (a warped tile, a shade) is left open. The count is the
        // process's, and tests beside this one open models too: a leak of one a tile would add 2000.
        #expect(GDALLibrary.openDatasetCount() - datasets < 20, "GDAL datasets open: \(datasets) before, \(GDALLibrary.openDatasetCount()) after 2000 tiles")
        #expect(PNGEncoding.filesInMemory().isEmpty, "left in /vsimem/: \(PNGEncoding.filesInMemory())")
        // The process's memory is shared with the tests running beside this one, so its growth is printed,
        // not asserted (2000 leaked 256 x 256 RGBA tiles would be 500 MB).
        print("resident memory grew by \(growth) kB over 2000 tiles")
    }

    @Test func concurrentRequestsGiveTheSameTiles() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try MapTileSource(elevationPath: try Self.ridge(in: dir).path)
        let tiles = Array(try #require(source.elevation.tiles(coveringZoom: 14)))
        let serial = try tiles.map { try source.terrainTile(z: $0.zoom, x: $0.x, y: $0.y) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (k, tile) in tiles.enumerated() {
                group.addTask { (k, try source.terrainTile(z: tile.zoom, x: tile.x, y: tile.y)) }
            }
            var result = [[UInt8]](repeating: [], count: tiles.count)
            for try await (k, png) in group { result[k] = png }
            return result
        }
        #expect(parallel == serial)
    }
}
