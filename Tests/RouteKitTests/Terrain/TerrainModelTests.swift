import Foundation
import Testing
@testable import RouteKit
@testable import RouteKitTerrain

/// Terrain models read through GDAL. Every model is built in the test by GDAL's own
/// tools (``TerrainFixtures``) from a formula, and every expected height comes from that formula or from
/// `gdallocationinfo`, never from RouteKit.
@Suite(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate, gdalbuildvrt and gdallocationinfo (gdal-bin)"))
struct TerrainModelTests {
    @Test func aPlaneIsInterpolatedExactly() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = try TerrainFixtures.planeModel(in: dir)
        let model = try TerrainModel(path: url.path)
        #expect(model.verticalDatum == nil)
        #expect(model.coordinateSystemName == "WGS 84")
        #expect(isClose(model.extent.west, 13.70, absolute: 1e-9) && isClose(model.extent.east, 13.73, absolute: 1e-9))
        #expect(isClose(model.extent.south, 45.26, absolute: 1e-9) && isClose(model.extent.north, 45.29, absolute: 1e-9))
        for (lon, lat) in [(13.7123, 45.2711), (13.70052, 45.26051), (13.7288, 45.2893), (13.715, 45.275), (13.7205, 45.2617)] {
            let h = try #require(model.elevation(at: LocationCoordinate2D(latitude: lat, longitude: lon)))
            #expect(isClose(h, TerrainFixtures.plane(lon, lat), absolute: 1e-6), "at \(lat), \(lon): \(h) vs \(TerrainFixtures.plane(lon, lat))")
        }
        // At cell centres the model is the cell's value, as GDAL's gdallocationinfo reads it.
        for (lon, lat) in [(13.7005, 45.2895), (13.7125, 45.2705), (13.7295, 45.2605)] {
            let gdal = try #require(try TerrainFixtures.locationInfo(url, longitude: lon, latitude: lat))
            let h = try #require(model.elevation(at: LocationCoordinate2D(latitude: lat, longitude: lon)))
            #expect(isClose(h, gdal, absolute: 1e-6), "at \(lat), \(lon): \(h) vs gdallocationinfo \(gdal)")
        }
        #expect(model.elevations(at: [LocationCoordinate2D(latitude: 45.2711, longitude: 13.7123)]) == [model.elevation(at: LocationCoordinate2D(latitude: 45.2711, longitude: 13.7123))])
        // Outside the raster: no height.
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.2905, longitude: 13.71)) == nil)
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.27, longitude: 13.6999)) == nil)
    }

    @Test func aGaussianHillPeaksAtItsHeight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 1000 m high, sigma 0.003 degrees, centred on the centre of cell (20, 20) of a 41 x 41 grid.
        let peak = (lon: 13.7205, lat: 45.2995 - 0.020)
        func hill(_ x: Double, _ y: Double) -> Double {
            1000 * exp(-(pow(x - peak.lon, 2) + pow(y - peak.lat, 2)) / (2 * 0.003 * 0.003))
        }
        let url = try TerrainFixtures.geoTIFF(in: dir, name: "hill", crs: "EPSG:4326", columns: 41, rows: 41,
                                              west: 13.70, south: 45.259, cellSize: 0.001, height: hill)
        let model = try TerrainModel(path: url.path, covering: [LocationCoordinate2D(latitude: peak.lat, longitude: peak.lon)])
        let top = try #require(model.elevation(at: LocationCoordinate2D(latitude: peak.lat, longitude: peak.lon)))
        #expect(isClose(top, 1000, absolute: 1e-6))
        // Half way between the peak's cell centre and the next one east: the mean of the two cells.
        let half = try #require(model.elevation(at: LocationCoordinate2D(latitude: peak.lat, longitude: peak.lon + 0.0005)))
        #expect(isClose(half, (1000 + hill(peak.lon + 0.001, peak.lat)) / 2, absolute: 1e-3))
        #expect(half < top)
    }

    @Test func aNodataHoleHasNoHeightAndItsNeighboursAreRenormalised() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = try TerrainFixtures.planeModel(in: dir, name: "holed", hole: (10, 10))
        let model = try TerrainModel(path: url.path)
        // The hole's centre: 13.7105 E, 45.2795 N.
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.2795, longitude: 13.7105)) == nil)
        // Anywhere in the hole's cell (13.710...13.711 E, 45.279...45.280 N): no height.
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.2799, longitude: 13.71001)) == nil)
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.27901, longitude: 13.71099)) == nil)
        // On the row of centres, 0.7 of the way from the hole's centre to the next one east: only that
        // neighbour has weight and data.
        let east = try #require(model.elevation(at: LocationCoordinate2D(latitude: 45.2795, longitude: 13.7112)))
        #expect(isClose(east, TerrainFixtures.plane(13.7115, 45.2795), absolute: 1e-6))
        // Between four centres, one of them the hole: the bilinear weights of the other three, renormalised.
        let mixed = try #require(model.elevation(at: LocationCoordinate2D(latitude: 45.27899, longitude: 13.71101)))
        let fu = 0.51, fv = 0.51  // (13.71101 - 13.7105) / 0.001, (45.2795 - 45.27899) / 0.001
        let weights = [fu * (1 - fv), (1 - fu) * fv, fu * fv]
        let heights = [TerrainFixtures.plane(13.7115, 45.2795), TerrainFixtures.plane(13.7105, 45.2785), TerrainFixtures.plane(13.7115, 45.2785)]
        let renormalised = zip(weights, heights).map { $0 * $1 }.reduce(0, +) / weights.reduce(0, +)
        #expect(isClose(mixed, renormalised, absolute: 1e-6))
        // Away from the hole, still the plane.
        #expect(isClose(try #require(model.elevation(at: LocationCoordinate2D(latitude: 45.2701, longitude: 13.7201))),
                        TerrainFixtures.plane(13.7201, 45.2701), absolute: 1e-6))
        // A route point on the hole is reported.
        let route = try #require(Route(segments: [[RoutePoint(latitude: 45.275, longitude: 13.705),
                                                    RoutePoint(latitude: 45.2795, longitude: 13.7105)]], source: .init(kind: .tracks)))
        #expect(throws: TerrainError.self) { try route.fillingMissingElevations(from: model) }
        do {
            _ = try route.fillingMissingElevations(from: model)
        } catch {
            #expect(error.kind == .noData(index: 1, coordinate: LocationCoordinate2D(latitude: 45.2795, longitude: 13.7105)))
            #expect(error.description.hasPrefix(url.path + ": error: the model has no data"))
        }
    }

    /// An SRTM tile is a headerless grid of big-endian 16-bit integers, 1201 x 1201 for 3 arc-seconds,
    /// rows from north to south, named by its south-west corner; cell centres lie on whole multiples of
    /// 3 arc-seconds, -32768 is a void (NASA, SRTM Topo documentation).
    @Test func anSRTMHGTTileIsPlacedByItsName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let n = 1201
        var bytes = [UInt8](repeating: 0, count: n * n * 2)
        func value(_ column: Int, _ row: Int) -> Int16 { Int16(column + 2 * row - 1000) }
        for row in 0..<n {
            for column in 0..<n {
                let v = (row == 600 && column == 600) ? Int16.min : value(column, row)
                let u = UInt16(bitPattern: v)
                bytes[(row * n + column) * 2] = UInt8(u >> 8)
                bytes[(row * n + column) * 2 + 1] = UInt8(u & 0xff)
            }
        }
        let url = dir.appendingPathComponent("N45E013.hgt")
        try Data(bytes).write(to: url)
        let model = try TerrainModel(path: url.path, covering: [LocationCoordinate2D(latitude: 45.5, longitude: 13.5)],
                                     margin: 20_000)
        #expect(model.verticalDatum == nil)
        // Cell (column c, row r) is centred at 13 + c/1200 E, 46 - r/1200 N.
        for (column, row) in [(500, 450), (700, 640), (599, 601)] {
            let lon = 13 + Double(column) / 1200, lat = 46 - Double(row) / 1200
            let h = try #require(model.elevation(at: LocationCoordinate2D(latitude: lat, longitude: lon)))
            #expect(isClose(h, Double(value(column, row)), absolute: 1e-6), "cell (\(column), \(row))")
            #expect(isClose(try #require(try TerrainFixtures.locationInfo(url, longitude: lon, latitude: lat)), h, absolute: 1e-6))
        }
        // The void.
        #expect(model.elevation(at: LocationCoordinate2D(latitude: 45.5, longitude: 13.5)) == nil)
        // Between centres on a plane of integers: exact.
        let between = try #require(model.elevation(at: LocationCoordinate2D(latitude: 46 - 450.25 / 1200, longitude: 13 + 500.5 / 1200)))
        #expect(isClose(between, 500.5 + 2 * 450.25 - 1000, absolute: 1e-9))
    }

    /// DTED level 0: a 1 x 1 degree tile of 121 x 121 posts, 30 arc-seconds apart, posts on the tile's
    /// edges (MIL-PRF-89020B); written by GDAL's DTED driver from an ASCII grid of posts c + r.
    @Test func aDTEDTileIsRead() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let asc = dir.appendingPathComponent("posts.asc")
        try TerrainFixtures.writeASCIIGrid(to: asc, columns: 121, rows: 121, west: 13 - 1.0 / 240, south: 45 - 1.0 / 240,
                                           cellSize: 1.0 / 120) { x, y in
            ((x - 13) * 120).rounded() + ((46 - y) * 120).rounded()
        }
        let dted = dir.appendingPathComponent("e013n45.dt0")
        try TerrainFixtures.run("gdal_translate", ["-q", "-a_srs", "EPSG:4326", "-ot", "Int16", "-of", "DTED", asc.path, dted.path])
        let model = try TerrainModel(path: dted.path)
        for (column, row) in [(60, 60), (3, 117), (100, 20)] {
            let c = LocationCoordinate2D(latitude: 46 - Double(row) / 120, longitude: 13 + Double(column) / 120)
            let h = try #require(model.elevation(at: c))
            #expect(isClose(h, Double(column + row), absolute: 1e-6))
            #expect(isClose(try #require(try TerrainFixtures.locationInfo(dted, longitude: c.longitude, latitude: c.latitude)), h, absolute: 1e-6))
        }
    }

    @Test func aVRTMosaicOfTwoTilesIsOneModel() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let west = try TerrainFixtures.geoTIFF(in: dir, name: "west", crs: "EPSG:4326", columns: 15, rows: 30,
                                               west: 13.70, south: 45.26, cellSize: 0.001, height: TerrainFixtures.plane)
        let east = try TerrainFixtures.geoTIFF(in: dir, name: "east", crs: "EPSG:4326", columns: 15, rows: 30,
                                               west: 13.715, south: 45.26, cellSize: 0.001, height: TerrainFixtures.plane)
        let vrt = dir.appendingPathComponent("mosaic.vrt")
        try TerrainFixtures.run("gdalbuildvrt", ["-q", vrt.path, west.path, east.path])
        let points = [(13.7031, 45.2702), (13.7149, 45.2811), (13.7151, 45.2812), (13.7277, 45.2861)].map {
            LocationCoordinate2D(latitude: $0.1, longitude: $0.0)
        }
        let model = try TerrainModel(path: vrt.path, covering: points)
        for c in points {
            let h = try #require(model.elevation(at: c))
            #expect(isClose(h, TerrainFixtures.plane(c.longitude, c.latitude), absolute: 1e-6), "\(c)")
        }
        #expect(isClose(model.extent.west, 13.70, absolute: 1e-9) && isClose(model.extent.east, 13.73, absolute: 1e-9))
    }

    /// A model in UTM zone 33N (EPSG:32633), 100 m cells: a plane in easting and northing. The WGS 84
    /// positions of the test points come from PROJ's cs2cs (`cs2cs -f %.10f EPSG:32633 EPSG:4326`).
    @Test func aProjectedModelIsReachedThroughItsCRS() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func plane(_ e: Double, _ n: Double) -> Double { 300 + 0.01 * (e - 500_000) + 0.02 * (n - 5_000_000) }
        let url = try TerrainFixtures.geoTIFF(in: dir, name: "utm", crs: "EPSG:32633", columns: 40, rows: 40,
                                              west: 498_000, south: 4_998_000, cellSize: 100, height: plane)
        let cases: [(lat: Double, lon: Double, expected: Double)] = [
            (45.1534771834, 15.0000000000, 300),  // E 500000, N 5000000
            (45.1624786832, 15.0063619525, 325),  // E 500500, N 5001000
            (45.1444747837, 14.9872801006, 270),  // E 499000, N 4999000
        ]
        let model = try TerrainModel(path: url.path, covering: cases.map { LocationCoordinate2D(latitude: $0.lat, longitude: $0.lon) })
        #expect(model.coordinateSystemName == "WGS 84 / UTM zone 33N")
        for c in cases {
            let h = try #require(model.elevation(at: LocationCoordinate2D(latitude: c.lat, longitude: c.lon)))
            // 1e-10 degrees is about 1 cm, 0.2 mm of height on this plane.
            #expect(isClose(h, c.expected, absolute: 1e-3), "\(c): \(h)")
        }
        #expect(model.extent.west < 14.975 && model.extent.east > 15.025)
    }

    @Test func aModelThatDoesNotCoverTheRouteNamesTheFirstPointOutside() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = try TerrainFixtures.planeModel(in: dir)
        let route = try #require(Route(segments: [[
            RoutePoint(latitude: 45.27, longitude: 13.71), RoutePoint(latitude: 45.28, longitude: 13.72),
            RoutePoint(latitude: 45.295, longitude: 13.72), RoutePoint(latitude: 45.30, longitude: 13.75),
        ]], source: .init(kind: .tracks)))
        do {
            _ = try TerrainModel(path: url.path, covering: route)
            Issue.record("a model that does not cover the route was accepted")
        } catch {
            guard case .notCovering(let index, let coordinate, let extent) = error.kind else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(index == 2)
            #expect(coordinate == LocationCoordinate2D(latitude: 45.295, longitude: 13.72))
            #expect(isClose(extent.north, 45.29, absolute: 1e-9) && isClose(extent.west, 13.70, absolute: 1e-9))
            #expect(error.description == "\(url.path): error: the model does not cover route point 2 at latitude 45.295000, longitude 13.720000; the model covers longitudes 13.700000 to 13.730000, latitudes 45.260000 to 45.290000.")
        }
    }

    @Test func aRealPolylineOverASyntheticModelTakesTheModelsHeights() throws {
        guard let polyline = Fixtures.real("polyline/visnjan-car.p5.txt") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = try TerrainFixtures.planeModel(in: dir)
        let route = try RouteFile.load(path: polyline.path)
        #expect(route.points.count == 104)  // the polyline's 104 positions (../shared/real/SOURCES.md)
        let missing = try #require(route.missingElevations)
        #expect(missing.count == 104 && missing.firstIndex == 0)
        let model = try TerrainModel(path: url.path, covering: route)
        let filled = try route.fillingMissingElevations(from: model)
        #expect(filled.missingElevations == nil)
        #expect(filled.points.count == route.points.count && filled.segments == route.segments)
        for (p, q) in zip(route.points, filled.points) {
            #expect(p.coordinate == q.coordinate)
            let h = try #require(q.elevation)
            #expect(isClose(h, TerrainFixtures.plane(p.coordinate.longitude, p.coordinate.latitude), absolute: 1e-6))
        }
        #expect(!RouteCheck.check(filled).findings.contains { $0.code.rawValue == "elevation-missing" })
        #expect(RouteCheck.check(route).findings.contains { $0.code.rawValue == "elevation-missing" && $0.severity == .warning && $0.index == 0 })
    }

    @Test func theVerticalDatumIsHonoured() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let at = LocationCoordinate2D(latitude: 46.43, longitude: 13.74)
        func constant(_ value: Double) -> (Double, Double) -> Double? { { _, _ in value } }
        // EGM96 heights, declared: as they are.
        let egm = try TerrainFixtures.geoTIFF(in: dir, name: "egm96", crs: "EPSG:4326+5773", columns: 10, rows: 10,
                                              west: 13.70, south: 46.40, cellSize: 0.01, height: constant(2000))
        let egmModel = try TerrainModel(path: egm.path)
        #expect(egmModel.verticalDatum == .orthometric)
        #expect(egmModel.elevation(at: at) == 2000)
        // Heights above the WGS 84 ellipsoid (EPSG:4979): `echo "46.43 13.74 2000" | cs2cs EPSG:4326+5773
        // EPSG:4979` gives 2047.46, so 2047.46 m above the ellipsoid is 2000 m above the geoid.
        let ellipsoidal = try TerrainFixtures.geoTIFF(in: dir, name: "ellipsoidal", crs: "EPSG:4979", columns: 10, rows: 10,
                                                      west: 13.70, south: 46.40, cellSize: 0.01, height: constant(2047.46))
        let ellipsoidalModel = try TerrainModel(path: ellipsoidal.path)
        #expect(ellipsoidalModel.verticalDatum == .ellipsoidal)
        let converted = try #require(ellipsoidalModel.elevation(at: at))
        #expect(isClose(converted, 2000, absolute: 0.005), "\(converted)")
        #expect(ellipsoidalModel.elevations(at: [at, LocationCoordinate2D(latitude: 47, longitude: 13.74)]) == [converted, nil])
        // EGM2008 (EPSG:3855) is not converted: refused, named.
        let egm2008 = try TerrainFixtures.geoTIFF(in: dir, name: "egm2008", crs: "EPSG:4326+3855", columns: 10, rows: 10,
                                                  west: 13.70, south: 46.40, cellSize: 0.01, height: constant(2000))
        #expect(throws: TerrainError.self) { try TerrainModel(path: egm2008.path) }
        do { _ = try TerrainModel(path: egm2008.path) } catch {
            #expect(error.kind == .unsupportedVerticalDatum("EGM2008 height (EPSG:3855)"))
        }
    }

    @Test func badFilesAreRefusedWithTheirName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func kind(_ path: String) -> TerrainError.Kind? {
            do { _ = try TerrainModel(path: path); return nil } catch {
                #expect(error.description.hasPrefix("\(path): error: "))
                return error.kind
            }
        }
        #expect(kind(dir.appendingPathComponent("absent.tif").path) == .fileNotFound)
        let text = dir.appendingPathComponent("notes.tif")
        try Data("just some words, not a raster\n".utf8).write(to: text)
        if case .notARaster = kind(text.path) {} else { Issue.record("a text file was not refused as not a raster") }
        // Random bytes behind a TIFF signature.
        var hostile = Data([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0xff, 0xff])
        var state: UInt64 = 0x9e3779b97f4a7c15
        for _ in 0..<4096 { state = state &* 6364136223846793005 &+ 1442695040888963407; hostile.append(UInt8(state >> 56)) }
        let bad = dir.appendingPathComponent("hostile.tif")
        try hostile.write(to: bad)
        #expect(kind(bad.path) != nil)
        // A truncated GeoTIFF.
        let good = try TerrainFixtures.planeModel(in: dir)
        let bytes = try Data(contentsOf: good)
        let truncated = dir.appendingPathComponent("truncated.tif")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        if let k = kind(truncated.path) {
            #expect(k != .fileNotFound)
        }  // GDAL may read the half it has (cells past the end are then an error or nodata); never a crash
        // An ASCII grid without its .prj has no CRS.
        let asc = dir.appendingPathComponent("bare.asc")
        try TerrainFixtures.writeASCIIGrid(to: asc, columns: 2, rows: 2, west: 0, south: 0, cellSize: 1) { _, _ in 1 }
        #expect(kind(asc.path) == .noCoordinateSystem)
        // A directory.
        if case .notARaster = kind(dir.path) {} else { Issue.record("a directory was not refused as not a raster") }
    }

    @Test func aWindowOverTheCellLimitIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = try TerrainFixtures.planeModel(in: dir)
        do {
            _ = try TerrainModel(path: url.path, maximumCellCount: 899)
            Issue.record("900 cells were read with a limit of 899")
        } catch {
            #expect(error.kind == .tooLarge(cells: 900, limit: 899))
        }
        #expect(try TerrainModel(path: url.path, maximumCellCount: 900).loadedSize == (30, 30))
        // The window around one point is small: the point's cell, the 100 m margin (2 cells of about 78 m
        // east-west and 111 m north-south at 45 N) and two more cells each side.
        let small = try TerrainModel(path: url.path, covering: [LocationCoordinate2D(latitude: 45.2755, longitude: 13.7155)],
                                     margin: 100, maximumCellCount: 100)
        #expect(small.loadedSize.columns <= 10 && small.loadedSize.rows <= 10)
        #expect(isClose(try #require(small.elevation(at: LocationCoordinate2D(latitude: 45.2755, longitude: 13.7155))),
                        TerrainFixtures.plane(13.7155, 45.2755), absolute: 1e-6))
        // Outside the window read (but inside the raster): no height.
        #expect(small.elevation(at: LocationCoordinate2D(latitude: 45.2615, longitude: 13.7015)) == nil)
    }

    /// turf's line around Fiji crosses the antimeridian.
    @Test func aRouteAcrossTheAntimeridianNeedsAModelAcrossIt() throws {
        guard let fiji = Fixtures.real("geojson/turf-line-fiji.geojson") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = try RouteFile.load(path: fiji.path)
        #expect(route.boundingBox.crossesAntimeridian)
        // 170...190 E (longitudes past 180): a plane in the unwrapped longitude.
        func plane(_ x: Double, _ y: Double) -> Double { 10 * (x - 170) + 5 * (y + 25) }
        let across = try TerrainFixtures.geoTIFF(in: dir, name: "across", crs: "EPSG:4326", columns: 200, rows: 150,
                                                 west: 170, south: -25, cellSize: 0.1, height: plane)
        let model = try TerrainModel(path: across.path, covering: route)
        for p in route.points {
            let x = p.coordinate.longitude < 0 ? p.coordinate.longitude + 360 : p.coordinate.longitude
            #expect(isClose(try #require(model.elevation(at: p.coordinate)), plane(x, p.coordinate.latitude), absolute: 1e-4))
        }
        #expect(model.extent.crossesAntimeridian && model.extent.west == 170 && model.extent.east == -170)
        // A world model in -180...180 holds the route's two sides at its two edges: refused.
        let world = try TerrainFixtures.geoTIFF(in: dir, name: "world", crs: "EPSG:4326", columns: 360, rows: 180,
                                                west: -180, south: -90, cellSize: 1) { _, _ in 0 }
        do {
            _ = try TerrainModel(path: world.path, covering: route)
            Issue.record("a -180...180 model was used across the antimeridian")
        } catch {
            #expect(error.kind == .crossesAntimeridian)
        }
    }

    @Test func aConstantGroundFillsOnlyTheMissingElevations() throws {
        let route = try #require(Route(segments: [
            [RoutePoint(latitude: 45, longitude: 13), RoutePoint(latitude: 45.01, longitude: 13, elevation: 812)],
            [RoutePoint(latitude: 45.02, longitude: 13)],
        ], source: .init(kind: .tracks)))
        #expect(route.missingElevations == Route.MissingElevations(count: 2, total: 3, firstIndex: 0))
        let filled = route.fillingMissingElevations(with: 250)
        #expect(filled.points.map(\.elevation) == [250, 812, 250])
        #expect(filled.segments == route.segments)
        #expect(filled.missingElevations == nil)
        #expect(RouteCheck.check(route).findings.filter { $0.code.rawValue == "elevation-missing" }.map(\.index) == [0])
        #expect(RouteCheck.check(filled).findings.allSatisfy { $0.code.rawValue != "elevation-missing" })
    }
}

