import Foundation
import Testing
@testable import RouteKit

/// The state of a follow track (`FollowTrack.State`): the named centre, elevation and heading and their
/// rates, on a route whose values are known by hand.
@Suite struct FollowTrackStateTests {
    /// Due north along 14 E from 46 N, 11 points 0.001 degrees apart, 10 s apart, the ground rising
    /// 10 m a point from 100 m: on a straight leg at a steady pace the smoothed centre is the rider
    /// (the Gaussian of a straight line, reflected oddly at its ends, is that line).
    static func straightTrack(heading: FlightOptions.Heading = .fixed(30)) -> FollowTrack {
        let points = (0...10).map { RoutePoint(latitude: 46 + 0.001 * Double($0), longitude: 14) }
        let route = Route(segments: [points], source: .init(kind: .tracks))!
        let targets = FollowTrack.Targets(screenHeight: 1000, screenAcceleration: 1e6, eyeAcceleration: 1e6,
                                          turnRate: 1e6, turnAcceleration: 1e6)
        return FollowTrack(route: route, times: (0...10).map { 10 * Double($0) }, range: 0...10,
                           elevations: (0...10).map { 100 + 10 * Double($0) }, heading: heading, lookAhead: 100, targets: targets)
    }

    @Test func theStateNamesTheCentreElevationAndHeading() {
        let (value, rate) = Self.straightTrack().state(atRouteTime: 50)
        // Half way: point 5, 46.005 N 14 E, 150 m, facing the fixed 30 degrees.
        #expect(abs(value.latitude - 46.005) < 1e-9)
        #expect(abs(value.longitude - 14) < 1e-9)
        #expect(abs(value.elevation - 150) < 1e-6)
        #expect(value.heading == 30)
        #expect(value.centerCoordinate == LocationCoordinate2D(latitude: value.latitude, longitude: value.longitude))
        // 0.001 degrees and 10 m every 10 s; a fixed heading does not turn.
        #expect(abs(rate.latitude - 0.0001) < 1e-10)
        #expect(abs(rate.longitude) < 1e-10)
        #expect(abs(rate.elevation - 1) < 1e-6)
        #expect(rate.heading == 0)
    }

    @Test func betweenSamplesTheStateIsOnTheLine() {
        // Samples are 0.05 s apart; 50.025 s is half way between two, still on the straight line.
        let value = Self.straightTrack().state(atRouteTime: 50.025).value
        #expect(abs(value.latitude - (46 + 0.0001 * 50.025)) < 1e-9)
        #expect(abs(value.elevation - 150.025) < 1e-6)
    }

    @Test func anEndpointsHeadingFacesFromStartToEnd() {
        // Due north: the start-to-end heading is 0 (a meridian).
        let track = Self.straightTrack(heading: .endpoints)
        #expect(abs(track.state(atRouteTime: 20).value.heading) < 1e-9)
        #expect(abs(track.startHeading) < 1e-9 && abs(track.endHeading) < 1e-9)
    }

    @Test func aRateScalesComponentByComponent() {
        let rate = FollowTrack.State(latitude: 1, longitude: -2, elevation: 3, heading: 0.5)
        #expect(rate.scaled(by: 2) == FollowTrack.State(latitude: 2, longitude: -4, elevation: 6, heading: 1))
    }
}
