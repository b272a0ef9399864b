import Foundation
import Testing
@testable import RouteKit

/// What a reviewer saw replaying the README's example flight in MapLibre: the screen went
/// empty for 4.6 s while a 5.3 km gap was crossed straight at the follow distance (the van Wijk flight
/// had been dropped next to short pieces), and the camera faced backwards for 6 s along an out-and-back
/// spur (two U-turns taken for one spin, and held).
@Suite struct ReadmeExampleViewTests {
    static let poses: [CameraPose]? = {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        guard let route = readRoute(url, options: RouteFile.Options()).value?.route else { return nil }
        let options = FlightOptions()
        guard let plan = try? FlightPlanner(options: options).plan(for: route),
              let flight = try? plan.script.resolved(for: route, framing: options.framing) else { return nil }
        var poses: [CameraPose] = []
        _ = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: nil) { poses.append($0); return true }
        return poses
    }()
    /// The points of each segment (track) of the file: the lines drawn on the map (not the gaps between them).
    static let segments: [[LocationCoordinate2D]] = {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        guard let route = readRoute(url, options: RouteFile.Options()).value?.route else { return [] }
        return route.segments.map { route.points[$0].map(\.coordinate) }
    }()
    /// Screen heights per metre of distance: 2 tan(fov / 2).
    static let k = 2 * tan(CameraFraming.defaultVerticalFieldOfView * .pi / 360)

    @Test func theRouteIsAlwaysOnScreen() throws {
        let poses = try #require(Self.poses)
        // The points of the file, and 9 more along each leg of a segment (not across the gaps between
        // its tracks, which the map does not draw).
        #expect(Self.segments.count > 1)
        var dense: [LocationCoordinate2D] = Self.segments.compactMap(\.last)
        for segment in Self.segments {
            for (a, b) in zip(segment, segment.dropFirst()) {
                for i in 0..<10 {
                    let f = Double(i) / 10
                    dense.append(.init(latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f))
                }
            }
        }
        // While following (at the follow distance, the closest the flight comes), the nearest is within
        // 0.45 screen heights of the centre: the route is in the picture, though gaps narrower than the
        // view are flown straight across (up to 0.4 screen heights from either side).
        let follow = poses.map(\.camera.distance).min() ?? 0
        var worst = (time: 0.0, screens: 0.0)
        for pose in poses where pose.frame % 5 == 0 && pose.camera.distance <= follow * 1.01 {
            let c = pose.camera.centerCoordinate
            let nearest = dense.map { $0.distance(to: c) }.min() ?? .infinity
            let screens = nearest / (Self.k * pose.camera.distance)
            if screens > worst.screens { worst = (pose.time, screens) }
        }
        #expect(worst.screens < 0.45, "the centre is \(worst.screens) screen heights from the route at \(worst.time) s")
        // In every frame (gap flights too, which zoom out), some of the route is inside the middle 80 %
        // of the picture: a pinhole at the eye (on a sphere, independent of RouteKit's ellipsoid).
        let framing = CameraFraming()
        let tanV = 0.8 * tan(framing.verticalFieldOfView * .pi / 360), tanH = tanV * framing.aspectRatio
        var empty: [Double] = []
        for pose in poses where pose.frame % 5 == 0 {
            let camera = pose.camera
            let eye = camera.eye(centerElevation: pose.centerEllipsoidalHeight)
            let e = Self.cartesian(eye.coordinate, eye.altitude)
            let c = Self.cartesian(camera.centerCoordinate, pose.centerEllipsoidalHeight)
            let axis = Self.unit(c - e)
            let ahead = LocationCoordinate2D(latitude: camera.centerCoordinate.latitude + 0.001 * cos(camera.heading * .pi / 180),
                                             longitude: camera.centerCoordinate.longitude + 0.001 * sin(camera.heading * .pi / 180)
                                                 / cos(camera.centerCoordinate.latitude * .pi / 180))
            let forward = Self.cartesian(ahead, pose.centerEllipsoidalHeight) - c
            let up = Self.unit(forward - axis * (forward * axis).sum())
            let right = SIMD3(axis.y * up.z - axis.z * up.y, axis.z * up.x - axis.x * up.z, axis.x * up.y - axis.y * up.x)
            let seen = dense.contains { p in
                let v = Self.cartesian(p, pose.centerEllipsoidalHeight) - e
                let z = (v * axis).sum()
                return z > 0 && abs((v * right).sum() / z) <= tanH && abs((v * up).sum() / z) <= tanV
            }
            if !seen { empty.append(pose.time) }
        }
        #expect(empty.isEmpty, "no route in the middle of the picture at \(empty.count) sampled frames, from \(empty.first ?? 0) s")
    }

    /// A point on a sphere of 6371 km, metres, from degrees and a height.
    private static func cartesian(_ c: LocationCoordinate2D, _ h: Double) -> SIMD3<Double> {
        let r = 6_371_000 + h, la = c.latitude * .pi / 180, lo = c.longitude * .pi / 180
        return SIMD3(r * cos(la) * cos(lo), r * cos(la) * sin(lo), r * sin(la))
    }

    private static func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }

    @Test func theCameraLooksWhereTheCentreGoes() throws {
        let poses = try #require(Self.poses)
        // Seconds of the route part (6 to 36 s: after the fly-in, before the pull-out, which heads back
        // to the overview) in which the centre moves at more than 0.1 screen heights a second in a
        // direction more than 120 degrees from the heading: at most 3 s of its 30 s (it was 8.7 s).
        var backwards = 0
        for (a, b) in zip(poses, poses.dropFirst()) where a.time >= 6 && b.time <= 36 {
            let move = Geodesic.wgs84.inverse(from: a.camera.centerCoordinate, to: b.camera.centerCoordinate)
            guard move.distance * 30 / (Self.k * a.camera.distance) > 0.1 else { continue }
            if abs(remainder(move.initialAzimuth - a.camera.heading, 360)) > 120 { backwards += 1 }
        }
        #expect(Double(backwards) / 30 < 3, "\(Double(backwards) / 30) s facing away from the motion")
    }
}
