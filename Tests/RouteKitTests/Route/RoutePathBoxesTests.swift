import Foundation
import Testing
@testable import RouteKit

// Route.pathBoxes (the box and map rect of a path, with a concrete loop) and a route's own boxes (the
// same accumulator, in the pass that also looks for a pole) must be exactly what the geodesy module's
// generic BoundingBox(path:) and MapRect(enclosingPath:) give for the same coordinates, widened over a
// pole the route goes over: on paths across the antimeridian, winding round the world, at the poles, a
// single point, and every GPX, KML and TCX fixture that reads as a route.
@Suite struct RoutePathBoxesTests {
    static func expectSameAsGeodesy(_ route: Route, _ name: String) {
        let coordinates = route.points.map(\.coordinate)
        let (box, rect) = Route.pathBoxes(coordinates)
        #expect(box == BoundingBox(path: coordinates), "\(name): box")
        #expect(rect == MapRect(enclosingPath: coordinates), "\(name): rect")
        #expect(rect == Self.unionOfEveryPoint(coordinates), "\(name): rect from the extremes")
        let widened = Route.overPole(pole(of: route), box: box, rect: rect)
        #expect(route.boundingBox == widened.0 && route.rect == widened.1, "\(name): the route's own boxes")
    }

    /// The pole the route goes over, leg by leg within its segments in order, or at its one point.
    static func pole(of route: Route) -> Int {
        let geodesic = route.source.lineInterpolation == .geodesic
        for range in route.segments {
            for i in range.dropLast() {
                let pole = Route.legPole(from: route.points[i].coordinate, to: route.points[i + 1].coordinate, geodesic: geodesic)
                if pole != 0 { return pole }
            }
        }
        let only = route.points[0].coordinate.latitude
        return route.points.count == 1 && abs(only) == 90 ? (only > 0 ? 1 : -1) : 0
    }

    /// The map rect by its definition: every coordinate projected, its longitude unwrapped along the path
    /// and shifted by the whole turns that bring the smallest into -180..<180, and the extremes of the
    /// projections taken (RouteKit projects only the extreme longitudes and latitudes).
    static func unionOfEveryPoint(_ coordinates: [LocationCoordinate2D]) -> MapRect {
        var unwrapped: [Double] = []
        for c in coordinates {
            unwrapped.append(unwrapped.last.map { Angles.unwrappedAngle(c.longitude, near: $0) } ?? Angles.normalizedLongitude(c.longitude))
        }
        let shift = -360 * ((unwrapped.min()! + 180) / 360).rounded(.down)
        let projected = zip(coordinates, unwrapped).map { MapPoint(LocationCoordinate2D(latitude: $0.latitude, longitude: $1 + shift)) }
        let x0 = projected.map(\.x).min()!, x1 = projected.map(\.x).max()!
        let y0 = projected.map(\.y).min()!, y1 = projected.map(\.y).max()!
        return MapRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Random walks of every scale, from a few millimetres a step (latitudes an ulp or a few apart, where
    /// a projection that was not monotonic would show) to whole turns round the world.
    @Test func randomPathsGiveTheRectOfEveryPoint() {
        var generator = SplitMix64(seed: 28)
        for walk in 0..<2000 {
            let step = [1e-13, 1e-9, 1e-6, 1e-3, 1, 30, 170][walk % 7]
            var lat = Double.random(in: -89.9...89.9, using: &generator), lon = Double.random(in: -180...180, using: &generator)
            var coordinates: [LocationCoordinate2D] = []
            for _ in 0..<Int.random(in: 1...300, using: &generator) {
                coordinates.append(LocationCoordinate2D(latitude: lat, longitude: lon))
                lat = min(max(lat + Double.random(in: -step...step, using: &generator), -90), 90)
                lon += Double.random(in: -step...step, using: &generator)
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            }
            #expect(MapRect(enclosingPath: coordinates) == Self.unionOfEveryPoint(coordinates), "walk \(walk), step \(step)")
        }
    }

    static let paths: [(String, [(Double, Double)])] = [
        ("one point", [(47.3, 8.5)]),
        ("across the antimeridian eastwards", [(-17.0, 178.9), (-17.1, 179.8), (-17.2, -179.7), (-17.3, -178.0)]),
        ("across the antimeridian westwards", [(51.0, -179.5), (51.1, 179.5), (51.2, 178.0)]),
        ("round the world", (0...40).map { (10.0, -180.0 + Double($0) * 10) }),
        ("to a pole and back", [(89.0, 0), (90.0, 45), (89.0, 180)]),
        ("south of the Mercator edge", [(-86.0, 10), (-89.9, 11)]),
        ("longitudes outside -180...180", [(1, 190), (1, 200), (1, -150)]),
        ("across longitude 0", [(51.5, -0.2), (51.5, 0.2)]),
    ]

    @Test func pathsAtTheEdgesOfTheMap() {
        for (name, coordinates) in Self.paths {
            let points = coordinates.map { RoutePoint(latitude: $0.0, longitude: $0.1) }
            Self.expectSameAsGeodesy(Route(points: points, segments: [0..<points.count], name: nil, source: .init(kind: .tracks), measuredLegs: nil), name)
        }
    }

    @Test func everyXMLFixtureRoute() {
        var routes = 0
        for url in Formats.XMLFastScannerTests.files(under: Fixtures.directory) where ["gpx", "kml", "tcx"].contains(url.pathExtension) {
            guard let route = try? RouteFile.read(path: url.path).route else { continue }
            Self.expectSameAsGeodesy(route, url.lastPathComponent)
            routes += 1
        }
        #expect(routes >= 20, "only \(routes) fixtures read as routes")
    }
}
