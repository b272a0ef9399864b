import Foundation
import Testing
@testable import RouteKit

// Tests that run from the project's own fixtures (no ../shared/real needed). Expected values are
// read off the fixture text; the polyline values are Google's canonical example
// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm) and, at precision 6,
// docs/geo-formats.md#encoded-polylines (PyPI `polyline` 2.0.4).

extension Formats {
    @Suite("Readers on project fixtures")
    struct ProjectFormatFixtureTests {
        @Test func googleCanonicalPolyline() throws {
            let expected = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]
            for (file, precision) in [("polyline/google-example.p5.txt", 5), ("polyline/google-example.p6.txt", 6)] {
                let route = try PolylineReader.read(contentsOf: Fixtures.url(file), options: .init(precision: precision)).route
                #expect(route.points.count == 3)
                for (p, e) in zip(route.points, expected) {
                    #expect(near(p.coordinate.latitude, e.0, 1e-9))
                    #expect(near(p.coordinate.longitude, e.1, 1e-9))
                }
            }
            // Google's single-value example: -179.9832104 encodes to `~oia@ (here as a longitude after a 0 latitude).
            let single = try PolylineReader.read(text: "?`~oia@").route
            #expect(near(single.points[0].coordinate.longitude, -179.98321, 1e-9))
        }

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

        @Test func xsdPartialDates() {
            // gpsbabel-xsddatetime.kml's forms; epoch values from python3 datetime(...).timestamp() in UTC.
            let cases: [(String, Double?)] = [
                ("1997", 852_076_800), ("1997-07", 867_715_200), ("1997-07-16", 869_011_200),
                ("1997-07-16T07:30:15Z", 869_038_215), ("1997-07-16T10:30:15+03:00", 869_038_215),
                ("1997-07-16-05:00", 869_029_200), (" 1997Z ", 852_076_800),
                ("1997-13", nil), ("97", nil), ("1997-07-32", nil), ("", nil),
            ]
            for (text, epoch) in cases {
                let seconds = DateTimeParser.secondsSinceReferenceDate(xsdPartial: text)
                #expect(seconds.map { $0 + 978_307_200 } == epoch, "\(text)")
            }
            #expect(DateTimeParser.secondsSinceReferenceDate("1997") == nil)  // the strict parser stays strict
        }

        @Test func geojsonCopiedFixtures() throws {
            let fiji = try GeoJSONReader.read(contentsOf: Fixtures.url("geojson/turf-line-fiji.geojson"))
            #expect(fiji.route.points.count == 15)
            #expect(fiji.route.points.allSatisfy { (-180...180).contains($0.coordinate.longitude) })
            #expect(fiji.route.boundingBox.west > fiji.route.boundingBox.east)  // crosses the antimeridian
            let multi = try GeoJSONReader.read(contentsOf: Fixtures.url("geojson/antimeridian-multi-line.json"))
            #expect(multi.route.segments == [0..<2, 2..<4])
            #expect(multi.route.name == "multi-line")
        }

