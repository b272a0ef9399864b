import Foundation
import Testing
@testable import RouteKit

// Leg lengths from GeodSolve (GeographicLib, WGS 84), `GeodSolve -i -p 9`, input "lat1 lon1 lat2 lon2":
//   "0 0 0 0.01"              -> 1113.194907933   (equator: a * 0.01 degree in radians)
//   "0 0.01 0 0.0101"         -> 11.131949079     (exactly 1/100 of the leg above)
//   "0 0.0101 0.02 0.0101"    -> 2211.485517334   (meridian)
//   "0 0.01 0.02 0.0101"      -> 2211.513534587   (the gap leg of `gapRoute`)
//   "0.02 0.0101 0.03 0.0201" -> 1569.034645143
private let leg01 = 1113.194907933, leg12 = 11.131949079, leg23 = 2211.485517334
private let gapLeg = 2211.513534587, leg35 = 1569.034645143

private func point(_ lat: Double, _ lon: Double, _ time: Double? = nil) -> RoutePoint {
    RoutePoint(latitude: lat, longitude: lon, time: time.map { Date(timeIntervalSince1970: 1_700_000_000 + $0) })
}
private func route(_ segments: [[RoutePoint]]) -> Route {
    Route(segments: segments, source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: segments.count))!
}
/// An uneven polyline: 1113 m east, 11 m east, 2211 m north, then a duplicate point.
private func uneven(_ times: [Double?] = [nil, nil, nil, nil, nil]) -> Route {
    route([[point(0, 0, times[0]), point(0, 0.01, times[1]), point(0, 0.0101, times[2]),
            point(0.02, 0.0101, times[3]), point(0.02, 0.0101, times[4])]])
}

@Suite struct FlightTimingTests {
    @Test func equalMatchesTheWWDCSplit() {
        // WWDCFlyover: one CubicKeyframe of flightDuration / N per point, so point k is reached at T (k + 1) / N.
        let timing = FlightTiming.equal(for: uneven(), duration: 16)
        #expect(timing.times == [3.2, 6.4, 9.6, 12.8, 16])
        #expect(timing.duration == 16)
    }

    @Test func distanceGivesConstantGroundSpeed() {
        let timing = FlightTiming.distance(for: uneven(), duration: 100)
        let total = leg01 + leg12 + leg23  // 3335.812374346 m
        #expect(timing.times.count == 5)
        #expect(timing.times[0] == 0)
        // python3: 100 * 1113.194907933 / 3335.812374346 = 33.371028793285966; with the 11 m leg 33.70473908120893.
        #expect(isClose(timing.times[1], 33.371028793285966, absolute: 1e-8))
        #expect(isClose(timing.times[2], 33.70473908120893, absolute: 1e-8))
        #expect(isClose(timing.times[3], 100 * (leg01 + leg12) / total + 100 * leg23 / total, absolute: 1e-8))
        #expect(timing.times[4] == 100 && timing.times[3] == 100)  // zero-length leg: no time
        // The 1113 m leg takes 100 times as long as the 11 m leg (both on the equator).
        let long = timing.times[1] - timing.times[0], short = timing.times[2] - timing.times[1]
        #expect(isClose(long / short, 100, relative: 1e-9))
    }

    @Test func distanceFliesAcrossGapsOrSkipsThem() {
        let r = route([[point(0, 0), point(0, 0.01)], [point(0.02, 0.0101), point(0.03, 0.0201)]])
        let flying = FlightTiming.distance(for: r, duration: 60)
        let total = leg01 + gapLeg + leg35
        #expect(isClose(flying.times[1], 60 * leg01 / total, absolute: 1e-8))
        #expect(isClose(flying.times[2], 60 * (leg01 + gapLeg) / total, absolute: 1e-8))
        #expect(flying.times[3] == 60)
        let jumping = FlightTiming.distance(for: r, duration: 60, flyingGaps: false)
        #expect(isClose(jumping.times[1], 60 * leg01 / (leg01 + leg35), absolute: 1e-8))
        #expect(jumping.times[2] == jumping.times[1])
        #expect(jumping.times[3] == 60)
    }

