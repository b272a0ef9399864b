import Foundation
import Testing
@testable import RouteKit

// Route.pathBoxes (the box and map rect of a route, with concrete loops) must be exactly what the
// geodesy module's generic BoundingBox(path:) and MapRect(enclosingPath:) give for the same
// coordinates: on paths across the antimeridian, winding round the world, at the poles, a single
// point, and every GPX, KML and TCX fixture that reads as a route.
@Suite struct RoutePathBoxesTests {
    static func expectSameAsGeodesy(_ points: [RoutePoint], _ name: String) {
        let coordinates = points.map(\.coordinate)
        let (box, rect) = Route.pathBoxes(points)
        #expect(box == BoundingBox(path: coordinates), "\(name): box")
        #expect(rect == MapRect(enclosingPath: coordinates), "\(name): rect")
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
            Self.expectSameAsGeodesy(coordinates.map { RoutePoint(latitude: $0.0, longitude: $0.1) }, name)
        }
    }

    @Test func everyXMLFixtureRoute() {
        var routes = 0
        for url in Formats.XMLFastScannerTests.files(under: Fixtures.directory) where ["gpx", "kml", "tcx"].contains(url.pathExtension) {
            guard let route = try? RouteFile.read(path: url.path).route else { continue }
            Self.expectSameAsGeodesy(route.points, url.lastPathComponent)
            routes += 1
        }
        #expect(routes >= 20, "only \(routes) fixtures read as routes")
    }
}
