import Foundation

/// Where a ``MapCamera``'s eye is in space: the point above the ground that the camera looks from.
///
/// See ``MapCamera/eye(centerElevation:model:)``.
public struct EyePosition: Hashable, Sendable {
    /// The point on the WGS 84 ellipsoid directly below the eye (along the ellipsoid normal), degrees;
    /// latitude in `-90...90`, longitude normalised to `-180...180`.
    public var coordinate: LocationCoordinate2D
    /// Height of the eye above the WGS 84 ellipsoid, metres (``VerticalDatum/ellipsoidal``).
    public var altitude: Double
    /// The geoid undulation `N` under the eye, metres (``Geoid/undulation(at:)``); 0 when the eye was
    /// placed without a geoid.
    public var geoidUndulation: Double

    /// Creates an eye position. Units: degrees, metres above the ellipsoid, metres of undulation.
    public init(coordinate: LocationCoordinate2D, altitude: Double, geoidUndulation: Double = 0) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.geoidUndulation = geoidUndulation
    }

    /// Height of the eye above mean sea level (EGM96), metres: ``altitude`` - ``geoidUndulation``.
    public var elevation: Double { altitude - geoidUndulation }

    /// Height of the eye on `datum`, metres.
    public func altitude(on datum: VerticalDatum) -> Double {
        datum == .ellipsoidal ? altitude : elevation
    }

    /// How the eye is placed relative to the centre.
    public enum Model: Hashable, Sendable {
        /// docs/camera.md#the-map-camera-and-the-eye, literally: the eye's ground point is the geodesic `direct` from the
        /// centre, azimuth `heading + 180`, length `h = distance * sin(pitch)`; its altitude is
        /// `centerElevation + v`, `v = distance * cos(pitch)`. Ignores Earth curvature: the ground
        /// under the eye is treated as level with the centre, so the altitude is too low by about
        /// `h^2 / (2 R)` (0.8 m at h = 3.2 km, 78 m at 100 km) and the ground distance too long by
        /// about `h v / R` plus `h^3 / (3 R^2)` (both well under a metre below tens of kilometres).
        case flatOffset
        /// Exact in three dimensions: the eye is `h` metres along the horizontal direction
        /// `heading + 180` and `v` metres along the ellipsoid normal, in the centre's local
        /// east-north-up frame, i.e. the straight line of sight really is `distance` long and tilted
        /// `pitch` from the normal. The eye's Earth-centred (ECEF) position is converted back to
        /// geodetic latitude, longitude and height. Earth curvature is thereby included exactly:
        /// the altitude is about `v + h^2 / (2 R)` and the ground point nearer than `h`.
        case tangentPlane
    }
}

extension MapCamera {
    /// The position of this camera's eye.
    ///
    /// The camera looks at ``centerCoordinate`` from ``distance`` metres away, facing ``heading``, tilted
    /// ``pitch`` from looking straight down, so the eye sits behind the centre, opposite to the heading,
    /// at horizontal offset `h = distance * sin(pitch)` and vertical offset `v = distance * cos(pitch)`
    /// (docs/camera.md#the-map-camera-and-the-eye; Apple's `MKMapCamera` documentation). See ``EyePosition/Model`` for the two
    /// ways of placing that offset on the Earth; the default, ``EyePosition/Model/tangentPlane``, is
    /// exact on the WGS 84 ellipsoid.
    ///
    /// ECEF formulas: geodetic to ECEF and the local east-north-up frame as in [Hofmann-Wellenhof et
    /// al. 2008, sections 5.6.1 and 5.6.2]; ECEF to geodetic by the fixed-point iteration on latitude
    /// (Bowring's form, converged to below 1e-12 radians, a few iterations for heights below 1e7 m).
    ///
    /// Edge cases:
    /// - `pitch == 0`: the eye is directly above the centre (same coordinate, altitude `elevation + distance`).
    /// - `pitch` near 90: `v` tends to 0; the eye is at ground level (flat model) or above it by the
    ///   curvature drop (tangent-plane model). Pitches above 90 put the eye below the horizon plane.
    /// - A centre at a pole: the heading is taken relative to the meridian of the centre's longitude,
    ///   as PROJ does; the result is finite.
    /// - The eye's longitude is normalised to `-180...180` even when the centre's is unwrapped.
    ///
    /// - Parameters:
    ///   - centerElevation: Height of ``centerCoordinate`` above the WGS 84 ellipsoid, metres (default 0);
    ///     for a height above sea level, add the geoid undulation first (``Geoid``).
    ///   - model: How curvature is handled; default ``EyePosition/Model/tangentPlane``.
    /// - Returns: The eye's ground point (degrees) and altitude above the ellipsoid (metres).
    /// - Complexity: O(1).
    ///
    /// [Hofmann-Wellenhof et al. 2008]: https://doi.org/10.1007/978-3-211-73017-1
    public func eye(centerElevation: Double = 0, model: EyePosition.Model = .tangentPlane) -> EyePosition {
        let pitchRadians = pitch * .pi / 180
        let h = distance * sin(pitchRadians)
        let v = distance * cos(pitchRadians)
        let backAzimuth = heading + 180
        switch model {
        case .flatOffset:
            let ground = h == 0
                ? centerCoordinate
                : Geodesic.wgs84.direct(from: centerCoordinate, azimuth: backAzimuth, distance: h).coordinate
            return EyePosition(coordinate: ground.normalized, altitude: centerElevation + v)
        case .tangentPlane:
            let c = EarthCenteredFrame.position(of: centerCoordinate, height: centerElevation)
            let phi = centerCoordinate.latitude * .pi / 180
            let lambda = centerCoordinate.longitude * .pi / 180
            let alpha = backAzimuth * .pi / 180
            // Local frame at the centre: east, north, up (unit vectors in ECEF).
            let east = (-sin(lambda), cos(lambda), 0.0)
            let north = (-sin(phi) * cos(lambda), -sin(phi) * sin(lambda), cos(phi))
            let up = (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
            let e = h * sin(alpha), n = h * cos(alpha)
            let x = c.x + e * east.0 + n * north.0 + v * up.0
            let y = c.y + e * east.1 + n * north.1 + v * up.1
            let z = c.z + e * east.2 + n * north.2 + v * up.2
            let g = EarthCenteredFrame.geodetic(x: x, y: y, z: z)
            return EyePosition(
                coordinate: LocationCoordinate2D(latitude: g.latitude, longitude: Angles.normalizedLongitude(g.longitude)),
                altitude: g.height)
        }
    }
}

/// Earth-centred, Earth-fixed (ECEF) coordinates on WGS 84: conversions used by ``MapCamera/eye(centerElevation:model:)``.
enum EarthCenteredFrame {
    static let a = Geodesic.wgs84EquatorialRadius
    static let f = Geodesic.wgs84Flattening
    /// First eccentricity squared, `f (2 - f)`.
    static let e2 = f * (2 - f)

