import Foundation
import Testing
@testable import RouteKit

// Where the expected numbers come from
// -------------------------------------
// Points and segments of each file were counted independently of RouteKit:
// - KML: `grep -c '<gx:coord>' FILE` (non-empty coords) and the tuples of each <coordinates> read by eye;
//   cross-checked with `gpsbabel -t -i kml -f FILE -o unicsv -F - | tail -n +2 | wc -l` (GPSBabel 1.8,
//   Debian) for tracks and `-w` for waypoints: bendgc-input 4 track points / 4 waypoints,
//   google_ext 451, opentracks 2, gxmultitrack 26 / 2 waypoints.
// - GeoJSON: python3 `json.load`, counting the positions of each LineString / MultiLineString line
//   (turf-route1 4757, turf-line-fiji 15 of which 9 have a longitude < -180, antimeridian 2+2,
//   gpsbabel-geojson 2 + 3×2).
// - CSV: python3 `csv.reader` after the '#' lines, counting rows with both a latitude and a longitude
//   (g1000 442, garminconnect 68, iblue747 747); gpsbabel agrees where it has a reader
//   (`-i garmin_g1000` 442, `-i unicsv` on garminconnect 68).
// - TCX: `grep -c '<Trackpoint>'` 1205, `grep -c '<Position>'` 1202, `grep -c '<Track>'` 2;
//   `gpsbabel -t -i gtrnctr … -o unicsv` 1202.
// - Polyline: 104 = the trkpt of gpxpy-around-visnjan-with-car.gpx it was encoded from (SOURCES.md).
// First/last coordinates are copied from the files' text.

extension Formats {
    @Suite("Real files of every format in ../shared/real")
    struct RealFormatFileTests {
        struct Expected: CustomStringConvertible, Sendable {
            var file: String
            var format: RouteFormat
            var points: Int
            var segments: Int
            var waypoints: Int = 0
            var first: (Double, Double)
            var last: (Double, Double)
            var timed: Int = 0
            var name: String? = nil
            var noteFragments: [String] = []
            var options: RouteFile.Options = .init()
            /// Degrees.
            var tolerance = 1e-7
            var description: String { file }
        }

        static let expectations: [Expected] = [
            Expected(file: "kml/gpsbabel-bendgc-input.kml", format: .kml, points: 4, segments: 1, waypoints: 4,
                     first: (35.752604, 140.615728), last: (42.925678, -127.622914), name: "Path",
                     noteFragments: ["altitudeMode: clampToGround on 1 line"]),
            Expected(file: "kml/gpsbabel-google_ext.kml", format: .kml, points: 451, segments: 1,
                     first: (30.244696, -97.8586), last: (30.227217, -97.89716), timed: 451,
                     noteFragments: ["altitudeMode: absolute on 1 line"]),
            Expected(file: "kml/gpsbabel-opentracks.kml", format: .kml, points: 2, segments: 1,
                     first: (48.503537, 8.970803), last: (48.503623, 8.970829), timed: 2, name: "Wurmlinger Kapelle",
                     noteFragments: ["skipped 2 empty <gx:coord/> (pauses)"]),
            Expected(file: "kml/togeojson-gxmultitrack.kml", format: .kml, points: 26, segments: 2, waypoints: 2,
                     first: (-40.139527, -71.324739), last: (-40.139577, -71.324879), timed: 26),
            Expected(file: "geojson/turf-route1.geojson", format: .geojson, points: 4757, segments: 1,
                     first: (36.98394, -79.254923), last: (38.873875, -77.365759)),
            Expected(file: "geojson/turf-line-fiji.geojson", format: .geojson, points: 15, segments: 1, waypoints: 1,
                     first: (-17.675427818339383, -183.131103515625 + 360), last: (-16.003575733881313, -182.274169921875 + 360),
                     noteFragments: ["skipped 1 Point geometry", "normalised 9 longitudes"]),
            Expected(file: "geojson/antimeridian-multi-line.json", format: .geojson, points: 4, segments: 2,
                     first: (-10, 170), last: (1, 1), name: "multi-line"),
            Expected(file: "geojson/gpsbabel-geojson.geojson", format: .geojson, points: 8, segments: 4, waypoints: 2,
                     first: (6, 6), last: (15, 15),
                     noteFragments: ["skipped 1 MultiPoint", "skipped 1 MultiPolygon", "skipped 1 Point", "skipped 1 Polygon"]),
            Expected(file: "csv/gpsbabel-garmin_g1000.csv", format: .csv, points: 442, segments: 1,
                     first: (40.2171326, -111.7177124), last: (40.2122955, -111.7098999), timed: 442,
                     noteFragments: ["'AltMSL' is not read as elevation"]),
            Expected(file: "csv/gpsbabel-garminconnect.csv", format: .csv, points: 68, segments: 1,
                     first: (40.188950, -105.178361), last: (40.203097, -105.178007), timed: 68,
                     noteFragments: ["times without a zone are read as UTC"]),
            Expected(file: "csv/gpsbabel-iblue747.csv", format: .csv, points: 747, segments: 1,
                     first: (51.311770, 12.413179), last: (50.857783, 12.417961), timed: 747),
            Expected(file: "polyline/visnjan-car.p5.txt", format: .polyline, points: 104, segments: 1,
                     first: (45.2735188510, 13.7142099626), last: (45.2733349521, 13.7139970623), tolerance: 0.5e-5),
            Expected(file: "polyline/visnjan-car.p6.txt", format: .polyline, points: 104, segments: 1,
                     first: (45.2735188510, 13.7142099626), last: (45.2733349521, 13.7139970623),
                     options: .init(polyline: .init(precision: 6)), tolerance: 0.5e-6),
            Expected(file: "tcx/gpsbabel-history.tcx", format: .tcx, points: 1202, segments: 1,  // two laps, 1 s apart: one line
                     first: (34.1738977, -118.7587927), last: (34.1555902, -118.7570634), timed: 1202,
                     noteFragments: ["skipped 3 Trackpoints without a Position"]),
        ]

