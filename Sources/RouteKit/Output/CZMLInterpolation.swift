import Foundation

/// CesiumJS's interpolation between two CZML camera samples, and the samples to add between two frames so
/// that the camera Cesium shows between them stays within ``tolerance`` of the flight (issue 24).
///
/// What CesiumJS does with the camera's `LINEAR` (degree 1) samples, read from its source
/// (`SampledProperty`, `SampledPositionProperty`, `Quaternion.convertPackedArrayForInterpolation` and
/// `Quaternion.unpackInterpolationResult`, CesiumJS 1.144) and measured in it (the CesiumJS browser tests):
///
/// - **position**: each `cartographicDegrees` sample is converted to Earth-fixed (ECEF) metres when the
///   document loads, and the eye at fraction `f` of the way from sample `a` to sample `b` (in clock
///   seconds) is `E(f) = E_a + f (E_b - E_a)`: a chord, cutting inside a curved path;
/// - **orientation**: the relative rotation `d = q_a q_b*` (negated when `d.w < 0`) becomes a rotation
///   vector `v = axis(d) angle(d)`, `angle(d) = 2 acos(d.w)`, scaled by `1 - f` and applied before
///   `q_b`: `q(f) = rotation((1 - f) v) q_b`. That is a slerp, except that Cesium takes the angle as 0
///   when `|d.w - 1| < 1e-6` (`CesiumMath.EPSILON6`): a turn under 0.162 degrees between two samples
///   is dropped, and the camera shows the later sample's orientation all through the interval.
///
/// Higher degrees (`LAGRANGE`, `HERMITE`) use more samples in the same relative form, so the dropped small
/// turns spoil them too: at half-frames they strayed more than `LINEAR` (0.17-0.25 % of the distance
/// against 0.10-0.14 % on follow, orbit and overview flights). So the samples stay `LINEAR`, and where the
/// flight moves or turns faster than a chord and a slerp follow (the WWDC recipe's first keyframe, a few
/// milliseconds long; its equal-time pass over dense GPS points), samples are added between frames.
///
/// The check: Cesium's look-at point at fraction `f`, `E(f) + forward(q(f)) × distance(t)`, against the
/// flight's own centre at the same instant, relative to the camera distance; at 1/4, 1/2 and 3/4 of an
/// interval (in flight time). Where any strays by more than ``tolerance``, the interval is halved (a
/// sample at its middle) and each half checked again, at most ``maximumDepth`` times (a 256th of a
/// frame), and never below ``minimumStep`` of clock time.
struct CZMLInterpolation {
    /// The largest offset of Cesium's look-at point from the flight's centre, as a fraction of the camera
    /// distance, that needs no extra sample: 0.1 % (half the 0.2 % the tests hold Cesium to).
    static let tolerance = 0.001
    /// At most this many halvings of a frame interval (2^8 = 256 pieces).
    static let maximumDepth = 8
    /// Clock seconds below which an interval is not halved: sample times are written to the microsecond.
    static let minimumStep = 4e-6

    /// One camera sample as Cesium holds it.
    struct Sample {
        /// Seconds of flight time.
        var time: Double
        /// Clock seconds after the document's start (what CZML writes).
        var seconds: Double
        /// The pose and its attitude (eye and axes).
        var pose: CameraPose
        var attitude: CameraAttitude
        /// The rotation from body axes to ECEF as `(x, y, z, w)` (``CameraAttitude/bodyToEarthQuaternion``).
        var quaternion: SIMD4<Double>
        /// The centre, ECEF metres.
        var centre: SIMD3<Double>

        init(time: Double, seconds: Double, pose: CameraPose, attitude: CameraAttitude) {
            self.time = time
            self.seconds = seconds
            self.pose = pose
            self.attitude = attitude
            quaternion = attitude.bodyToEarthQuaternion
            let c = EarthCenteredFrame.position(of: pose.camera.centerCoordinate, height: pose.centerEllipsoidalHeight)
            centre = SIMD3(c.x, c.y, c.z)
        }
    }

