import Foundation
import Testing
@testable import RouteKit

/// Sparse points follow the geodesic. Reference values from GeodSolve 2.1.2 (`-p 9`):
///
///     echo "50 -30 50 16.4" | GeodSolve -i         -> azi1 71.82252645532004, s12 3272141.665274179
///     echo 1636070.8326370895 | GeodSolve -I 50 -30 50 16.4   -> 52.36518923509873 -6.8 (azi 90)
///     echo "52.36518923509873 -6.8 50 -6.8" | GeodSolve -i    -> 263131.413619897 m (the lon/lat midpoint is 263 km off)
///     S*16/33, S*17/33 along the same line -> (52.36294826480813, -7.52780183967308) azi 89.42364583754325,
///                                              (52.36294826480813, -6.07219816032690) azi 90.57635416245677
///     echo "80 0 80 180" | GeodSolve -i      -> azi1 0, azi2 180, s12 2233651.714751699 (over the North Pole)
@Suite struct GeodesicDensificationTests {
    static let s12 = 3272141.665274179

    func route(_ coordinates: [(Double, Double)], interpolation: Route.Source.LineInterpolation = .geodesic) -> Route {
        var source = Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 1)
        source.lineInterpolation = interpolation
        return Route(segments: [coordinates.map { RoutePoint(latitude: $0.0, longitude: $0.1) }], source: source)!
    }

    @Test func longLegFollowsTheGeodesic() throws {
        let leg = route([(50, -30), (50, 16.4)])
        // Halves: the one added point is the geodesic midpoint, not (50, -6.8).
        let halves = leg.densifiedAlongGeodesics(maximumLegLength: Self.s12 / 2 + 1, maximumLongitudeStep: 90)
        #expect(halves.added == 1)
        let mid = halves.route.points[1].coordinate
        #expect(abs(mid.latitude - 52.36518923509873) < 1e-9)
        #expect(abs(mid.longitude - -6.8) < 1e-9)
        // Default spacing (100 km): 33 equal parts, so 32 points added, all on the geodesic.
        let (dense, added) = leg.densifiedAlongGeodesics()
        #expect(added == 32)
        #expect(dense.points.count == 34)
        let p16 = dense.points[16].coordinate, p17 = dense.points[17].coordinate
        #expect(abs(p16.latitude - 52.36294826480813) < 1e-9 && abs(p16.longitude - -7.52780183967308) < 1e-9)
        #expect(abs(p17.latitude - 52.36294826480813) < 1e-9 && abs(p17.longitude - -6.07219816032690) < 1e-9)
        // The length is unchanged (the parts of one geodesic add up to it) ...
        #expect(abs(dense.length - Self.s12) < 1e-6)
        // ... and the heading turns with the geodesic's azimuth: 71.8° at the start, 89.42° at point 16.
        #expect(abs(dense.legs[0].heading - 71.82252645532004) < 1e-9)
        #expect(abs(dense.legs[16].heading - 89.42364583754325) < 1e-9)
        #expect(abs(dense.legs[17].heading - 90.57635416245677) < 1e-9)
    }

    @Test func preparationDensifiesExceptGeoJSON() {
        let leg = route([(50, -30), (50, 16.4)])
        let prepared = leg.preparation(simplifyTolerance: 10)
        #expect(prepared.geodesicPointsAdded == 32)
        #expect(prepared.route.points.count == 34)
        // GeoJSON's lines are straight in longitude and latitude (RFC 7946 §3.1.1): left as they are.
        let geojson = route([(50, -30), (50, 16.4)], interpolation: .longitudeLatitude).preparation(simplifyTolerance: 10)
        #expect(geojson.geodesicPointsAdded == 0)
        #expect(geojson.route.points.count == 2)
        // Short legs are left alone.
        #expect(route([(46, 14), (46.1, 14.1)]).densifiedAlongGeodesics().added == 0)
    }

    @Test func overThePole() throws {
        let polar = route([(80, 0), (80, 180)])
        // The box and map rect of a route over the North Pole: every longitude, up to the pole.
        #expect(polar.boundingBox == BoundingBox(west: -180, south: 80, east: 180, north: 90))
        #expect(polar.rect.minX == 0 && polar.rect.minY == 0 && polar.rect.width == MapSize.world.width)
        #expect(abs(polar.rect.maxY - MapPoint(LocationCoordinate2D(latitude: 80, longitude: 0)).y) < 1e-6)
        let (dense, _) = polar.densifiedAlongGeodesics()
        // Two points at the pole (arriving on meridian 0, leaving on 180), the path over it.
        let atPole = dense.points.indices.filter { dense.points[$0].coordinate.latitude == 90 }
        #expect(atPole.count == 2)
        #expect(dense.points[atPole[0]].coordinate.longitude == 0 && dense.points[atPole[1]].coordinate.longitude == 180)
        #expect(dense.points.allSatisfy { $0.coordinate.latitude >= 80 })
        #expect(abs(dense.length - 2233651.714751699) < 1e-6)
        // Headings: due north up to the pole, due south after it.
        #expect(dense.legs[..<atPole[0]].allSatisfy { $0.heading == 0 })
        #expect(dense.legs[atPole[1]...].allSatisfy { abs($0.heading - 180) < 1e-9 })
        #expect(dense.boundingBox == BoundingBox(west: -180, south: 80, east: 180, north: 90))
        // The South Pole, and a GeoJSON line (straight in lon/lat: not over the pole).
        #expect(route([(-70, 10), (-75, -170)]).boundingBox == BoundingBox(west: -180, south: -90, east: 180, north: -70))
        #expect(route([(80, 0), (80, 180)], interpolation: .longitudeLatitude).boundingBox.north == 80)
    }

    @Test func aShortLegOverThePoleGetsItsPoints() {
        // 89.996 N, 0 -> 89.996 N, 180: 893.552 m over the North Pole (PROJ: `geod +ellps=WGS84 -I`).
        // Every leg is under 1 km, so only its latitude keeps the route from saying at once that no
        // leg needs points.
        let short = route([(89.99, 0), (89.996, 0), (89.996, 180), (89.99, 180)])
        #expect(short.longestLeg < 1000)
        let (dense, added) = short.densifiedAlongGeodesics()
        #expect(added == 2)
        #expect(dense.points.filter { $0.coordinate.latitude == 90 }.count == 2)
        #expect(abs(dense.legs[1].distance + dense.legs[2].distance + dense.legs[3].distance - 893.552) < 1e-3)
        #expect(short.travelledBoxes()?.box.north == 90)
        // Short legs short of the pole: none.
        #expect(route([(89.95, 0), (89.95, 1), (89.95, 2)]).densifiedAlongGeodesics().added == 0)
        #expect(route([(46, 14), (46.001, 14.001)]).travelledBoxes() == nil)
    }

    @Test func nearThePoleTheLongitudeSweepIsRefined() {
        // 89.9 N, 0 -> 89.9 N, 179.9: 22.3 km, passing 0.05° from the pole; no part sweeps over 10° of
        // longitude unless it is under 1 km long.
        let (dense, added) = route([(89.9, 0), (89.9, 179.9)]).densifiedAlongGeodesics()
        #expect(added > 0)
        for (i, leg) in dense.legs.enumerated() {
            let dlon = abs(remainder(dense.points[i + 1].coordinate.longitude - dense.points[i].coordinate.longitude, 360))
            #expect(dlon <= 10 || leg.distance <= 1000)
        }
        #expect(abs(dense.length - 22338.787176529) < 1e-6)
    }
}

