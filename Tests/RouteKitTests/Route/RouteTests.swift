import Foundation
import Testing
@testable import RouteKit

private func point(_ lat: Double, _ lon: Double, time: Double? = nil) -> RoutePoint {
    RoutePoint(latitude: lat, longitude: lon, time: time.map { Date(timeIntervalSince1970: $0) })
}

@Suite struct RouteTests {
    @Test func legsAreGeodesicsAndLengthAddsThem() throws {
        // GeodSolve -i -p 9: "0 0 0 1" -> 111319.490793274 m, azimuth 90;
        // "0 1 0 1.001" -> 111.319490793 m, 90; "0 1.001 0.001 1.001" -> 110.574275822 m, 0.
        let route = try #require(Route(
            segments: [[point(0, 0), point(0, 1), point(0, 1.001), point(0.001, 1.001)]],
            source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1)))
        #expect(route.legs.count == 3)
        #expect(isClose(route.legs[0].distance, 111319.490793274, absolute: 1e-6))
        #expect(isClose(route.legs[1].distance, 111.319490793, absolute: 1e-6))
        #expect(isClose(route.legs[2].distance, 110.574275822, absolute: 1e-6))
        #expect(isClose(route.legs[0].heading, 90, absolute: 1e-9))
        #expect(route.legs[2].heading == 0)
        #expect(isClose(route.length, 111319.490793274 + 111.319490793 + 110.574275822, absolute: 1e-6))
        #expect(route.cumulativeDistances.count == 4)
        #expect(isClose(route.cumulativeDistances[2], 111319.490793274 + 111.319490793, absolute: 1e-6))
        #expect(route.start == LocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(route.end == LocationCoordinate2D(latitude: 0.001, longitude: 1.001))
    }

    @Test func zeroLengthLegsCarryThePreviousHeading() throws {
        let route = try #require(Route(
            segments: [[point(0, 0), point(0, 1), point(0, 1), point(0, 1), point(1, 1)]],
            source: .init(kind: .tracks)))
        #expect(route.legs.map(\.distance)[1...2] == [0, 0])
        // Not PROJ's meaningless 180 for the duplicates: east (90) carries over.
        #expect(route.legs.map { ($0.heading * 1e9).rounded() / 1e9 } == [90, 90, 90, 0])
    }

    @Test func leadingZeroLegsTakeTheFirstRealHeading() throws {
        let route = try #require(Route(
            segments: [[point(10, 10), point(10, 10), point(11, 10)]], source: .init(kind: .tracks)))
        #expect(route.legs.map(\.heading) == [0, 0])
        let west = try #require(Route(
            segments: [[point(10, 10), point(10, 10), point(10, 9)]], source: .init(kind: .tracks)))
        #expect(west.legs[0].heading == west.legs[1].heading)
        #expect(west.legs[0].heading > 269 && west.legs[0].heading < 271)
    }

    @Test func gapsBetweenSegmentsAreMeasuredButNotTravelled() throws {
        let route = try #require(Route(
            segments: [[point(0, 0), point(0, 1)], [], [point(0, 2), point(0, 3)]],
            source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 3)))
        #expect(route.segments == [0..<2, 2..<4])  // the empty segment is dropped
        #expect(route.legs.map(\.isGap) == [false, true, false])
        #expect(isClose(route.legs[1].distance, 111319.490793274, absolute: 1e-6))
        #expect(isClose(route.length, 2 * 111319.490793274, absolute: 1e-6))
        #expect(route.cumulativeDistances[2] == route.cumulativeDistances[1])
    }

    @Test func antimeridianRouteHasATightBoxAndRect() throws {
        // The bendgc route's jump 178.58 -> -170.89 (real/gpx/gpsbabel-bendgc-expected.gpx).
        let route = try #require(Route(segments: [[point(35, 178.58), point(40, -170.89)]], source: .init(kind: .routes)))
        #expect(route.boundingBox == BoundingBox(west: 178.58, south: 35, east: -170.89, north: 40))
        #expect(route.rect.spans180thMeridian)
        #expect(route.rect.width < MapSize.world.width / 30)
        // GeodSolve -i -p 9 <<< "35 178.58 40 -170.89" -> azi1 56.07064930644143, s12 1082823.940378414
        #expect(isClose(route.length, 1082823.940378414, absolute: 1e-6))
        #expect(isClose(route.legs[0].heading, 56.07064930644143, absolute: 1e-9))
    }

    @Test func recordedTimesAreTheFirstAndLastTimedPoints() throws {
        let route = try #require(Route(
            segments: [[point(0, 0), point(0, 0.05, time: 100), point(0, 0.1, time: 90), point(0, 0.2), point(0, 0.3, time: 160.5), point(0, 0.4)]],
            source: .init(kind: .tracks)))
        #expect(route.startTime == Date(timeIntervalSince1970: 100))  // first timed point, not the earliest (90)
        #expect(route.endTime == Date(timeIntervalSince1970: 160.5))
        #expect(route.recordedDuration == 60.5)
        #expect(route.timedPointCount == 3)
        let untimed = try #require(Route(segments: [[point(0, 0), point(1, 1)]], source: .init(kind: .tracks)))
        #expect(untimed.startTime == nil && untimed.recordedDuration == nil)
    }

    /// Untimed points after the last timed one are timed at the recording's moving speed, not at a mean
    /// that counts a year-long break between two tracks (togeojson's osm.gpx: 22 km made to last 13 years).
    /// Two tracks a year apart, each 10 points 0.0001 degrees of longitude (11.13 m) apart on the equator
    /// at 1 s per step, the second followed by 5 untimed points at the same spacing: they are 1 s apart.
    @Test func untimedPointsAreExtrapolatedAtTheMovingSpeed() throws {
        let year = 365.0 * 86_400
        let first = (0..<10).map { point(0, Double($0) * 0.0001, time: Double($0)) }
        let second = (0..<10).map { point(0, 0.002 + Double($0) * 0.0001, time: year + Double($0)) }
            + (10..<15).map { point(0, 0.002 + Double($0) * 0.0001) }
        let route = try #require(Route(segments: [first, second], source: .init(kind: .tracks)))
        let times = try #require(route.recordedTimes)
        #expect(times.filledTimes == 5)
        for j in 1...5 {
            #expect(isClose(times.offsets[19 + j] - times.offsets[19], Double(j), absolute: 1e-9))
        }
    }

    @Test func noPointsIsNoRoute() {
        #expect(Route(segments: [[], []], source: .init(kind: .tracks)) == nil)
    }
}