    /// The samples to add strictly between `a` and `b` (consecutive frames), in time order; `sample(t)`
    /// makes the flight's sample at flight time `t`.
    ///
    /// - Complexity: O(1) calls of `sample` where Cesium's interpolation stays within ``tolerance``; at most
    ///   3 (2^``maximumDepth``) calls and 2^``maximumDepth`` - 1 samples otherwise.
    static func samples(between a: Sample, and b: Sample, sample: (Double) -> Sample) -> [Sample] {
        var added: [Sample] = []
        refine(a, b, depth: 0, sample: sample, into: &added)
        return added
    }

    private static func refine(_ a: Sample, _ b: Sample, depth: Int, sample: (Double) -> Sample, into added: inout [Sample]) {
        guard depth < maximumDepth, b.seconds - a.seconds >= 2 * minimumStep else { return }
        let middle = sample((a.time + b.time) / 2)
        let strays = [0.5, 0.25, 0.75].contains { fraction in
            let s = fraction == 0.5 ? middle : sample(a.time + fraction * (b.time - a.time))
            return offset(of: s, between: a, and: b) > tolerance
        }
        guard strays else { return }
        refine(a, middle, depth: depth + 1, sample: sample, into: &added)
        added.append(middle)
        refine(middle, b, depth: depth + 1, sample: sample, into: &added)
    }

    /// How far Cesium's look-at point at `s`'s instant, interpolated between `a` and `b`, is from `s`'s
    /// centre, over `s`'s distance. Near the 0.162-degree threshold, where the written decimals decide
    /// which way Cesium goes, the worse of the two.
    static func offset(of s: Sample, between a: Sample, and b: Sample) -> Double {
        let span = b.seconds - a.seconds
        let f = span > 0 ? min(max((s.seconds - a.seconds) / span, 0), 1) : 1
        let eye = a.attitude.eyeECEF + f * (b.attitude.eyeECEF - a.attitude.eyeECEF)
        let distance = s.pose.camera.distance
        return forwards(at: f, from: a.quaternion, to: b.quaternion).map { forward in
            let miss = eye + distance * forward - s.centre
            return (miss * miss).sum().squareRoot() / max(distance, 1e-9)
        }.max() ?? 0
    }

    /// Cesium's forward axis (body x in ECEF) at fraction `f` from `qa` to `qb`: one, or two near the
    /// threshold (the turn kept and the turn dropped).
    static func forwards(at f: Double, from qa: SIMD4<Double>, to qb: SIMD4<Double>) -> [SIMD3<Double>] {
        var d = multiply(qa, conjugate(qb))
        if d.w < 0 { d = -d }
        let gap = abs(d.w - 1)
        var rotations: [SIMD4<Double>] = []
        if gap < 1.05e-6 { rotations.append(qb) }  // the turn dropped
        if gap > 0.95e-6 {                         // the turn kept
            let angle = 2 * acos(min(d.w, 1))
            let axis = SIMD3(d.x, d.y, d.z) / (1 - d.w * d.w).squareRoot()
            let half = (1 - f) * angle / 2
            let partial = SIMD4(axis.x * sin(half), axis.y * sin(half), axis.z * sin(half), cos(half))
            rotations.append(multiply(partial, qb))
        }
        return rotations.map { q in rotate(SIMD3(1, 0, 0), by: q) }
    }

    /// The Hamilton product `p q` of quaternions stored `(x, y, z, w)`.
    static func multiply(_ p: SIMD4<Double>, _ q: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y,
              p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
              p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w,
              p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z)
    }

    static func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(-q.x, -q.y, -q.z, q.w) }

    /// `v` rotated by the unit quaternion `q`: `q v q*`.
    static func rotate(_ v: SIMD3<Double>, by q: SIMD4<Double>) -> SIMD3<Double> {
        let p = multiply(multiply(q, SIMD4(v.x, v.y, v.z, 0)), conjugate(q))
        return SIMD3(p.x, p.y, p.z)
    }
}
