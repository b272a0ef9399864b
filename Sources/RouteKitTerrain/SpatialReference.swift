import CGDAL

/// An owned OGR spatial reference (`OGRSpatialReferenceH`) with longitude-first ("traditional GIS")
/// axis order, so that x is longitude or easting and y is latitude or northing whatever the CRS's
/// official axis order. Destroyed with the object.
final class SpatialReference {
    let handle: OGRSpatialReferenceH

    /// A copy of `handle` (GDAL keeps ownership of the original).
    init?(cloning handle: OGRSpatialReferenceH?) {
        guard let handle, let copy = gdal.OSRClone(handle) else { return nil }
        self.handle = copy
        gdal.OSRSetAxisMappingStrategy(copy, OAMS_TRADITIONAL_GIS_ORDER)
    }

    /// The CRS `EPSG:code`, or `EPSG:code+vertical` for a compound one; `nil` when PROJ's database
    /// does not know it.
    init?(epsg code: Int32, vertical: Int32? = nil) {
        guard let handle = gdal.OSRNewSpatialReference(nil) else { return nil }
        let definition = vertical.map { "EPSG:\(code)+\($0)" } ?? "EPSG:\(code)"
        guard gdal.OSRSetFromUserInput(handle, definition) == OGRERR_NONE else {
            gdal.OSRDestroySpatialReference(handle)
            return nil
        }
        self.handle = handle
        gdal.OSRSetAxisMappingStrategy(handle, OAMS_TRADITIONAL_GIS_ORDER)
    }

    deinit { gdal.OSRDestroySpatialReference(handle) }

    /// The CRS's name, e.g. `WGS 84 / UTM zone 33N`.
    var name: String { gdal.OSRGetName(handle).map { String(cString: $0) } ?? "unnamed" }
    var isGeographic: Bool { gdal.OSRIsGeographic(handle) != 0 }
    var isProjected: Bool { gdal.OSRIsProjected(handle) != 0 }
    var isCompound: Bool { gdal.OSRIsCompound(handle) != 0 }
    /// 3 for a 3D CRS (e.g. EPSG:4979, whose heights are above the ellipsoid), else 2.
    var axisCount: Int { Int(gdal.OSRGetAxesCount(handle)) }

    /// The vertical part of a compound CRS: its EPSG code (if it has one) and its name.
    var verticalPart: (code: String?, name: String)? {
        guard isCompound else { return nil }
        let code = gdal.OSRGetAuthorityCode(handle, "VERT_CS").map { String(cString: $0) }
        let name = gdal.OSRGetAttrValue(handle, "VERT_CS", 0).map { String(cString: $0) } ?? "unnamed vertical CRS"
        return (code, name)
    }

    /// A 2D copy: the vertical part of a compound CRS stripped, a 3D geographic or projected CRS
    /// demoted to 2D.
    func horizontal() -> SpatialReference? {
        guard let copy = SpatialReference(cloning: handle) else { return nil }
        if copy.isCompound { _ = gdal.OSRStripVertical(copy.handle) }
        if copy.axisCount == 3 { _ = gdal.OSRDemoteTo2D(copy.handle, nil) }
        return copy
    }

    /// Whether both are geographic CRSs on the same datum, prime meridian and angular unit.
    func isSameGeographicCRS(as other: SpatialReference) -> Bool {
        isGeographic && other.isGeographic && gdal.OSRIsSameGeogCS(handle, other.handle) != 0
    }

    /// Metres per unit of the projected CRS's x and y (1 for metres, 0.3048 for feet).
    var linearUnitInMetres: Double { gdal.OSRGetLinearUnits(handle, nil) }
}
