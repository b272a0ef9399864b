import Foundation
import Testing
@testable import RouteKit

/// A leg no one travelled in its recorded time (a fix regained 184 m away 2 s later, as on the README's
/// hike, point 237) is left out of the odometer's speed; a route that is simply fast keeps its speed.
@Suite struct ImpossibleLegSpeedTests {
    /// Points one second apart heading north from 46° N, 14° E, each leg `metres(i)` long (the i-th leg),
    /// placed by the geodesic direct problem, so the legs' lengths are what the test chose.
    private func route(legs: Int, step: Double = 1, metres: (Int) -> Double) -> Route {
        var coordinate = LocationCoordinate2D(latitude: 46, longitude: 14)
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        var points = [RoutePoint(coordinate: coordinate, time: start)]
        for i in 0..<legs {
            coordinate = Geodesic.wgs84.direct(from: coordinate, azimuth: 0, distance: metres(i)).coordinate
            points.append(RoutePoint(coordinate: coordinate, time: start.addingTimeInterval(Double(i + 1) * step)))
        }
        return Route(segments: [points], source: Route.Source(kind: .tracks))!
    }

    @Test func aJumpOfTwoSecondsIsNotSpeed() throws {
        // Walking at 1.4 m/s, one second a leg, except legs 30 and 31: 92 m each (184 m in 2 s).
        let walk = route(legs: 60) { $0 == 30 || $0 == 31 ? 92 : 1.4 }
        let odometer = RouteOdometer(route: walk)
        for seconds in [28.0, 31.0, 33.5, 36.0] {
            let reading = try #require(odometer.reading(atRecordedSeconds: seconds))
            // The window around it holds 8 to 10 s of walking at 1.4 m/s and the jump's 2 s, left out.
            #expect(abs(try #require(reading.speed) - 1.4) < 1e-6, "at \(seconds) s: \(String(describing: reading.speed))")
        }
        // Away from the jump, the plain mean over 10 s.
        #expect(abs(try #require(odometer.reading(atRecordedSeconds: 10)?.speed) - 1.4) < 1e-6)
        // The route itself keeps the jump: its length is the 58 walked legs and the two jumped ones.
        #expect(abs(walk.length - (58 * 1.4 + 184)) < 1e-6)
    }

    /// The profile's windowed pace (five points) leaves the jump out too: every window walks at 1.4 m/s,
    /// 1000 / 1.4 = 714.29 s/km, where the windows over the jump would otherwise show 5 s/km.
    @Test func theProfilesPaceLeavesTheJumpOut() throws {
        let walk = route(legs: 60) { $0 == 30 || $0 == 31 ? 92 : 1.4 }
        let profile = try RouteProfile(walk)
        let paces = profile.bins.compactMap(\.pace)
        #expect(!paces.isEmpty)
        for pace in paces {
            #expect(abs(pace.lowerBound - 1000 / 1.4) < 1e-6 && abs(pace.upperBound - 1000 / 1.4) < 1e-6, "\(pace)")
        }
    }

    @Test func aJumpAtOneInstantIsNotSpeed() throws {
        // Two points recorded at one instant 300 m apart (a clock that did not move): infinitely fast.
        var walk = route(legs: 40) { $0 == 20 ? 300 : 1.4 }
        var points = walk.points
        points[21].time = points[20].time
        walk = Route(segments: [points], source: Route.Source(kind: .tracks))!
        let speed = try #require(RouteOdometer(route: walk).reading(atRecordedSeconds: 20)?.speed)
        // 9 s of walking at 1.4 m/s and the 300 m at no time left out of the 10 s window: 12.6 m in 10 s
        // (the flattened step is counted, as time passes there).
        #expect(abs(speed - 1.26) < 1e-6, "\(speed)")
    }

    @Test func aFastRouteKeepsItsSpeed() throws {
        // An airliner's 250 m/s, with a 400 m/s gust leg: under 5 times the median, so kept.
        let flight = route(legs: 60) { $0 == 30 ? 400 : 250 }
        let speed = try #require(RouteOdometer(route: flight).reading(atRecordedSeconds: 30.5)?.speed)
        #expect(abs(speed - (9 * 250 + 400) / 10) < 1e-6, "\(speed)")
    }
}
