import Foundation

/// The inverse problem for a short geodesic, solved in closed form: what ``Geodesic/inverse(from:to:)``
/// uses for the legs of a GPS track (a few metres to a few hundred), where it is about six times faster
/// than PROJ's iterative solution and agrees with it to PROJ's own rounding.
///
/// Domain: both ends within ``maximumDifference`` degrees of each other in latitude and in longitude
/// (about 2.2 km north-south), neither beyond ``maximumLatitude``, at least ``minimumDifference`` apart, and an
/// oblate ellipsoid of flattening at most 1/100. Outside it, ``inverse(from:to:)`` returns `nil`.
///
/// From `P1` (latitude `φ1`) to `P2`, on the ellipsoid of equatorial radius `a`, eccentricity squared `e²`
/// and second eccentricity squared `e'² = e² / (1 - e²)`:
/// 1. The chord `D = P2 - P1` in Earth-centred coordinates (`x = N cos φ cos λ`, `y = N cos φ sin λ`,
///    `z = N (1 - e²) sin φ`, `N = a / W`, `W = √(1 - e² sin² φ)`; [Hofmann-Wellenhof et al. 2008, 5.6.1]),
///    in axes turned so that `P1` is on longitude 0. Each part is formed from half-angle differences
///    (`cos φ2 - cos φ1 = -2 sin φm sin(Δφ/2)`, `sin φ2 - sin φ1 = 2 cos φm sin(Δφ/2)`,
///    `W2 - W1 = -e² (sin² φ2 - sin² φ1) / (W1 + W2)`, `cos Δλ - 1 = -2 sin²(Δλ/2)`), never as the
///    difference of two numbers of about 6,400 km, so it keeps full precision however short the line.
/// 2. The azimuth of the normal section at `P1` through `P2` is the direction of `D` in the plane
///    tangent at `P1`; at `P2`, that of `D` in the plane tangent there.
/// 3. The length is that of a circular arc on the chord, of the normal section's radius of curvature at
///    the mid-latitude `φm` in that azimuth `α` (Euler's theorem, `1/R = cos²α / M + sin²α / N`):
///    `s = c (1 + c² / (24 R²))`, `c = |D|`.
/// 4. The geodesic leaves `P1` turned from the normal section by
///    `δ = e'² s² cos² φm sin 2α / (12 N²)`, a third of the angle between the two reciprocal normal
///    sections ([Deakin and Hunter 2010], the geodesic lies between them); both azimuths are turned by `-δ`.
///
/// Accuracy, against PROJ's `geod_inverse` (Karney 2013) over millions of random lines in the domain
/// (GPS-rounded ends, every azimuth, latitudes to 89.5 degrees, `ShortLineInverseTests` repeats it on a
/// sample): at most 3.2 nm in length and 2.7 nm sideways at the far end. That is PROJ's rounding: the same
/// formulas in 80-bit arithmetic agree with these to 1e-12 m. What the formulas leave out grows with
/// the length: lines of 10 km are within 6e-8 m sideways of PROJ's, of 30 km within 4e-7 m in length.
///
/// Lines are solved two at a time, one in each lane of a `SIMD2<Double>` (``Lanes``): every step is the
/// same arithmetic in each lane, so a line's result does not depend on the line beside it, and a line
/// solved alone (in both lanes) is bit for bit the same. The two lines' chains of divisions and square
/// roots, which bound the time of one, then overlap: a route's legs are measured in pairs
/// (``lengthsAndAzimuths(from:to:)``).
///
/// [Hofmann-Wellenhof et al. 2008]: https://doi.org/10.1007/978-3-211-73017-1
/// [Deakin and Hunter 2010]: R. E. Deakin and M. N. Hunter, *Geometric Geodesy Part B*, RMIT University
struct ShortLineInverse: Sendable {
    /// Two values, one for each of two lines.
    typealias Lanes = SIMD2<Double>

