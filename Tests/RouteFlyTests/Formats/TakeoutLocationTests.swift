import Foundation
import Testing
@testable import RouteKit

/// Google Takeout location history (Records.json), degrees × 10^7, some wrapped as
/// unsigned 32-bit. The expected degrees are the fixture's integers divided by 10^7 by hand
/// (4293717296 - 2^32 = -1250000).
extension Formats {
    @Suite struct TakeoutLocationTests {
        @Test func recordsAreReadWithTheE7ScalingAndTheWrap() throws {
            let url = Fixtures.url("takeout/Records.json")
            let result = try RouteFile.read(path: url.path)
            #expect(result.format == .geojson)
            let points = result.route.points
            #expect(points.count == 3)
            #expect(near(points[0].coordinate.latitude, 51.5007) && near(points[0].coordinate.longitude, -0.1246))
            #expect(near(points[1].coordinate.longitude, -0.125) && near(points[2].coordinate.longitude, -0.126))
            #expect(points[0].elevation == 12 && points[1].elevation == nil)
            // timestampMs 1577872800000 is 2020-01-01T10:00:00Z (date -u -d @1577872800).
            #expect(points[0].time == Date(timeIntervalSince1970: 1_577_872_800))
            #expect(points[2].time == Date(timeIntervalSince1970: 1_577_872_860))
            #expect(result.notes.contains { $0.contains("2 E7 values were above 2^31 - 1") }, "\(result.notes)")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 0 && cli.stdout.contains("duration    60.000 s"), "\(cli.stdout)\(cli.stderr)")
            #expect(cli.stderr.contains("Google Takeout"), "\(cli.stderr)")
        }

        /// Degrees written where E7 integers belong are refused naming the scaling, at their JSON path.
        @Test func degreesInAnE7FieldAreRefusedNamingTheScaling() throws {
            let url = Fixtures.url("takeout/Records-float.json")
            let error = try #require(readRoute(url).failure)
            #expect(error.codingPath == "locations[0].latitudeE7", "\(error)")
            #expect(error.message.contains("degrees × 10^7"), "\(error)")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stdout.isEmpty && cli.stderr.contains("E7 scaling"), "\(cli.stderr)")
        }
    }
}
