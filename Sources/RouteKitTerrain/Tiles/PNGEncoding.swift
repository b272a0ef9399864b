import CGDAL
import Foundation

/// PNG bytes of 8-bit bands, written by GDAL's PNG driver into GDAL's in-memory file system.
///
/// `GDALCreateCopy` writes `/vsimem/routekit-tiles/<UUID>.png`; `VSIGetMemFileBuffer` then takes the
/// buffer and unlinks the file in one call, so nothing is left in `/vsimem/` and nothing touches the
/// disk. The bands have no georeferencing, so the driver writes no `.aux.xml` or world file beside it.
enum PNGEncoding {
    /// zlib's level, 1...9: 1, the fastest. Tiles go to a browser in the same process, not over a
    /// network, so speed matters more than size (level 6, the default, takes about twice as long).
    static let compressionLevel = 1

    /// A PNG of `bands` (1: grey, 2: grey and alpha, 3: RGB, 4: RGBA), `width` x `height` pixels, each
    /// band row by row from the top.
    /// - Throws: ``TerrainError`` `readFailed` (naming `path`) when GDAL cannot write the PNG.
    /// - Complexity: O(width height).
    static func png(width: Int, height: Int, bands: [[UInt8]], path: String) throws(TerrainError) -> [UInt8] {
        let source = try MemoryDataset(width: width, height: height, bytes: bands, path: path)
        guard let driver = gdal.GDALGetDriverByName("PNG") else {
            throw TerrainError(path: path, kind: .readFailed("GDAL has no PNG driver"))
        }
        let name = "/vsimem/routekit-tiles/\(UUID().uuidString).png"
        defer { _ = gdal.VSIUnlink(name); _ = gdal.VSIUnlink(name + ".aux.xml") }
        let written = try GDALArguments.with(["ZLEVEL=\(compressionLevel)"]) { options in
            gdal.GDALCreateCopy(driver, name, source.handle, 0, options, nil, nil)
        }
        guard let written else {
            throw TerrainError(path: path, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "GDAL's PNG driver failed"))
        }
        gdal.GDALClose(written)
        var length: vsi_l_offset = 0
        guard let buffer = gdal.VSIGetMemFileBuffer(name, &length, 1) else {
            throw TerrainError(path: path, kind: .readFailed("the PNG GDAL wrote is not in /vsimem/"))
        }
        defer { gdal.VSIFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }
}

extension PNGEncoding {
    /// Every file now in GDAL's `/vsimem/` (for the tests: none may be left behind).
    static func filesInMemory() -> [String] {
        guard let list = gdal.VSIReadDirRecursive("/vsimem/") else { return [] }
        defer { gdal.CSLDestroy(list) }
        var names: [String] = []
        var k = 0
        while let name = list[k] {
            names.append(String(cString: name))
            k += 1
        }
        return names
    }
}
