import Foundation
import Testing
@testable import RouteKit

/// `overview` and `orbit` keep the whole route in view although they tilt and turn the camera (a MapLibre
/// replay showed they reused the straight-down framing distance and cut off up to 18 % of the route).
@Suite struct TiltedFramingTests {
    /// A point on a sphere of 6371 km, metres, from degrees and a height.
    private static func cartesian(_ c: LocationCoordinate2D, _ h: Double) -> SIMD3<Double> {
        let r = 6_371_000 + h, la = c.latitude * .pi / 180, lo = c.longitude * .pi / 180
        return SIMD3(r * cos(la) * cos(lo), r * cos(la) * sin(lo), r * sin(la))
    }

    @Test(arguments: [FlightOptions.Preset.overview, .orbit])
    func everyPointOfTheRouteStaysInView(preset: FlightOptions.Preset) throws {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        let route = try #require(readRoute(url, options: RouteFile.Options()).value).route
        var options = FlightOptions()
        options.preset = preset
        let flight = try FlightPlanner(options: options).plan(for: route).script.resolved(for: route, framing: options.framing)
        let framing = options.framing
        let tanV = tan(framing.verticalFieldOfView * .pi / 360), tanH = tanV * framing.aspectRatio
        var worst = 0.0
        _ = PoseSampler(framesPerSecond: 4).forEachPose(of: flight, eye: .tangentPlane) { pose in
            // A pinhole at the eye looking at the centre, its up towards the heading (on a sphere,
            // independent of RouteKit's ellipsoid): each point's angles off the axis.
            guard let eye = pose.eye else { return false }
            let e = Self.cartesian(eye.coordinate, eye.altitude)
            let c = Self.cartesian(pose.camera.centerCoordinate, pose.centerEllipsoidalHeight)
            let axis = Self.unit(c - e)
            let ahead = LocationCoordinate2D(latitude: pose.camera.centerCoordinate.latitude + 0.001 * cos(pose.camera.heading * .pi / 180),
                                             longitude: pose.camera.centerCoordinate.longitude + 0.001 * sin(pose.camera.heading * .pi / 180)
                                                 / cos(pose.camera.centerCoordinate.latitude * .pi / 180))
            let forward = Self.cartesian(ahead, pose.centerEllipsoidalHeight) - c
            var up = forward - axis * (forward * axis).sum()
            up = Self.unit(up)
            let right = SIMD3(axis.y * up.z - axis.z * up.y, axis.z * up.x - axis.x * up.z, axis.x * up.y - axis.y * up.x)
            var out = 0
            for p in route.points {
                let v = Self.cartesian(p.coordinate, pose.centerEllipsoidalHeight) - e
                let z = (v * axis).sum()
                if z <= 0 || abs((v * right).sum() / z) > tanH || abs((v * up).sum() / z) > tanV { out += 1 }
            }
            worst = max(worst, Double(out) / Double(route.points.count))
            return true
        }
        // The route's points all in view but for at most 1 % (the ground is not level; the margin is 10 %).
        #expect(worst <= 0.01, "\(preset): \(worst * 100) % of the route out of view")
    }

    private static func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
}
