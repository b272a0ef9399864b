import Foundation
import Testing
@testable import RouteKit

/// ``GeoJSONReader``'s errors: a number out of range names its line, column and JSON path, in the
/// library and in route-fly's message.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct GeoJSONErrorLocationTests {
        static func fixture(_ name: String) -> URL { Fixtures.url("review25/\(name)") }

        /// `1e400` is past a Double: the error names the line, column and JSON path.
        @Test func aNumberOutOfRangeNamesItsJSONPath() throws {
            let url = Self.fixture("huge-number.geojson")
            let error = try #require(readRoute(url).failure)
            #expect(error.codingPath == "features[0].geometry.coordinates[1][0]", "\(error)")
            #expect(error.location?.line == 3 && error.location?.column == 51, "\(error)")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stderr.contains("huge-number.geojson:3:51: error: at features[0].geometry.coordinates[1][0]:"), "\(cli.stderr)")
        }
    }
}
