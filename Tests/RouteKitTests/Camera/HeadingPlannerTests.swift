import Foundation
import Testing
@testable import RouteKit

private func route(_ coordinates: [(Double, Double)]) -> Route {
    Route(segments: [coordinates.map { RoutePoint(latitude: $0.0, longitude: $0.1) }],
          source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!
}

@Suite struct HeadingPlannerTests {
    /// A zigzag heading north: legs alternate about +15 and -15 degrees (345), around north.
    private let zigzag = route((0..<40).map { (Double($0) * 0.01, Double($0 % 2) * 0.003) })

    @Test func headingsCrossingNorthNeverSpin() {
        let series = HeadingPlanner.along(.init(lookAhead: 100, minimumDistance: 1)).headings(for: zigzag)
        #expect(series.unwrapped.count == 40)
        for (a, b) in zip(series.unwrapped, series.unwrapped.dropFirst()) {
            #expect(abs(b - a) <= 180)
            #expect(abs(b - a) < 40)  // two legs of about +-15 degrees: about 30 degrees apart
        }
        for h in series.unwrapped { #expect(angularDistance(h, 0) < 20) }
        // Unwrapped, all values sit within one turn of the first (no drift by 360).
        for h in series.unwrapped { #expect(abs(h - series.unwrapped[0]) < 40) }
        for h in series.normalized { #expect((0..<360).contains(h)) }
        // It really oscillates across north: both sides occur.
        #expect(series.normalized.contains { $0 > 300 } && series.normalized.contains { $0 < 60 })
    }

    @Test func smoothingDampsTheZigzag() {
        let raw = HeadingPlanner.along(.init(lookAhead: 100, minimumDistance: 1)).headings(for: zigzag)
        let smooth = HeadingPlanner.along(.init(lookAhead: 100, minimumDistance: 1, smoothingWindow: 5000))
            .headings(for: zigzag)
        func spread(_ s: [Double]) -> Double { s[5..<35].max()! - s[5..<35].min()! }
        #expect(spread(smooth.unwrapped) < spread(raw.unwrapped) / 3)
        for h in smooth.unwrapped { #expect(angularDistance(h, 0) < 20) }
    }

    @Test func stopsHoldTheHeading() {
        // East along the equator, a stop of 10 duplicate points, on east, then a stop at the end.
        var coordinates: [(Double, Double)] = (0...5).map { (0, Double($0) * 0.001) }
        coordinates += Array(repeating: (0, 0.005), count: 10)
        coordinates += (6...9).map { (0, Double($0) * 0.001) }
        coordinates += Array(repeating: (0, 0.009), count: 10)
        let series = HeadingPlanner.along(.init(lookAhead: 50, minimumDistance: 5)).headings(for: route(coordinates))
        #expect(series.unwrapped.count == coordinates.count)
        // Along the equator the geodesic azimuth is exactly 90 (GeodSolve -i "0 0 0 0.001": azi1 90).
        for h in series.unwrapped { #expect(isClose(h, 90, absolute: 1e-9)) }
    }

    @Test func turnRateClampIsExact() {
        // East 2 legs, then north: look-ahead 10 m gives 90, 90, then 0 from the corner on
        // (equator azimuth 90 and meridian azimuth 0 are exact in PROJ).
        let r = route([(0, 0), (0, 0.01), (0, 0.02), (0.01, 0.02), (0.02, 0.02), (0.03, 0.02)])
        let free = HeadingPlanner.along(.init(lookAhead: 10, minimumDistance: 1)).headings(for: r)
        #expect(free.unwrapped.map { ($0 * 1e9).rounded() / 1e9 } == [90, 90, 0, 0, 0, 0])
        let clamped = HeadingPlanner.along(.init(lookAhead: 10, minimumDistance: 1, maxTurnRate: 30))
            .headings(for: r, times: [0, 1, 2, 3, 4, 5])
        let expected: [Double] = [90, 90, 60, 30, 0, 0]
        for (h, e) in zip(clamped.unwrapped, expected) { #expect(isClose(h, e, absolute: 1e-9)) }
        // Half-second steps: 15 degrees per step.
        let slow = HeadingPlanner.along(.init(lookAhead: 10, minimumDistance: 1, maxTurnRate: 30))
            .headings(for: r, times: [0, 0.5, 1, 1.5, 2, 2.5])
        for (h, e) in zip(slow.unwrapped, [90.0, 90, 75, 60, 45, 30]) { #expect(isClose(h, e, absolute: 1e-9)) }
    }

    @Test func nearTheNorthPoleStaysFinite() {
        // Circling the pole at 89.99 degrees, with a pass through the pole itself.
        var coordinates: [(Double, Double)] = (0..<36).map { (89.99, Double($0) * 10 - 180) }
        coordinates += [(90, 0), (89.99, 0), (89.99, 0)]
        let r = route(coordinates)
        for planner in [HeadingPlanner.along(.init(lookAhead: 300, minimumDistance: 1, smoothingWindow: 500)),
                        .along(.init(lookAhead: 300, maxTurnRate: 20)), .endpoints, .fixed(-10)] {
            let series = planner.headings(for: r, times: (0..<coordinates.count).map(Double.init))
            #expect(series.unwrapped.count == coordinates.count)
            for h in series.unwrapped { #expect(h.isFinite) }
            for (a, b) in zip(series.unwrapped, series.unwrapped.dropFirst()) { #expect(abs(b - a) <= 180) }
            for h in series.normalized { #expect((0..<360).contains(h)) }
        }
    }

    @Test func endpointsAndFixed() {
        let r = route([(49.63, 6.20), (49.66, 6.21), (49.70, 6.25)])
        // GeodSolve -i "49.63 6.2 49.7 6.25": azi1 24.854834565471084 (as in WWDCFlyoverTests).
        for h in HeadingPlanner.endpoints.headings(for: r).unwrapped { #expect(isClose(h, 24.854834565471084, absolute: 1e-9)) }
        #expect(HeadingPlanner.fixed(-30).headings(for: r).normalized == [330, 330, 330])
        // A route that never moves: the endpoints heading of one place, 0.
        #expect(HeadingPlanner.along(.init()).headings(for: route([(1, 1), (1, 1)])).unwrapped == [0, 0])
    }
}
