import Foundation
import Testing
@testable import RouteKit

/// WGS 84 geodetic to ECEF, written here independently of RouteKit (Hofmann-Wellenhof et al. 2008, 5.6.1).
private func ecef(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
    let a = 6_378_137.0, f = 1 / 298.257223563
    let e2 = f * (2 - f)
    let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
    let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
    return SIMD3((n + height) * cos(phi) * cos(lambda), (n + height) * cos(phi) * sin(lambda), (n * (1 - e2) + height) * sin(phi))
}

/// Rotates `v` by the unit quaternion `q = (x, y, z, w)`: `v + 2 w (u x v) + 2 u x (u x v)`, `u = (x, y, z)`.
private func rotate(_ v: SIMD3<Double>, by q: SIMD4<Double>) -> SIMD3<Double> {
    func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    let u = SIMD3(q.x, q.y, q.z)
    let t = 2 * cross(u, v)
    return v + q.w * t + cross(u, t)
}

private func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
private func angleDegrees(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    acos(min(max((unit(a) * unit(b)).sum(), -1), 1)) * 180 / .pi
}

@Suite struct CameraAttitudeTests {
    static let cameras: [(MapCamera, Double)] = [
        (MapCamera(centerCoordinate: .init(latitude: 45.77, longitude: 14.36), distance: 3000, heading: 30, pitch: 45), 550),
        (MapCamera(centerCoordinate: .init(latitude: -33.9, longitude: 151.2), distance: 80_000, heading: 250, pitch: 70), 0),
        (MapCamera(centerCoordinate: .init(latitude: 64.1, longitude: 179.99), distance: 20_000, heading: 90, pitch: 60), 10),
        (MapCamera(centerCoordinate: .init(latitude: 0, longitude: 0), distance: 1000, heading: 0, pitch: 0), 0),
        (MapCamera(centerCoordinate: .init(latitude: 10, longitude: -70), distance: 5000, heading: 180, pitch: 89.5), 3000),
    ]

    @Test(arguments: 0..<5)
    func quaternionIsUnitAndItsForwardAxisLooksAtTheCentre(index: Int) {
        let (camera, elevation) = Self.cameras[index]
        for model in [EyePosition.Model.tangentPlane, .flatOffset] {
            let eye = camera.eye(centerElevation: elevation, model: model)
            let pose = CameraPose(frame: 0, time: 0, camera: camera, centerElevation: elevation, eye: eye)
            let q = CameraAttitude(pose: pose, eye: eye).bodyToEarthQuaternion
            #expect(abs((q * q).sum() - 1) < 1e-12)
            // Expected look direction, independently: ECEF(centre) - ECEF(eye).
            let expected = ecef(latitude: camera.centerCoordinate.latitude, longitude: camera.centerCoordinate.longitude, height: elevation)
                - ecef(latitude: eye.coordinate.latitude, longitude: eye.coordinate.longitude, height: eye.altitude)
            let forward = rotate(SIMD3(1, 0, 0), by: q)
            #expect(angleDegrees(forward, expected) < 1e-6, "\(index) \(model)")
            // z (up, the top of the picture) is perpendicular to forward and has no roll: the left axis
            // (y) is horizontal at the eye.
            let up = rotate(SIMD3(0, 0, 1), by: q), left = rotate(SIMD3(0, 1, 0), by: q)
            #expect(abs((up * forward).sum()) < 1e-12)
            let eyeUp = unit(ecef(latitude: eye.coordinate.latitude, longitude: eye.coordinate.longitude, height: 1)
                - ecef(latitude: eye.coordinate.latitude, longitude: eye.coordinate.longitude, height: 0))
            #expect(abs((left * eyeUp).sum()) < 1e-9)
            // The top of the picture leans towards the heading (it is "up" when looking at the horizon).
            #expect((up * eyeUp).sum() >= -1e-12)
        }
    }

    @Test func headingAndTiltAtTheEyeDifferFromThePoseByTheEarthsCurvatureOnly() {
        // 80 km at pitch 70: the ground offset is 75 km, so the eye's vertical is tilted ~0.68 degrees.
        let (camera, _) = Self.cameras[1]
        let eye = camera.eye()
        let a = CameraAttitude(pose: CameraPose(frame: 0, time: 0, camera: camera, eye: eye), eye: eye)
        let groundOffset = camera.distance * sin(camera.pitch * .pi / 180)
        #expect(abs(a.tilt - camera.pitch) < groundOffset / 6_371_000 * 180 / .pi * 1.2)
        #expect(abs(a.tilt - camera.pitch) > 0.3)
        #expect(angularDistance(a.heading, camera.heading) < 0.5)
        // Straight down: tilt 0 and the pose's own heading.
        let (down, _) = Self.cameras[3]
        let downEye = down.eye()
        let d = CameraAttitude(pose: CameraPose(frame: 0, time: 0, camera: down, eye: downEye), eye: downEye)
        #expect(d.tilt < 1e-9 && d.heading == 0)
    }

    @Test func quaternionOfAKnownAttitude() {
        // At 0 N 0 E, heading 90 (east), tilt 90 (horizontal): forward = +Y (ECEF), left = north = +Z,
        // up = +X. The rotation taking (x, y, z) to (Y, Z, X) is 120 degrees about (1, 1, 1):
        // q = (sin 60 / sqrt 3) (1, 1, 1), cos 60 = (0.5, 0.5, 0.5, 0.5).
        let a = CameraAttitude(eye: EyePosition(coordinate: .init(latitude: 0, longitude: 0), altitude: 100), heading: 90, tilt: 90)
        let q = a.bodyToEarthQuaternion
        for i in 0..<4 { #expect(abs(q[i] - 0.5) < 1e-12) }
    }

    /// The two published Earth Studio exports the convention was inferred from (see
    /// ``CameraAttitude/earthStudioRotation``): a straight-down camera at 0 E 33.9165151812 N (Stack
    /// Overflow question 68705448) and a camera at 121.73286 E 31.23933 N, heading about 270.12, looking
    /// about 44.61 degrees below the horizon (Cesium community forum thread 43144; the heading and pitch
    /// are that post's own estimate, hence the looser tolerance).
    @Test func earthStudioRotationReproducesPublishedExports() {
        let nadir = CameraAttitude(eye: EyePosition(coordinate: .init(latitude: 33.9165151812, longitude: 0), altitude: 1725),
                                   heading: 0, tilt: 0).earthStudioRotation
        #expect(abs(abs(nadir.x) - 180) < 1e-9)
        #expect(abs(nadir.y - -56.0834848188) < 1e-8)
        #expect(abs(nadir.z - -89.9999999998) < 1e-8)
        let oblique = CameraAttitude(eye: EyePosition(coordinate: .init(latitude: 31.23933153689792, longitude: 121.73286024286688), altitude: 20695),
                                     heading: 270.12, tilt: 90 - 44.61).earthStudioRotation
        #expect(abs(oblique.x - 159.34465662912814) < 0.02)
        #expect(abs(oblique.y - 67.17562316976208) < 0.02)
        #expect(abs(oblique.z - 45.669011717197826) < 0.02)
    }
}
