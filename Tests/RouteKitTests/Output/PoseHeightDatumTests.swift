import Foundation
import Testing
@testable import RouteKit

/// The pose writers' heights on each format's datum (``VerticalDatum``), through the EGM96 geoid; the
/// expected heights are PROJ's own `cs2cs EPSG:4326+5773 EPSG:4979` (as in `GeoidTests`).
@Suite struct PoseHeightDatumTests {
    /// Every output's heights on its datum: a pose over the Julian Alps at 2000 m above sea level,
    /// looking straight down from 1000 m, so the eye is 3000 m above sea level, 3047.461 m above the
    /// ellipsoid (cs2cs).
    @Test func everyFormatWritesItsOwnDatum() throws {
        let geoid = try Geoid.egm96()
        let c = LocationCoordinate2D(latitude: 46.43, longitude: 13.74)
        let script = CameraScript(
            initialCamera: .init(centerCoordinate: .coordinate(c), distance: .number(1000), heading: .number(0),
                                 pitch: .number(0), centerElevation: .number(2000)),
            pitch: [.init(.linear(.linear), .number(0), duration: 1)])
        let route = Route(segments: [[RoutePoint(coordinate: c, elevation: 2000)]], source: .init(kind: .tracks))!
        let flight = try script.resolved(for: route)
        var sampler = PoseSampler(framesPerSecond: 1)
        sampler.geoid = geoid
        var poses: [CameraPose] = []
        _ = sampler.forEachPose(of: flight, eye: .tangentPlane) { poses.append($0); return true }
        let pose = try #require(poses.first)
        #expect(isClose(pose.centerEllipsoidalHeight, 2047.461237, absolute: 0.001))
        #expect(isClose(try #require(pose.eye).altitude, 3047.461237, absolute: 0.001))
        #expect(isClose(try #require(pose.eye).elevation, 3000, absolute: 0.001))
        func text(_ format: PoseFormat, _ heights: VerticalDatum = .ellipsoidal) -> String {
            var context = PoseWriterContext(poses: poses, route: nil)
            context.heights = heights
            var writer = format.makeWriter(includesEye: true, context: context)
            return String(decoding: writer.encode(poses), as: UTF8.self)
        }
        // CSV and GeoJSON: the ellipsoid by default, sea level with --heights msl.
        #expect(text(.csv).contains(",2047.461,46.43000000,13.74000000,3047.461\n"))
        #expect(text(.csv, .orthometric).contains(",2000.000,46.43000000,13.74000000,3000.000\n"))
        #expect(text(.geojson).contains("\"center_elevation\":2047.461"))
        #expect(text(.geojson).contains("\"eye_altitude\":3047.461"))
        #expect(text(.geojson).contains("\"heights\":\"ellipsoidal\""))
        #expect(text(.geojson, .orthometric).contains("\"eye_altitude\":3000.000"))
        // KML absolute: sea level. CZML and Earth Studio: the ellipsoid. GPX ele: sea level.
        #expect(text(.kml).contains("<altitude>3000.000</altitude>"))
        #expect(text(.czml).contains(",3047.461"))
        #expect(text(.earthStudio).contains("\"altitude\":3047.461"))
        #expect(text(.gpx).contains("<ele>2000.000</ele>"))
    }
}
