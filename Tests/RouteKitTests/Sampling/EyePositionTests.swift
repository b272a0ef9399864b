import Foundation
import Testing
@testable import RouteKit

// Reference values:
// - flat offset: GeodSolve (GeographicLib 2.x, WGS 84), direct problem, `echo "lat lon azi s" | GeodSolve -p 12`:
//     "40 -105 -150 8660.254037844386"   -> 39.932442035947354 -105.050657814503253 (azi2 -150.0325...)
//     "47 8 120 196961.55060244714"      -> 46.092579525372976 10.205870651148752
// - tangent plane: python3 (math module) builds the eye in ECEF as centre + h*(east sin a + north cos a) + v*up,
//   a = heading + 180, then PROJ converts it back:
//   `cs2cs +proj=geocent +ellps=WGS84 +to +proj=longlat +ellps=WGS84 -f %.12f` on the resulting X Y Z:
//     (40, -105, elev 0), d 10000, heading 30, pitch 60   -> lon -105.050618196321, lat 39.932495141559, h 5005.884138551541
//     (40, -105, elev 1500), d 1000, heading 123, pitch 0 -> lon -105.0, lat 40.0, h 2500.000000148 (cs2cs round-off)
//     (47, 8, elev 0), d 200000, heading 300, pitch 80    -> lon 10.193466535366, lat 46.097904483673, h 37750.732774535194
//     (-33.9, 151.2, elev 20), d 50000, heading 200, pitch 70 -> lon 151.372475245297, lat -33.502900441169, h 17294.127333459444
//   PROJ's geocentric-to-geodetic step is a closed-form approximation: for the 200 km case a python fixed-point
//   iteration (50 steps) gives h 37750.732762134634, 12 micrometres below cs2cs, and RouteKit matches it to the last
//   digit; hence the 0.1 mm altitude tolerance against cs2cs.
@Suite struct EyePositionTests {
    private func camera(_ lat: Double, _ lon: Double, distance: Double, heading: Double, pitch: Double) -> MapCamera {
        MapCamera(centerCoordinate: LocationCoordinate2D(latitude: lat, longitude: lon),
                  distance: distance, heading: heading, pitch: pitch)
    }

    @Test func flatOffsetIsTheGeodesicDirectBehindTheCentre() {
        let eye = camera(40, -105, distance: 10000, heading: 30, pitch: 60).eye(model: .flatOffset)
        #expect(isClose(eye.coordinate.latitude, 39.932442035947354, absolute: 1e-11))
        #expect(isClose(eye.coordinate.longitude, -105.050657814503253, absolute: 1e-11))
        #expect(isClose(eye.altitude, 5000, absolute: 1e-9))  // 10000 cos 60
        let far = camera(47, 8, distance: 200000, heading: 300, pitch: 80).eye(centerElevation: 100, model: .flatOffset)
        #expect(isClose(far.coordinate.latitude, 46.092579525372976, absolute: 1e-11))
        #expect(isClose(far.coordinate.longitude, 10.205870651148752, absolute: 1e-11))
        #expect(isClose(far.altitude, 100 + 200000 * cos(80 * Double.pi / 180), absolute: 1e-9))
    }

    @Test(arguments: [
        (40.0, -105.0, 0.0, 10000.0, 30.0, 60.0, 39.932495141559, -105.050618196321, 5005.884138551541),
        (40.0, -105.0, 1500.0, 1000.0, 123.0, 0.0, 40.0, -105.0, 2500.0),
        (47.0, 8.0, 0.0, 200000.0, 300.0, 80.0, 46.097904483673, 10.193466535366, 37750.732774535194),
        (-33.9, 151.2, 20.0, 50000.0, 200.0, 70.0, -33.502900441169, 151.372475245297, 17294.127333459444),
    ])
    func tangentPlaneMatchesECEFThroughPROJ(
        _ c: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    ) {
        let eye = camera(c.0, c.1, distance: c.3, heading: c.4, pitch: c.5).eye(centerElevation: c.2)
        #expect(isClose(eye.coordinate.latitude, c.6, absolute: 1e-9))
        #expect(isClose(eye.coordinate.longitude, c.7, absolute: 1e-9))
        #expect(isClose(eye.altitude, c.8, absolute: 1e-4))
    }

    @Test func pitchZeroPutsTheEyeDirectlyAbove() {
        for model in [EyePosition.Model.flatOffset, .tangentPlane] {
            let eye = camera(40, -105, distance: 1000, heading: 123, pitch: 0).eye(centerElevation: 1500, model: model)
            #expect(isClose(eye.coordinate.latitude, 40, absolute: 1e-12))
            #expect(isClose(eye.coordinate.longitude, -105, absolute: 1e-12))
            #expect(isClose(eye.altitude, 2500, absolute: 1e-7))
        }
    }

    @Test func curvatureRaisesTheEyeByAboutHSquaredOverTwoR() {
        // h = 8660.254 m: h^2 / (2 * 6371 km) = 5.886 m (docs/camera.md#the-map-camera-and-the-eye's estimate).
        let c = camera(40, -105, distance: 10000, heading: 30, pitch: 60)
        let drop = c.eye().altitude - c.eye(model: .flatOffset).altitude
        let h = 10000 * sin(60 * Double.pi / 180)
        #expect(isClose(drop, h * h / (2 * 6_371_000), relative: 0.01))
    }

    @Test func poleAndAntimeridianStayFinite() {
        for model in [EyePosition.Model.flatOffset, .tangentPlane] {
            let atPole = camera(90, 0, distance: 10000, heading: 0, pitch: 45).eye(model: model)
            #expect(atPole.coordinate.isValid && atPole.altitude.isFinite)
            #expect(atPole.coordinate.latitude < 90)
            // Centre just west of 180, looking west: the eye is east of the antimeridian, normalised.
            let dateLine = camera(0, 179.99, distance: 10000, heading: 270, pitch: 60).eye(model: model)
            #expect((-180.0...180.0).contains(dateLine.coordinate.longitude))
            #expect(dateLine.coordinate.longitude < -179.9)
        }
    }
}
