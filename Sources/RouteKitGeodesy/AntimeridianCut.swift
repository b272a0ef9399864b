/// Cuts a line where it crosses the antimeridian, as RFC 7946 section 3.1.9 asks of GeoJSON: a line
/// from 170 E to 170 W is written as two parts, `[[170, 45], [180, 45]]` and `[[-180, 45], [-170, 45]]`.
///
/// A leg crosses when its two longitudes, normalised to `-180...180`, are more than 180 degrees apart
/// (it goes the shorter way, through 180). The crossing point is interpolated linearly in longitude and
/// latitude, as the RFC's example does (the true geodesic crosses a little elsewhere on long legs; the
/// cut only needs both parts to meet at the same latitude).
///
/// - Parameter coordinates: A line, any longitudes (they are normalised).
/// - Returns: One or more parts, longitudes in `-180...180`; each part keeps at least the points it had.
/// - Complexity: O(n).
package func antimeridianParts(_ coordinates: [LocationCoordinate2D]) -> [[LocationCoordinate2D]] {
    var parts: [[LocationCoordinate2D]] = []
    var current: [LocationCoordinate2D] = []
    for c in coordinates {
        var here = LocationCoordinate2D(latitude: c.latitude, longitude: Angles.normalizedLongitude(c.longitude))
        // 180 and -180 are one meridian: keep the side the line is on (no zero-length cut).
        if let last = current.last, abs(here.longitude) == 180, abs(last.longitude) == 180 {
            here.longitude = last.longitude
        }
        if let last = current.last, abs(here.longitude - last.longitude) > 180 {
            // Unwrap `here` next to `last`, find where the leg meets +-180, and cut there.
            let edge = last.longitude > 0 ? 180.0 : -180.0
            let unwrapped = here.longitude + (edge > 0 ? 360 : -360)
            let fraction = (edge - last.longitude) / (unwrapped - last.longitude)
            let latitude = last.latitude + fraction * (here.latitude - last.latitude)
            if fraction > 0 { current.append(LocationCoordinate2D(latitude: latitude, longitude: edge)) }
            parts.append(current)
            current = [LocationCoordinate2D(latitude: latitude, longitude: -edge)]
        }
        current.append(here)
    }
    if !current.isEmpty { parts.append(current) }
    return parts
}
