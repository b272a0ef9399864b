import Foundation
import Testing
@testable import RouteKit

/// The toy route of docs/keyframes.md#keyframe-track-vectors KF-H2: four points, 4 s each with the default 16 s flight.
private let toyRoute = Route(
    segments: [[RoutePoint(latitude: 49.63, longitude: 6.20), RoutePoint(latitude: 49.66, longitude: 6.21),
                RoutePoint(latitude: 49.68, longitude: 6.24), RoutePoint(latitude: 49.70, longitude: 6.25)]],
    source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!

// Independent values (python3, from the formulas in docs/camera.md#framing-a-rect and docs/keyframes.md#cubic-keyframes):
// - the rect's centre latitude, the Web Mercator midpoint of 49.63 and 49.70: 49.6650125897872;
// - rect height 7785.582082884 m (GeodSolve -i: "49.63 6.225 49.70 6.225"), width 3609.634249061823 m (the
//   parallel arc of 0.05 degrees at 49.665...), so the framing distance is 7785.582082884 * 1.5 * 1.1
//   = 12846.2104367586 m (tan(fov/2) = 1/3, margin 10 %, 16:9 view: the height decides);
// - heading(start, end) = 24.854834565471084 (GeodSolve -i: "49.63 6.2 49.7 6.25", azi1).
private let centerLatitude = 49.6650125897872
private let framedDistance = 12846.2104367586
private let routeHeading = 24.854834565471084

@Suite struct WWDCFlyoverTests {
    @Test func initialCameraFramesTheRouteRect() {
        let camera = WWDCFlyover().initialCamera(for: toyRoute)
        #expect(isClose(camera.centerCoordinate.latitude, centerLatitude, absolute: 1e-10))
        #expect(isClose(camera.centerCoordinate.longitude, 6.225, absolute: 1e-10))
        #expect(isClose(camera.distance, framedDistance, absolute: 1e-6))
        #expect(camera.heading == 0 && camera.pitch == 0)
    }

    @Test func framingDistanceFollowsTheFieldOfView() {
        // d = max(h, w / aspect) / (2 tan(fov / 2)) * (1 + margin): a 1000 x 1000 m area in a 16:9 view at
        // 90 degrees and no margin is 500 m away; the width decides when it is wider than 16:9.
        let framing = CameraFraming(verticalFieldOfView: 90, margin: 0)
        #expect(isClose(framing.distance(toFitWidth: 1000, height: 1000), 500, absolute: 1e-9))
        #expect(isClose(framing.distance(toFitWidth: 3556, height: 1000), 3556 / (16.0 / 9) / 2, absolute: 1e-9))
    }

    @Test func durationIsFlightPlusReturn() throws {
        #expect(try WWDCFlyover().timeline(for: toyRoute).duration == 20)
        #expect(try WWDCFlyover(flightDuration: 30, returnDuration: 0).timeline(for: toyRoute).duration == 30)
    }

    @Test func atZeroTheCameraIsTheInitialOne() throws {
        let c = try WWDCFlyover().timeline(for: toyRoute).value(time: 0)
        #expect(c == WWDCFlyover().initialCamera(for: toyRoute))
    }

    @Test func atFourSecondsTheCentreIsOnTheFirstPoint() throws {
        let c = try WWDCFlyover().timeline(for: toyRoute).value(time: 4)
        #expect(isClose(c.centerCoordinate.latitude, 49.63, absolute: 1e-12))
        #expect(isClose(c.centerCoordinate.longitude, 6.20, absolute: 1e-12))
        #expect(isClose(c.distance, 24000, absolute: 1e-9))
        // Heading segment 0 (0 -> h over 6 s, at rest at 0, velocity h / 14 at 6 s): Hermite at u = 2/3 is
        // h * 20/27 + (-4/27) * (6 h / 14) = h * 128/189.
        #expect(isClose(c.heading, routeHeading * 128 / 189, absolute: 1e-9))
    }

    @Test func atSixSecondsTheHeadingIsTheRouteHeading() throws {
        let c = try WWDCFlyover().timeline(for: toyRoute).value(time: 6)
        #expect(isClose(c.heading, routeHeading, absolute: 1e-9))
        // Centre: segment p0 -> p1 at u = 1/2 with Catmull-Rom velocities (p1 - C0) / 8 and (p2 - p0) / 8:
        // (p0 + p1) / 2 + (p1 - C0 - p2 + p0) / 16.
        #expect(isClose(c.centerCoordinate.latitude, 49.6415617131383, absolute: 1e-10))
        #expect(isClose(c.centerCoordinate.longitude, 6.2015625, absolute: 1e-10))
        // Distance: segment 24000 -> 18000 over 12 s at u = 1/6, velocities (18000 - D0) / 16 and (D0 - 24000) / 16.
        #expect(isClose(c.distance, 24196.575301726534, absolute: 1e-6))
    }

    @Test func atSixteenSecondsTheCentreIsOnTheLastPoint() throws {
        let c = try WWDCFlyover().timeline(for: toyRoute).value(time: 16)
        #expect(isClose(c.centerCoordinate.latitude, 49.70, absolute: 1e-12))
        #expect(isClose(c.centerCoordinate.longitude, 6.25, absolute: 1e-12))
        #expect(isClose(c.distance, 18000, absolute: 1e-9))
        // Heading returns over 14..20 s from h, starting with velocity -h / 14: at u = 1/3 it is h * 128/189.
        #expect(isClose(c.heading, routeHeading * 128 / 189, absolute: 1e-9))
    }

    @Test func atTwentySecondsTheCameraIsBackAtTheStart() throws {
        let timeline = try WWDCFlyover().timeline(for: toyRoute)
        let c = timeline.value(time: 20)
        #expect(isClose(c.centerCoordinate.latitude, centerLatitude, absolute: 1e-10))
        #expect(isClose(c.centerCoordinate.longitude, 6.225, absolute: 1e-10))
        #expect(isClose(c.distance, framedDistance, absolute: 1e-6))
        #expect(isClose(c.heading, 0, absolute: 1e-12))
        #expect(timeline.value(time: 25) == c)  // held after the end
    }

    @Test func headingNearNorthTurnsTheShortWay() throws {
        // Start-to-end heading of about 355 degrees (slightly west of north): the camera turns 5 degrees left,
        // never through 180.
        let route = try #require(Route(segments: [[RoutePoint(latitude: 0, longitude: 0.1), RoutePoint(latitude: 1, longitude: 0.0125)]],
                                       source: .init(kind: .tracks)))
        let timeline = try WWDCFlyover().timeline(for: route)
        let poses = PoseSampler(framesPerSecond: 10).poses(of: timeline)
        let worst = poses.map { angularDistance($0.camera.heading, 0) }.max() ?? 0
        #expect(worst < 6)
        #expect(poses.allSatisfy { (0..<360).contains($0.camera.heading) })
    }

    @Test func antimeridianRouteIsFlownAcrossIt() throws {
        let route = try #require(Route(
            segments: [[RoutePoint(latitude: -17, longitude: 179.2), RoutePoint(latitude: -17.1, longitude: 179.8),
                        RoutePoint(latitude: -17.2, longitude: -179.7), RoutePoint(latitude: -17.3, longitude: -179.2)]],
            source: .init(kind: .tracks)))
        let poses = PoseSampler(framesPerSecond: 30).poses(of: try WWDCFlyover().timeline(for: route))
        // Never near longitude 0: every centre stays within a degree of the antimeridian.
        #expect(poses.allSatisfy { abs($0.camera.centerCoordinate.longitude) > 178.5 })
        #expect(poses.allSatisfy { (-180...180).contains($0.camera.centerCoordinate.longitude) })
    }

    @Test func aOnePointRouteCannotBeFlown() throws {
        let route = try #require(Route(segments: [[RoutePoint(latitude: 1, longitude: 1)]], source: .init(kind: .tracks)))
        #expect(throws: FlightPlanError.tooFewPoints(1)) { try WWDCFlyover().timeline(for: route) }
    }
}
