import CGDAL

/// Process-wide GDAL set-up and the quiet calling convention every GDAL call in RouteKit uses.
///
/// GDAL prints its errors on standard error by default; a library must not print. Every call goes
/// through ``quietly(_:)``, which pushes GDAL's quiet handler for the current thread (GDAL keeps the
/// handler stack per thread) and hands back GDAL's last message for the error RouteKit throws.
enum GDALLibrary {
    /// Registers GDAL's drivers once (GeoTIFF, SRTM HGT, DTED, VRT and every other raster driver the
    /// installed GDAL has). Swift runs a static initializer exactly once, thread-safely.
    private static let registered: Bool = {
        GDALAllRegister()
        return true
    }()

    /// Runs `body` with GDAL's messages silenced and its last error cleared first.
    /// How many datasets GDAL has open in this process (`GDALGetOpenDatasets`): a tile made and freed
    /// leaves none behind.
    static func openDatasetCount() -> Int {
        var list: UnsafeMutablePointer<GDALDatasetH?>? = nil
        var count: Int32 = 0
        GDALGetOpenDatasets(&list, &count)
        return Int(count)
    }

    static func quietly<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        _ = registered
        CPLPushErrorHandler(CPLQuietErrorHandler)
        defer { CPLPopErrorHandler() }
        CPLErrorReset()
        return try body()
    }

    /// GDAL's last error message on this thread, or `nil` when there is none.
    static var lastErrorMessage: String? {
        guard let message = CPLGetLastErrorMsg() else { return nil }
        let text = String(cString: message)
        return text.isEmpty ? nil : text
    }
}
