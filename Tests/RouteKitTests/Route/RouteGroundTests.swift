import Foundation
import Testing
@testable import RouteKit

/// ``RouteGround`` finds the elevation of the nearest point within its radius. Checked against its
/// definition, a search over every point, and against the plain cell scan it replaced (every point of
/// the neighbouring cells, no pruning), which must give the same elevation bit for bit, ties included.
@Suite struct RouteGroundTests {
    /// The cell scan RouteGround used before pruning (kept here as the reference for bit identity).
    struct PlainCellScan {
        let radius: Double
        var cells: [Int64: [Int]] = [:]
        var coordinates: [LocationCoordinate2D] = []
        var elevations: [Double] = []

        init(route: Route, radius: Double = 2000) {
            self.radius = radius
            for p in route.points { if let e = p.elevation, e.isFinite { coordinates.append(p.coordinate); elevations.append(e) } }
            for (i, c) in coordinates.enumerated() { cells[Self.key(Self.cell(c, radius)), default: []].append(i) }
        }

        static func cell(_ c: LocationCoordinate2D, _ size: Double) -> (x: Int, y: Int) {
            let degrees = size / 111_320.0
            return (Int((Angles.normalizedLongitude(c.longitude) / degrees).rounded(.down)), Int((c.latitude / degrees).rounded(.down)))
        }

        static func key(_ cell: (x: Int, y: Int)) -> Int64 { Int64(cell.x) << 32 ^ Int64(cell.y & 0xFFFF_FFFF) }

        func elevation(at coordinate: LocationCoordinate2D) -> Double? {
            let center = Self.cell(coordinate, radius)
            var best: (Double, Double)? = nil
            let cosLat = max(cos(coordinate.latitude * .pi / 180), 0.01)
            let span = Int((1 / cosLat).rounded(.up))
            for dy in -1...1 {
                for dx in -span...span {
                    for i in cells[Self.key((center.x + dx, center.y + dy))] ?? [] {
                        let c = coordinates[i]
                        let north = (c.latitude - coordinate.latitude) * 111_320.0
                        let east = remainder(c.longitude - coordinate.longitude, 360) * 111_320.0 * cosLat
                        let d2 = north * north + east * east
                        if d2 <= radius * radius, best.map({ d2 < $0.0 }) ?? true { best = (d2, elevations[i]) }
                    }
                }
            }
            return best?.1
        }

        /// The smallest squared distance over all points (no cells), and the elevations at it.
        func nearest(_ coordinate: LocationCoordinate2D) -> (d2: Double, elevations: Set<Double>)? {
            let cosLat = max(cos(coordinate.latitude * .pi / 180), 0.01)
            var best: (d2: Double, elevations: Set<Double>)? = nil
            for (i, c) in coordinates.enumerated() {
                let north = (c.latitude - coordinate.latitude) * 111_320.0
                let east = remainder(c.longitude - coordinate.longitude, 360) * 111_320.0 * cosLat
                let d2 = north * north + east * east
                guard d2 <= radius * radius else { continue }
                if best == nil || d2 < best!.d2 { best = (d2, [elevations[i]]) } else if d2 == best!.d2 { best!.elevations.insert(elevations[i]) }
            }
            return best
        }
    }

