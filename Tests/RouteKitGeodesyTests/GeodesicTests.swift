import Foundation
import Testing
@testable import RouteKitGeodesy

/// One row of Karney's GeodTest set: `lat1 lon1 azi1 lat2 lon2 azi2 s12 a12 m12 S12`.
private struct GeodTestRow {
    var lat1, lon1, azi1, lat2, lon2, azi2, s12, a12: Double
    var line: Int
    /// Arc length over 179 degrees: the azimuths of nearly antipodal points are ill-conditioned
    /// (a change of a nanometre in position turns them by more than 1e-9 degrees), so they are
    /// checked by consistency instead of by value.
    var isNearlyAntipodal: Bool { a12 > 179 }
}

private func geodTestRows() throws -> [GeodTestRow] {
    let text = try String(contentsOf: Fixtures.url("geodesic/GeodTest-100.dat"), encoding: .utf8)
    var rows: [GeodTestRow] = []
    for (i, line) in text.split(separator: "\n").enumerated() {
        let f = line.split(separator: " ").compactMap { Double($0) }
        guard f.count == 10 else { continue }
        rows.append(GeodTestRow(lat1: f[0], lon1: f[1], azi1: f[2], lat2: f[3], lon2: f[4], azi2: f[5],
                                s12: f[6], a12: f[7], line: i + 1))
    }
    return rows
}

@Suite struct GeodesicTests {
    // Source of every expected value: Karney's GeodTest set (CC0), Fixtures/geodesic/GeodTest-100.dat.

    @Test func fixtureHasAllHundredRows() throws {
        #expect(try geodTestRows().count == 100)
    }

    @Test func inverseDistanceMatchesKarneyTestSetWithin10Nanometres() throws {
        for row in try geodTestRows() {
            let r = Geodesic.wgs84.inverse(
                from: .init(latitude: row.lat1, longitude: row.lon1),
                to: .init(latitude: row.lat2, longitude: row.lon2))
            #expect(abs(r.distance - row.s12) <= 1e-8, "row \(row.line): s12 \(r.distance) vs \(row.s12)")
        }
    }

    @Test func inverseAzimuthsMatchKarneyTestSetWithin1e9Degrees() throws {
        let rows = try geodTestRows().filter { !$0.isNearlyAntipodal }
        #expect(rows.count == 56)  // 44 of the 100 rows have an arc over 179 degrees (column a12)
        for row in rows {
            let r = Geodesic.wgs84.inverse(
                from: .init(latitude: row.lat1, longitude: row.lon1),
                to: .init(latitude: row.lat2, longitude: row.lon2))
            #expect(angularDistance(r.initialAzimuth, row.azi1) <= 1e-9, "row \(row.line): azi1 \(r.initialAzimuth) vs \(row.azi1)")
            #expect(angularDistance(r.finalAzimuth, row.azi2) <= 1e-9, "row \(row.line): azi2 \(r.finalAzimuth) vs \(row.azi2)")
        }
    }

    @Test func directSolveReachesKarneyEndPointsWithin10Nanometres() throws {
        for row in try geodTestRows() {
            let d = Geodesic.wgs84.direct(
                from: .init(latitude: row.lat1, longitude: row.lon1), azimuth: row.azi1, distance: row.s12)
            let miss = d.coordinate.distance(to: .init(latitude: row.lat2, longitude: row.lon2))
            #expect(miss <= 1e-8, "row \(row.line): missed by \(miss) m")
        }
    }

    @Test func inverseAzimuthsOfNearlyAntipodalRowsLeadToTheEndPoint() throws {
        // For the 44 nearly antipodal rows, the azimuth we get must be *a* correct one: flying it for
        // the computed distance reaches the end point (within 10 nm), and the distance is Karney's.
        for row in try geodTestRows() where row.isNearlyAntipodal {
            let start = LocationCoordinate2D(latitude: row.lat1, longitude: row.lon1)
            let end = LocationCoordinate2D(latitude: row.lat2, longitude: row.lon2)
            let r = Geodesic.wgs84.inverse(from: start, to: end)
            let d = Geodesic.wgs84.direct(from: start, azimuth: r.initialAzimuth, distance: r.distance)
            #expect(d.coordinate.distance(to: end) <= 1e-8, "row \(row.line)")
            #expect(abs(r.distance - row.s12) <= 1e-8, "row \(row.line)")
        }
    }

    @Test func coincidentPointsHaveZeroDistance() {
        let p = LocationCoordinate2D(latitude: 46.5, longitude: 13.7)
        let r = Geodesic.wgs84.inverse(from: p, to: p)
        #expect(r.distance == 0)
        // heading(from:to:) must not report PROJ's meaningless 180 for coincident points.
        #expect(Angles.heading(from: p, to: p) == 0)
    }

    @Test func headingIsTheEllipsoidalInitialAzimuthInZeroTo360() {
        // GeodSolve -i -p 12 <<< "49.63 6.20 49.70 6.25" -> azi1 24.854834565471084, s12 8581.6516852459
        // (docs/keyframes.md#map-geometry-vectors MP-5 gives the spherical bearing 24.7932452 for the same pair).
        let a = LocationCoordinate2D(latitude: 49.63, longitude: 6.20)
        let b = LocationCoordinate2D(latitude: 49.70, longitude: 6.25)
        #expect(isClose(Angles.heading(from: a, to: b), 24.854834565471084, absolute: 1e-9))
        #expect(isClose(a.distance(to: b), 8581.6516852459, absolute: 1e-6))
        // docs/keyframes.md#map-geometry-vectors MP-6: east along the equator is 90, north is 0, across the antimeridian is 90.
        #expect(isClose(Angles.heading(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 0, longitude: 1)), 90, absolute: 1e-12))
        #expect(Angles.heading(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 1, longitude: 0)) == 0)
        #expect(isClose(Angles.heading(from: .init(latitude: 0, longitude: 179.5), to: .init(latitude: 0, longitude: -179.5)), 90, absolute: 1e-12))
        // West is 270, not -90 (PROJ reports -90).
        #expect(isClose(Angles.heading(from: .init(latitude: 0, longitude: 1), to: .init(latitude: 0, longitude: 0)), 270, absolute: 1e-12))
        // docs/geo-formats.md#azimuths-near-north: (0,0) -> (1,-0.0001) has azi1 -0.0057677, heading 359.9942...
        let h = Angles.heading(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 1, longitude: -0.0001))
        #expect(h > 359.99 && h < 360)
    }
}