        @Test func geojsonBareGeometriesAndCollections() throws {
            let bare = try GeoJSONReader.read(data: Data(#"{"type":"LineString","coordinates":[[1,2,3,4],[5,6]]}"#.utf8))
            #expect(bare.route.points.count == 2)
            #expect(bare.route.points[0].elevation == 3)  // the 4th element is ignored
            let collection = try GeoJSONReader.read(data: Data(#"""
                {"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]},
                 {"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[1,2],[3,4]]}]}]}
                """#.utf8))
            #expect(collection.route.points.count == 2)
            #expect(collection.notes == ["skipped 1 Point geometry (not a line), the first at geometries[0]"])
            let feature = try GeoJSONReader.read(data: Data(#"""
                {"type":"Feature","properties":{"name":"Ride \u00e9\ud83d\ude00"},"crs":{"type":"name"},
                 "geometry":{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[]]}}
                """#.utf8))
            #expect(feature.route.name == "Ride é😀")
            #expect(feature.route.source.trackSegmentCount == 2)
        }

        @Test func csvSemicolonQuotedWithComments() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/semicolon-quoted.csv"))
            let route = result.route
            #expect(route.points.count == 3)
            #expect(route.points[0].elevation == 100.5)
            #expect(route.points[1].elevation == nil)
            #expect(route.points[2].coordinate.latitude == 45.502)
            #expect(route.points[0].time?.timeIntervalSince1970 == 1_714_557_600)  // 2024-05-01T10:00:00Z
            #expect(result.notes.first == "columns: time = column 1 'Time', latitude = column 2 'Lat', longitude = column 3 'Lng', elevation = column 4 'Ele'; delimiter ';'")
            #expect(result.notes.contains("skipped 1 row without a latitude or longitude (the first on line 6)"))
        }

        @Test func csvTabsLocalTimeWithOffset() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/tab-offset.tsv"))
            let route = result.route
            #expect(route.points.count == 2)
            // 2014-03-29 15:50:22 at -7 = 22:50:22Z = 1396133422 (python3)
            #expect(route.points[0].time?.timeIntervalSince1970 == 1_396_133_422)
            #expect(route.points[1].time?.timeIntervalSince1970 == 1_396_133_423)
            #expect(route.points[0].elevation == nil)  // AltMSL is feet: not read
            #expect(route.points[0].heartRate == 80)
            #expect(result.notes.contains("column 'AltMSL' is not read as elevation (Garmin G1000 logs give it in feet)"))
        }

        @Test func csvHemispheresAndTrailingDelimiter() throws {
            let route = try CSVReader.read(contentsOf: Fixtures.url("csv/hemispheres.csv")).route
            #expect(route.points.count == 2)
            #expect(route.points[0].coordinate.latitude == -33.5)
            #expect(route.points[0].coordinate.longitude == -70.25)
            #expect(route.points[0].elevation == 146)
        }

        @Test func csvHeaderlessNeedsColumns() throws {
            let url = Fixtures.url("csv/headerless.csv")
            let error = try #require(readRoute(url).failure)
            #expect(error.location?.line == 1)
            #expect(error.message.hasSuffix("name the columns"))
            // route-fly adds the option that names them.
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stderr.contains("(--columns latitude,longitude,…)"), "\(cli.stderr)")
            let result = try RouteFile.read(path: url.path, options: .init(csv: .init(columns: ["latitude", "longitude"])))
            #expect(result.route.points.count == 3)
            #expect(result.route.points[2].coordinate.longitude == 10.4)
            let swapped = try RouteFile.read(path: url.path, options: .init(csv: .init(columns: ["lon", "lat"])))
            #expect(swapped.route.points[0].coordinate.latitude == 10.2)
        }

        @Test func csvOffsetForms() {
            #expect(CSVTime.zone("-7") == "-07:00")
            #expect(CSVTime.zone("+00:00") == "+00:00")
            #expect(CSVTime.zone("+0530") == "+05:30")
            #expect(CSVTime.zone("5") == "+05:00")
            #expect(CSVTime.zone("-7.5") == nil)
        }

        @Test func tcxCourseWithExtensions() throws {
            let result = try TCXReader.read(contentsOf: Fixtures.url("tcx/course.tcx"))
            let route = result.route
            #expect(route.points.count == 2)
            #expect(route.name == "Lake loop")
            #expect(route.source.waypointCount == 1)
            #expect(route.points[0].heartRate == 120)
            #expect(route.points[0].speed == 3.5)
            #expect(route.points[0].cadence == 85)   // RunCadence when there is no Cadence
            #expect(route.points[1].cadence == 90)
            #expect(route.points[0].elevation == 300)
            #expect(result.notes == ["skipped 1 Trackpoint without a Position"])
        }

        @Test func gpxTrackPointExtensionMatchedByNamespace() throws {
            // v1 under the prefix `x`, v2 under `gpxtpx`, and a look-alike in another namespace.
            let route = try GPXReader.read(contentsOf: Fixtures.url("gpx/trackpoint-extensions.gpx")).route
            #expect(route.points.map(\.heartRate) == [90, 91, nil])
            #expect(route.points.map(\.cadence) == [80, nil, nil])
            #expect(route.points.map(\.speed) == [nil, 4.25, nil])
        }
    }
}
