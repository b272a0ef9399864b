import Foundation
import Testing
@testable import RouteKit

// Togeojson (https://github.com/mapbox/togeojson) writes a converted GPX track's per-point
// times as `properties.coordTimes`: one array for a LineString, one array per line for a MultiLineString
// (newer versions: `properties.coordinateProperties.times`). Fixture written for RouteKit; instants by hand
// (`date -u -d 2024-05-11T07:00:00Z +%s` = 1715410800).

extension Formats {
    @Suite("GeoJSON: togeojson coordTimes")
    struct GeoJSONCoordTimesTests {
        static let t0 = 1_715_410_800.0  // 2024-05-11T07:00:00Z

        @Test func perPositionTimesAreRead() throws {
            let result = try GeoJSONReader.read(contentsOf: Fixtures.url("geojson/togeojson-coordtimes.geojson"))
            let times = result.route.points.map { $0.time?.timeIntervalSince1970 }
            let t0 = Self.t0
            #expect(times == [t0, t0 + 10, t0 + 20,                     // LineString
                              t0 + 3600, t0 + 3605.5,                    // MultiLineString line 0
                              t0 + 600 - 3600, t0 + 630 - 3600,          // line 1: 08:10+02:00 = 06:10Z
                              t0 + 7200, t0 + 7260,                      // coordinateProperties.times
                              nil, nil])                                 // 1 time for 2 positions: ignored
            #expect(result.route.timedPointCount == 9)
            #expect(result.notes.contains("ignored features[3].properties.coordTimes: 1 time for 2 positions"))
            #expect(result.notes.contains("read 9 per-position times from togeojson's coordTimes, the first at features[0].properties.coordTimes"))
        }

        @Test func aStringThatIsNotATimeIsAnError() throws {
            let error = try #require(readRoute(Fixtures.url("geojson/bad/coordtimes-not-a-time.geojson")).failure)
            #expect(error.codingPath == "properties.coordTimes[1]")
            #expect(error.location?.line == 1)
            #expect(error.location?.column == 70)
        }
    }
}
