import Foundation
import RouteKitGeodesy

/// A terrain model, and optionally an image of the ground, served as the XYZ Web Mercator map tiles a
/// web map asks for: Terrarium-encoded heights for MapLibre GL JS's `raster-dem` source, a hillshade
/// and imagery, each a 256 x 256 PNG made by GDAL.
///
///     let tiles = try MapTileSource(elevationPath: "N46E013.hgt", imageryPath: "orthophoto.tif")
///     let range = tiles.elevation.tiles(coveringZoom: 12)          // what to ask for
///     let png = try tiles.terrainTile(z: 12, x: 2204, y: 1465)     // routekit://terrain/12/2204/1465
///
/// **The rasters.** Any raster GDAL reads (GeoTIFF, SRTM `.hgt`, DTED, a `.vrt` mosaic) in any CRS that
/// PROJ transforms to WGS 84. Each is opened once, at ``init(elevationPath:imageryPath:)``, and kept open
/// until the source goes. Every tile is warped from it by GDAL (`GDALWarp`, the library form of
/// `gdalwarp`) into EPSG:3857 over the tile's extent (`MapTile`), resampled bilinearly; GDAL reads an
/// overview instead of the full raster when the tile is coarser than the raster and the file has one.
///
/// **Threads.** `Sendable`: a lock serialises GDAL's reads of each raster (a GDAL dataset is not safe
/// to use from two threads at once); shading and encoding run outside it. A render asks for tiles one at
/// a time; concurrent requests are correct but do not run in parallel.
///
/// **Memory.** Each request builds its warped tile in GDAL's MEM driver and its PNG in `/vsimem/`, and
/// frees both before it returns: thousands of requests do not grow the process.
///
/// See also ``TerrainModel`` (heights at points along a route, from the same files).
public final class MapTileSource: Sendable {
    /// What ``terrainTile(z:x:y:)``'s heights are measured from in the elevation file; the tiles hold
    /// metres above the EGM96 geoid (sea level) in every case, as ``TerrainModel/elevation(at:)`` does.
    public let verticalDatum: VerticalDatum?

    let elevationRaster: TileRaster
    let imageryRaster: TileRaster?
    let heights: TerrainModel.HeightReference

    /// Opens the elevation model and, if given, the imagery.
    ///
    /// - Parameters:
    ///   - elevationPath: A digital elevation model GDAL reads; band 1 holds the heights. The same rules as
    ///     ``TerrainModel`` apply to its vertical datum and unit (EGM96 or unspecified heights are used as
    ///     they are, ellipsoidal ones converted to EGM96, feet converted to metres, others refused).
    ///   - imageryPath: An orthophoto or a scanned map GDAL reads, with 1 (grey), 2 (grey, alpha), 3 (RGB)
    ///     or 4 (RGBA) bands of 8-bit values, or `nil`.
    /// - Throws: ``TerrainError`` naming the file at fault: `fileNotFound`, `unreadable`, `notARaster`,
    ///   `noGeoreferencing` (e.g. a plain PNG), `noCoordinateSystem`, `unsupportedCoordinateSystem`,
    ///   `unsupportedVerticalDatum`, `unsupportedUnit`, `geoidGridMissing`, or, for the imagery,
    ///   `unsupportedBandCount`.
    /// - Complexity: O(1) in the rasters' size: GDAL reads their headers, not their cells.
    public init(elevationPath: String, imageryPath: String? = nil) throws(TerrainError) {
        let raster = try TileRaster(path: elevationPath)
        func fail(_ kind: TerrainError.Kind) -> TerrainError { TerrainError(path: elevationPath, kind: kind) }
        heights = try GDALLibrary.quietly { () throws(TerrainError) -> TerrainModel.HeightReference in
            try TerrainModel.HeightReference(crs: raster.crs, band: raster.firstBand, fail: fail)
        }
        if heights.verticalDatum == .ellipsoidal, !GeoidCheck.isAvailable { throw fail(.geoidGridMissing) }
        verticalDatum = heights.verticalDatum
        elevationRaster = raster
        if let imageryPath {
            let imagery = try Self.asImagery { () throws(TerrainError) in try TileRaster(path: imageryPath) }
            guard (1...4).contains(imagery.bandCount) else {
                throw TerrainError(path: imageryPath, kind: .unsupportedBandCount(imagery.bandCount), subject: .imagery)
            }
            imageryRaster = imagery
        } else {
            imageryRaster = nil
        }
    }

    /// The elevation model's path, as given.
    public var elevationPath: String { elevationRaster.path }
    /// The imagery's path, as given, or `nil`.
    public var imageryPath: String? { imageryRaster?.path }
    /// Where the elevation model has data and its suggested `maxzoom`.
    package var elevation: MapTileCoverage { elevationRaster.coverage }
    /// Where the imagery has data and its suggested `maxzoom`; `nil` without imagery.
    package var imagery: MapTileCoverage? { imageryRaster?.coverage }

    /// The tile `z/x/y`, or ``TerrainError/Kind/invalidTile(zoom:x:y:)`` naming `path`.
    func tile(z: Int, x: Int, y: Int, path: String) throws(TerrainError) -> MapTile {
        guard let tile = MapTile(zoom: z, x: x, y: y) else {
            throw TerrainError(path: path, kind: .invalidTile(zoom: z, x: x, y: y))
        }
        return tile
    }
}
