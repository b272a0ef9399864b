import RouteKitGeodesy
/// Whether PROJ can convert heights above the WGS 84 ellipsoid to heights above the EGM96 geoid with
/// the real grid, rather than with its "ballpark" no-op when the grid `egm96_15.gtx` is missing.
///
/// The test point is PROJ's own answer with Debian's `proj-data`: at 46.43 N 13.74 E,
/// `echo "46.43 13.74 2000" | cs2cs EPSG:4326+5773 EPSG:4979` gives 2047.46 m above the ellipsoid, so
/// 2047.46 m ellipsoidal must come back as 2000.00 m (within 5 cm) above the geoid.
enum GeoidCheck {
    static let isAvailable: Bool = GDALLibrary.isAvailable && GDALLibrary.quietly {
        guard let ellipsoidal = SpatialReference(epsg: 4979),
              let egm96 = SpatialReference(epsg: 4326, vertical: 5773),
              let transformer = CoordinateTransformer(from: ellipsoidal, to: egm96),
              let result = transformer.transform(x: 13.74, y: 46.43, z: 2047.46) else { return false }
        return abs(result.z - 2000) < 0.05
    }
}