    /// The largest difference of latitude, and of longitude, between the ends, degrees.
    static let maximumDifference = 0.02
    /// The highest latitude of either end, degrees (either hemisphere).
    static let maximumLatitude = 89.5
    /// The smallest difference of latitude or of longitude solved here, degrees: below it the squares
    /// of the chord's parts (metres) would underflow to 0 (`0 / 0` in the curvature). Coincident points
    /// and such lines are left to PROJ.
    static let minimumDifference = 1e-100

    private let a: Double
    private let e2: Double
    private let secondE2: Double
    /// `1 / a` and `1 / (a (1 - e²))`, so that the curvatures are products, not quotients.
    private let inverseA: Double, inverseAOneMinusE2: Double
    private let trigonometry = TabulatedTrigonometry.shared

    /// The solver for an ellipsoid (metres, unitless), or `nil` unless it is oblate with a flattening
    /// of at most 1/100 (the formulas' error terms were measured on WGS 84's).
    init?(equatorialRadius: Double, flattening: Double) {
        guard equatorialRadius > 0, flattening >= 0, flattening <= 0.01 else { return nil }
        a = equatorialRadius
        e2 = flattening * (2 - flattening)
        secondE2 = e2 / (1 - e2)
        inverseA = 1 / equatorialRadius
        inverseAOneMinusE2 = 1 / (equatorialRadius * (1 - e2))
    }