    /// A dense winding route (a point every few metres, with repeated positions of different heights, as
    /// real tracks have) and query points up to 3 km off it, from a fixed seed.
    static func denseRoute() -> Route {
        var generator = SplitMix64(seed: 13)
        var points: [RoutePoint] = []
        var lat = 46.5, lon = 7.5, heading = 0.3
        for i in 0..<20_000 {
            heading += (unit(&generator) - 0.5) * 0.2
            lat += cos(heading) * 6 / 111_320
            lon += sin(heading) * 6 / (111_320 * cos(lat * .pi / 180))
            let elevation = 500 + Double(i % 977) + unit(&generator)
            points.append(RoutePoint(latitude: lat, longitude: lon, elevation: elevation))
            if i % 50 == 0 { points.append(RoutePoint(latitude: lat, longitude: lon, elevation: elevation + 3)) }
        }
        return Route(segments: [points], source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!
    }

    static func check(_ route: Route, queries: Int, seed: UInt64, bruteForce: Bool) {
        let ground = RouteGround(route: route)
        let reference = PlainCellScan(route: route)
        var generator = SplitMix64(seed: seed)
        var found = 0
        for k in 0..<queries {
            let p = route.points[Int(generator.next() % UInt64(route.points.count))].coordinate
            // Exactly on a point for some, up to about 3 km off for the others.
            let offset = k % 5 == 0 ? 0.0 : 0.03
            let q = LocationCoordinate2D(latitude: p.latitude + (unit(&generator) - 0.5) * 2 * offset,
                                         longitude: p.longitude + (unit(&generator) - 0.5) * 2 * offset)
            let got = ground.elevation(at: q)
            let expected = reference.elevation(at: q)
            #expect(got?.bitPattern == expected?.bitPattern, "at \(q.latitude), \(q.longitude): \(String(describing: got)) vs \(String(describing: expected))")
            if got != nil { found += 1 }
            if bruteForce {
                let nearest = reference.nearest(q)
                #expect((got == nil) == (nearest == nil))
                if let got, let nearest { #expect(nearest.elevations.contains(got)) }
            }
        }
        // The queries must exercise both answers.
        #expect(found > 0)
        if route.points.count > 100 { #expect(found < queries) }
    }

    @Test func denseRouteMatchesThePlainScanAndTheNearestPoint() {
        Self.check(Self.denseRoute(), queries: 400, seed: 1, bruteForce: true)
    }

    @Test func realRoutesMatchThePlainScan() throws {
        guard let directory = Fixtures.real("gpx") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".gpx") }.sorted()
        var checked = 0
        for file in files {
            guard let route = try? RouteFile.load(path: directory.appendingPathComponent(file).path),
                  route.points.contains(where: { $0.elevation != nil }) else { continue }
            Self.check(route, queries: 300, seed: UInt64(checked + 7), bruteForce: route.points.count < 5000)
            checked += 1
        }
        #expect(checked >= 5)
    }
}

extension RouteGroundTests {
    /// ``RouteGround/maximumElevation(near:)`` bounds every elevation ``RouteGround/elevation(at:)`` gives,
    /// and is `nil` only where there is none; across the antimeridian and near a pole as well.
    @Test func theNeighbourhoodBoundHoldsEverywhere() {
        var generator = SplitMix64(seed: 5)
        var routes = [Self.denseRoute()]
        for (lat, lon) in [(-16.9, 179.98), (88.9, 20.0)] {
            var points: [RoutePoint] = []
            var position = LocationCoordinate2D(latitude: lat, longitude: lon)
            for i in 0..<4_000 {
                position = Geodesic.wgs84.direct(from: position, azimuth: 70 + 30 * sin(Double(i) / 300), distance: 8).coordinate
                points.append(RoutePoint(coordinate: position, elevation: 100 + Double(i % 211)))
            }
            routes.append(Route(segments: [points], source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!)
        }
        for route in routes {
            let ground = RouteGround(route: route)
            var bounded = 0, missing = 0
            for _ in 0..<3_000 {
                let p = route.points[Int(generator.next() % UInt64(route.points.count))].coordinate
                let q = LocationCoordinate2D(latitude: min(max(p.latitude + (unit(&generator) - 0.5) * 0.12, -90), 90),
                                             longitude: p.longitude + (unit(&generator) - 0.5) * 0.5)
                let bound = ground.maximumElevation(near: q)
                if let elevation = ground.elevation(at: q) {
                    #expect(bound.map { elevation <= $0 } == true, "at \(q.latitude), \(q.longitude)")
                    bounded += 1
                } else if bound == nil {
                    missing += 1
                }
            }
            #expect(bounded > 100 && missing > 100)
        }
    }

    /// The bounds on a point's geodetic position without the iteration hold: the same longitude, the
    /// latitude inside the interval, the height not below the bound; at every latitude, from below the
    /// ellipsoid to 100 km above it.
    @Test func geodeticBoundsHoldTheExactConversion() {
        var generator = SplitMix64(seed: 77)
        var checked = 0
        for k in 0..<50_000 {
            let latitude = (unit(&generator) * 2 - 1) * 90, longitude = (unit(&generator) * 2 - 1) * 180
            let height = k % 10 == 0 ? (unit(&generator) * 2 - 1) * 100_000 : unit(&generator) * 9_500 - 500
            let p = EarthCenteredFrame.position(of: LocationCoordinate2D(latitude: latitude, longitude: longitude), height: height)
            let exact = EarthCenteredFrame.geodetic(x: p.x, y: p.y, z: p.z)
            guard let rough = EarthCenteredFrame.geodeticBounds(x: p.x, y: p.y, z: p.z) else { continue }
            checked += 1
            #expect(rough.longitude.bitPattern == exact.longitude.bitPattern)
            #expect(rough.latitudes.contains(exact.latitude), "latitude \(exact.latitude) not in \(rough.latitudes)")
            #expect(rough.minimumHeight <= exact.height, "height \(exact.height) below \(rough.minimumHeight)")
            // Tight enough to be worth it: within a few metres and a hundredth of a degree.
            #expect(exact.height - rough.minimumHeight < 1 + abs(exact.height) * 2e-4)
            #expect(rough.latitudes.upperBound - rough.latitudes.lowerBound < 0.01)
        }
        #expect(checked > 45_000)
        #expect(EarthCenteredFrame.geodeticBounds(x: 0, y: 0, z: 0) == nil)
    }

    /// The bound over a latitude interval holds every elevation found at that longitude within it.
    @Test func theBoundOverLatitudesHoldsEveryPointInThem() {
        let route = Self.denseRoute()
        let ground = RouteGround(route: route)
        var generator = SplitMix64(seed: 8)
        for _ in 0..<2_000 {
            let p = route.points[Int(generator.next() % UInt64(route.points.count))].coordinate
            let longitude = p.longitude + (unit(&generator) - 0.5) * 0.1
            let low = p.latitude + (unit(&generator) - 0.5) * 0.05, span = unit(&generator) * 0.03
            let bound = ground.maximumElevation(longitude: longitude, latitudes: low...(low + span))
            for k in 0...10 {
                let q = LocationCoordinate2D(latitude: low + span * Double(k) / 10, longitude: longitude)
                if let elevation = ground.elevation(at: q) { #expect(bound.map { elevation <= $0 } == true) }
            }
        }
    }

    /// The sight lines that skip bounded lookups give the same verdict as the full one, and the same
    /// value wherever a value is positive, for cameras of every pitch and distance along a hilly route.
    @Test func sightLinesThatSkipLookupsAgreeWithTheFullOne() {
        let route = Self.denseRoute()
        let ground = RouteGround(route: route)
        var generator = SplitMix64(seed: 21)
        var clear = 0, failing = 0
        for _ in 0..<1_500 {
            let p = route.points[Int(generator.next() % UInt64(route.points.count))]
            let camera = MapCamera(centerCoordinate: p.coordinate, distance: 50 + 3_000 * unit(&generator),
                                   heading: 360 * unit(&generator), pitch: 85 * unit(&generator))
            let clearance = 100 * unit(&generator)
            let full = SightLine(camera: camera, centerElevation: p.elevation!, ground: ground, clearance: clearance)
            let positive = SightLine(camera: camera, centerElevation: p.elevation!, ground: ground, clearance: clearance,
                                     exactness: .positiveValues)
            let verdict = SightLine(camera: camera, centerElevation: p.elevation!, ground: ground, clearance: clearance,
                                    exactness: .clearOrNot)
            #expect(positive.isClear == full.isClear && verdict.isClear == full.isClear)
            if let missing = full.clearanceMissing, missing > 0 { #expect(positive.clearanceMissing?.bitPattern == missing.bitPattern) }
            else { #expect((positive.clearanceMissing ?? 0) <= 0) }
            if let blocked = full.blocked, blocked > 0 { #expect(positive.blocked?.bitPattern == blocked.bitPattern) }
            else { #expect((positive.blocked ?? 0) <= 0) }
            if full.isClear { clear += 1 } else { failing += 1 }
        }
        #expect(clear > 100 && failing > 100)
    }
}

/// Uniform in [0, 1).
private func unit(_ generator: inout SplitMix64) -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
