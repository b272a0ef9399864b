import Foundation
import Testing
@testable import RouteKit

/// A route whose longitudes, unwrapped along it, go round the world more than once (a circumnavigation
/// flown twice, or a file of points scattered over the globe) has a map rect many worlds wide; no view
/// holds more than the whole parallel (a new user's file of random points was framed 376 million km out,
/// and every command refused the camera script the planner had made).
@Suite struct WorldWideFramingTests {
    /// Points on the equator every 60 degrees of longitude, eastward, `laps` times round.
    private static func equator(laps: Int) -> Route {
        let points = (0...(6 * laps)).map { RoutePoint(latitude: 0, longitude: remainder(60 * Double($0), 360), elevation: nil, time: nil) }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }

    @Test func aRouteRoundTheWorldFiveTimesIsFramedAsTheWholeEquator() {
        let route = Self.equator(laps: 5)
        #expect(route.rect.width > 4.9 * MapSize.world.width)
        let framing = CameraFraming()
        // The equator is 2 pi a long on WGS 84: 40,075,016.686 m.
        let expected = framing.distance(toFitWidth: 40_075_016.686, height: 0)
        let camera = framing.camera(framing: route.rect)
        #expect(abs(camera.distance - expected) / expected < 1e-9, "\(camera.distance) vs \(expected)")
        #expect(camera == framing.camera(framing: Self.equator(laps: 1).rect))
    }

    @Test func itsFlightIsPlannedWithinTheCamerasLimits() throws {
        // Sixty laps: framed as they are, 1.3 million km out, beyond the 1e9 m a script's distance may be.
        let route = Self.equator(laps: 60)
        let options = FlightOptions()
        let plan = try FlightPlanner(options: options).plan(for: route)
        let flight = try plan.script.resolved(for: route, framing: options.framing)
        #expect(flight.duration > 0)
    }
}
