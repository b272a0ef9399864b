import Foundation

/// A pose's camera as a rigid body in Earth-fixed space: where the eye is (geodetic and ECEF), which way
/// it looks, and the rotations that KML, CZML and Earth Studio expect.
///
/// **The line of sight is exact.** A ``MapCamera``'s `heading` and `pitch` are defined at the *centre*
/// (the camera faces `heading` there, tilted `pitch` from the centre's vertical). Seen from the eye, the
/// same line of sight has a slightly different heading and tilt: the eye's vertical is tilted from the
/// centre's by the angle the Earth curves over the ground offset `h` (about `h / R`, 0.27 degrees at
/// 30 km) and meridians converge. So the attitude is built from the two points themselves:
///
/// 1. `C` = ECEF position of the centre (``CameraPose/centerEllipsoidalHeight`` above the ellipsoid) and `E` =
///    ECEF position of the eye ([Hofmann-Wellenhof et al. 2008, section 5.6.1], WGS 84);
/// 2. the eye's local east-north-up frame ([ibid., section 5.6.2]) at the eye's latitude `phi` and
///    longitude `lambda`:
///    `e = (-sin lambda, cos lambda, 0)`, `n = (-sin phi cos lambda, -sin phi sin lambda, cos phi)`,
///    `u = (cos phi cos lambda, cos phi sin lambda, sin phi)`;
/// 3. the look direction `f = (C - E) / |C - E|`, split into that frame: its ``heading`` at the eye is
///    `atan2(f.e, f.n)` (degrees clockwise from north, `0..<360`) and its ``tilt`` from the eye's nadir
///    is `atan2(hypot(f.e, f.n), -f.u)` (0 = straight down, 90 = horizontal); the pose's own heading
///    is added to `(f.e, f.n)` at weight ``nadirWeight`` over `|C - E|`, so that where the line of sight is
///    vertical (pitch 0, whose horizontal part is rounding noise) the pose's heading says which way the
///    top of the picture faces, continuously;
/// 4. the camera's axes, with no roll (the picture's horizontal axis stays level at the eye), from that
///    heading `H` and tilt `T`: horizontal heading direction `d = cos H n + sin H e`,
///    **forward** `= sin T d - cos T u` (towards the centre), **up** (top of the picture)
///    `= cos T d + sin T u`, **right** `= cos H e - sin H n`. They are orthonormal by construction.
///
/// [Hofmann-Wellenhof et al. 2008]: https://doi.org/10.1007/978-3-211-73017-1
struct CameraAttitude {
    /// The eye (degrees; metres above the ellipsoid).
    var eye: EyePosition
    /// The eye's ECEF position, metres (X to 0 N 0 E, Y to 0 N 90 E, Z to the north pole).
    var eyeECEF: SIMD3<Double>
    /// Heading of the line of sight at the eye, degrees clockwise from true north, `0..<360`.
    var heading: Double
    /// Tilt of the line of sight from the eye's nadir, degrees, `0...180` (0 = straight down).
    var tilt: Double
    /// Unit vectors in ECEF: towards the centre, the top of the picture, the right of the picture.
    var forward: SIMD3<Double>
    var up: SIMD3<Double>
    var right: SIMD3<Double>

    /// The attitude of the line of sight from `eye` to the pose's centre (steps 1 to 4).
    init(pose: CameraPose, eye: EyePosition) {
        let c = EarthCenteredFrame.position(of: pose.camera.centerCoordinate, height: pose.centerEllipsoidalHeight)
        let e = EarthCenteredFrame.position(of: eye.coordinate, height: eye.altitude)
        let eyeECEF = SIMD3(e.x, e.y, e.z)
        let frame = CameraAttitude.eastNorthUp(at: eye.coordinate)
        var look = SIMD3(c.x, c.y, c.z) - eyeECEF
        let length = (look * look).sum().squareRoot()
        var h = pose.camera.heading, t = pose.camera.pitch
        if length > 0 {
            look /= length
            let fe = (look * frame.east).sum(), fn = (look * frame.north).sum(), fu = (look * frame.up).sum()
            let horizontal = (fe * fe + fn * fn).squareRoot()
            t = atan2(horizontal, -fu) * 180 / .pi
            // The heading of the look's horizontal part, with the pose's own heading added at weight
            // ``nadirWeight`` over the length: where the line of sight is (nearly) vertical its
            // horizontal part is rounding noise (4e-10 of a 1 m distance) and the pose's heading
            // decides which way the top of the picture faces; elsewhere the look's own, continuously.
            let hr = h * .pi / 180, weight = Self.nadirWeight / length
            h = atan2(fe + weight * sin(hr), fn + weight * cos(hr)) * 180 / .pi
        }
        self.init(eye: eye, heading: h, tilt: t)
    }

    /// The weight of the pose's heading against the line of sight's horizontal part (a unit vector's
    /// component) in the heading at the eye, times the eye-to-centre length: 0.01 m. Differences of
    /// Earth-centred positions leave about 4e-10 m of rounding in a line of sight 1 m long, so the
    /// pose's heading rules within about `0.01 m / length` radians of straight down and the line of
    /// sight's own elsewhere, continuously; where both count they differ only by the meridians'
    /// convergence between eye and centre (about `length sin(pitch) tan(latitude) / R`), so the blend
    /// moves the heading by at most `0.01 m tan(latitude) / R` radians (1e-7 degrees at 45 degrees), and
    /// rounding by about `4e-10 m / 0.01 m` radians (2e-6 degrees) at pitch 0.
    static let nadirWeight = 0.01

