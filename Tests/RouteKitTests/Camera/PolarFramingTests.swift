import Foundation
import Testing
@testable import RouteKit

/// Routes beyond Web Mercator's latitudes (85.05 degrees) are framed on the ellipsoid, and their fly-ins
/// run in a plane where a metre is a metre (a new user's
/// finding: a route at 89.9 N was framed
/// from 85.05 N at 3219 km, and its fly-in broke the zoom, speed and jolt limits).
@Suite struct PolarFramingTests {
    /// Eight points on the parallel 89.9 (N or S), every 45 degrees of longitude: their centroid is the
    /// pole, and each lies 11169.398 m from it (GeodSolve -i 89.9 0 90 0).
    private static func ring(south: Bool) -> Route {
        let lat = south ? -89.9 : 89.9
        let points = (0..<8).map { RoutePoint(latitude: lat, longitude: -180 + 45 * Double($0), elevation: nil, time: nil) }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }

    @Test(arguments: [false, true])
    func aRingAroundThePoleIsFramedOnThePole(south: Bool) {
        let framing = CameraFraming()
        let camera = framing.camera(framing: Self.ring(south: south))
        #expect(abs(abs(camera.centerCoordinate.latitude) - 90) < 1e-6, "\(camera.centerCoordinate)")
        // The farthest point is 11169.398 m away on each side: a box 22338.8 m square, margin 10 %.
        let expected = framing.distance(toFitWidth: 2 * 11169.398, height: 2 * 11169.398)
        #expect(abs(camera.distance - expected) / expected < 1e-4, "\(camera.distance) vs \(expected)")
    }

    @Test func aRouteWithinMercatorsLatitudesIsFramedAsMapKitDoes() {
        let route = Route(segments: [[RoutePoint(latitude: 46, longitude: 14, elevation: nil, time: nil),
                                      RoutePoint(latitude: 46.1, longitude: 14.2, elevation: nil, time: nil)]],
                          source: .init(kind: .tracks))!
        let framing = CameraFraming()
        #expect(framing.camera(framing: route) == framing.camera(framing: route.rect))
    }

    @Test(arguments: [false, true])
    func polarFlightsMoveWithinTheDefaultLimits(south: Bool) throws {
        // A route from 89.9 towards the pole and around it (and its mirror in the south).
        let sign = south ? -1.0 : 1.0
        let points = [(89.90, 0.0), (89.92, 60), (89.94, 140), (89.93, -120), (89.91, -40)].map {
            RoutePoint(latitude: sign * $0.0, longitude: $0.1, elevation: nil, time: nil)
        }
        let route = Route(segments: [points], source: .init(kind: .tracks))!
        for preset in [FlightOptions.Preset.follow, .overview, .orbit] {
            var options = FlightOptions()
            options.preset = preset
            let plan = try FlightPlanner(options: options).plan(for: route)
            let flight = try plan.script.resolved(for: route, framing: options.framing)
            let faults = MotionCheck.check(flight, framesPerSecond: 30, verticalFieldOfView: options.framing.verticalFieldOfView)
                .findings.filter { $0.severity != .note }
            #expect(faults.isEmpty, "\(preset): \(faults.map(\.message))")
            // The camera starts over the route, not 500 km away at the Mercator limit.
            let start = flight.camera.value(time: 0)
            #expect(abs(start.centerCoordinate.latitude) > 89.8, "\(preset): \(start.centerCoordinate)")
            #expect(start.distance < 200_000, "\(preset): \(start.distance)")
        }
    }
}
