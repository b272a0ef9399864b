import Foundation
import Testing
@testable import RouteKit

/// The follow distance (`FollowDistance`), checked against its documented formula worked by hand:
/// `calm(c) = max(min(max(D / 5, 300), 50000), min(v max(c, 1.2) / (0.4 k), D))`, with `k = 2 tan(fov / 2)`.
@Suite struct FollowDistanceTests {
    /// The default field of view is `2 atan(1/3)`, so `k = 2 tan(atan(1/3)) = 2/3` exactly (in reals).
    static let k = 2.0 / 3.0

    static func rule(framing D: Double, speed v: Double) -> FollowDistance {
        FollowDistance(framingDistance: D, groundSpeed: v, screenHeightPerMetre: k)
    }

    @Test func theDefaultFieldOfViewShowsTwoThirdsOfAScreenHeightPerMetre() {
        #expect(abs(CameraFraming().screenHeightPerMetre - 2.0 / 3.0) < 1e-12)
    }

    @Test func aSlowRouteIsFollowedFromAFifthOfItsFramingDistance() {
        // v = 1 m/s: 1 * 1.2 / (0.4 * 2/3) = 4.5 m, far under D / 5 = 2000 m.
        #expect(abs(Self.rule(framing: 10_000, speed: 1).calm(pace: 1.2) - 2000) < 1e-9)
    }

    @Test func theFifthIsKeptWithin300And50000Metres() {
        #expect(abs(Self.rule(framing: 1000, speed: 1).calm(pace: 1.2) - 300) < 1e-9)  // D / 5 = 200
        #expect(abs(Self.rule(framing: 1_000_000, speed: 1).calm(pace: 1.2) - 50_000) < 1e-9)  // D / 5 = 200000
    }

    @Test func aFastRouteIsFollowedFromFurtherOut() {
        // v = 200 m/s at the eases' pace 1.2: 240 / (0.4 * 2/3) = 900 m > D / 5 = 600 m.
        #expect(abs(Self.rule(framing: 3000, speed: 200).calm(pace: 1.2) - 900) < 1e-9)
        // At a piece's pace of 1.5: 300 / (0.4 * 2/3) = 1125 m.
        #expect(abs(Self.rule(framing: 3000, speed: 200).calm(pace: 1.5) - 1125) < 1e-9)
        // A pace under 1.2 counts as 1.2 (the eases run that fast).
        #expect(abs(Self.rule(framing: 3000, speed: 200).calm(pace: 1.0) - 900) < 1e-9)
    }

    @Test func theCalmDistanceStopsAtTheFramingDistance() {
        // v = 2000 m/s: 2400 / (0.4 * 2/3) = 9000 m, more than D = 3000 m.
        #expect(abs(Self.rule(framing: 3000, speed: 2000).calm(pace: 1.2) - 3000) < 1e-9)
    }

    @Test func theDistanceKeepingASpeedCalmShowsItAtFourTenthsOfAScreenHeightASecond() {
        // 10 m/s at 0.4 screen heights a second: one screen height is 25 m, at 25 / (2/3) = 37.5 m.
        #expect(abs(Self.rule(framing: 3000, speed: 0).distance(keepingCalm: 10) - 37.5) < 1e-9)
    }

    @Test func aCentreWithinTheScreenSpeedIsNotWidened() {
        // At 600 m the centre may move 0.45 * 600 * 2/3 = 180 m/s.
        #expect(Self.rule(framing: 3000, speed: 0).widened(from: 600, forPeakSpeed: 150) == nil)
        #expect(Self.rule(framing: 3000, speed: 0).widened(from: 600, forPeakSpeed: 180) == nil)
    }

    @Test func aFasterCentreIsFollowedFromWhereItKeepsNineteenTwentiethsOfTheLimit() throws {
        // 300 m/s needs 300 / (0.95 * 0.45 * 2/3) = 300 / 0.285 = 1052.63 m.
        let wider = try #require(Self.rule(framing: 3000, speed: 0).widened(from: 600, forPeakSpeed: 300))
        #expect(abs(wider - 300 / 0.285) < 1e-9)
    }

    @Test func widenedIsAtMostFourFramingDistances() throws {
        // 3000 m/s would need 10526 m; 4 D = 8000 m.
        let wider = try #require(Self.rule(framing: 2000, speed: 0).widened(from: 600, forPeakSpeed: 3000))
        #expect(abs(wider - 8000) < 1e-9)
        // Already at 4 D: no wider distance.
        #expect(Self.rule(framing: 2000, speed: 0).widened(from: 8000, forPeakSpeed: 30_000) == nil)
    }

    @Test func theLookAheadIsAThirdOfTheDistanceWithin25And5000Metres() {
        #expect(FollowDistance.lookAhead(followDistance: 30) == 25)
        #expect(abs(FollowDistance.lookAhead(followDistance: 300) - 100) < 1e-12)
        #expect(FollowDistance.lookAhead(followDistance: 30_000) == 5000)
    }

    @Test func theTypicalGroundSpeedIsThe95thPercentileByTime() {
        // Along the equator; geod +ellps=WGS84 -I -f %.9f -F %.6f: 0 0 0 0.001 -> 111.319491 m,
        // 0 0 0 0.01 -> 1113.194908 m. Legs: 111.32 m in 10 s (11.13 m/s), 111.32 m in 100 s
        // (1.11 m/s), 1113.19 m in 1 s (1113 m/s), then a gap of 0.488 degrees (54 km) in 50 s, and a
        // leg crossed in no time (both left out). Time-weighted, 95 % of the 111 s is reached within
        // the 11.13 m/s leg (100 s + 10 s = 110 s >= 105.45 s): the 1 s burst does not count. Were the
        // gap counted (1086 m/s for 50 s), 95 % of 161 s would be reached only within it.
        let lons = [0.0, 0.001, 0.002, 0.012]
        let first = lons.map { RoutePoint(latitude: 0, longitude: $0) }
        let second = [RoutePoint(latitude: 0, longitude: 0.5), RoutePoint(latitude: 0, longitude: 0.501)]
        let route = Route(segments: [first, second], source: .init(kind: .tracks))!
        let speed = FollowDistance.typicalGroundSpeed(route, times: [0, 10, 110, 111, 161, 161])
        #expect(abs(speed - 111.319491 / 10) < 1e-6)
        // Legs crossed in no time and gaps only: 0.
        #expect(FollowDistance.typicalGroundSpeed(route, times: [0, 0, 0, 0, 5, 5]) == 0)
    }
}
