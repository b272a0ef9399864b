import CProj
import Foundation

/// The two vertical datums RouteKit speaks, and how heights move between them.
///
/// - ``orthometric``: height above mean sea level, as the EGM96 geoid models it (EPSG:5773, "EGM96
///   height"). GPS devices, GPX `ele`, TCX `AltitudeMeters`, KML `absolute` altitudes and most digital
///   elevation models (SRTM, Copernicus) give this.
/// - ``ellipsoidal``: height above the WGS 84 ellipsoid (EPSG:4979). CZML, Cesium, ECEF coordinates and
///   Google Earth Studio use this.
///
/// They differ by the geoid undulation `N` (``Geoid/undulation(at:)``): `h = H + N`, where `h` is the
/// ellipsoidal and `H` the orthometric height (Hofmann-Wellenhof and Moritz, *Physical Geodesy*, 2006,
/// eq. 4-5). `N` ranges over about -106...+85 m worldwide.
public enum VerticalDatum: String, Hashable, Sendable, CaseIterable {
    /// Above mean sea level (EGM96 geoid), metres.
    case orthometric
    /// Above the WGS 84 ellipsoid, metres.
    case ellipsoidal
}

/// Why the geoid could not be used.
public enum GeoidError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PROJ could not open the geoid grid (Debian package `proj-data` ships it).
    case gridMissing(grid: String, reason: String)

    public var description: String {
        switch self {
        case .gridMissing(let grid, let reason):
            return "the EGM96 geoid grid '\(grid)' could not be opened (\(reason)); it converts heights above sea level to heights above the WGS 84 ellipsoid: install it with 'apt-get install proj-data'"
        }
    }
}

/// The EGM96 geoid through PROJ: undulations and conversions between orthometric (sea level) and
/// ellipsoidal heights.
///
/// PROJ's `vgridshift` operation on the 15-arc-minute EGM96 grid `egm96_15.gtx` (Debian `proj-data`),
/// bilinearly interpolated; it is the same operation `cs2cs EPSG:4326+5773 EPSG:4979` applies
/// (`echo "46.43 13.74 2000" | cs2cs EPSG:4326+5773 EPSG:4979` gives 2047.461, and so does
/// ``ellipsoidalHeight(orthometric:at:)``).
///
/// A PROJ operation object is not safe to share between threads, so calls are serialised by a lock;
/// each call costs about a microsecond.
public final class Geoid: @unchecked Sendable {
    /// The grid file PROJ looks for.
    public static let egm96GridName = "egm96_15.gtx"

    private let context: OpaquePointer
    private let operation: OpaquePointer
    private let lock = NSLock()

    private init(grid: String) throws(GeoidError) {
        guard let context = proj_context_create() else { throw .gridMissing(grid: grid, reason: "PROJ context") }
        // The library never prints: PROJ would log a missing grid on standard error.
        proj_log_level(context, PJ_LOG_NONE)
        guard let operation = proj_create(context, "+proj=vgridshift +grids=\(grid) +multiplier=1") else {
            let reason = String(cString: proj_context_errno_string(context, proj_context_errno(context)))
            proj_context_destroy(context)
            throw .gridMissing(grid: grid, reason: reason)
        }
        self.context = context
        self.operation = operation
    }

    deinit {
        proj_destroy(operation)
        proj_context_destroy(context)
    }

    nonisolated(unsafe) private static var shared: Result<Geoid, GeoidError>?
    private static let sharedLock = NSLock()

    /// The EGM96 geoid, loaded once per process.
    ///
    /// - Throws: ``GeoidError/gridMissing(grid:reason:)`` when PROJ cannot find `egm96_15.gtx`.
    public static func egm96() throws(GeoidError) -> Geoid {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if shared == nil {
            do throws(GeoidError) { shared = .success(try Geoid(grid: egm96GridName)) } catch { shared = .failure(error) }
        }
        return try shared!.get()
    }

    /// The geoid undulation `N` at a place: the height of the EGM96 geoid above the WGS 84 ellipsoid,
    /// metres (about -106...+85). Latitudes are clamped to `-90...90`; longitudes may be any finite value.
    ///
    /// - Complexity: O(1).
    public func undulation(at coordinate: LocationCoordinate2D) -> Double {
        let latitude = min(max(coordinate.latitude, -90), 90)
        let longitude = Angles.normalizedLongitude(coordinate.longitude)
        guard latitude.isFinite, longitude.isFinite else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        let input = proj_coord(longitude * .pi / 180, latitude * .pi / 180, 0, .infinity)
        let output = proj_trans(operation, PJ_FWD, input)
        let n = output.xyz.z
        return n.isFinite ? n : 0
    }

    /// `H + N`: the height above the ellipsoid of a point `orthometric` metres above sea level.
    public func ellipsoidalHeight(orthometric height: Double, at coordinate: LocationCoordinate2D) -> Double {
        height + undulation(at: coordinate)
    }

    /// `h - N`: the height above sea level of a point `ellipsoidal` metres above the ellipsoid.
    public func orthometricHeight(ellipsoidal height: Double, at coordinate: LocationCoordinate2D) -> Double {
        height - undulation(at: coordinate)
    }

    /// A height given on `datum`, converted to `target`.
    public func height(_ value: Double, on datum: VerticalDatum, to target: VerticalDatum,
                       at coordinate: LocationCoordinate2D) -> Double {
        switch (datum, target) {
        case (.orthometric, .ellipsoidal): return ellipsoidalHeight(orthometric: value, at: coordinate)
        case (.ellipsoidal, .orthometric): return orthometricHeight(ellipsoidal: value, at: coordinate)
        default: return value
        }
    }
}
