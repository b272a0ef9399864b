import Foundation
import Testing
@testable import RouteKitGeodesy

@Suite struct MapRectTests {
    @Test func worldSizeAndOrigin() {
        // docs/keyframes.md#map-geometry-vectors MP-4: MKMapSize.world is 2^28 x 2^28; MP-3: (0, 0) maps to the world's centre.
        #expect(MapSize.world == MapSize(width: 268_435_456, height: 268_435_456))
        let p = MapPoint(LocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(p == MapPoint(x: 134_217_728, y: 134_217_728))
    }

    @Test func yGrowsSouthwardAndLatitudeIsClamped() {
        let north = MapPoint(LocationCoordinate2D(latitude: 85.0511287798066, longitude: -180))
        #expect(isClose(north.x, 0, absolute: 1e-9))
        #expect(isClose(north.y, 0, absolute: 1e-3))
        let pole = MapPoint(LocationCoordinate2D(latitude: 90, longitude: 0))
        #expect(pole.y == north.y)  // clamped, not infinite
        let south = MapPoint(LocationCoordinate2D(latitude: -45, longitude: 0))
        #expect(south.y > 134_217_728)
    }

    @Test func mapPointMatchesWebMercatorFromPROJ() {
        // EPSG:3857 of (lon 2.35, lat 48.85) = (261600.803364, 6249447.752791) (docs/geo-formats.md#web-mercator,
        // PROJ 9.1.1 and pyproj agree); map points = (E + 20037508.342789244) / 40075016.68557849 * 2^28, and
        // y = (20037508.342789244 - N) / 40075016.68557849 * 2^28.
        let p = MapPoint(LocationCoordinate2D(latitude: 48.85, longitude: 2.35))
        let w = 268_435_456.0, half = 20037508.342789244, full = 40075016.68557849
        #expect(isClose(p.x, (261600.803364 + half) / full * w, absolute: 1e-2))
        #expect(isClose(p.y, (half - 6249447.752791) / full * w, absolute: 1e-2))
        let back = p.coordinate
        #expect(isClose(back.latitude, 48.85, absolute: 1e-12))
        #expect(isClose(back.longitude, 2.35, absolute: 1e-12))
    }

    @Test func rectAcrossAntimeridianExtendsPastTheWorld() throws {
        let coordinates: [LocationCoordinate2D] = [.init(latitude: 35, longitude: 178.58), .init(latitude: 40, longitude: -170.89)]
        let rect = try #require(MapRect(enclosing: coordinates))
        #expect(rect.spans180thMeridian)
        // Width = (360 - 178.58 - 170.89) / 360 of the world, not almost all of it.
        #expect(isClose(rect.width, (360 - 178.58 - 170.89) / 360 * 268_435_456, absolute: 1e-3))
        #expect(isClose(rect.minX, (178.58 + 180) / 360 * 268_435_456, absolute: 1e-3))
    }

    @Test func unionIsMapKits() {
        let a = MapRect(x: 0, y: 10, width: 5, height: 5)
        let b = MapRect(x: 3, y: 2, width: 10, height: 4)
        #expect(a.union(b) == MapRect(x: 0, y: 2, width: 13, height: 13))
    }

    @Test func pointsPerMeterAtEquator() {
        // docs/keyframes.md#map-points-and-map-rects: about 6.6983 at the equator.
        #expect(isClose(MapPoint.pointsPerMeter(atLatitude: 0), 6.698324247899813, absolute: 1e-9))
    }
}
