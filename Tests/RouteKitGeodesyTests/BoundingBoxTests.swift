import Foundation
import Testing
@testable import RouteKitGeodesy

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

@Suite struct PathBoundingBoxTests {
    @Test func sparsePathAcrossZeroKeepsZeroInside() throws {
        // Points -179, -60, 60, 179 along the equator: the line passes longitude 0, so the path box is
        // [-179, 179], although the point box is [60, -60] (found by a new-user test).
        let path: [LocationCoordinate2D] = [-179.0, -60, 60, 179].map { .init(latitude: 0, longitude: $0) }
        #expect(BoundingBox(path) == BoundingBox(west: 60, south: 0, east: -60, north: 0))
        #expect(BoundingBox(path: path) == BoundingBox(west: -179, south: 0, east: 179, north: 0))
    }

    @Test func pathAcrossTheAntimeridianCrossesIt() throws {
        let path: [LocationCoordinate2D] = [170.0, 179, -179, -170].map { .init(latitude: 1, longitude: $0) }
        #expect(BoundingBox(path: path) == BoundingBox(west: 170, south: 1, east: -170, north: 1))
        let rect = try #require(MapRect(enclosingPath: path))
        #expect(rect.spans180thMeridian)
        #expect(isClose(rect.width, 20.0 / 360 * 268_435_456, absolute: 1e-3))
    }

    @Test func pathThatWindsRoundTheWorldIsTheWholeWorld() {
        let path: [LocationCoordinate2D] = stride(from: -170.0, through: 200, by: 20).map { .init(latitude: 0, longitude: $0) }
        #expect(BoundingBox(path: path) == BoundingBox(west: -180, south: 0, east: 180, north: 0))
    }

    @Test func westwardPathStartingNearMinus180() throws {
        // -179 then 179 (2 degrees west across 180): box [179, -179]; rect starts at 179 and passes the edge.
        let path: [LocationCoordinate2D] = [.init(latitude: 0, longitude: -179), .init(latitude: 0, longitude: 179)]
        #expect(BoundingBox(path: path) == BoundingBox(west: 179, south: 0, east: -179, north: 0))
        let rect = try #require(MapRect(enclosingPath: path))
        #expect(isClose(rect.minX, (179.0 + 180) / 360 * 268_435_456, absolute: 1e-3))
        #expect(rect.spans180thMeridian)
    }
}

@Suite struct AntimeridianCutTests {
    @Test func rfc7946ExampleIsCutAt180() {
        // RFC 7946 section 3.1.9: a line from 170 E to 170 W at 45 N becomes [[170,45],[180,45]] and
        // [[-180,45],[-170,45]].
        let parts = antimeridianParts([.init(latitude: 45, longitude: 170), .init(latitude: 45, longitude: -170)])
        #expect(parts == [[.init(latitude: 45, longitude: 170), .init(latitude: 45, longitude: 180)],
                          [.init(latitude: 45, longitude: -180), .init(latitude: 45, longitude: -170)]])
    }

    @Test func crossingLatitudeIsInterpolatedAndWestwardWorks() {
        // 179 -> -179 going west? No: 179 -> -179 is 2 degrees east through 180, latitude 0 -> 2: crosses at 1.
        let east = antimeridianParts([.init(latitude: 0, longitude: 179), .init(latitude: 2, longitude: -179)])
        #expect(east.count == 2 && east[0].last == .init(latitude: 1, longitude: 180) && east[1].first == .init(latitude: 1, longitude: -180))
        // -179 -> 179 goes 2 degrees west through -180.
        let west = antimeridianParts([.init(latitude: 0, longitude: -179), .init(latitude: 2, longitude: 179)])
        #expect(west.count == 2 && west[0].last == .init(latitude: 1, longitude: -180) && west[1].first == .init(latitude: 1, longitude: 180))
        // A line that does not cross stays whole, longitudes normalised.
        #expect(antimeridianParts([.init(latitude: 0, longitude: 10), .init(latitude: 0, longitude: 370)]).count == 1)
    }
}

@Suite struct AntimeridianCutEdgeTests {
    @Test func pointsOnTheAntimeridianItselfDoNotMakeEmptyParts() {
        let parts = antimeridianParts([.init(latitude: 0, longitude: 179), .init(latitude: 1, longitude: 180),
                                       .init(latitude: 2, longitude: -180), .init(latitude: 3, longitude: -179)])
        #expect(parts.allSatisfy { part in part.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite } })
        #expect(parts.count == 2)
        #expect(parts[0] == [.init(latitude: 0, longitude: 179), .init(latitude: 1, longitude: 180), .init(latitude: 2, longitude: 180)])
    }
}