/// Units, scale and offset, huge declared sizes and concurrent sampling.
@Suite(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
struct TerrainModelBandTests {
    /// A GDAL VRT over `source` (30 x 30 cells of the plane model), with band metadata and a declared size.
    static func vrt(over source: URL, size: Int = 30, extra: String) -> String {
        """
        <VRTDataset rasterXSize="\(size)" rasterYSize="\(size)">
          <SRS>EPSG:4326</SRS>
          <GeoTransform>13.70, 0.001, 0, 45.29, 0, -0.001</GeoTransform>
          <VRTRasterBand dataType="Float64" band="1">
            \(extra)
            <SimpleSource>
              <SourceFilename relativeToVRT="0">\(source.path)</SourceFilename>
              <SourceBand>1</SourceBand>
              <SrcRect xOff="0" yOff="0" xSize="30" ySize="30"/>
              <DstRect xOff="0" yOff="0" xSize="30" ySize="30"/>
            </SimpleSource>
          </VRTRasterBand>
        </VRTDataset>
        """
    }

    @Test func feetScaleAndOffsetBecomeMetres() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tif = try TerrainFixtures.planeModel(in: dir)
        let url = dir.appendingPathComponent("feet.vrt")
        try Self.vrt(over: tif, extra: "<UnitType>ft</UnitType><Offset>10</Offset><Scale>2</Scale>").write(to: url, atomically: true, encoding: .utf8)
        let model = try TerrainModel(path: url.path)
        let c = LocationCoordinate2D(latitude: 45.2711, longitude: 13.7123)
        // GDAL's rule: value = raw * scale + offset, here in international feet of 0.3048 m.
        let expected = (TerrainFixtures.plane(c.longitude, c.latitude) * 2 + 10) * 0.3048
        // Cells are kept as 32-bit floats: metres that are not whole binary fractions round (ulp 8e-6 m at 80 m).
        #expect(isClose(try #require(model.elevation(at: c)), expected, absolute: 1e-4))
        let furlongs = dir.appendingPathComponent("furlongs.vrt")
        try Self.vrt(over: tif, extra: "<UnitType>furlong</UnitType>").write(to: furlongs, atomically: true, encoding: .utf8)
        do { _ = try TerrainModel(path: furlongs.path); Issue.record("furlongs accepted") } catch {
            #expect(error.kind == .unsupportedUnit("furlong"))
        }
    }

    @Test func aHugeDeclaredRasterIsRefusedNotRead() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tif = try TerrainFixtures.planeModel(in: dir)
        let url = dir.appendingPathComponent("huge.vrt")
        try Self.vrt(over: tif, size: 2_000_000, extra: "").write(to: url, atomically: true, encoding: .utf8)
        do { _ = try TerrainModel(path: url.path); Issue.record("4e12 cells accepted") } catch {
            #expect(error.kind == .tooLarge(cells: 4_000_000_000_000, limit: TerrainModel.defaultMaximumCellCount))
        }
        // Around a point, only the window is read.
        let c = LocationCoordinate2D(latitude: 45.2711, longitude: 13.7123)
        let model = try TerrainModel(path: url.path, covering: [c])
        #expect(isClose(try #require(model.elevation(at: c)), TerrainFixtures.plane(c.longitude, c.latitude), absolute: 1e-6))
    }

    @Test func samplingFromManyThreadsAgrees() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func plane(_ e: Double, _ n: Double) -> Double { 300 + 0.01 * (e - 500_000) + 0.02 * (n - 5_000_000) }
        let url = try TerrainFixtures.geoTIFF(in: dir, name: "utm", crs: "EPSG:32633", columns: 40, rows: 40,
                                              west: 498_000, south: 4_998_000, cellSize: 100, height: plane)
        let model = try TerrainModel(path: url.path)
        let points = (0..<64).map { LocationCoordinate2D(latitude: 45.145 + Double($0) * 0.0003, longitude: 14.99 + Double($0) * 0.0004) }
        let serial = points.map { model.elevation(at: $0) }
        #expect(serial.allSatisfy { $0 != nil })
        let results = ConcurrentResults(count: points.count)
        DispatchQueue.concurrentPerform(iterations: points.count * 8) { k in
            results.set(k % points.count, model.elevation(at: points[k % points.count]))
        }
        #expect(results.values == serial)
        // The batch API gives the same heights (one PROJ call); a point off the model gets nil.
        let outside = LocationCoordinate2D(latitude: 46, longitude: 15)
        #expect(model.elevations(at: points + [outside]) == serial + [nil])
    }
}

/// Results written from many threads, under a lock.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Double?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: Double?) { lock.withLock { storage[i] = v } }
    var values: [Double?] { lock.withLock { storage } }
}