    /// The follow preset's equal timing: every step of a segment the same time from point 0, a gap
    /// crossed at the route's mean speed. On the equator 0.001 degrees apart (three steps of 111.3 m)
    /// with a gap of 0.002 degrees (twice a step), 10 s give each step 2 s and the gap 4 s; with the gap
    /// cut, each step 10/3 s and the gap none. (Equal-length legs on the equator: the shares are exact
    /// to 1e-9 whatever the geodesic's length.)
    @Test func equalStepsStartAtPointZeroAndCrossGapsAtTheMeanSpeed() {
        let r = route([[point(0, 0), point(0, 0.001), point(0, 0.002)], [point(0, 0.004), point(0, 0.005)]])
        let flown = FlightTiming.equalSteps(for: r, duration: 10, flyingGaps: true).times
        for (t, e) in zip(flown, [0, 2, 4, 8, 10.0]) { #expect(abs(t - e) < 1e-6, "\(flown)") }
        let cut = FlightTiming.equalSteps(for: r, duration: 10, flyingGaps: false).times
        for (t, e) in zip(cut, [0, 10.0 / 3, 20.0 / 3, 20.0 / 3, 10]) { #expect(abs(t - e) < 1e-6, "\(cut)") }
        // The WWDC recipe's equal timing shares the time among the points instead: 2 s each, point 0 at 2 s.
        #expect(FlightTiming.equal(for: r, duration: 10).times == [2, 4, 6, 8, 10])
    }

    @Test func distanceOfAMotionlessRouteSpreadsEvenly() {
        let r = route([[point(1, 1), point(1, 1), point(1, 1)]])
        #expect(FlightTiming.distance(for: r, duration: 10).times == [0, 5, 10])
        #expect(FlightTiming.distance(for: route([[point(1, 1)]]), duration: 10).times == [0])
    }

    @Test func recordedWithSpeedupAndIdleCompression() throws {
        // A 600 s stop between the third and fourth points.
        let r = uneven([0, 10, 20, 620, 630])
        #expect(try FlightTiming.recorded(for: r).times == [0, 10, 20, 620, 630])
        #expect(try FlightTiming.recorded(for: r, speedup: 2).times == [0, 5, 10, 310, 315])
        let idle = try FlightTiming.recorded(for: r, speedup: 2, idle: .init(threshold: 60, duration: 1))
        #expect(idle.times == [0, 5, 10, 11, 16])
        #expect(idle.report.compressedIdleSteps == 1 && idle.report.compressedIdleTime == 600)
        // Compression never lengthens a step: at 60 times, the 10 s steps (over a 5 s threshold) take
        // 10 / 60 s, not 1 s; only the 600 s stop (10 s at 60 times) is cut to 1 s.
        let fast = try FlightTiming.recorded(for: r, speedup: 60, idle: .init(threshold: 5, duration: 1))
        let expected: [Double] = [0, 1.0 / 6, 2.0 / 6, 2.0 / 6 + 1, 3.0 / 6 + 1]
        #expect(fast.times.count == 5)
        for (t, e) in zip(fast.times, expected) { #expect(abs(t - e) < 1e-12, "\(fast.times)") }
        #expect(fast.report.compressedIdleSteps == 1)
        // Stretched to 30 s: the idle step takes 1 s, the 30 recorded moving seconds fill the other 29.
        let stretched = try FlightTiming.recorded(for: r, duration: 30, idle: .init(threshold: 60, duration: 1))
        #expect(isClose(stretched.times[1], 29.0 / 3, absolute: 1e-12))
        #expect(isClose(stretched.times[2], 58.0 / 3, absolute: 1e-12))
        #expect(isClose(stretched.times[3], 58.0 / 3 + 1, absolute: 1e-12))
        #expect(stretched.times[4] == 30)
        let plain = try FlightTiming.recorded(for: r, duration: 63)
        #expect(isClose(plain.times[3], 62, absolute: 1e-12) && plain.times[4] == 63)
    }

    @Test func recordedFillsMissingTimesByDistance() throws {
        // Point 2 untimed: between point 1 (100 s) and point 3 (300 s), 11.13 m of 2222.6 m along.
        let r = uneven([0, 100, nil, 300, 310])
        let timing = try FlightTiming.recorded(for: r)
        #expect(timing.report.filledTimes == 1)
        #expect(isClose(timing.times[2], 100 + 200 * leg12 / (leg12 + leg23), absolute: 1e-9))
        #expect(timing.times[3] == 300 && timing.times[4] == 310)
        // Point 0 untimed: extrapolated at the timed part's mean speed, (11.13 + 2211.49 + 0) m in 200 s.
        let lead = try FlightTiming.recorded(for: uneven([nil, 0, nil, 200, 200]))
        #expect(lead.report.filledTimes == 2)
        let speed = (leg12 + leg23) / 200
        let t0 = -leg01 / speed
        #expect(isClose(lead.times[1], -t0, absolute: 1e-9))
        #expect(isClose(lead.times[3], 200 - t0, absolute: 1e-9))
        #expect(lead.report.nonIncreasingSteps == 1)  // the duplicate last point at the same time
    }

    @Test func recordedZeroesBackwardAndEqualSteps() throws {
        let timing = try FlightTiming.recorded(for: uneven([0, 10, 5, 5, 20]))
        #expect(timing.times == [0, 10, 10, 10, 25])
        #expect(timing.report.nonIncreasingSteps == 2)
    }

    @Test func untimedRouteThrowsAndSuggestsDistance() {
        let error = #expect(throws: FlightTimingError.self) { try FlightTiming.recorded(for: uneven()) }
        #expect(error == .untimedRoute(timedPoints: 0, points: 5))
        #expect(error?.description.contains("distance") == true)
        #expect(throws: FlightTimingError.untimedRoute(timedPoints: 1, points: 5)) {
            try FlightTiming.recorded(for: uneven([nil, 3, nil, nil, nil]), duration: 10)
        }
    }
}
