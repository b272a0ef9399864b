import Foundation
import Testing
@testable import RouteKit

/// The leg geodesics and the Douglas-Peucker simplification on several threads give the serial results, bit for bit.
@Suite struct RouteMeasurementTests {
    /// The bundled real routes, concatenated until there are enough legs for 8 runs of work.
    private static func manyRealPoints() throws -> [RoutePoint] {
        let routes = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("routes").path)
            .filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(routes.count >= 4)
        var points: [RoutePoint] = []
        while points.count < 8 * 16_384 + 7 {
            for name in routes {
                points += try RouteFile.load(path: Fixtures.packageRoot.appendingPathComponent("routes/" + name).path).points
            }
        }
        return points
    }

    @Test func everyThreadCountGivesTheSerialBits() throws {
        let points = try Self.manyRealPoints()
        // The reference: one geodesic per leg, in order, on this thread.
        var distances: [UInt64] = [], headings: [UInt64] = []
        for i in 0..<(points.count - 1) {
            let inverse = Geodesic.wgs84.inverse(from: points[i].coordinate, to: points[i + 1].coordinate)
            distances.append(inverse.distance.bitPattern)
            headings.append(Angles.normalizedHeading(inverse.initialAzimuth).bitPattern)
        }
        for threads in [1, 2, 3, 8] {
            let measured = Route.measureLegs(points, threads: threads)
            #expect(measured.distances.map(\.bitPattern) == distances, "threads: \(threads)")
            #expect(measured.headings.map(\.bitPattern) == headings, "threads: \(threads)")
        }
    }

    @Test func tinyRoutesNeedNoThreads() {
        #expect(Route.measureLegs([RoutePoint(latitude: 1, longitude: 2)], threads: 2).distances.isEmpty)
        let two = Route.measureLegs([RoutePoint(latitude: 0, longitude: 0), RoutePoint(latitude: 0, longitude: 1)], threads: 2)
        // One degree of longitude on the WGS 84 equator: 2 * pi * 6378137 / 360 metres.
        #expect(abs(two.distances[0] - 111_319.490_793) < 1e-3)
        #expect(two.headings == [90])
    }

    /// Douglas-Peucker spread over cores keeps exactly the points the serial algorithm keeps, on real
    /// routes and with every way of splitting the work.
    @Test func parallelDouglasPeuckerKeepsTheSerialPoints() throws {
        // The bundled routes' first 12,000 points (the four routes, end to end, and again).
        let points = try Self.manyRealPoints().prefix(12_000)
        let coordinates = points.map(\.coordinate)
        // In the plane, and in 3D with the routes' recorded elevations (heights counted in the tolerance).
        let elevations = points.map(\.elevation)
        #expect(elevations.contains { $0 != nil })
        for (heights, tolerance) in [([], 5.0), ([], 50.0), (elevations, 5.0), (elevations, 50.0)] {
            let serial = Route.douglasPeucker(coordinates, elevations: heights, tolerance: tolerance, threads: 1)
            #expect(serial.filter { $0 }.count > 100)
            for (threads, splitAbove) in [(2, 65_536), (2, 64), (3, 1_000)] {
                let parallel = Route.douglasPeucker(coordinates, elevations: heights, tolerance: tolerance,
                                                    threads: threads, splitAbove: splitAbove)
                #expect(parallel == serial, "3D \(!heights.isEmpty), tolerance \(tolerance), threads \(threads), split above \(splitAbove)")
            }
        }
    }
}