    /// The geodesic from `start` to `end`, or `nil` outside the domain.
    /// - Complexity: O(1); about 60 nanoseconds.
    @inline(__always)
    func inverse(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> Geodesic.Inverse? {
        guard let (ends, chord) = setUp(from: (start, start), to: (end, end)) else { return nil }
        let departure = departure(ends, chord: chord)
        let arrival = arrivalAzimuth(ends, chord: chord, turn: departure.turn)
        return Geodesic.Inverse(distance: departure.distance[0], initialAzimuth: departure.azimuth[0], finalAzimuth: arrival[0])
    }

    /// The length (metres) and the azimuth at `start` (degrees) of the geodesic to `end`, as
    /// ``inverse(from:to:)`` gives them, without the azimuth at `end`; `nil` outside the domain.
    /// - Complexity: O(1); about 45 nanoseconds.
    @inline(__always)
    func lengthAndAzimuth(from start: LocationCoordinate2D, to end: LocationCoordinate2D) -> (distance: Double, azimuth: Double)? {
        lengthsAndAzimuths(from: (start, start), to: (end, end)).map { ($0.distance[0], $0.azimuth[0]) }
    }

    /// ``lengthAndAzimuth(from:to:)`` of two lines at once, lane by lane (the same values as one at a
    /// time); `nil` when either is outside the domain.
    /// - Complexity: O(1); about as long as one line.
    @inline(__always)
    func lengthsAndAzimuths(from starts: (LocationCoordinate2D, LocationCoordinate2D),
                            to ends: (LocationCoordinate2D, LocationCoordinate2D)) -> (distance: Lanes, azimuth: Lanes)? {
        guard let (ends, chord) = setUp(from: starts, to: ends) else { return nil }
        let departure = departure(ends, chord: chord)
        return (departure.distance, departure.azimuth)
    }

    /// The ends' latitudes and the chords between them, or `nil` when either line is outside the domain.
    @inline(__always)
    private func setUp(from starts: (LocationCoordinate2D, LocationCoordinate2D),
                       to ends: (LocationCoordinate2D, LocationCoordinate2D)) -> (Ends, Chord)? {
        let latitude1 = Lanes(starts.0.latitude, starts.1.latitude), latitude2 = Lanes(ends.0.latitude, ends.1.latitude)
        let dLatitude = latitude2 - latitude1
        let dLongitude = Lanes(Self.longitudeDifference(starts.0.longitude, ends.0.longitude),
                               Self.longitudeDifference(starts.1.longitude, ends.1.longitude))
        let latitudeStep = Self.magnitude(dLatitude), longitudeStep = Self.magnitude(dLongitude)
        guard all(latitudeStep .<= Self.maximumDifference), all(longitudeStep .<= Self.maximumDifference),
              all(Self.magnitude(latitude1) .<= Self.maximumLatitude), all(Self.magnitude(latitude2) .<= Self.maximumLatitude),
              all(latitudeStep .>= Self.minimumDifference .| longitudeStep .>= Self.minimumDifference) else { return nil }
        let ends = Ends(latitude1: latitude1, latitude2: latitude2, dLatitude: dLatitude, e2: e2, trigonometry: trigonometry)
        return (ends, chord(ends, dLongitude: dLongitude))
    }

    /// The magnitude of each lane.
    @inline(__always)
    static func magnitude(_ x: Lanes) -> Lanes {
        Lanes(x[0].magnitude, x[1].magnitude)
    }

    /// The sine and cosine of angles of at most 2e-4 radians in magnitude (half the largest difference
    /// of the domain is 1.75e-4), by their Taylor series to `x⁵` and `x⁴`: the first terms left out
    /// (`x⁷/5040`, `x⁶/720`) are below 3e-31 and 4e-26, under a millionth of the results' last bits.
    /// Four library calls a line fewer; the results are glibc's `sin` and `cos` (none of ten million
    /// random angles differed; `ShortLineInverseTests` allows a last bit).
    @inline(__always)
    static func smallAngleSinCos(_ x: Lanes) -> (sin: Lanes, cos: Lanes) {
        let x2 = x * x
        return (x + x * x2 * (-1.0 / 6 + x2 * (1.0 / 120)), 1 + x2 * (-0.5 + x2 * (1.0 / 24)))
    }

    /// `λ2 - λ1` reduced to `-180...180` degrees. Longitudes within 0.02 degrees of each other and
    /// both in `-180...180` subtract exactly (Sterbenz); otherwise each is reduced exactly
    /// (`remainder`) and the difference kept with its rounding error (Knuth's two-sum) until the end.
    @inline(__always)
    static func longitudeDifference(_ longitude1: Double, _ longitude2: Double) -> Double {
        let plain = longitude2 - longitude1
        if abs(plain) <= maximumDifference { return plain }
        let u = longitude2.remainder(dividingBy: 360), v = -longitude1.remainder(dividingBy: 360)
        let sum = u + v
        let uPart = sum - v, vPart = sum - uPart
        let error = (u - uPart) + (v - vPart)
        return sum.remainder(dividingBy: 360) + error
    }

    /// The sines and cosines of both latitudes, of their mean and of half their difference.
    private struct Ends {
        let sinMid: Lanes, cosMid: Lanes
        let sinHalf: Lanes, cosHalf: Lanes
        let sin1: Lanes, cos1: Lanes, sin2: Lanes, cos2: Lanes
        let w1: Lanes, w2: Lanes

        @inline(__always)
        init(latitude1: Lanes, latitude2: Lanes, dLatitude: Lanes, e2: Double, trigonometry: TabulatedTrigonometry) {
            let mid = (latitude1 + latitude2) * (.pi / 360)
            let half = dLatitude * (.pi / 360)
            (sinMid, cosMid) = trigonometry.sinCos(mid)
            (sinHalf, cosHalf) = ShortLineInverse.smallAngleSinCos(half)
            sin1 = sinMid * cosHalf - cosMid * sinHalf; cos1 = cosMid * cosHalf + sinMid * sinHalf
            sin2 = sinMid * cosHalf + cosMid * sinHalf; cos2 = cosMid * cosHalf - sinMid * sinHalf
            w1 = (1 - e2 * sin1 * sin1).squareRoot(); w2 = (1 - e2 * sin2 * sin2).squareRoot()
        }
    }

    /// The chord `P2 - P1`, metres, in Earth-centred axes turned so that `P1` is on longitude 0, and the
    /// sine and cosine of `Δλ` (`P2`'s longitude in those axes).
    private struct Chord {
        let x: Lanes, y: Lanes, z: Lanes
        let sinLongitude: Lanes, cosLongitude: Lanes
    }

    @inline(__always)
    private func chord(_ ends: Ends, dLongitude: Lanes) -> Chord {
        let dSin = 2 * ends.cosMid * ends.sinHalf       // sin φ2 - sin φ1
        let dCos = -2 * ends.sinMid * ends.sinHalf      // cos φ2 - cos φ1
        let dW = -e2 * dSin * (2 * ends.sinMid * ends.cosHalf) / (ends.w1 + ends.w2)  // W2 - W1
        let inverseW1W2 = 1 / (ends.w1 * ends.w2)
        let scale = a * inverseW1W2
        // p = N cos φ and q = N (1 - e²) sin φ: p2 - p1 = a (cos φ2 W1 - cos φ1 W2) / (W1 W2), and q alike.
        let dp = scale * (ends.w1 * dCos - ends.cos1 * dW)
        let dq = scale * (1 - e2) * (ends.w1 * dSin - ends.sin1 * dW)
        let p2 = a * ends.cos2 * ends.w1 * inverseW1W2  // N2 cos φ2 = a cos φ2 / W2
        let half = dLongitude * (.pi / 360)
        let (sinHalf, cosHalf) = Self.smallAngleSinCos(half)
        return Chord(x: dp - 2 * p2 * sinHalf * sinHalf, y: 2 * p2 * sinHalf * cosHalf, z: dq,
                     sinLongitude: 2 * sinHalf * cosHalf, cosLongitude: 1 - 2 * sinHalf * sinHalf)
    }

    /// Where the geodesic leaves `P1`: its length (metres), its azimuth there (degrees) and its turn
    /// from the normal section (radians, step 4).
    private struct Departure {
        let distance: Lanes, azimuth: Lanes, turn: Lanes
    }

    /// Length, initial azimuth and turn from the chord (steps 2 to 4 at `P1`).
    @inline(__always)
    private func departure(_ ends: Ends, chord d: Chord) -> Departure {
        // Tangent plane at P1 (longitude 0): east (0, 1, 0), north (-sin φ1, 0, cos φ1).
        let east = d.y, north = -ends.sin1 * d.x + ends.cos1 * d.z
        let horizontal2 = east * east + north * north
        let c2 = d.x * d.x + d.y * d.y + d.z * d.z
        // Normal curvature at the mid-latitude in the chord's azimuth (1/N = W/a, 1/M = W³/(a (1 - e²))).
        let w = (1 - e2 * ends.sinMid * ends.sinMid).squareRoot()
        let inverseN = w * inverseA, inverseM = w * w * w * inverseAOneMinusE2
        let inverseHorizontal2 = 1 / horizontal2
        let curvature = (north * north * inverseM + east * east * inverseN) * inverseHorizontal2
        let distance = c2.squareRoot() * (1 + c2 * curvature * curvature * (1.0 / 24))
        // The geodesic's turn from the normal section (sin 2α = 2 east north / horizontal²), radians.
        let turn = secondE2 * c2 * inverseN * inverseN * ends.cosMid * ends.cosMid
            * (2 * east * north * inverseHorizontal2) * (1.0 / 12)
        return Departure(distance: distance, azimuth: (trigonometry.atan2(east, north) - turn) * (180 / .pi), turn: turn)
    }

    /// The azimuth at `P2`, degrees: the chord's direction in the plane tangent there, turned as at `P1`.
    @inline(__always)
    private func arrivalAzimuth(_ ends: Ends, chord d: Chord, turn: Lanes) -> Lanes {
        // Tangent plane at P2 (longitude Δλ): the chord's direction there is the direction of arrival.
        let sinL = d.sinLongitude, cosL = d.cosLongitude
        let east2 = -sinL * d.x + cosL * d.y
        let north2 = -ends.sin2 * (cosL * d.x + sinL * d.y) + ends.cos2 * d.z
        return (trigonometry.atan2(east2, north2) - turn) * (180 / .pi)
    }
}
