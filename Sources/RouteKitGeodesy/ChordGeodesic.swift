import Foundation

/// Short geodesics estimated from the straight chord between two points, with a bound on how far the
/// estimate can be from ``Geodesic/inverse(from:to:)``: for skipping exact inverses whose result cannot
/// change a decision (a comparison with a threshold, or which of many points is farthest).
///
/// From a start point `P` (latitude `φ`, longitude `λ`) to a point `Q`, both on the WGS 84 ellipsoid
/// (height 0), with `D = Q - P` in Earth-centred coordinates ([Hofmann-Wellenhof et al. 2008, 5.6.1])
/// and the unit vectors east `(-sin λ, cos λ, 0)` and north `(-sin φ cos λ, -sin φ sin λ, cos φ)` at `P`:
/// - the azimuth is the normal section's: the direction of `D` in the plane tangent at `P`,
///   `atan2(D · east, D · north)` (returned as its sine and cosine);
/// - the distance is the chord `c = |D|` taken as the chord of a circular arc whose radius is the
///   normal section's radius of curvature at `P` in that azimuth (Euler's theorem,
///   `1 / R = cos²α / M + sin²α / N`, `M` and `N` the meridian and prime-vertical radii):
///   `c (1 + c² / (24 R²))`, the first two terms of the arc length `2 R asin(c / (2 R))`.
///
/// Error bounds, metres, for `c` up to ``maximumChord`` and `|φ|` up to ``maximumLatitude`` (`a` the
/// equatorial radius):
/// - distance: `3e-5 c³/a² + 0.15 c⁵/a⁴ + 1e-7 + 1e-12 c`;
/// - azimuth error (radians) times the estimated distance (the sideways error at the far end):
///   `2e-3 c³/a² + 1e-7 + 1e-12 c`.
///
/// These are measured, not derived: against PROJ's `geod_inverse` over 8 million random lines of every
/// length up to 1500 km, every azimuth and latitudes up to 89.5 degrees, the largest errors are 0.35 and
/// 0.57 of these bounds (`ChordGeodesicTests` repeats the check). The azimuth's measured error follows
/// `e² c³ / (12 a²)` (`e²` the eccentricity squared), the size of the difference between a normal
/// section and the geodesic; the distance's, the variation of the curvature along the line. The
/// constant terms cover the rounding of Earth-centred coordinates (about 7 million metres).
///
/// [Hofmann-Wellenhof et al. 2008]: https://doi.org/10.1007/978-3-211-73017-1
package struct ChordGeodesic {
    /// The longest chord estimated, metres: 1500 km.
    static let maximumChord = 1_500_000.0
    /// The highest latitude of a start point, degrees (either hemisphere).
    static let maximumLatitude = 89.5

    private static let a = Geodesic.wgs84EquatorialRadius
    private static let e2 = Geodesic.wgs84Flattening * (2 - Geodesic.wgs84Flattening)

    /// An estimated geodesic.
    package struct Estimate {
        /// Metres.
        package var distance: Double
        /// Sine and cosine of the azimuth at the start (east and north parts of the unit direction;
        /// `0` and `1` when the points coincide).
        package var sinAzimuth: Double
        package var cosAzimuth: Double
        /// Bound on `|distance - exact distance|`, metres.
        package var distanceError: Double
        /// Bound on `|azimuth - exact azimuth| * distance` (radians times this estimate's distance), metres.
        package var sidewaysError: Double
    }

    private let origin: SIMD3<Double>
    private let east: SIMD3<Double>
    private let north: SIMD3<Double>
    private let inverseM: Double
    private let inverseN: Double

    /// Earth-centred position of `coordinate` on the ellipsoid, metres.
    package static func position(of coordinate: LocationCoordinate2D) -> SIMD3<Double> {
        let phi = coordinate.latitude * .pi / 180, lambda = coordinate.longitude * .pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return SIMD3(n * cosPhi * cos(lambda), n * cosPhi * sin(lambda), n * (1 - e2) * sinPhi)
    }

    /// The frame at `start`, or `nil` when its latitude is beyond ``maximumLatitude`` (or not finite).
    package init?(from start: LocationCoordinate2D) {
        guard abs(start.latitude) <= Self.maximumLatitude, start.longitude.isFinite else { return nil }
        let phi = start.latitude * .pi / 180, lambda = start.longitude * .pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi), sinLambda = sin(lambda), cosLambda = cos(lambda)
        origin = Self.position(of: start)
        east = SIMD3(-sinLambda, cosLambda, 0)
        north = SIMD3(-sinPhi * cosLambda, -sinPhi * sinLambda, cosPhi)
        let w2 = 1 - Self.e2 * sinPhi * sinPhi
        inverseN = w2.squareRoot() / Self.a
        inverseM = w2 * w2.squareRoot() / (Self.a * (1 - Self.e2))
    }

    /// The geodesic from the start to the point at Earth-centred `position` (``position(of:)``), or
    /// `nil` when the chord is longer than ``maximumChord`` (or not finite).
    @inline(__always)
    package func estimate(to position: SIMD3<Double>) -> Estimate? {
        let d = position - origin
        let c2 = (d * d).sum()
        guard c2 <= Self.maximumChord * Self.maximumChord else { return nil }
        let de = (d * east).sum(), dn = (d * north).sum()
        let h2 = de * de + dn * dn
        let c = c2.squareRoot()
        let a2 = Self.a * Self.a
        let cubic = c2 * c / a2
        let rounding = 1e-7 + 1e-12 * c
        let distanceError = 3e-5 * cubic + 0.15 * cubic * c2 / a2 + rounding
        let sidewaysError = 2e-3 * cubic + rounding
        guard h2 > 0 else {
            return Estimate(distance: c, sinAzimuth: 0, cosAzimuth: 1, distanceError: distanceError, sidewaysError: sidewaysError)
        }
        let curvature = (dn * dn * inverseM + de * de * inverseN) / h2  // 1 / R
        let h = h2.squareRoot()
        return Estimate(distance: c * (1 + c2 * curvature * curvature / 24), sinAzimuth: de / h, cosAzimuth: dn / h,
                        distanceError: distanceError, sidewaysError: sidewaysError)
    }
}
