extension MapTileSource {
    /// The imagery of tile `z/x/y`: a 256 x 256 RGBA PNG, or `nil` when the source has no imagery.
    ///
    /// GDAL warps the imagery (`GDALWarp`, bilinear, into 8 bits) over the tile in Web Mercator, as
    /// ``terrainTile(z:x:y:)`` does the heights. A grey raster's grey goes into red, green and blue; a
    /// 2- or 4-band raster's last band is its alpha. Outside the imagery, and at its nodata pixels,
    /// alpha is 0 (red, green and blue 0 too); at the edge of its coverage alpha falls off over a pixel.
    /// Values beyond 0...255 (16-bit imagery) are clamped, not rescaled; a paletted raster's indices are
    /// drawn as grey (expand it first, e.g. with gdal_translate's `-expand rgba`).
    ///
    /// - Parameters:
    ///   - z: The zoom, `0...24`.
    ///   - x: The column, from the west (longitude -180), `0..<2^z`.
    ///   - y: The row, from the north (latitude 85.0511287798066), `0..<2^z`.
    /// - Returns: The PNG file's bytes (four bands: red, green, blue, alpha), or `nil` without imagery.
    /// - Throws: ``TerrainError`` naming the imagery file (or the elevation file for an invalid tile
    ///   without imagery): `invalidTile`, or `readFailed` when GDAL fails.
    /// - Complexity: O(256 x 256), plus GDAL's read of the imagery's pixels under the tile.
    public func imageryTile(z: Int, x: Int, y: Int) throws(TerrainError) -> [UInt8]? {
        guard let raster = imageryRaster else {
            _ = try tile(z: z, x: x, y: y, path: elevationPath)
            return nil
        }
        return try Self.asImagery { () throws(TerrainError) -> [UInt8] in
            let tile = try tile(z: z, x: x, y: y, path: raster.path)
            let count = MapTile.size * MapTile.size
            guard raster.coverage.touches(tile) else {
                let clear = [UInt8](repeating: 0, count: count)
                return try PNGEncoding.png(width: MapTile.size, height: MapTile.size, bands: [clear, clear, clear, clear], path: raster.path)
            }
            let sourceBands = raster.bandCount
            let hasAlpha = sourceBands == 2 || sourceBands == 4
            let warped = try raster.warp(tile, margin: 0, arguments: ["-r", "bilinear", "-ot", "Byte", "-dstalpha"]
                                            + (hasAlpha ? ["-srcalpha"] : []))
            let colours = hasAlpha ? sourceBands - 1 : sourceBands
            var bands: [[UInt8]] = []
            for band in 1...(colours + 1) {
                bands.append(try warped.read(band: band, as: UInt8.self, path: raster.path))
            }
            let rgb = colours == 1 ? [bands[0], bands[0], bands[0]] : Array(bands[0..<3])
            return try PNGEncoding.png(width: MapTile.size, height: MapTile.size,
                                       bands: rgb.map { Self.cleared($0, where: bands[colours]) } + [bands[colours]], path: raster.path)
        }
    }

    /// `band` with 0 wherever `alpha` is 0 (so that transparent pixels are all zero).
    private static func cleared(_ band: [UInt8], where alpha: [UInt8]) -> [UInt8] {
        var result = band
        result.withUnsafeMutableBufferPointer { r in
            alpha.withUnsafeBufferPointer { a in
                for i in 0..<r.count where a[i] == 0 { r[i] = 0 }
            }
        }
        return result
    }

    /// `body`, with its errors worded as the imagery's (``TerrainError/subject``): the imagery file
    /// is read by the same code as the elevation model.
    static func asImagery<T>(_ body: () throws(TerrainError) -> T) throws(TerrainError) -> T {
        do {
            return try body()
        } catch {
            var error = error
            error.subject = .imagery
            throw error
        }
    }
}
