import CGDAL
import Foundation

extension MapTileSource {
    /// The sun's azimuth for ``hillshadeTile(z:x:y:)``: 315 degrees clockwise from north (the north-west,
    /// gdaldem's default and the cartographic convention).
    public static let hillshadeAzimuth = 315.0
    /// The sun's altitude for ``hillshadeTile(z:x:y:)``: 45 degrees above the horizon (gdaldem's default).
    public static let hillshadeAltitude = 45.0
    /// The shade of flat ground, 0...255: `1 + 254 sin(altitude)`, about 180.6 (gdaldem's formula).
    static let flatShade = 1 + 254 * sin(hillshadeAltitude * .pi / 180)
    /// Pixels warped around the tile so that its edge pixels have neighbours: 2.
    static let hillshadeMargin = 2

    /// A hillshade of tile `z/x/y`: a 256 x 256 greyscale PNG with alpha, made to lie over imagery.
    ///
    /// GDAL shades it (`GDALDEMProcessing` "hillshade", the library form of `gdaldem hillshade`, Horn's
    /// 3 x 3 slope, sun at ``hillshadeAzimuth`` and ``hillshadeAltitude``) from the heights of
    /// ``terrainTile(z:x:y:)`` warped over the tile grown by 2 pixels, so its edges match the next
    /// tiles'. Web Mercator stretches the ground by `1 / cos(latitude)`, so the heights are shaded with
    /// gdaldem's scale `-s cos(latitude)` (horizontal metres per Web Mercator unit) at the tile's central
    /// latitude, and its z factor the band's scale times its unit in metres; slopes are true to within
    /// the change of `cos(latitude)` across the tile (below 0.1 % from zoom 12 up, at 60 degrees).
    ///
    /// Pixels: grey is GDAL's shade (1 black, 255 lit); alpha is `min(255, 2 |shade - flat|)`, where
    /// `flat` = `1 + 254 sin(altitude)` (about 181), the shade of level ground, so that flat ground is transparent
    /// and slopes darken or lighten what lies under them in proportion to their shading. Where the model
    /// has no data (outside it, nodata cells) the pixel is transparent (grey 0, alpha 0).
    ///
    /// - Parameters:
    ///   - z: The zoom, `0...24`.
    ///   - x: The column, from the west (longitude -180), `0..<2^z`.
    ///   - y: The row, from the north (latitude 85.0511287798066), `0..<2^z`.
    /// - Returns: The PNG file's bytes (two bands: grey, alpha).
    /// - Throws: ``TerrainError`` naming the elevation file: `invalidTile`, or `readFailed` when GDAL fails.
    /// - Complexity: O(260 x 260), plus GDAL's read of the model's cells under the tile.
    public func hillshadeTile(z: Int, x: Int, y: Int) throws(TerrainError) -> [UInt8] {
        let tile = try tile(z: z, x: x, y: y, path: elevationPath)
        let count = MapTile.size * MapTile.size
        guard elevation.touches(tile) else {
            let clear = [UInt8](repeating: 0, count: count)
            return try PNGEncoding.png(width: MapTile.size, height: MapTile.size, bands: [clear, clear], path: elevationPath)
        }
        let shaded = try shade(try warpedHeights(tile, margin: Self.hillshadeMargin), latitude: tile.boundingBox.center.latitude)
        let m = Self.hillshadeMargin
        let grey = try shaded.read(band: 1, as: UInt8.self, column: m, row: m, width: MapTile.size, height: MapTile.size,
                                   path: elevationPath)
        let alpha = grey.map { shade -> UInt8 in
            shade == 0 ? 0 : UInt8(min(255, (2 * abs(Double(shade) - Self.flatShade)).rounded()))
        }
        return try PNGEncoding.png(width: MapTile.size, height: MapTile.size, bands: [grey, alpha], path: elevationPath)
    }

    /// GDAL's hillshade of warped heights (EPSG:3857) at `latitude` degrees: one 8-bit band, 0 = no data.
    func shade(_ heights: MemoryDataset, latitude: Double) throws(TerrainError) -> MemoryDataset {
        let horizontalScale = max(cos(latitude * .pi / 180), 1e-6)
        let arguments = ["-of", "MEM", "-az", String(Self.hillshadeAzimuth), "-alt", String(Self.hillshadeAltitude),
                         "-z", String(zFactor), "-s", String(horizontalScale), "-compute_edges"]
        let result = try GDALArguments.with(arguments) { argv throws(TerrainError) -> GDALDatasetH? in
            try GDALLibrary.quietly { () throws(TerrainError) -> GDALDatasetH? in
                guard let options = gdal.GDALDEMProcessingOptionsNew(argv, nil) else {
                    throw TerrainError(path: elevationPath, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "gdaldem's options were refused"))
                }
                defer { gdal.GDALDEMProcessingOptionsFree(options) }
                return gdal.GDALDEMProcessing("", heights.handle, "hillshade", nil, options, nil)
            }
        }
        guard let result else {
            throw TerrainError(path: elevationPath, kind: .readFailed("shading failed: " + (GDALLibrary.lastErrorMessage ?? "GDALDEMProcessing gave no dataset")))
        }
        return MemoryDataset(owning: result)
    }

    /// gdaldem's z factor: metres per raw unit of the band (its scale times its unit).
    private var zFactor: Double { heights.scale * heights.unitInMetres }
}
