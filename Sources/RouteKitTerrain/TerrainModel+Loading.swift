import CGDAL
import Foundation
import RouteKitGeodesy

extension TerrainModel {
    /// Which cells to read.
    enum Selection {
        case whole
        case covering([LocationCoordinate2D], margin: Double)
    }

    /// Opens `path` with GDAL, checks it, and reads the selected window of band 1 (see ``TerrainModel``).
    init(path: String, selection: Selection, maximumCellCount: Int) throws(TerrainError) {
        func fail(_ kind: TerrainError.Kind) -> TerrainError { TerrainError(path: path, kind: kind) }

        try TerrainError.checkReadable(path)
        try GDALLibrary.load(for: path)
        let parts = try GDALLibrary.quietly { () throws(TerrainError) -> Parts in
            try Self.read(path: path, selection: selection, maximumCellCount: maximumCellCount, fail: fail)
        }
        self.path = path
        self.coordinateSystemName = parts.coordinateSystemName
        self.verticalDatum = parts.verticalDatum
        self.extent = parts.extent
        self.grid = parts.grid
        self.placement = parts.placement
        self.windowColumn = parts.windowColumn
        self.windowRow = parts.windowRow
        self.geoid = parts.geoid
    }

    /// Everything ``init(path:selection:maximumCellCount:)`` sets.
    struct Parts {
        var coordinateSystemName: String
        var verticalDatum: VerticalDatum?
        var extent: BoundingBox
        var grid: ElevationGrid
        var placement: RasterPlacement
        var windowColumn: Int
        var windowRow: Int
        var geoid: CoordinateTransformer?
    }

    private static func read(path: String, selection: Selection, maximumCellCount: Int,
                             fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> Parts {
        guard let dataset = gdal.GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw fail(.notARaster(GDALLibrary.lastErrorMessage))
        }
        defer { gdal.GDALClose(dataset) }
        let columns = Int(gdal.GDALGetRasterXSize(dataset)), rows = Int(gdal.GDALGetRasterYSize(dataset))
        guard gdal.GDALGetRasterCount(dataset) >= 1, columns >= 1, rows >= 1, let band = gdal.GDALGetRasterBand(dataset, 1) else {
            throw fail(.notARaster("the file has no raster band"))
        }
        let georeferencing = try Georeferencing(dataset: dataset, columns: columns, rows: rows, fail: fail)
        let heights = try HeightReference(crs: georeferencing.crs, band: band, fail: fail)
        let geoid = try geoidTransformer(for: heights.verticalDatum, crs: georeferencing.crs, fail: fail)
        let extent = try outline(georeferencing.placement, toWGS84: georeferencing.toWGS84,
                                 name: georeferencing.horizontal.name, fail: fail)
        let window = try CellWindow(selection: selection, georeferencing: georeferencing, extent: extent, fail: fail)
        let cells = try window.cellCount(limit: maximumCellCount, fail: fail)
        let values = try readCells(band: band, window: window, cellCount: cells, heights: heights, fail: fail)
        return Parts(coordinateSystemName: georeferencing.horizontal.name, verticalDatum: heights.verticalDatum,
                     extent: extent, grid: ElevationGrid(columns: window.columns, rows: window.rows, values: values),
                     placement: georeferencing.placement, windowColumn: window.column0, windowRow: window.row0,
                     geoid: geoid)
    }

    /// A raster's georeferencing and coordinate system, and the transformations to and from WGS 84.
    struct Georeferencing {
        /// The six GDAL geotransform coefficients.
        var transform: [Double]
        var crs: SpatialReference
        /// The horizontal part of ``crs``.
        var horizontal: SpatialReference
        /// WGS 84 to ``horizontal``, `nil` when that is WGS 84 geographic itself; likewise ``toWGS84``.
        var toRaster: CoordinateTransformer?
        var toWGS84: CoordinateTransformer?
        var placement: RasterPlacement

        /// Reads and checks them; throws `.noGeoreferencing`, `.noCoordinateSystem` or
        /// `.unsupportedCoordinateSystem`.
        init(dataset: GDALDatasetH, columns: Int, rows: Int,
             fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) {
            var transform = [Double](repeating: 0, count: 6)
            guard gdal.GDALGetGeoTransform(dataset, &transform) == CE_None else { throw fail(.noGeoreferencing) }
            guard let crs = SpatialReference(cloning: gdal.GDALGetSpatialRef(dataset)) else { throw fail(.noCoordinateSystem) }
            guard let horizontal = crs.horizontal() else {
                throw fail(.unsupportedCoordinateSystem("\(crs.name): no horizontal part"))
            }
            guard let wgs84 = SpatialReference(epsg: 4326) else {
                throw fail(.unsupportedCoordinateSystem("PROJ's database does not know EPSG:4326 (is proj-data installed?)"))
            }
            var toRaster: CoordinateTransformer? = nil
            var toWGS84: CoordinateTransformer? = nil
            if !horizontal.isSameGeographicCRS(as: wgs84) {
                guard horizontal.isGeographic || horizontal.isProjected,
                      let forward = CoordinateTransformer(from: wgs84, to: horizontal),
                      let backward = CoordinateTransformer(from: horizontal, to: wgs84) else {
                    throw fail(.unsupportedCoordinateSystem("\(horizontal.name): PROJ has no transformation from WGS 84 to it"))
                }
                toRaster = forward
                toWGS84 = backward
            }
            guard let placement = RasterPlacement(geoTransform: transform, columns: columns, rows: rows, toRaster: toRaster) else {
                throw fail(.noGeoreferencing)
            }
            self.transform = transform
            self.crs = crs
            self.toRaster = toRaster
            self.toWGS84 = toWGS84
            self.horizontal = horizontal
            self.placement = placement
        }
    }

