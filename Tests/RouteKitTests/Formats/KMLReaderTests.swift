import Foundation
import Testing
@testable import RouteKit

/// ``KMLReader``: Placemarks that hold only an address beside a line are noted.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct KMLReaderTests {
        static func fixture(_ name: String) -> URL { Fixtures.url("review25/\(name)") }

        /// Two Placemarks with only an address beside a line: one note, the count and the first's line.
        @Test func addressOnlyPlacemarksBesideALineAreNoted() throws {
            let result = try RouteFile.read(path: Self.fixture("address-plus-line.kml").path)
            #expect(result.route.points.count == 3)
            let notes = result.notes.filter { $0.contains("<address>") }
            #expect(notes == ["skipped 2 Placemarks that hold only an <address>, no coordinates, the first 'Hotel Slon' at line 3"], "\(result.notes)")
        }
    }
}

extension Formats {
    @Suite("KMLReader on project fixtures")
    struct KMLReaderFixtureTests {
        @Test func kmlToleratesSignsZerosCommentsAndInheritsAltitudeMode() throws {
            let result = try KMLReader.read(contentsOf: Fixtures.url("kml/tolerant-linestring.kml"))
            let route = result.route
            #expect(route.points.count == 5)
            #expect(route.segments.count == 2)
            #expect(route.name == "Two lines")
            #expect(route.source.waypointCount == 1)
            #expect(route.points[0].coordinate.latitude == 45.25)
            #expect(route.points[0].coordinate.longitude == 10.5)
            #expect(route.points[1].coordinate.latitude == 45.3)
            // absolute inherited from the MultiGeometry: kept
            #expect(route.points[0].elevation == 100)
            #expect(route.points[2].elevation == 120)
            // clampToGround on the second line: altitude ignored; 190 normalised to -170
            #expect(route.points[3].elevation == nil)
            #expect(near(route.points[3].coordinate.longitude, -170, 1e-12))
            #expect(result.notes.contains("altitudeMode: absolute on 1 line, clampToGround on 1 line; only absolute altitudes are kept as elevations"))
            #expect(result.notes.contains("normalised 1 longitude outside -180...180 into that range"))
        }

        @Test func kmlTrackPauseSplitsTheSegment() throws {
            let result = try KMLReader.read(contentsOf: Fixtures.url("kml/track-pauses.kml"))
            let route = result.route
            #expect(route.points.count == 4)
            #expect(route.segments == [0..<2, 2..<4])
            #expect(route.name == "Paused walk")
            #expect(route.points[0].elevation == 405.5)
            // 2021-03-02T09:30:40.5Z = 1614677440.5 (python3 datetime.fromisoformat(...).timestamp())
            #expect(route.points[0].time?.timeIntervalSince1970 == 1_614_677_440.5)
            // 10:30:41+01:00 = 09:30:41Z; the date-only when is midnight UTC (1614643200)
            #expect(route.points[2].time?.timeIntervalSince1970 == 1_614_677_441)
            #expect(route.points[3].time?.timeIntervalSince1970 == 1_614_643_200)
            #expect(result.notes.contains("skipped 1 empty <gx:coord/> (pause); each pause starts a new segment"))
        }

        @Test func kmlCopiedGxMultiTrack() throws {
            // togeojson-gxmultitrack.kml (BSD-2, copied): 2 gx:Track, 26 gx:coord (`grep -c '<gx:coord>'`)
            let route = try KMLReader.read(contentsOf: Fixtures.url("kml/togeojson-gxmultitrack.kml")).route
            #expect(route.points.count == 26)
            #expect(route.segments.count == 2)
            #expect(route.timedPointCount == 26)
        }
    }
}
