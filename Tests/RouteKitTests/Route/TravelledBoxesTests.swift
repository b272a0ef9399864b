import Foundation
import Testing
@testable import RouteKit
import RouteKitGeodesy

/// The box and map rect of a route as travelled along its geodesics (``Route/travelledBoxes``), taken
/// over coordinates alone, against the boxes of the route ``Route/densifiedAlongGeodesics`` builds, bit
/// for bit; and against GeodSolve where the geodesic bulges (GeodesicDensificationTests has the values:
/// `echo "50 -30 50 16.4" | GeodSolve -i`, the points at S*16/33 and S*17/33 at latitude
/// 52.36294826480813).
@Suite struct TravelledBoxesTests {
    static func route(_ segments: [[(Double, Double)]], interpolation: Route.Source.LineInterpolation = .geodesic) -> Route {
        var source = Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: segments.count)
        source.lineInterpolation = interpolation
        return Route(segments: segments.map { $0.map { RoutePoint(latitude: $0.0, longitude: $0.1) } }, source: source)!
    }

    static func bits(_ box: BoundingBox, _ rect: MapRect) -> [UInt64] {
        let values: [Double] = [box.west, box.south, box.east, box.north, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        return values.map(\.bitPattern)
    }

    /// A GPS walk of `count` points near Zurich, with the point at `glitch` moved 1,100 km south.
    static func walk(_ count: Int, glitch: Int) -> [(Double, Double)] {
        (0..<count).map { k -> (Double, Double) in
            if k == glitch { return (37.4, 8.5) }
            let step = Double(k)
            return (47.3 + step * 1e-4, 8.5 + step * 1.5e-4)
        }
    }

    static let routes: [(String, Route)] = [
        ("a 3,272 km leg at 50 N", route([[(50, -30), (50, 16.4)]])),
        ("across the antimeridian", route([[(60, 170), (61, -170), (60.5, -160)]])),
        ("over the North Pole", route([[(80, 0), (80, 180)]])),
        ("over the South Pole", route([[(-70, 10), (-75, -170)]])),
        ("a point at the pole", route([[(89, 0), (90, 0), (70, 40)]])),
        ("two segments, the far leg in the second", route([[(46, 7), (46.01, 7.01)], [(47, 8), (30, 60), (30.1, 60.1)]])),
        ("a gap alone is far", route([[(46, 7), (46.01, 7.01)], [(10, 100), (10.01, 100.01)]])),
        ("a walk with one glitch", route([walk(2_000, glitch: 1_500)])),
        ("a near-polar sweep", route([[(89.5, 0), (89.5, 120), (89.6, -100)]])),
        ("linear interpolation, a pole point", route([[(80, 10), (90, 0), (85, -170)]], interpolation: .longitudeLatitude)),
    ]

    @Test func theBoxesAreTheDensifiedRoutesBitForBit() {
        var densified = 0
        for (name, route) in Self.routes {
            let (dense, added) = route.densifiedAlongGeodesics()
            let travelled = route.travelledBoxes()
            #expect((travelled == nil) == (added == 0), "\(name): \(added) points added")
            guard let travelled else { continue }
            densified += 1
            #expect(Self.bits(travelled.box, travelled.rect) == Self.bits(dense.boundingBox, dense.rect),
                    "\(name): \(travelled) against \(dense.boundingBox), \(dense.rect)")
        }
        #expect(densified >= 7)
    }

    @Test func theBoxReachesTheGeodesicsBulge() throws {
        let travelled = try #require(Self.routes[0].1.travelledBoxes())
        #expect(abs(travelled.box.north - 52.36294826480813) < 1e-9)
        #expect(Self.routes[0].1.boundingBox.north == 50)
    }
}
