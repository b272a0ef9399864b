import Foundation

extension Route {
    /// The same route with every elevation moved from `datum` to heights above mean sea level (EGM96),
    /// RouteKit's planning datum (``VerticalDatum/orthometric``).
    ///
    /// Readers take heights as the file gives them; GPX `ele`, TCX `AltitudeMeters`, CSV elevations and
    /// KML `absolute` altitudes are normally above sea level, but some devices and exports write heights
    /// above the WGS 84 ellipsoid: for those, `datum` is ``VerticalDatum/ellipsoidal`` and each elevation
    /// `h` becomes `h - N`, `N` the EGM96 undulation at the point (``Geoid/orthometricHeight(ellipsoidal:at:)``).
    /// Points without an elevation stay without one.
    ///
    /// - Complexity: O(n) for n points (one geoid lookup per point); the legs are measured again.
    public func convertingElevations(from datum: VerticalDatum, geoid: Geoid) -> Route {
        guard datum == .ellipsoidal else { return self }
        let converted = segments.map { range in
            points[range].map { point -> RoutePoint in
                var p = point
                p.elevation = point.elevation.map { geoid.orthometricHeight(ellipsoidal: $0, at: point.coordinate) }
                return p
            }
        }
        var route = Route(segments: converted, name: name, source: source)!
        route.name = name
        return route
    }
}