    /// The attitude of a camera at `eye` looking along `heading` (degrees clockwise from north at the eye)
    /// and `tilt` (degrees from the eye's nadir), with no roll: step 4 of the type's discussion.
    init(eye: EyePosition, heading h: Double, tilt t: Double) {
        self.eye = eye
        let e = EarthCenteredFrame.position(of: eye.coordinate, height: eye.altitude)
        eyeECEF = SIMD3(e.x, e.y, e.z)
        let frame = CameraAttitude.eastNorthUp(at: eye.coordinate)
        heading = Angles.normalizedHeading(h)
        tilt = t
        let hr = heading * .pi / 180, tr = tilt * .pi / 180
        let d = cos(hr) * frame.north + sin(hr) * frame.east
        forward = sin(tr) * d - cos(tr) * frame.up
        up = cos(tr) * d + sin(tr) * frame.up
        right = cos(hr) * frame.east - sin(hr) * frame.north
    }

    /// The local east, north and up unit vectors (ECEF) at a coordinate on the ellipsoid.
    static func eastNorthUp(at coordinate: LocationCoordinate2D) -> (east: SIMD3<Double>, north: SIMD3<Double>, up: SIMD3<Double>) {
        let phi = coordinate.latitude * .pi / 180, lambda = coordinate.longitude * .pi / 180
        return (SIMD3(-sin(lambda), cos(lambda), 0),
                SIMD3(-sin(phi) * cos(lambda), -sin(phi) * sin(lambda), cos(phi)),
                SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi)))
    }

    /// The CZML orientation: the unit quaternion `(x, y, z, w)` of the rotation from the camera's body
    /// axes to ECEF axes (czml-writer wiki, `Orientation` and `UnitQuaternionValue`).
    ///
    /// Body axes (a vehicle convention, the same as a Cesium model's: x forward, z up):
    /// **x = forward** (along the line of sight), **y = left** (`-right`), **z = up** (top of the
    /// picture). The rotation matrix's columns are those three vectors in ECEF; the quaternion is
    /// taken from it by Shepperd's method (S. W. Shepperd, "Quaternion from rotation matrix", Journal of
    /// Guidance and Control 1(3), 1978, https://doi.org/10.2514/3.55767), with `w >= 0`.
    var bodyToEarthQuaternion: SIMD4<Double> {
        CameraAttitude.quaternion(columns: forward, -right, up)
    }

    /// Earth Studio's `rotation` Euler angles, degrees: `(x, y, z)` such that the rotation from the
    /// camera's axes to ECEF axes is `Rx(x) * Ry(y) * Rz(z)` (rotation matrices about the fixed ECEF
    /// axes), with camera axes **x = right, y = down (bottom of the picture), z = forward**.
    ///
    /// This convention is *inferred*: it reproduces the `rotation` values of two published Earth Studio
    /// exports (a straight-down camera at 0 E 33.9165 N giving (180, -56.0835, -90), Stack Overflow
    /// question 68705448; and a camera at 121.7329 E 31.2393 N, 20695 m, heading about 270.12 and
    /// looking about 44.61 degrees below the horizontal, giving (159.3447, 67.1756, 45.6690), Cesium
    /// community forum thread 43144) to 0.01 degree. Google does not document it, and RouteKit has not
    /// checked it against Earth Studio itself.
    ///
    /// Extraction for `R = Rx(a) Ry(b) Rz(c)`: `b = asin(R[0][2])`, `c = atan2(-R[0][1], R[0][0])`,
    /// `a = atan2(-R[1][2], R[2][2])`; at `|R[0][2]| = 1` (gimbal lock) `c = 0` and
    /// `a = atan2(R[2][1], R[1][1])`. Ranges: x and z in `-180...180`, y in `-90...90`.
    var earthStudioRotation: SIMD3<Double> {
        let x = right, y = -up, z = forward  // columns
        // R[row][column]
        let r02 = z[0], r01 = y[0], r00 = x[0], r12 = z[1], r22 = z[2], r21 = y[2], r11 = y[1]
        let degrees = 180 / Double.pi
        let b = asin(min(max(r02, -1), 1))
        if abs(r02) >= 1 - 1e-12 {
            return SIMD3(atan2(r21, r11) * degrees, b * degrees, 0)
        }
        return SIMD3(atan2(-r12, r22) * degrees, b * degrees, atan2(-r01, r00) * degrees)
    }

    /// The unit quaternion `(x, y, z, w)`, `w >= 0`, of the rotation matrix whose columns are `c0`, `c1`,
    /// `c2` (it maps body vector `(1, 0, 0)` to `c0`, and so on). Shepperd's method: the largest of
    /// `w, x, y, z` is found from the diagonal first, so no division is ill-conditioned.
    static func quaternion(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) -> SIMD4<Double> {
        let m00 = c0[0], m10 = c0[1], m20 = c0[2]
        let m01 = c1[0], m11 = c1[1], m21 = c1[2]
        let m02 = c2[0], m12 = c2[1], m22 = c2[2]
        let trace = m00 + m11 + m22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = SIMD4(s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = SIMD4((m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = SIMD4((m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s)
        }
        q /= (q * q).sum().squareRoot()
        return q[3] < 0 ? -q : q
    }
}
