import Foundation
import Testing
@testable import RouteKit

private func readRoute(data: Data, format: RouteFormat) -> Result<RouteFile.Result, RouteParseError> {
    do { return .success(try RouteFile.read(data: data, format: format)) } catch { return .failure(error) }
}

/// `info` and `sample` on files that hold waypoints only. Expected values are read off the inputs by hand.
@Suite struct RouteFlyWaypointTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static let onlyWaypoints = Fixtures.url("gpx/bad/only-waypoints.gpx").path  // wpt (46.1, 14.2) and (46.2, 14.3)

    // MARK: Item 9: info on waypoints alone

    @Test func infoSummarisesWaypointsAlone() throws {
        let r = try runRouteFly(["info", Self.onlyWaypoints, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{\"points\":0,\"tracks\":0,\"segments\":0,\"routes\":0,\"waypoints\":2,"))
        #expect(r.stdout.contains("\"bbox\":[14.20000000,46.10000000,14.30000000,46.20000000]"))
        #expect(r.stdout.contains("\"start\":null,\"end\":null"))
        #expect(r.stderr.contains("note: no track points and no route points to fly (found 2 waypoints"))
        let text = try runRouteFly(["info", Self.onlyWaypoints])
        #expect(text.status == 0)
        #expect(text.stdout.contains("waypoints  2 (not flown)"))
        // `sample` still refuses, as before.
        let sample = try runRouteFly(["sample", Self.onlyWaypoints])
        #expect(sample.status == 1 && sample.stdout.isEmpty)
    }

    @Test func kmlAndGeoJSONPointsAlone() throws {
        let kml = Data("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><Point><coordinates>14.5,46.05,300</coordinates></Point></Placemark>
            <Placemark><Point><coordinates> 14.6,46.0 </coordinates></Point></Placemark>
            </Document></kml>
            """.utf8)
        let kmlError = try #require(readRoute(data: kml, format: .kml).failure)
        #expect(kmlError.waypoints == [LocationCoordinate2D(latitude: 46.05, longitude: 14.5), LocationCoordinate2D(latitude: 46.0, longitude: 14.6)])
        let summary = try #require(RouteSummary(waypoints: kmlError.waypoints, format: .kml))
        #expect(summary.points == 0 && summary.waypoints == 2)
        #expect(summary.boundingBox == BoundingBox(west: 14.5, south: 46.0, east: 14.6, north: 46.05))
        let json = Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"MultiPoint","coordinates":[[10,1],[11,2]]}}]}"#.utf8)
        let jsonError = try #require(readRoute(data: json, format: .geojson).failure)
        #expect(jsonError.waypoints.count == 2)
    }

    /// KML Points are not flown, so one that cannot be read is left out of the waypoints, not an error;
    /// of several tuples, the first is the Point's position.
    @Test func kmlPointsAreReadLeniently() throws {
        let kml = Data("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><Point><coordinates>abc</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>14.5</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>14.5,95</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>
              14.7,46.1,0 14.8,46.2</coordinates></Point></Placemark>
            </Document></kml>
            """.utf8)
        let error = try #require(readRoute(data: kml, format: .kml).failure)
        #expect(error.waypoints == [LocationCoordinate2D(latitude: 46.1, longitude: 14.7)])
        #expect(error.description.contains("the file holds only 4 Points"), "\(error)")
    }
}
