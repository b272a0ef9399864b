import Foundation
import Testing
@testable import RouteKit

/// ``GeoJSONReader`` on project fixtures. Expected values are read off the project's own fixture text (no ../shared/real needed).
extension Formats {
    @Suite("GeoJSONReader on project fixtures")
    struct GeoJSONReaderTests {
        @Test func geojsonCopiedFixtures() throws {
            let fiji = try GeoJSONReader.read(contentsOf: Fixtures.url("geojson/turf-line-fiji.geojson"))
            #expect(fiji.route.points.count == 15)
            #expect(fiji.route.points.allSatisfy { (-180...180).contains($0.coordinate.longitude) })
            #expect(fiji.route.boundingBox.west > fiji.route.boundingBox.east)  // crosses the antimeridian
            let multi = try GeoJSONReader.read(contentsOf: Fixtures.url("geojson/antimeridian-multi-line.json"))
            #expect(multi.route.segments == [0..<2, 2..<4])
            #expect(multi.route.name == "multi-line")
        }

        @Test func geojsonBareGeometriesAndCollections() throws {
            let bare = try GeoJSONReader.read(data: Data(#"{"type":"LineString","coordinates":[[1,2,3,4],[5,6]]}"#.utf8))
            #expect(bare.route.points.count == 2)
            #expect(bare.route.points[0].elevation == 3)  // the 4th element is ignored
            let collection = try GeoJSONReader.read(data: Data(#"""
                {"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]},
                 {"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[1,2],[3,4]]}]}]}
                """#.utf8))
            #expect(collection.route.points.count == 2)
            #expect(collection.notes == ["skipped 1 Point geometry (not a line), the first at geometries[0]"])
            let feature = try GeoJSONReader.read(data: Data(#"""
                {"type":"Feature","properties":{"name":"Ride \u00e9\ud83d\ude00"},"crs":{"type":"name"},
                 "geometry":{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[]]}}
                """#.utf8))
            #expect(feature.route.name == "Ride é😀")
            #expect(feature.route.source.trackSegmentCount == 2)
        }
    }
}
