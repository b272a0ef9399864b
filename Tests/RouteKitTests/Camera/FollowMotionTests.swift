import Foundation
import Testing
@testable import RouteKit

/// The follow preset moves like a camera operator: it starts and ends at rest, and its
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

    /// The heading faces each leg's direction except within `lookAhead` metres of a corner (on either
    /// side: it starts turning as the look-ahead reaches the corner, and the turn-rate and turn-
    /// acceleration limits spread the turn around that), and exactly at mid-leg.
    @Test(arguments: [90.0, FlightOptions.defaultMaxTurnRate])
    func eachLegFacesItsOwnDirectionAndTurnsOnlyNearItsCorner(maxTurnRate: Double) throws {
        let lookAhead = 500.0
        let poses = try Self.poses(Self.zRoute) {
            $0.timing = .distance; $0.duration = 30; $0.intro = 0; $0.outro = 0; $0.lookAhead = lookAhead
            $0.maxTurnRate = maxTurnRate
        }
        // The rider is at distance 200 t m along the 6 km route at time t (the route clock is steady).
        let legHeadings = [90.0, 0, 90]
        var checked = 0
        for pose in poses {
            let s = pose.time * 200
            let leg = min(Int(s / 2000), 2)
            // A 90-degree turn within the planner's turn acceleration (36 degrees per second squared)
            // lasts at least 2 sqrt(90 / 36) = 3.2 s, 630 m, so centred on the look-ahead's own turn
            // (the last 500 m before the corner) it starts up to 70 m earlier: 100 m of margin.
            let nearCorner = [2000.0, 4000].contains { abs(s - $0) <= lookAhead + 100 }
            let off = abs(Angles.headingDifference(from: legHeadings[leg], to: pose.camera.heading))
            // A 90-degree turn at the default 25 degrees per second takes at least 3.6 s (720 m), more
            // than the look-ahead: then only the middle of each leg is asserted.
            let tooSlow = maxTurnRate < 90 && [2000.0, 4000].contains { abs(s - $0) <= 2 * lookAhead }
            if !nearCorner && !tooSlow {
                checked += 1
                #expect(off < 1, "t = \(pose.time): heading \(pose.camera.heading), expected \(legHeadings[leg])")
            }
        }
        #expect(checked > 100)
        // Mid-leg (1 km into each leg, at 5, 15 and 25 s): within 1 degree of the leg's direction.
        for (i, t) in [5.0, 15, 25].enumerated() {
            let pose = try #require(poses.first { abs($0.time - t) < 1e-9 })
            #expect(abs(Angles.headingDifference(from: legHeadings[i], to: pose.camera.heading)) < 1, "t = \(t)")
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
