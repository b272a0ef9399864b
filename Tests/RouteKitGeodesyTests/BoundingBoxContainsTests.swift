import Testing
@testable import RouteKitGeodesy

/// `BoundingBox.contains`: edges included, across the antimeridian, longitudes beyond ±180.
@Suite struct BoundingBoxContainsTests {
    @Test func edgesAreInsideAndTheRestFollowsTheBox() {
        let box = BoundingBox(west: 13.7, south: 45.26, east: 13.73, north: 45.29)
        #expect(box.contains(.init(latitude: 45.26, longitude: 13.7)))
        #expect(box.contains(.init(latitude: 45.29, longitude: 13.73)))
        #expect(box.contains(.init(latitude: 45.27, longitude: 13.71 + 360)))
        #expect(!box.contains(.init(latitude: 45.291, longitude: 13.71)))
        #expect(!box.contains(.init(latitude: 45.27, longitude: 13.699)))
        #expect(!box.contains(.init(latitude: 45.27, longitude: -13.71)))
    }

    @Test func aBoxAcrossTheAntimeridian() {
        let fiji = BoundingBox(west: 177, south: -20, east: -178, north: -16)  // RFC 7946 section 5.2
        for longitude in [177.0, 179.9, 180, -180, -179, -178] {
            #expect(fiji.contains(.init(latitude: -18, longitude: longitude)), "\(longitude)")
        }
        for longitude in [176.9, -177.9, 0] {
            #expect(!fiji.contains(.init(latitude: -18, longitude: longitude)), "\(longitude)")
        }
        // 180 and -180 are one meridian, whichever a box's edge is written as.
        #expect(BoundingBox(west: 170, south: 0, east: 180, north: 1).contains(.init(latitude: 0.5, longitude: -180)))
        #expect(BoundingBox(west: -180, south: 0, east: -170, north: 1).contains(.init(latitude: 0.5, longitude: 180)))
    }
}