    /// Geodetic (degrees, metres above the ellipsoid) to ECEF metres.
    static func position(of coordinate: LocationCoordinate2D, height: Double) -> (x: Double, y: Double, z: Double) {
        let phi = coordinate.latitude * .pi / 180, lambda = coordinate.longitude * .pi / 180
        let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return ((n + height) * cos(phi) * cos(lambda),
                (n + height) * cos(phi) * sin(lambda),
                (n * (1 - e2) + height) * sin(phi))
    }

    /// Without the iteration of ``geodetic(x:y:z:)``: its longitude exactly (the same expression), an
    /// interval that holds its latitude, and a height it is not below; `nil` more than 100 km from the
    /// ellipsoid.
    ///
    /// - Height: with `r` the ellipsoid's radius in the direction of the point (`|P| / sqrt(q)`,
    ///   `q = (x² + y²)/a² + z²/b²`), the height is between `|P| - r` and `(|P| - r) cos θ`, `θ` the
    ///   angle between the radius and the normal there (at most 0.1924°, the largest difference between
    ///   geodetic and geocentric latitude): outside the ellipsoid the tangent plane at that point leaves
    ///   the whole ellipsoid behind it (it is convex), and the point there on the radius is at `|P| - r`.
    ///   So the height is at least `(|P| - r) (1 - 1e-4)` (inside, `|P| - r` itself), less a millimetre
    ///   for the rounding of both computations.
    /// - Latitude: the iteration's start, `φ0 = atan2(z, p (1 - e²))`, is the latitude of a point at height
    ///   0. At height `h`, `tan φ0 = tan φ (1 + κ)`, `κ = e² h / ((1 - e²)(N + h))`, so
    ///   `|φ0 - φ| <= |κ| / 2` (the slope of `atan(t (1 + κ))` in κ is at most `1/2`); with
    ///   `N >= a` and `|h| <= ||P| - r|`, the interval is `φ0` plus or minus that, and a nanodegree.
    static func geodeticBounds(x: Double, y: Double, z: Double) -> (longitude: Double, latitudes: ClosedRange<Double>,
                                                                    minimumHeight: Double)? {
        let b = a * (1 - f)
        let p2 = x * x + y * y
        let p = p2.squareRoot()
        let lambda = atan2(y, x)
        let distance = (p2 + z * z).squareRoot()
        let q = p2 / (a * a) + z * z / (b * b)
        let radial = distance * (1 - 1 / q.squareRoot())
        guard abs(radial) <= 100_000 else { return nil }  // also refuses NaN
        let minimumHeight = radial - 1e-4 * abs(radial) - 1e-3
        let kappa = e2 * (abs(radial) + 1e-3) / ((1 - e2) * (a - abs(radial) - 1e-3))
        let phi0 = atan2(z, p * (1 - e2)) * 180 / .pi
        let spread = kappa * 0.51 * 180 / .pi + 1e-9  // 0.51: the slope bound is 1 / (2 (1 - |κ|)) inside
        return (lambda * 180 / .pi, (phi0 - spread)...(phi0 + spread), minimumHeight)
    }

    /// ECEF metres to geodetic latitude (degrees, `-90...90`), longitude (degrees, `-180...180`) and
    /// height above the ellipsoid (metres). Fixed-point iteration on latitude; at most 20 steps.
    static func geodetic(x: Double, y: Double, z: Double) -> (latitude: Double, longitude: Double, height: Double) {
        let p = (x * x + y * y).squareRoot()
        let lambda = atan2(y, x)
        var phi = atan2(z, p * (1 - e2))
        var height = 0.0
        for _ in 0..<20 {
            let s = sin(phi)
            let n = a / (1 - e2 * s * s).squareRoot()
            // Height from whichever of p and z is better conditioned.
            height = abs(phi) < .pi / 4 ? p / cos(phi) - n : z / s - n * (1 - e2)
            let next = atan2(z, p * (1 - e2 * n / (n + height)))
            let done = abs(next - phi) < 1e-14
            phi = next
            if done { break }
        }
        let s = sin(phi)
        let n = a / (1 - e2 * s * s).squareRoot()
        height = abs(phi) < .pi / 4 ? p / cos(phi) - n : z / s - n * (1 - e2)
        return (phi * 180 / .pi, lambda * 180 / .pi, height)
    }
}
