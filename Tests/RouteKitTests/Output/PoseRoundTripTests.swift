import Foundation
import Testing
@testable import RouteKit

/// Every pose format that a RouteKit reader reads back does so, to the precision written:
/// CSV and GPX give back the camera centres, KML and GeoJSON the route written beside the poses.
@Suite struct PoseRoundTripTests {
    /// Half a unit in the 8th decimal, plus binary rounding.
    static let coordinateTolerance = 0.5e-8 + 1e-12

    static func expectSameCoordinates(_ read: [RoutePoint], _ written: [LocationCoordinate2D], _ label: String) {
        #expect(read.count == written.count, "\(label)")
        for (r, w) in zip(read, written) {
            #expect(abs(r.coordinate.latitude - w.latitude) <= coordinateTolerance, "\(label)")
            #expect(angularDistance(r.coordinate.longitude, w.longitude) <= coordinateTolerance, "\(label)")
        }
    }

    /// CSV: the pose file's `time` column holds seconds from the start, which ``CSVReader`` (it wants a
    /// date-time there) rejects; so the rows are read with their columns named, the header skipped.
    @Test(arguments: [false, true])
    func csvGivesBackTheCentres(acrossAntimeridian: Bool) throws {
        let poses = writerTestPoses(acrossAntimeridian: acrossAntimeridian)
        let text = String(decoding: PoseFormat.csv.encode(poses), as: UTF8.self)
        let rows = text.split(separator: "\n", maxSplits: 1)[1]
        let options = CSVReader.Options(columns: ["-", "-", "latitude", "longitude", "-", "-", "-"])
        let route = try CSVReader.read(data: Data(rows.utf8), options: options).route
        Self.expectSameCoordinates(route.points, poses.map(\.camera.centerCoordinate), "csv")
        #expect(route.segments.count == 1)
    }

    /// The pose CSV reads back as it is: its `time` column of seconds becomes relative times.
    @Test func csvReadsBackWholeWithRelativeTimes() throws {
        let poses = writerTestPoses(count: 5)
        let result = try CSVReader.read(data: Data(PoseFormat.csv.encode(poses)))
        Self.expectSameCoordinates(result.route.points, poses.map(\.camera.centerCoordinate), "csv")
        for (point, pose) in zip(result.route.points, poses) {
            #expect(abs((point.time?.timeIntervalSince1970 ?? .nan) - pose.time) <= 5e-7)  // 6 decimals
        }
        #expect(result.notes.contains { $0.contains("plain numbers") })
        #expect(!result.notes.contains { $0.contains("read as UTC") })
    }

    @Test(arguments: [false, true])
    func gpxGivesBackTheCentresWithElevationAndTime(acrossAntimeridian: Bool) throws {
        let poses = writerTestPoses(acrossAntimeridian: acrossAntimeridian)
        var context = PoseWriterContext(poses: poses)
        context.epoch = Date(timeIntervalSince1970: 1_600_000_000.25)
        var writer = GPXPoseWriter(context: context)
        let route = try GPXReader.read(data: Data(writer.encode(poses))).route
        Self.expectSameCoordinates(route.points, poses.map(\.camera.centerCoordinate), "gpx")
        for (point, pose) in zip(route.points, poses) {
            #expect(abs((point.elevation ?? .nan) - pose.centerElevation) <= 0.0005)
            let time = try #require(point.time)
            #expect(abs(time.timeIntervalSince(context.epoch) - pose.time) <= 0.0005 + 1e-9)  // milliseconds
        }
    }

    @Test func gpxWithTheDefaultEpochStartsAt2000() throws {
        let poses = writerTestPoses(count: 3)
        let route = try GPXReader.read(data: Data(PoseFormat.gpx.encode(poses))).route
        #expect(route.points.first?.time == PoseWriterContext.defaultEpoch)
    }

    @Test(arguments: [false, true])
    func kmlGivesBackTheRouteAndIgnoresTheTour(acrossAntimeridian: Bool) throws {
        let route = writerTestRoute(acrossAntimeridian: acrossAntimeridian)
        let result = try KMLReader.read(data: Data(PoseFormat.kml.encode(writerTestPoses(), route: route)))
        #expect(result.route.segments.count == 2)
        #expect(result.route.name == route.name)
        Self.expectSameCoordinates(result.route.points, route.points.map(\.coordinate), "kml")
        #expect(result.route.source.waypointCount == 0)
    }

    @Test(arguments: [false, true])
    func geoJSONGivesBackTheRouteAndCountsNoLineFromThePoints(acrossAntimeridian: Bool) throws {
        let route = writerTestRoute(acrossAntimeridian: acrossAntimeridian)
        let poses = writerTestPoses()
        let result = try GeoJSONReader.read(data: Data(PoseFormat.geojson.encode(poses, route: route)))
        // Lines are cut at the antimeridian (RFC 7946 section 3.1.9): each crossing adds a part and a
        // point on each side of 180.
        let parts = route.segments.flatMap { antimeridianParts(route.points[$0].map(\.coordinate)) }
        #expect(parts.count == (acrossAntimeridian ? 3 : 2))
        #expect(result.route.segments.count == parts.count)
        #expect(result.route.name == route.name)
        Self.expectSameCoordinates(result.route.points, parts.flatMap { $0 }, "geojson")
        #expect(result.route.source.waypointCount == poses.count)  // the pose Points, counted, not flown
    }

    @Test func oneSegmentRouteIsALineStringAndAOnePointSegmentIsRepeated() throws {
        let single = Route(segments: [[RoutePoint(latitude: 1, longitude: 2)]], source: .init(kind: .tracks))!
        let bytes = PoseFormat.geojson.encode(writerTestPoses(count: 2), route: single)
        #expect(String(decoding: bytes, as: UTF8.self).contains("{\"type\":\"LineString\",\"coordinates\":[[2.00000000,1.00000000],[2.00000000,1.00000000]]}"))
        let result = try GeoJSONReader.read(data: Data(bytes))
        #expect(result.route.points.allSatisfy { $0.coordinate == LocationCoordinate2D(latitude: 1, longitude: 2) })
    }
}
