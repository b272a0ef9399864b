import CGDAL

/// A raster held in memory by GDAL's MEM driver (a warped tile, its hillshade, the bands of a PNG),
/// owned: closed, and its memory freed, when the object goes.
///
/// Not shared between threads: each tile request makes its own.
final class MemoryDataset {
    let handle: GDALDatasetH
    let width: Int
    let height: Int
    var bandCount: Int { Int(gdal.GDALGetRasterCount(handle)) }

    /// Takes ownership of `handle` (a dataset GDAL created in memory).
    init(owning handle: GDALDatasetH) {
        self.handle = handle
        width = Int(gdal.GDALGetRasterXSize(handle))
        height = Int(gdal.GDALGetRasterYSize(handle))
    }

    /// A new MEM dataset of `bands` 8-bit bands, `width` x `height` pixels, without georeferencing.
    convenience init(width: Int, height: Int, bytes bands: [[UInt8]], path: String) throws(TerrainError) {
        guard let driver = gdal.GDALGetDriverByName("MEM"),
              let handle = gdal.GDALCreate(driver, "", Int32(width), Int32(height), Int32(bands.count), GDT_Byte, nil) else {
            throw TerrainError(path: path, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "GDAL's MEM driver cannot create a dataset"))
        }
        self.init(owning: handle)
        for (index, band) in bands.enumerated() {
            var values = band
            let status = values.withUnsafeMutableBytes { bytes in
                gdal.GDALRasterIO(gdal.GDALGetRasterBand(handle, Int32(index + 1)), GF_Write, 0, 0, Int32(width), Int32(height),
                             bytes.baseAddress, Int32(width), Int32(height), GDT_Byte, 0, 0)
            }
            guard status == CE_None else {
                throw TerrainError(path: path, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "writing a tile's pixels failed"))
            }
        }
    }

    deinit { gdal.GDALClose(handle) }

    /// Band `band` (1-based), a window of `width` x `height` pixels from (`column`, `row`), row by row
    /// from the top, as `T` (`Float` for heights, `UInt8` for shades and colours).
    func read<T: Numeric>(band: Int, as type: T.Type, column: Int = 0, row: Int = 0, width: Int? = nil, height: Int? = nil,
                          path: String) throws(TerrainError) -> [T] {
        let w = width ?? self.width, h = height ?? self.height
        var values = [T](repeating: 0, count: w * h)
        let dataType = T.self == Float.self ? GDT_Float32 : GDT_Byte
        precondition(T.self == Float.self || T.self == UInt8.self, "MemoryDataset reads Float or UInt8")
        let status = values.withUnsafeMutableBytes { bytes in
            gdal.GDALRasterIO(gdal.GDALGetRasterBand(handle, Int32(band)), GF_Read, Int32(column), Int32(row), Int32(w), Int32(h),
                         bytes.baseAddress, Int32(w), Int32(h), dataType, 0, 0)
        }
        guard status == CE_None else {
            throw TerrainError(path: path, kind: .readFailed(GDALLibrary.lastErrorMessage ?? "reading a warped tile failed"))
        }
        return values
    }
}
