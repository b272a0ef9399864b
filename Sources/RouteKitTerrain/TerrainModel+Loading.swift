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
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw fail(.notARaster(GDALLibrary.lastErrorMessage))
        }
        defer { GDALClose(dataset) }
        let columns = Int(GDALGetRasterXSize(dataset)), rows = Int(GDALGetRasterYSize(dataset))
        guard GDALGetRasterCount(dataset) >= 1, columns >= 1, rows >= 1, let band = GDALGetRasterBand(dataset, 1) else {
            throw fail(.notARaster("the file has no raster band"))
        }

        // Georeferencing and CRS.
        var transform = [Double](repeating: 0, count: 6)
        guard GDALGetGeoTransform(dataset, &transform) == CE_None else { throw fail(.noGeoreferencing) }
        guard let crs = SpatialReference(cloning: GDALGetSpatialRef(dataset)) else { throw fail(.noCoordinateSystem) }
        guard let horizontal = crs.horizontal() else {
            throw fail(.unsupportedCoordinateSystem("\(crs.name): no horizontal part"))
        }
        guard let wgs84 = SpatialReference(epsg: 4326) else {
            throw fail(.unsupportedCoordinateSystem("PROJ's database does not know EPSG:4326 (is proj-data installed?)"))
        }
        let toRaster: CoordinateTransformer?
        let toWGS84: CoordinateTransformer?
        if horizontal.isSameGeographicCRS(as: wgs84) {
            toRaster = nil
            toWGS84 = nil
        } else {
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

        // Vertical datum, unit, scale and offset.
        let heights = try HeightReference(crs: crs, band: band, fail: fail)
        let verticalDatum = heights.verticalDatum
        var geoid: CoordinateTransformer? = nil
        if verticalDatum == .ellipsoidal {
            guard let egm96 = SpatialReference(epsg: 4326, vertical: 5773), GeoidCheck.isAvailable,
                  let transformer = CoordinateTransformer(from: crs, to: egm96) else {
                throw fail(.geoidGridMissing)
            }
            geoid = transformer
        }

        let extent = try outline(placement, toWGS84: toWGS84, name: horizontal.name, fail: fail)

        // The window.
        var column0 = 0, row0 = 0, column1 = columns, row1 = rows
        if case .covering(let coordinates, let margin) = selection, !coordinates.isEmpty {
            var minColumn = Double.infinity, maxColumn = -Double.infinity
            var minRow = Double.infinity, maxRow = -Double.infinity
            var minX = Double.infinity, maxX = -Double.infinity
            var largestLatitude = 0.0
            for (index, c) in coordinates.enumerated() {
                guard let p = placement.rasterPoint(for: c) else {
                    throw fail(.notCovering(index: index, coordinate: c, extent: extent))
                }
                let pixel = placement.pixel(for: p)
                guard placement.isInside(column: pixel.column, row: pixel.row) else {
                    throw fail(.notCovering(index: index, coordinate: c, extent: extent))
                }
                minColumn = min(minColumn, pixel.column); maxColumn = max(maxColumn, pixel.column)
                minRow = min(minRow, pixel.row); maxRow = max(maxRow, pixel.row)
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                largestLatitude = max(largestLatitude, abs(c.latitude))
            }
            // A WGS 84 geographic raster in -180...180 sees a route across the antimeridian at both edges.
            if toRaster == nil, maxX - minX > 180, BoundingBox(path: coordinates)?.crossesAntimeridian == true {
                throw fail(.crossesAntimeridian)
            }
            // Cell size in metres (approximate: the margin only needs to be at least what was asked).
            let t = transform
            var cellWidth = (t[1] * t[1] + t[4] * t[4]).squareRoot()
            var cellHeight = (t[2] * t[2] + t[5] * t[5]).squareRoot()
            if horizontal.isGeographic {
                // Metres per degree: 111320 cos(latitude) along a parallel, at least 110574 along a meridian.
                cellWidth *= 111_320 * max(cos(min(largestLatitude, 89.9) * .pi / 180), 0.001)
                cellHeight *= 110_574
            } else {
                let unit = horizontal.linearUnitInMetres
                cellWidth *= unit > 0 ? unit : 1
                cellHeight *= unit > 0 ? unit : 1
            }
            func marginCells(_ cell: Double, _ limit: Int) -> Int {
                guard cell > 0, cell.isFinite else { return 2 }
                return Int(min(Double(limit), (margin / cell).rounded(.up))) + 2
            }
            let mc = marginCells(cellWidth, columns), mr = marginCells(cellHeight, rows)
            column0 = max(0, Int(minColumn.rounded(.down)) - mc)
            column1 = min(columns, Int(maxColumn.rounded(.up)) + mc)
            row0 = max(0, Int(minRow.rounded(.down)) - mr)
            row1 = min(rows, Int(maxRow.rounded(.up)) + mr)
        }
        let windowColumns = column1 - column0, windowRows = row1 - row0
        let (cells, overflow) = windowColumns.multipliedReportingOverflow(by: windowRows)
        guard !overflow, cells <= maximumCellCount else {
            throw fail(.tooLarge(cells: overflow ? Int.max : cells, limit: maximumCellCount))
        }

        // The cells, read as 64-bit floats (so nodata compares exactly), a block of rows at a time.
        var hasNoData: Int32 = 0
        let noData = GDALGetRasterNoDataValue(band, &hasNoData)
        var values = [Float](repeating: .nan, count: cells)
        let blockRows = max(1, min(windowRows, 1 << 20 / max(windowColumns, 1)))
        var buffer = [Double](repeating: 0, count: blockRows * windowColumns)
        var row = 0
        while row < windowRows {
            let count = min(blockRows, windowRows - row)
            let status = buffer.withUnsafeMutableBytes { bytes in
                GDALRasterIO(band, GF_Read, Int32(column0), Int32(row0 + row), Int32(windowColumns), Int32(count),
                             bytes.baseAddress, Int32(windowColumns), Int32(count), GDT_Float64, 0, 0)
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
        return Parts(coordinateSystemName: horizontal.name, verticalDatum: verticalDatum, extent: extent,
                     grid: ElevationGrid(columns: windowColumns, rows: windowRows, values: values),
                     placement: placement, windowColumn: column0, windowRow: row0, geoid: geoid)
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
