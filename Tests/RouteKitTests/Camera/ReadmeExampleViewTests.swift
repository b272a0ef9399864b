import Foundation
import Testing
@testable import RouteKit

/// What a reviewer saw replaying the README's example flight in MapLibre (issue 10): the screen went
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
    static let points: [LocationCoordinate2D] = {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        return readRoute(url, options: RouteFile.Options()).value?.route.points.map(\.coordinate) ?? []
    }()
    /// Screen heights per metre of distance: 2 tan(fov / 2).
    static let k = 2 * tan(CameraFraming.defaultVerticalFieldOfView * .pi / 360)

    @Test func theRouteIsAlwaysOnScreen() throws {
        let poses = try #require(Self.poses)
        // The points of the file, and 9 more along each leg: the nearest is within a quarter of a screen
        // height of the centre in every frame (the route is in view, near the middle).
        var dense: [LocationCoordinate2D] = []
        for (a, b) in zip(Self.points, Self.points.dropFirst()) {
            for i in 0..<10 {
                let f = Double(i) / 10
                dense.append(.init(latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f))
            }
        }
        var worst = (time: 0.0, screens: 0.0)
        for pose in poses where pose.frame % 5 == 0 {
            let c = pose.camera.centerCoordinate
            let nearest = dense.map { $0.distance(to: c) }.min() ?? .infinity
            let screens = nearest / (Self.k * pose.camera.distance)
            if screens > worst.screens { worst = (pose.time, screens) }
        }
        #expect(worst.screens < 0.25, "the centre is \(worst.screens) screen heights from the route at \(worst.time) s")
    }

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