/// Points scattered over the globe (a new user's file of 40,000 took `sample` 19 s and 570 MB, and a
/// file of a few hundred thousand would have taken gigabytes): the points added along the legs are
/// spaced so that about a million are added, however long the legs add up to.
@Suite struct ScatteredPointsDensificationTests {
    /// `count` points alternating between (10, 0) and (-10, 170): legs of 18,940 km (PROJ `geod`:
    /// `echo "10 0 -10 170" | geod +ellps=WGS84 -I +units=m`), 190 parts of 100 km each.
    static func scattered(_ count: Int) -> Route {
        let points = (0..<count).map { $0 % 2 == 0 ? RoutePoint(latitude: 10, longitude: 0) : RoutePoint(latitude: -10, longitude: 170) }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }

    @Test func aFewLongLegsKeepTheSpacing() {
        #expect(Self.scattered(100).geodesicSpacing(Route.geodesicLegLength) == Route.geodesicLegLength)
        #expect(Self.scattered(100).densifiedAlongGeodesics().added == 99 * 189)
    }

    @Test func legsAddingUpPastAMillionPartsAreSpacedFurther() {
        let route = Self.scattered(8_000)  // 7,999 legs, 1.52 million parts of 100 km
        let spacing = route.geodesicSpacing(Route.geodesicLegLength)
        #expect(abs(spacing - route.length / 1_000_000) < 1e-6 * spacing)
        let (dense, added) = route.densifiedAlongGeodesics()
        #expect(added <= 1_000_000 && added > 990_000, "\(added)")
        #expect(dense.legs.allSatisfy { $0.distance <= spacing * (1 + 1e-9) })
        #expect(route.travelledBoxes()?.box == dense.boundingBox)
    }
}
