import CGDAL
#if canImport(Glibc)
import Glibc
#endif

/// GDAL, opened on first use, and the quiet calling convention every GDAL call in RouteKit uses.
///
/// GDAL is not linked into programs that use RouteKit (`Sources/CGDAL/shim.h` says why): the first
/// terrain model or map tile source opens the shared library with `dlopen(3)`, resolves the functions
/// RouteKitTerrain calls (``gdal``) and registers GDAL's drivers. Those entry points call ``load(for:)``
/// first; every other function of this module runs after one of them succeeded.
///
/// GDAL prints its errors on standard error by default; a library must not print. Every call goes
/// through ``quietly(_:)``, which pushes GDAL's quiet handler for the current thread (GDAL keeps the
/// handler stack per thread) and hands back GDAL's last message for the error RouteKit throws.
enum GDALLibrary {
    /// The shared library's names, tried in order: the development link `libgdal.so` (it belongs to the
    /// headers RouteKit was compiled with, so it is there wherever RouteKit was built), then the
    /// run-time name of those headers' release (GDAL 3.x is `libgdal.so.(26 + minor)`: 3.6 is
    /// `libgdal.so.32`, Debian 12's `libgdal32`).
    static let libraryNames = ["libgdal.so", "libgdal.so.\(26 + GDAL_VERSION_MINOR)"]

    /// GDAL's functions and drivers, loaded once (Swift runs a static initializer exactly once,
    /// thread-safely), or why they could not be.
    private static let loaded: Result<RouteKitGDALFunctions, LoadFailure> = {
        var reasons: [String] = []
        for name in libraryNames {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(name) cannot be opened")
                continue
            }
            let functions = UnsafeMutablePointer<RouteKitGDALFunctions>.allocate(capacity: 1)
            defer { functions.deallocate() }
            if let missing = routekit_gdal_resolve(functions, library) {
                reasons.append("\(name) has no function \(String(cString: missing))")
                continue
            }
            functions.pointee.GDALAllRegister()
            return .success(functions.pointee)
        }
        return .failure(LoadFailure(reason: reasons.joined(separator: "; ")))
    }()

    /// Why GDAL could not be opened: each library name tried, with the system's reason.
    struct LoadFailure: Error {
        var reason: String
    }

    /// Opens GDAL if it is not open yet; a terrain model or map tile source calls it before any other
    /// function of this module.
    ///
    /// - Parameter path: The file being opened, named by the error.
    /// - Throws: ``TerrainError/Kind/unreadable(_:)`` when the shared library cannot be opened or lacks
    ///   a function RouteKit calls (GDAL uninstalled after RouteKit was built).
    static func load(for path: String) throws(TerrainError) {
        if case .failure(let failure) = loaded {
            throw TerrainError(path: path, kind: .unreadable("GDAL cannot be loaded (\(failure.reason)); install GDAL's library (Debian: apt-get install libgdal\(26 + GDAL_VERSION_MINOR))"))
        }
    }

    /// `true` when GDAL is open or can be opened.
    static var isAvailable: Bool {
        if case .success = loaded { return true }
        return false
    }

    /// GDAL's functions. Only after ``load(for:)`` succeeded (or ``isAvailable`` is `true`): every
    /// caller in this module runs under a terrain model or map tile source, which loaded GDAL first.
    static var functions: RouteKitGDALFunctions {
        switch loaded {
        case .success(let functions): return functions
        case .failure(let failure): preconditionFailure("GDAL used before GDALLibrary.load(for:) succeeded: \(failure.reason)")
        }
    }

    /// How many datasets GDAL has open in this process (`GDALGetOpenDatasets`): a tile made and freed
    /// leaves none behind.
    static func openDatasetCount() -> Int {
        var list: UnsafeMutablePointer<GDALDatasetH?>? = nil
        var count: Int32 = 0
        gdal.GDALGetOpenDatasets(&list, &count)
        return Int(count)
    }

    /// Runs `body` with GDAL's messages silenced and its last error cleared first.
    static func quietly<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        gdal.CPLPushErrorHandler(gdal.CPLQuietErrorHandler)
        defer { gdal.CPLPopErrorHandler() }
        gdal.CPLErrorReset()
        return try body()
    }

    /// GDAL's last error message on this thread, or `nil` when there is none.
    static var lastErrorMessage: String? {
        guard let message = gdal.CPLGetLastErrorMsg() else { return nil }
        let text = String(cString: message)
        return text.isEmpty ? nil : text
    }
}

/// GDAL's C functions, called as `gdal.GDALOpenEx(...)` (``GDALLibrary/functions``).
var gdal: RouteKitGDALFunctions { GDALLibrary.functions }