        @Test(arguments: expectations)
        func loadsWithCounts(_ e: Expected) throws {
            guard let url = sharedRealFile(e.file) else { return }
            let result = try RouteFile.read(path: url.path, options: e.options)
            #expect(result.format == e.format)
            let route = result.route
            #expect(route.points.count == e.points)
            #expect(route.segments.count == e.segments)
            #expect(route.source.waypointCount == e.waypoints)
            #expect(route.timedPointCount == e.timed)
            if let name = e.name { #expect(route.name == name) }
            #expect(near(route.points.first?.coordinate.latitude, e.first.0, e.tolerance))
            #expect(near(route.points.first?.coordinate.longitude, e.first.1, e.tolerance))
            #expect(near(route.points.last?.coordinate.latitude, e.last.0, e.tolerance))
            #expect(near(route.points.last?.coordinate.longitude, e.last.1, e.tolerance))
            for fragment in e.noteFragments {
                #expect(result.notes.contains { $0.contains(fragment) }, "\(fragment) not in \(result.notes)")
            }
        }

        @Test func xsdDateTimeKMLHoldsNoLine() throws {
            // Five Placemarks with a Point each and no line: a located, truthful error at the root.
            guard let url = sharedRealFile("kml/gpsbabel-xsddatetime.kml") else { return }
            let error = try #require(readRoute(url).failure)
            #expect(error.reason == .noLine(found: "the file holds only 5 Points (expected a LineString or gx:Track with coordinates)"))
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 89)
        }

        @Test func historyTCXKeepsHeartRate() throws {
            // `grep -c '<Value>'` 1204 HeartRateBpm values; the points with a Position and a heart rate:
            guard let url = sharedRealFile("tcx/gpsbabel-history.tcx") else { return }
            let route = try RouteFile.read(path: url.path).route
            #expect(route.points.first?.heartRate == 107)  // gpsbabel unicsv row 1: 34.173898,-118.758793,308.7,107
            #expect(near(route.points.first?.elevation, 308.7, 0.05))
            #expect(route.points.filter { $0.heartRate != nil }.count > 1100)
        }

        @Test func googleExtDurationMatchesItsDescription() throws {
            // The file's description says "Duration: 1h42'09""; the track's first and last <when> are
            // 18:30:59Z and 20:13:09Z, 6130 s apart (`grep -o '<when>[^<]*'`: the first of the 453
            // whens, 18:30:57Z, is a Placemark's TimeStamp, not a track sample).
            guard let url = sharedRealFile("kml/gpsbabel-google_ext.kml") else { return }
            let route = try RouteFile.read(path: url.path).route
            #expect(route.recordedDuration == 6130)
            #expect(route.points.first?.elevation == 274.2)  // altitudeMode absolute
        }

        @Test func polylineMatchesTheGPXItWasEncodedFrom() throws {
            guard let gpx = sharedRealFile("gpx/gpxpy-around-visnjan-with-car.gpx"),
                  let p5 = sharedRealFile("polyline/visnjan-car.p5.txt"),
                  let p6 = sharedRealFile("polyline/visnjan-car.p6.txt") else { return }
            let reference = try GPXReader.read(contentsOf: gpx).route.points
            for (url, precision, tolerance) in [(p5, 5, 0.5e-5), (p6, 6, 0.5e-6)] {
                let points = try PolylineReader.read(contentsOf: url, options: .init(precision: precision)).route.points
                #expect(points.count == reference.count)
                for (a, b) in zip(points, reference) {
                    #expect(abs(a.coordinate.latitude - b.coordinate.latitude) <= tolerance + 1e-12)
                    #expect(abs(a.coordinate.longitude - b.coordinate.longitude) <= tolerance + 1e-12)
                }
            }
        }

        @Test func garminExtensionsGPXHasHeartRateAndCadence() throws {
            // SOURCES.md: hr on 8 points, cad on 6 (`grep -c '<gpxtpx:hr>'` 8, `grep -c '<gpxtpx:cad>'` 6).
            guard let url = sharedRealFile("gpx/gpsbabel-gpx_garmin_extensions.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            #expect(route.points.filter { $0.heartRate != nil }.count == 8)
            #expect(route.points.filter { $0.cadence != nil }.count == 6)
        }

        @Test func stravaGPXHasHeartRateOnEveryPoint() throws {
            // SOURCES.md: 1118 points, each with gpxtpx:hr (`grep -c '<gpxtpx:hr>'` 1118).
            guard let url = sharedRealFile("gpx/togeojson-run_gpxtpx.gpx") else { return }
            let route = try GPXReader.read(contentsOf: url).route
            #expect(route.points.count == 1118)
            #expect(route.points.allSatisfy { $0.heartRate != nil })
        }
    }
}

extension Formats.RealFormatFileTests {
    /// Every non-GPX file in ../shared/real is covered above (GPX files are in GPXReaderTests; the
    /// geodesic data is not a route).
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func everySharedFileIsCovered() throws {
        guard let root = Fixtures.sharedReal else { return }
        var covered = Set(Self.expectations.map(\.file))
        covered.insert("kml/gpsbabel-xsddatetime.kml")
        for folder in ["kml", "geojson", "csv", "polyline", "tcx"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            for name in names {
                #expect(covered.contains("\(folder)/\(name)"), "\(folder)/\(name) has no test")
            }
        }
    }
}
