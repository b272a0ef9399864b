import CGDAL

/// A GDAL string list (`char **`, built with `CSLAddString`): the command-line arguments that
/// `GDALWarpAppOptionsNew`, `GDALDEMProcessingOptionsNew` and `GDALTranslateOptionsNew` parse, or
/// creation options. Freed with `CSLDestroy` when `body` returns.
enum GDALArguments {
    static func with<T>(_ arguments: [String],
                        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) throws(TerrainError) -> T) throws(TerrainError) -> T {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        for argument in arguments { list = gdal.CSLAddString(list, argument) }
        defer { gdal.CSLDestroy(list) }
        return try body(list)
    }
}
