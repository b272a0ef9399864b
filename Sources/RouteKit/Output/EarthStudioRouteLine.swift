import Foundation

/// The route as RouteKit writes it into an Earth Studio file (its own `route` member, beside the export's
/// members), so that a Blender import script can draw it: a GeoJSON `MultiLineString` geometry (RFC 7946)
/// with one line per segment of the file (``Route/segments``, so the gaps between tracks are not drawn),
/// every point in order as `[longitude, latitude, height]`, longitudes in −180…180 (8 decimals), heights in
/// metres above the **WGS 84 ellipsoid** (3 decimals), as the camera frames' `position`s.
///
/// `{"type":"MultiLineString","coordinates":[[[14.35765925,45.77217504,588.961],…],…]}`: about 40 bytes
/// a point.
enum EarthStudioRouteLine {
    /// Appends the geometry; `height` gives each point's height above the ellipsoid, metres.
    /// - Complexity: O(n) in the route's points.
    static func append(_ route: Route, height: (RoutePoint) -> Double, to out: inout [UInt8]) {
        out.append(text: "{\"type\":\"MultiLineString\",\"coordinates\":[")
        for (s, segment) in route.segments.enumerated() {
            out.append(text: s == 0 ? "[" : ",[")
            for i in segment {
                let point = route.points[i]
                out.append(text: i == segment.lowerBound ? "[" : ",[")
                FixedDecimal.append(Angles.normalizedLongitude(point.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                FixedDecimal.append(point.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                FixedDecimal.append(height(point), places: PosePrecision.distance, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(text: "]}")
    }
}
