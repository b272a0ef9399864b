import RouteKitGeodesy

extension MapTileSource {
    /// The heights of tile `z/x/y` as a 256 x 256 RGB PNG in the Terrarium encoding
    /// (`height = R 256 + G + B / 256 - 32768` metres), for MapLibre GL JS's
    /// `raster-dem` source with `encoding: 'terrarium'` and `tileSize: 256`.
    ///
    /// Pixel (column, row) holds the height at its centre, `(column + 0.5, row + 0.5)` pixels from the
    /// tile's north-west corner in Web Mercator (`MapTile`), interpolated bilinearly from the model's
    /// four nearest cells by GDAL's warper (cells at nodata are left out of the weights). Heights are
    /// metres above the EGM96 geoid ("sea level"), as ``TerrainModel/elevation(at:)`` gives them: the
    /// model's own values when it declares EGM96 or no vertical datum (``verticalDatum``), converted
    /// from the ellipsoid by GDAL's vertical shift (PROJ, `egm96_15.gtx`) when they are ellipsoidal;
    /// scaled by the band's scale and offset, and from feet to metres. Encoded to 1/256 m.
    ///
    /// Edge cases: where the model has no data (outside its coverage, at nodata cells) the height is
    /// 0 m, since a `raster-dem` tile must hold a number everywhere; a tile `MapTileCoverage/touches(_:)`
    /// says false of is all 0 m and is made without reading the model.
    ///
    /// - Parameters:
    ///   - z: The zoom, `0...24`.
    ///   - x: The column, from the west (longitude -180), `0..<2^z`.
    ///   - y: The row, from the north (latitude 85.0511287798066), `0..<2^z`.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``TerrainError`` naming the elevation file: `invalidTile` for an index outside the grid,
    ///   `readFailed` when GDAL fails.
    /// - Complexity: O(256 x 256), plus GDAL's read of the model's cells under the tile.
    public func terrainTile(z: Int, x: Int, y: Int) throws(TerrainError) -> [UInt8] {
        let tile = try tile(z: z, x: x, y: y, path: elevationPath)
        let count = MapTile.size * MapTile.size
        guard elevation.touches(tile) else {
            return try PNGEncoding.png(width: MapTile.size, height: MapTile.size,
                                       bands: TerrariumEncoding.bands(count: count) { _ in 0 }, path: elevationPath)
        }
        let warped = try warpedHeights(tile, margin: 0)
        let raw = try warped.read(band: 1, as: Float.self, path: elevationPath)
        let bands = raw.withUnsafeBufferPointer { values in
            TerrariumEncoding.bands(count: count) { heights.metres(Double(values[$0])) }
        }
        return try PNGEncoding.png(width: MapTile.size, height: MapTile.size, bands: bands, path: elevationPath)
    }

    /// The model's band 1 over `tile` grown by `margin` pixels, warped bilinearly into 32-bit floats in
    /// EPSG:3857, `NaN` where there is no data; heights above the ellipsoid are shifted to EGM96.
    func warpedHeights(_ tile: MapTile, margin: Int) throws(TerrainError) -> MemoryDataset {
        let ellipsoidal = verticalDatum == .ellipsoidal
        return try elevationRaster.warp(
            tile, margin: margin, targetCRS: ellipsoidal ? "EPSG:3857+5773" : "EPSG:3857",
            arguments: ["-r", "bilinear", "-ot", "Float32", "-wt", "Float64", "-dstnodata", "nan",
                        ellipsoidal ? "-vshift" : "-novshift"])
    }
}
