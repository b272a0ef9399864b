import Foundation
import RouteKitGeodesy

/// Where a raster's cells lie: its affine geotransform (GDAL's six coefficients) and the way from WGS 84
/// longitude and latitude to the raster's CRS.
///
/// GDAL's geotransform maps pixel coordinates (column, row; (0, 0) is the top-left corner of the
/// top-left cell) to the CRS: `x = t0 + column t1 + row t2`, `y = t3 + column t4 + row t5`.
struct RasterPlacement: Sendable {
    let geoTransform: [Double]
    /// `t1 t5 - t2 t4`, non-zero.
    private let determinant: Double
    let columns: Int
    let rows: Int
    /// WGS 84 (longitude, latitude) to the raster's x, y; `nil` when the raster's CRS is geographic on
    /// WGS 84, so that x is the longitude and y the latitude.
    let toRaster: CoordinateTransformer?
    /// For a WGS 84 geographic raster: the longitudes its cells span (a longitude is moved by 360
    /// degrees into it when it falls outside).
    let longitudeRange: ClosedRange<Double>?

    /// `nil` when the geotransform is not finite or not invertible.
    init?(geoTransform t: [Double], columns: Int, rows: Int, toRaster: CoordinateTransformer?) {
        guard t.count == 6, t.allSatisfy(\.isFinite) else { return nil }
        let determinant = t[1] * t[5] - t[2] * t[4]
        guard determinant != 0, determinant.isFinite else { return nil }
        self.geoTransform = t
        self.determinant = determinant
        self.columns = columns
        self.rows = rows
        self.toRaster = toRaster
        if toRaster == nil {
            let xs = [0.0, Double(columns)].flatMap { c in [0.0, Double(rows)].map { r in t[0] + c * t[1] + r * t[2] } }
            longitudeRange = xs.min()!...xs.max()!
        } else {
            longitudeRange = nil
        }
    }

    /// The raster CRS's x and y of a WGS 84 coordinate, or `nil` when the transformation fails.
    func rasterPoint(for c: LocationCoordinate2D) -> (x: Double, y: Double)? {
        guard c.latitude.isFinite, c.longitude.isFinite else { return nil }
        if let toRaster {
            return toRaster.transform(x: c.longitude, y: c.latitude).map { ($0.x, $0.y) }
        }
        var x = c.longitude
        if let range = longitudeRange, !range.contains(x) {
            if range.contains(x + 360) { x += 360 } else if range.contains(x - 360) { x -= 360 }
        }
        return (x, c.latitude)
    }

    /// Pixel coordinates (fractional) of a point in the raster's CRS.
    func pixel(for p: (x: Double, y: Double)) -> (column: Double, row: Double) {
        let t = geoTransform
        let dx = p.x - t[0], dy = p.y - t[3]
        return ((t[5] * dx - t[2] * dy) / determinant, (t[1] * dy - t[4] * dx) / determinant)
    }

    /// The raster CRS's x and y at pixel coordinates.
    func point(column: Double, row: Double) -> (x: Double, y: Double) {
        let t = geoTransform
        return (t[0] + column * t[1] + row * t[2], t[3] + column * t[4] + row * t[5])
    }

    /// Whether pixel coordinates fall on the raster (its edges included).
    func isInside(column: Double, row: Double) -> Bool {
        column >= 0 && column <= Double(columns) && row >= 0 && row <= Double(rows)
    }
}