    /// For ellipsoidal heights, the transformation to EGM96 heights; `nil` otherwise. Throws
    /// `.geoidGridMissing` when PROJ lacks the geoid grid.
    private static func geoidTransformer(for verticalDatum: VerticalDatum?, crs: SpatialReference,
                                         fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> CoordinateTransformer? {
        guard verticalDatum == .ellipsoidal else { return nil }
        guard let egm96 = SpatialReference(epsg: 4326, vertical: 5773), GeoidCheck.isAvailable,
              let transformer = CoordinateTransformer(from: crs, to: egm96) else {
            throw fail(.geoidGridMissing)
        }
        return transformer
    }

    /// The window's cells in metres, read as 64-bit floats (so nodata compares exactly) a block of rows
    /// at a time; NaN where there is no data or no plausible height.
    private static func readCells(band: GDALRasterBandH, window: CellWindow, cellCount: Int, heights: HeightReference,
                                  fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> [Float] {
        let windowColumns = window.columns, windowRows = window.rows
        var hasNoData: Int32 = 0
        let noData = gdal.GDALGetRasterNoDataValue(band, &hasNoData)
        var values = [Float](repeating: .nan, count: cellCount)
        let blockRows = max(1, min(windowRows, 1 << 20 / max(windowColumns, 1)))
        var buffer = [Double](repeating: 0, count: blockRows * windowColumns)
        var row = 0
        while row < windowRows {
            let count = min(blockRows, windowRows - row)
            let status = buffer.withUnsafeMutableBytes { bytes in
                gdal.GDALRasterIO(band, GF_Read, Int32(window.column0), Int32(window.row0 + row), Int32(windowColumns),
                             Int32(count), bytes.baseAddress, Int32(windowColumns), Int32(count), GDT_Float64, 0, 0)
            }
            guard status == CE_None else {
                throw fail(.readFailed(GDALLibrary.lastErrorMessage ?? "GDALRasterIO failed"))
            }
            for k in 0..<(count * windowColumns) {
                let raw = buffer[k]
                guard raw.isFinite, hasNoData == 0 || raw != noData else { continue }
                let metres = heights.metres(raw)
                if metres.isFinite, abs(metres) < 1e6 { values[row * windowColumns + k] = Float(metres) }
            }
            row += count
        }
        return values
    }

    /// The raster's extent in WGS 84: its outline (16 points an edge) transformed, boxed along the path.
    static func outline(_ placement: RasterPlacement, toWGS84: CoordinateTransformer?, name: String,
                                fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> BoundingBox {
        if toWGS84 == nil, let range = placement.longitudeRange {
            let ys = [0.0, Double(placement.rows)].flatMap { r in
                [0.0, Double(placement.columns)].map { c in placement.point(column: c, row: r).y }
            }
            let south = max(-90, ys.min()!), north = min(90, ys.max()!)
            if range.upperBound - range.lowerBound >= 360 {
                return BoundingBox(west: -180, south: south, east: 180, north: north)
            }
            func wrapped(_ x: Double) -> Double { let w = (x + 180).truncatingRemainder(dividingBy: 360); return (w < 0 ? w + 360 : w) - 180 }
            var east = wrapped(range.upperBound)
            if east == -180, range.upperBound > range.lowerBound { east = 180 }
            return BoundingBox(west: wrapped(range.lowerBound), south: south, east: east, north: north)
        }
        let c = Double(placement.columns), r = Double(placement.rows)
        let steps = 16
        var ring: [LocationCoordinate2D] = []
        for edge in 0..<4 {
            for k in 0..<steps {
                let f = Double(k) / Double(steps)
                let (column, row): (Double, Double) = switch edge {
                case 0: (f * c, 0)
                case 1: (c, f * r)
                case 2: (c - f * c, r)
                default: (0, r - f * r)
                }
                let p = placement.point(column: column, row: row)
                if let g = toWGS84?.transform(x: p.x, y: p.y), abs(g.y) <= 90 {
                    ring.append(LocationCoordinate2D(latitude: g.y, longitude: g.x).normalized)
                }
            }
        }
        ring.append(contentsOf: ring.prefix(1))
        guard let box = BoundingBox(path: ring) else {
            throw fail(.unsupportedCoordinateSystem("\(name): its outline cannot be transformed to WGS 84"))
        }
        return box
    }
}
