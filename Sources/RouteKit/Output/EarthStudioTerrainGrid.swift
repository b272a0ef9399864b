import Foundation

/// The ground around a route, sampled on a regular latitude/longitude grid, as RouteKit writes it into an
/// Earth Studio file (its own `terrain` member) when the flight was planned over a digital elevation
/// model, so that a Blender import script can build the ground as a mesh without GDAL:
///
/// `{"west":…,"south":…,"east":…,"north":…,"columns":C,"rows":R,"heights":[…]}`
///
/// - The box is the route's ``Route/boundingBox`` grown by ``margin`` metres on every side (degrees, 8
///   decimals; `east` may exceed 180 for a route across the antimeridian, so that `west < east`).
/// - `heights` has `rows × columns` values, row by row from the **north** edge, each row from the
///   **west** edge: the sample at row `r`, column `c` lies at latitude `north - r (north - south) / (rows - 1)`
///   and longitude `west + c (east - west) / (columns - 1)` (the corners are samples). Each is the model's
///   height there (``ElevationModel/elevation(at:)``: bilinear) plus the geoid undulation, metres above the
///   **WGS 84 ellipsoid** (2 decimals) as every other height in the file, or `null` where the model has
///   no data or was not read.
/// - ``maximumSamples`` samples along the longer side (by ground distance), at least 2 along each.
///
/// Size: about 8 bytes a sample, 0.5 MB at 256 × 256. Complexity: O(rows × columns) height look-ups.
struct EarthStudioTerrainGrid {
    /// Metres of ground around the route's box: what a follow camera sees beside the route.
    static let margin = 5_000.0
    /// Samples along the longer side of the box.
    static let maximumSamples = 256

    var west: Double, south: Double, east: Double, north: Double
    var columns: Int, rows: Int
    var heights: [Double?]

    /// The grid around `route` on `model`, its heights made ellipsoidal with `geoid` (none: sea level is
    /// taken as the ellipsoid); `nil` for a route whose box reaches a pole.
    init?(around route: Route, model: any ElevationModel, geoid: Geoid?) {
        let box = route.boundingBox
        let metresPerDegree = 111_320.0
        let middle = (box.south + box.north) / 2
        let cosine = cos(middle * .pi / 180)
        south = box.south - Self.margin / metresPerDegree
        north = box.north + Self.margin / metresPerDegree
        guard south > -89, north < 89 else { return nil }
        west = box.west - Self.margin / (metresPerDegree * cosine)
        east = box.west + box.longitudeSpan + Self.margin / (metresPerDegree * cosine)
        let width = (east - west) * metresPerDegree * cosine, height = (north - south) * metresPerDegree
        let step = max(width, height) / Double(Self.maximumSamples - 1)
        columns = max(2, min(Self.maximumSamples, Int((width / step).rounded()) + 1))
        rows = max(2, min(Self.maximumSamples, Int((height / step).rounded()) + 1))
        var heights: [Double?] = []
        heights.reserveCapacity(rows * columns)
        for r in 0..<rows {
            let latitude = north - Double(r) * (north - south) / Double(rows - 1)
            for c in 0..<columns {
                let coordinate = LocationCoordinate2D(latitude: latitude,
                                                      longitude: Angles.normalizedLongitude(west + Double(c) * (east - west) / Double(columns - 1)))
                heights.append(model.elevation(at: coordinate).map { $0 + (geoid?.undulation(at: coordinate) ?? 0) })
            }
        }
        self.heights = heights
    }

    /// Appends the JSON object.
    func append(to out: inout [UInt8]) {
        out.append(text: "{\"west\":")
        FixedDecimal.append(west, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"south\":")
        FixedDecimal.append(south, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"east\":")
        FixedDecimal.append(east, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"north\":")
        FixedDecimal.append(north, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"columns\":\(columns),\"rows\":\(rows),\"heights\":[")
        for (i, h) in heights.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if let h { FixedDecimal.append(h, places: 2, to: &out) } else { out.append(text: "null") }
        }
        out.append(text: "]}")
    }
}
