import Foundation
import Testing
@testable import RouteKit

@Suite struct BoundingBoxTests {
    @Test func ordinaryBoxIsMinMax() throws {
        let box = try #require(BoundingBox([
            .init(latitude: 49.63, longitude: 6.20), .init(latitude: 49.70, longitude: 6.25),
            .init(latitude: 49.66, longitude: 6.21),
        ]))
        #expect(box == BoundingBox(west: 6.20, south: 49.63, east: 6.25, north: 49.70))
        #expect(!box.crossesAntimeridian)
    }

    @Test func antimeridianBoxHasWestGreaterThanEast() throws {
        // RFC 7946 section 5.2 example (Fiji): [177.0, -20.0, -178.0, -16.0].
        let box = try #require(BoundingBox([
            .init(latitude: -20, longitude: 177), .init(latitude: -16, longitude: -178),
            .init(latitude: -18, longitude: 179.5),
        ]))
        #expect(box == BoundingBox(west: 177, south: -20, east: -178, north: -16))
        #expect(box.crossesAntimeridian)
        #expect(box.longitudeSpan == 5)
        #expect(isClose(box.center.longitude, 179.5, absolute: 1e-12))
    }

    @Test func longitudesBeyond180AreNormalisedFirst() throws {
        // turf-line-fiji.geojson style: -183.13 is 176.87.
        let box = try #require(BoundingBox([
            .init(latitude: -17, longitude: -183.13), .init(latitude: -16, longitude: 178.0),
        ]))
        #expect(isClose(box.west, 176.87, absolute: 1e-9))
        #expect(box.east == 178.0)
    }

    @Test func emptyHasNoBox() {
        #expect(BoundingBox([LocationCoordinate2D]()) == nil)
    }
}
