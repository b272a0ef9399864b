import CGDAL
import Foundation
import RouteKitGeodesy

/// A raster opened once with GDAL and kept open, from which tiles are warped into Web Mercator.
///
/// A GDAL dataset handle must not be used by two threads at once: ``warp(_:margin:arguments:)`` holds
/// a lock while GDAL reads it. Everything after the warp works on the warped copy, outside the lock.
final class TileRaster: @unchecked Sendable {
    /// The path as the caller gave it.
    let path: String
    let coverage: MapTileCoverage
    /// The raster's CRS, vertical part included, for the heights' datum and unit.
    let crs: SpatialReference
    private let dataset: GDALDatasetH
    private let lock = NSLock()

    var bandCount: Int { Int(gdal.GDALGetRasterCount(dataset)) }
    /// Band 1, which exists: ``init(path:)`` refuses a raster without bands.
    var firstBand: GDALRasterBandH { gdal.GDALGetRasterBand(dataset, 1)! }

    /// Opens `path` and checks that GDAL places it on the Earth.
    /// - Throws: ``TerrainError``: `fileNotFound`, `unreadable`, `notARaster`, `noGeoreferencing`,
    ///   `noCoordinateSystem`, `unsupportedCoordinateSystem`.
    init(path: String) throws(TerrainError) {
        func fail(_ kind: TerrainError.Kind) -> TerrainError { TerrainError(path: path, kind: kind) }
        try TerrainError.checkReadable(path)
        try GDALLibrary.load(for: path)
        let opened = try GDALLibrary.quietly { () throws(TerrainError) -> (GDALDatasetH, SpatialReference, MapTileCoverage) in
            guard let dataset = gdal.GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
                throw fail(.notARaster(GDALLibrary.lastErrorMessage))
            }
            do throws(TerrainError) {
                let (crs, coverage) = try Self.place(dataset, fail: fail)
                return (dataset, crs, coverage)
            } catch {
                gdal.GDALClose(dataset)
                throw error
            }
        }
        self.path = path
        (dataset, crs, coverage) = opened
    }

    deinit { gdal.GDALClose(dataset) }

    /// The raster's CRS and where it lies (extent and cell size).
    private static func place(_ dataset: GDALDatasetH,
                              fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> (SpatialReference, MapTileCoverage) {
        let columns = Int(gdal.GDALGetRasterXSize(dataset)), rows = Int(gdal.GDALGetRasterYSize(dataset))
        guard gdal.GDALGetRasterCount(dataset) >= 1, columns >= 1, rows >= 1 else {
            throw fail(.notARaster("the file has no raster band"))
        }
        var transform = [Double](repeating: 0, count: 6)
        guard gdal.GDALGetGeoTransform(dataset, &transform) == CE_None else { throw fail(.noGeoreferencing) }
        guard let crs = SpatialReference(cloning: gdal.GDALGetSpatialRef(dataset)) else { throw fail(.noCoordinateSystem) }
        guard let horizontal = crs.horizontal(), let wgs84 = SpatialReference(epsg: 4326) else {
            throw fail(.unsupportedCoordinateSystem("\(crs.name): no horizontal part"))
        }
        var toWGS84: CoordinateTransformer? = nil
        if !horizontal.isSameGeographicCRS(as: wgs84) {
            guard horizontal.isGeographic || horizontal.isProjected,
                  let backward = CoordinateTransformer(from: horizontal, to: wgs84) else {
                throw fail(.unsupportedCoordinateSystem("\(horizontal.name): PROJ has no transformation from it to WGS 84"))
            }
            toWGS84 = backward
        }
        guard let placement = RasterPlacement(geoTransform: transform, columns: columns, rows: rows, toRaster: nil) else {
            throw fail(.noGeoreferencing)
        }
        let extent = try TerrainModel.outline(placement, toWGS84: toWGS84, name: horizontal.name, fail: fail)
        return (crs, MapTileCoverage(extent: extent, cellSize: cellSize(placement, toWGS84: toWGS84)))
    }

    /// The smaller side of the central cell, metres along geodesics; 0 when it cannot be measured.
    private static func cellSize(_ placement: RasterPlacement, toWGS84: CoordinateTransformer?) -> Double {
        let c = Double(placement.columns / 2), r = Double(placement.rows / 2)
        let corners = [(c, r), (c + 1, r), (c, r + 1)].compactMap { column, row -> LocationCoordinate2D? in
            let p = placement.point(column: column, row: row)
            guard let toWGS84 else { return LocationCoordinate2D(latitude: p.y, longitude: p.x) }
            return toWGS84.transform(x: p.x, y: p.y).map { LocationCoordinate2D(latitude: $0.y, longitude: $0.x) }
        }
        guard corners.count == 3, corners.allSatisfy({ abs($0.latitude) <= 90 }) else { return 0 }
        let size = min(corners[0].distance(to: corners[1]), corners[0].distance(to: corners[2]))
        return size.isFinite ? size : 0
    }

    /// `tile`, grown by `margin` pixels on every side, warped by `GDALWarp` into a MEM dataset in
    /// EPSG:3857 of `(256 + 2 margin)` pixels a side; `arguments` adds gdalwarp's options (the
    /// resampling, the output type, nodata and alpha).
    /// - Throws: ``TerrainError`` `readFailed` with GDAL's message.
    /// - Complexity: O(pixels), plus reading the source window GDAL needs (an overview when one fits).
    func warp(_ tile: MapTile, margin: Int, targetCRS: String = "EPSG:3857", arguments: [String]) throws(TerrainError) -> MemoryDataset {
        let b = tile.mercatorBounds(margin: margin), side = String(MapTile.size + 2 * margin)
        let bounds = [b.minX, b.minY, b.maxX, b.maxY].map { String(format: "%.10f", $0) }
        let all = ["-of", "MEM", "-t_srs", targetCRS, "-te"] + bounds + ["-ts", side, side] + arguments
        let result = try GDALArguments.with(all) { argv throws(TerrainError) -> GDALDatasetH? in
            try GDALLibrary.quietly { () throws(TerrainError) -> GDALDatasetH? in
                guard let options = gdal.GDALWarpAppOptionsNew(argv, nil) else {
                    throw TerrainError(path: path, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "gdalwarp's options were refused"))
                }
                defer { gdal.GDALWarpAppOptionsFree(options) }
                var source: GDALDatasetH? = dataset
                return lock.withLock { gdal.GDALWarp("", nil, 1, &source, options, nil) }
            }
        }
        guard let result else {
            throw TerrainError(path: path, kind: .readFailed("warping tile \(tile) failed: " + (GDALLibrary.lastErrorMessage ?? "GDALWarp gave no dataset")))
        }
        return MemoryDataset(owning: result)
    }
}
