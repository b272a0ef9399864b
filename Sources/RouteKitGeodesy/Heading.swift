extension Angles {
    /// The camera heading from one coordinate towards another: the initial azimuth of the WGS 84
    /// geodesic between them, normalised to a compass heading in `0..<360` degrees (never 360.0).
    ///
    /// This is the `heading(from:to:)` of Apple's WWDC23 flyover listing (session 10157), which leaves
    /// the function undefined; community implementations use the spherical initial great-circle bearing.
    /// RouteKit uses the ellipsoidal geodesic (Karney 2013, PROJ `geod_inverse`), which differs from the
    /// spherical bearing by up to a few tenths of a degree.
    ///
    /// Edge cases:
    /// - Coincident points have no direction; PROJ reports 180 there. This function returns 0 (north), as
    ///   the spherical formula's `atan2(0, 0) = 0` does for the WWDC listing's `heading(from: end, to: end)`.
    ///   Route legs never use it: see ``Route`` (a zero-length leg carries the previous heading over).
    /// - Antimeridian: (0, 179.5) to (0, -179.5) is 90 (east, across 180), not 270.
    ///
    /// - Returns: Degrees clockwise from true north, in `0..<360`.
    /// - Complexity: O(1).
    public static func heading(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> Double {
        let inverse = Geodesic.wgs84.inverse(from: start, to: end)
        if inverse.distance == 0 { return 0 }
        return normalizedHeading(inverse.initialAzimuth)
    }
}
