import Foundation
import Testing
@testable import RouteKit

/// Issue 10: the follow preset moves like a camera operator: it starts and ends at rest, and its
/// heading looks ahead along the route's positions.
@Suite struct FollowMotionTests {
    /// A Z of three 2 km legs along the equator: east, north, east (GeodSolve: 0.0179663 degrees of
    /// longitude is 2000.0 m on the equator; 0.0180871 degrees of latitude is 2000.0 m north of it).
    static let zRoute = Route(segments: [[
        RoutePoint(latitude: 0, longitude: 0), RoutePoint(latitude: 0, longitude: 0.0179663),
        RoutePoint(latitude: 0.0180871, longitude: 0.0179663), RoutePoint(latitude: 0.0180871, longitude: 0.0359326),
    ]], source: .init(kind: .tracks))!

    static func poses(_ route: Route, _ configure: (inout FlightOptions) -> Void) throws -> [CameraPose] {
        var options = FlightOptions()
        configure(&options)
        let plan = try FlightPlanner(options: options).plan(for: route)
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        var poses: [CameraPose] = []
        _ = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: nil) { poses.append($0); return true }
        return poses
    }

    @Test func eachLegFacesItsOwnDirectionAndTurnsOnlyNearItsCorner() throws {
        let lookAhead = 500.0
        let poses = try Self.poses(Self.zRoute) {
            $0.timing = .distance; $0.duration = 30; $0.intro = 0; $0.outro = 0; $0.lookAhead = lookAhead
            $0.maxTurnRate = 90
        }
        // The centre is at distance 200 t m along the 6 km route at time t (the route clock is steady).
        let legHeadings = [90.0, 0, 90]
        // The margin: a quarter look-ahead moving average (+- 62.5 m) and a one-second box filter
        // in time (+- 0.5 s, 100 m at 200 m/s).
        let margin = lookAhead / 8 + 100
        for pose in poses {
            let s = pose.time * 200
            let leg = min(Int(s / 2000), 2)
            let toCorner = Double(leg + 1) * 2000 - s
            let fromCorner = s - Double(leg) * 2000
            let expected = legHeadings[leg]
            let off = abs(headingDifference(from: expected, to: pose.camera.heading))
            if fromCorner > margin + 1 && (leg == 2 || toCorner > lookAhead + margin + 1) {
                #expect(off < 1, "t = \(pose.time): heading \(pose.camera.heading), expected \(expected)")
            }
        }
        // Mid-leg (1 km into each leg, at 5, 15 and 25 s): within 1 degree of the leg's direction.
        for (i, t) in [5.0, 15, 25].enumerated() {
            let pose = try #require(poses.first { abs($0.time - t) < 1e-9 })
            #expect(abs(headingDifference(from: legHeadings[i], to: pose.camera.heading)) < 1, "t = \(t)")
        }
    }

    /// The README's example: the first and last frames are at rest (screen speed below 0.05 screen
    /// heights a second: ground speed over 2 d tan(fov / 2)).
    @Test func theReadmeExampleStartsAndEndsAtRest() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        let route = try #require(readRoute(url).value).route
        let poses = try Self.poses(route) { _ in }
        let fov = FlightOptions().framing.verticalFieldOfView
        func screenSpeed(_ a: CameraPose, _ b: CameraPose) -> Double {
            let ground = Geodesic.wgs84.inverse(from: a.camera.centerCoordinate, to: b.camera.centerCoordinate).distance
            return ground / (b.time - a.time) / (2 * a.camera.distance * tan(fov * .pi / 360))
        }
        #expect(screenSpeed(poses[0], poses[1]) < 0.05)
        #expect(screenSpeed(poses[poses.count - 2], poses[poses.count - 1]) < 0.05)
        // No jolt: the screen speed never changes by more than 0.4 screens/s from one frame to the
        // next (the old planner started at 0 and reached 0.7 within two frames). What remains is the
        // chord of a frame cutting a sharp corner of the route line (the centre stays on the line).
        var previous = screenSpeed(poses[0], poses[1])
        for i in 2..<poses.count {
            let v = screenSpeed(poses[i - 1], poses[i])
            #expect(abs(v - previous) < 0.4, "t = \(poses[i].time): \(previous) -> \(v)")
            previous = v
        }
    }
}
