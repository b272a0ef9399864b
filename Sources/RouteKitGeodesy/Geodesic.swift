import CProj

/// Geodesics on the WGS 84 ellipsoid, solved by PROJ's implementation of Karney's algorithms, and
/// short lines (the legs of a track) in closed form.
///
/// This is the only file in RouteKit that touches PROJ. Everything it returns is in degrees and
/// metres, with azimuths measured clockwise from true north.
///
/// Accuracy: round-off for WGS 84 (below 15 nanometres), and the inverse problem always converges,
/// including for nearly antipodal points ([Karney 2013]; PROJ `geodesic.h`). Short lines solved in
/// closed form agree with PROJ's solution to its rounding (within 3.2 nm).
///
/// [Karney 2013]: https://doi.org/10.1007/s00190-012-0578-z
public struct Geodesic: Sendable {
    /// The equatorial radius of the WGS 84 ellipsoid, in metres (NIMA TR8350.2).
    public static let wgs84EquatorialRadius = 6_378_137.0
    /// The flattening of the WGS 84 ellipsoid (NIMA TR8350.2).
    public static let wgs84Flattening = 1 / 298.257223563

    /// The shared WGS 84 instance. PROJ's `geod_geodesic` is read-only after `geod_init`, so one
    /// value serves all threads.
    public static let wgs84 = Geodesic(
        equatorialRadius: wgs84EquatorialRadius, flattening: wgs84Flattening)

    private let g: geod_geodesic
    /// The closed-form solver of short lines, for ellipsoids it serves.
    private let shortLines: ShortLineInverse?

    /// Creates the geodesic solver of an ellipsoid.
    /// - Parameters:
    ///   - equatorialRadius: Metres, > 0.
    ///   - flattening: Unitless; negative for a prolate ellipsoid, 0 for a sphere.
    public init(equatorialRadius: Double, flattening: Double) {
        var g = geod_geodesic()
        geod_init(&g, equatorialRadius, flattening)
        self.g = g
        shortLines = ShortLineInverse(equatorialRadius: equatorialRadius, flattening: flattening)
    }

    /// The solution of the inverse problem between two points.
    public struct Inverse: Hashable, Sendable {
        /// Length of the geodesic, in metres (>= 0).
        public var distance: Double
        /// Forward azimuth at the first point, degrees clockwise from north, in `-180...180`
        /// (PROJ's range; both ends possible). Meaningless when `distance == 0`: PROJ reports 180.
        public var initialAzimuth: Double
        /// Forward azimuth at the second point (the direction of travel on arrival), degrees, `-180...180`.
        public var finalAzimuth: Double

        /// A solution with these values (metres, degrees), for estimates made without PROJ.
        package init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
            self.distance = distance
            self.initialAzimuth = initialAzimuth
            self.finalAzimuth = finalAzimuth
        }
    }

    /// Solves the inverse geodesic problem: the shortest path between two points. Lines within 0.02
    /// degrees of latitude and of longitude (about 2 km), away from the poles, are solved in closed form
    /// (a chord, its normal section and the geodesic's turn from it; within 3.2 nm of PROJ); the others by
    /// PROJ `geod_inverse`.
    ///
    /// - Parameters:
    ///   - start: Latitude in `-90...90` degrees; longitude any finite value (no normalisation needed).
    ///   - end: As `start`.
    /// - Returns: The distance in metres and the forward azimuths at both ends (degrees).
    /// - Complexity: O(1); about 80 nanoseconds for a short line, half a microsecond otherwise.
    public func inverse(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> Inverse {
        if let line = shortLines?.inverse(from: start, to: end) { return line }
        return karneyInverse(from: start, to: end)
    }

    /// The length (metres) and the initial azimuth (degrees, `-180...180`) of ``inverse(from:to:)``,
    /// the same values, for callers that do not need the final azimuth (a route's legs): a short line
    /// skips its one `atan2` and the tangent plane at its end.
    /// - Complexity: O(1); about 45 nanoseconds for a short line, half a microsecond otherwise.
    @inline(__always)
    package func lengthAndAzimuth(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> (distance: Double, azimuth: Double) {
        if let line = shortLines?.lengthAndAzimuth(from: start, to: end) { return line }
        let inverse = karneyInverse(from: start, to: end)
        return (inverse.distance, inverse.initialAzimuth)
    }

    /// ``lengthAndAzimuth(from:to:)`` of two lines at once (two legs of a route), the same values: two
    /// short lines are solved side by side, in about the time of one.
    /// - Returns: The lengths (metres) and initial azimuths (degrees, `-180...180`), the first line's first.
    /// - Complexity: O(1); about 50 nanoseconds for two short lines.
    @inline(__always)
    package func lengthsAndAzimuths(from starts: (LocationCoordinate2D, LocationCoordinate2D),
                                    to ends: (LocationCoordinate2D, LocationCoordinate2D))
        -> ((distance: Double, azimuth: Double), (distance: Double, azimuth: Double)) {
        if let lines = shortLines?.lengthsAndAzimuths(from: starts, to: ends) {
            return ((lines.distance[0], lines.azimuth[0]), (lines.distance[1], lines.azimuth[1]))
        }
        return (lengthAndAzimuth(from: starts.0, to: ends.0), lengthAndAzimuth(from: starts.1, to: ends.1))
    }

    /// ``inverse(from:to:)`` always by PROJ `geod_inverse` (Karney 2013).
    func karneyInverse(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> Inverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        withUnsafePointer(to: g) { gp in
            geod_inverse(gp, start.latitude, start.longitude, end.latitude, end.longitude, &s12, &azi1, &azi2)
        }
        return Inverse(distance: s12, initialAzimuth: azi1, finalAzimuth: azi2)
    }

    /// The solution of the direct problem.
    public struct Direct: Hashable, Sendable {
        /// The end point. Its longitude is PROJ's, in `-180...180` degrees.
        public var coordinate: LocationCoordinate2D
        /// Forward azimuth at the end point, degrees, `-180...180`.
        public var finalAzimuth: Double
    }

    /// Solves the direct geodesic problem: where a geodesic of given length and initial azimuth ends
    /// (PROJ `geod_direct`).
    ///
    /// - Parameters:
    ///   - start: Latitude in `-90...90` degrees.
    ///   - azimuth: Initial azimuth, degrees clockwise from north (any finite value).
    ///   - distance: Metres along the geodesic; may be negative (travel backwards).
    /// - Complexity: O(1).
    public func direct(from start: LocationCoordinate2D, azimuth: Double, distance: Double) -> Direct {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        withUnsafePointer(to: g) { gp in
            geod_direct(gp, start.latitude, start.longitude, azimuth, distance, &lat2, &lon2, &azi2)
        }
        return Direct(coordinate: LocationCoordinate2D(latitude: lat2, longitude: lon2), finalAzimuth: azi2)
    }
}

extension LocationCoordinate2D {
    /// The geodesic distance to another coordinate on WGS 84, in metres (Karney 2013 through PROJ).
    /// - Complexity: O(1).
    public func distance(to other: LocationCoordinate2D) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).distance
    }

    /// The coordinate reached by travelling `distance` metres from here along the geodesic that
    /// starts with `azimuth` degrees (clockwise from true north). Its longitude is in `-180...180`.
    /// - Complexity: O(1).
    public func coordinate(atDistance distance: Double, azimuth: Double) -> LocationCoordinate2D {
        Geodesic.wgs84.direct(from: self, azimuth: azimuth, distance: distance).coordinate
    }
}
