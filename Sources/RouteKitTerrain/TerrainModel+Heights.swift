import CGDAL
import RouteKitGeodesy
import Foundation

extension TerrainModel {
    /// How band 1's values become metres, and what they are measured from: the rules ``TerrainModel``
    /// documents under **Heights**, shared by the model and by ``MapTileSource``.
    struct HeightReference: Sendable {
        /// What the file declares its heights are measured from (`nil`: nothing, read as orthometric).
        var verticalDatum: VerticalDatum?
        /// Metres per unit of the scaled value (1, 0.3048 for feet, 1200/3937 for US survey feet).
        var unitInMetres: Double
        /// The band's scale and offset (1 and 0 when it has none, or a non-finite or zero scale).
        var scale: Double
        var offset: Double

        /// A raw cell value in metres: `(raw scale + offset) unitInMetres`.
        func metres(_ raw: Double) -> Double { (raw * scale + offset) * unitInMetres }

        /// Reads the vertical datum from the CRS and the unit, scale and offset from the band.
        /// - Throws: ``TerrainError`` `unsupportedVerticalDatum` or `unsupportedUnit`, built by `fail`.
        init(crs: SpatialReference, band: GDALRasterBandH,
             fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) {
            unitInMetres = 1.0
            if let vertical = crs.verticalPart {
                guard vertical.code == "5773" || vertical.name.uppercased().contains("EGM96") else {
                    throw fail(.unsupportedVerticalDatum(vertical.code.map { "\(vertical.name) (EPSG:\($0))" } ?? vertical.name))
                }
                verticalDatum = .orthometric
                let verticalUnit = gdal.OSRGetTargetLinearUnits(crs.handle, "VERT_CS", nil)
                if verticalUnit > 0, verticalUnit.isFinite { unitInMetres = verticalUnit }
            } else if crs.axisCount == 3 {
                verticalDatum = .ellipsoidal
            } else {
                verticalDatum = nil
            }
            let unitText = gdal.GDALGetRasterUnitType(band).map { String(cString: $0) } ?? ""
            switch unitText.trimmingCharacters(in: .whitespaces).lowercased() {
            case "", "m", "metre", "meter", "metres", "meters": break
            case "ft", "foot", "feet", "international foot": unitInMetres = 0.3048
            case "us survey foot", "ftus", "us-ft", "foot_us", "us_survey_foot": unitInMetres = 1200.0 / 3937.0
            default: throw fail(.unsupportedUnit(unitText))
            }
            var hasScale: Int32 = 0, hasOffset: Int32 = 0
            let rawScale = gdal.GDALGetRasterScale(band, &hasScale), rawOffset = gdal.GDALGetRasterOffset(band, &hasOffset)
            scale = hasScale != 0 && rawScale.isFinite && rawScale != 0 ? rawScale : 1
            offset = hasOffset != 0 && rawOffset.isFinite ? rawOffset : 0
        }
    }
}
