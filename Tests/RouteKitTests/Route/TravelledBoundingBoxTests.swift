import Foundation
import Testing
@testable import RouteKit

/// A new user's finding: `info`'s bbox left out the bulge of a long geodesic leg, 55 km short of what
/// `sample --format geojson` reported for the same file (gpsbabel-bendgc-expected.gpx).
@Suite struct TravelledBoundingBoxTests {
    @Test func theBoxHoldsTheBulgeOfALongGeodesicLeg() {
        // The leg (46.365, -170.887) -> (45.830, -144.937): GeodSolve -i gives azimuth 82.242 and length
        // 1998512.4 m; sampled 41 times with GeodSolve its highest point is 46.86427 N at -160.469.
        let route = Route(segments: [[RoutePoint(latitude: 46.365, longitude: -170.887),
                                      RoutePoint(latitude: 45.830, longitude: -144.937)]],
                          source: .init(kind: .tracks))!
        let summary = RouteSummary(route)
        #expect(summary.boundingBox.north > 46.86 && summary.boundingBox.north < 46.87, "\(summary.boundingBox)")
        // GeoJSON legs are straight in longitude and latitude: their box is the vertices'.
        var straight = Route.Source(kind: .tracks)
        straight.lineInterpolation = .longitudeLatitude
        let flat = Route(segments: [route.points], source: straight)!
        #expect(RouteSummary(flat).boundingBox.north == 46.365)
    }
}
