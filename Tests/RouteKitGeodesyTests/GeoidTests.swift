import Foundation
import Testing
@testable import RouteKitGeodesy

/// Heights above sea level (EGM96) converted to the WGS 84 ellipsoid through PROJ,
/// against PROJ's own `cs2cs EPSG:4326+5773 EPSG:4979` (PROJ 9.1.1, Debian proj-data's
/// egm96_15.gtx), written into the test.
@Suite struct GeoidTests {
    /// (latitude, longitude, height above sea level, cs2cs's height above the ellipsoid), metres.
    static let cs2cs: [(Double, Double, Double, Double)] = [
        (46.43, 13.74, 2000, 2047.461237),    // Julian Alps: +47 m
        (42.36, -71.06, 0, -28.540262),       // Boston: -29 m
        (-8.5, 147.0, 100, 182.213486),       // New Guinea: +82 m, near the maximum
        (4.7, 78.5, 0, -106.478212),          // Indian Ocean: the minimum, -106 m
        (27.99, 86.93, 8848, 8819.142528),    // Everest
        (-60, -60, 0, 20.198606),             // Southern Ocean
    ]

    @Test(arguments: 0..<cs2cs.count) func ellipsoidalHeightsMatchCS2CS(_ i: Int) throws {
        let (lat, lon, h, expected) = Self.cs2cs[i]
        let geoid = try Geoid.egm96()
        let c = LocationCoordinate2D(latitude: lat, longitude: lon)
        #expect(isClose(geoid.ellipsoidalHeight(orthometric: h, at: c), expected, absolute: 0.001))
        #expect(isClose(geoid.orthometricHeight(ellipsoidal: expected, at: c), h, absolute: 0.001))
    }
}
