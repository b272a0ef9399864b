import Foundation
import Testing
@testable import RouteKit

private typealias Location = RouteKit.SourceLocation

// One defect per file in Fixtures/<format>/bad/ (see Fixtures/README.md). Each case gives the exact
// reason and place: line:column, and for GeoJSON the JSON path too. Lines and columns were checked by
// hand against the file (1-based; columns in characters; XML columns are where libxml2 stands,
// the end of the start tag, except KML tuples, which are located at the tuple itself).

extension Formats {
    @Suite("Malformed fixtures: one defect each, exact reason and location")
    struct MalformedFixtureTests {
        struct Case: CustomStringConvertible, Sendable {
            var file: String
            var format: RouteFormat
            var reason: RouteParseError.Reason
            var line: Int
            var column: Int
            var codingPath: String? = nil
            var options: RouteFile.Options = .init()
            var description: String { file }
        }

        static let cases: [Case] = [
            // GeoJSON: syntax (line:column only) ...
            Case(file: "geojson/bad/missing-comma.geojson", format: .geojson,
                 reason: .malformedJSON("unexpected character '\"'; expected ',' or '}' after an object member"), line: 3, column: 3),
            Case(file: "geojson/bad/trailing-comma.geojson", format: .geojson,
                 reason: .malformedJSON("trailing comma before ']' (JSON allows none)"), line: 7, column: 7),
            Case(file: "geojson/bad/unclosed-string.geojson", format: .geojson,
                 reason: .malformedJSON("unterminated string (a line break before the closing '\"')"), line: 2, column: 23),
            Case(file: "geojson/bad/truncated.geojson", format: .geojson,
                 reason: .malformedJSON("unexpected end of file; expected ',' or ']'"), line: 1, column: 58),
            Case(file: "geojson/bad/nan.geojson", format: .geojson,
                 reason: .malformedJSON("NaN is not a JSON number (JSON holds finite numbers only)"), line: 1, column: 49),
            Case(file: "geojson/bad/leading-zero.geojson", format: .geojson,
                 reason: .malformedJSON("leading zeros are not allowed in JSON numbers"), line: 2, column: 4),
            Case(file: "geojson/bad/empty.geojson", format: .geojson, reason: .empty, line: 1, column: 1),
            // ... and structure (JSON path and line:column)
            Case(file: "geojson/bad/swapped.geojson", format: .geojson,
                 reason: .swappedCoordinates(latitude: 120.5, longitude: 45.1), line: 6, column: 30,
                 codingPath: "features[0].geometry.coordinates[1][1]"),
            Case(file: "geojson/bad/latitude-out-of-range.geojson", format: .geojson,
                 reason: .latitudeOutOfRange(element: "position", value: 95.25), line: 6, column: 32,
                 codingPath: "features[0].geometry.coordinates[1][1]"),
            Case(file: "geojson/bad/position-string.geojson", format: .geojson,
                 reason: .unexpectedValue(field: "longitude", found: "a string (\"10.2\")", expected: "a number of degrees"),
                 line: 6, column: 38, codingPath: "features[0].geometry.coordinates[2][0]"),
            Case(file: "geojson/bad/position-short.geojson", format: .geojson,
                 reason: .unexpectedValue(field: "position", found: "an array of 1",
                                          expected: "a position [longitude, latitude(, elevation)]"),
                 line: 6, column: 23, codingPath: "features[0].geometry.coordinates[1]"),
            Case(file: "geojson/bad/unknown-type.geojson", format: .geojson,
                 reason: .unexpectedValue(field: "type", found: "\"Linestring\"",
                                          expected: "a GeoJSON type: FeatureCollection, Feature, or one of Point, MultiPoint, "
                                            + "LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection"),
                 line: 3, column: 53, codingPath: "features[1].geometry.type"),
            Case(file: "geojson/bad/coordinates-object.geojson", format: .geojson,
                 reason: .unexpectedValue(field: "coordinates", found: "an object", expected: "an array"),
                 line: 2, column: 17, codingPath: "coordinates"),
            Case(file: "geojson/bad/only-points.geojson", format: .geojson,
                 reason: .noLine(found: "the file holds only 1 Point, 1 Polygon (expected a LineString or MultiLineString with positions)"),
                 line: 1, column: 1),

            // KML
            Case(file: "kml/bad/tuple-with-space.kml", format: .kml,
                 reason: .unexpectedValue(field: "coordinates", found: "the tuple \"10.5,\"",
                                          expected: "longitude,latitude[,altitude] with no space inside a tuple"),
                 line: 8, column: 21),
            Case(file: "kml/bad/bad-number.kml", format: .kml,
                 reason: .malformedNumber(element: "coordinates", field: "latitude", text: "4x.2"), line: 8, column: 21),
            Case(file: "kml/bad/latitude-out-of-range.kml", format: .kml,
                 reason: .latitudeOutOfRange(element: "coordinates", value: 95.5), line: 9, column: 11),
            Case(file: "kml/bad/track-count-mismatch.kml", format: .kml,
                 reason: .mismatchedCounts(element: "gx:Track", first: "when", firstCount: 3, second: "gx:coord", secondCount: 2),
                 line: 6, column: 16),
            Case(file: "kml/bad/bad-when.kml", format: .kml,
                 reason: .malformedTime(element: "when", text: "2021-13-02T09:30:41Z"), line: 9, column: 14),
            Case(file: "kml/bad/coord-four-values.kml", format: .kml,
                 reason: .unexpectedValue(field: "gx:coord", found: "\"8.98 48.51 406 7\"",
                                          expected: "longitude latitude altitude, separated by spaces"), line: 11, column: 18),
            Case(file: "kml/bad/doctype.kml", format: .kml, reason: .forbiddenDeclaration("a DOCTYPE declaration"), line: 2, column: 1),
            Case(file: "kml/bad/no-line.kml", format: .kml,
                 reason: .noLine(found: "the file holds only 1 Point, 1 Polygon (expected a LineString or gx:Track with coordinates)"),
                 line: 2, column: 89),
            Case(file: "kml/bad/gpx-root.kml", format: .kml,
                 reason: .unexpectedRoot(name: "gpx", namespace: "http://www.topografix.com/GPX/1/1",
                                         expected: "<kml> in the KML 2.2 namespace (or 2.0, 2.1, 2.3, or none)"),
                 line: 2, column: 73),
            Case(file: "kml/bad/truncated.kml", format: .kml,
                 reason: .truncated("the input ends inside <Placemark> (XML parser error 5); elements still open: kml > Document > Placemark"),
                 line: 10, column: 20),

            // CSV
            Case(file: "csv/bad/no-header.csv", format: .csv,
                 reason: .unnamedColumns("the first line holds numbers, not column names: to read a file without a header, "
                                         + "name the columns"), line: 1, column: 1),
            Case(file: "csv/bad/no-latitude.csv", format: .csv,
                 reason: .unnamedColumns("no latitude (looked for: latitude, lat) column in the header 'y', 'lon', 'ele' "
                                         + "(or name the columns)"), line: 1, column: 1),
            Case(file: "csv/bad/bad-number.csv", format: .csv,
                 reason: .malformedNumber(element: "column", field: "lat", text: "4x.5"), line: 3, column: 1),
            Case(file: "csv/bad/unclosed-quote.csv", format: .csv,
                 reason: .malformedCSV("the quoted field is not closed (expected a '\"' before the end of the file)"), line: 3, column: 1),
            Case(file: "csv/bad/text-after-quote.csv", format: .csv,
                 reason: .malformedCSV("text after the closing quote of a field (a quote inside a quoted field is written \"\")"),
                 line: 2, column: 4),
            Case(file: "csv/bad/latitude-out-of-range.csv", format: .csv,
                 reason: .latitudeOutOfRange(element: "row", value: 95.5), line: 3, column: 2),
            Case(file: "csv/bad/bad-hemisphere.csv", format: .csv,
                 reason: .unexpectedValue(field: "N/S", found: "\"X\"", expected: "N or S"), line: 3, column: 6),
            Case(file: "csv/bad/bad-date.csv", format: .csv,
                 reason: .malformedTime(element: "row", text: "2023/13/16 18:02:27"), line: 3, column: 13),
            Case(file: "csv/bad/no-positions.csv", format: .csv,
                 reason: .noLine(found: "none of its 2 rows has a latitude and a longitude"), line: 3, column: 1),
            // Decimal commas in a comma-separated file, a malformed decimal comma, an unknown unit.
            Case(file: "csv/bad/decimal-comma-comma.csv", format: .csv,
                 reason: .malformedCSV("this row has 5 fields but the header has 3; if the numbers use decimal commas (46,5), "
                                       + "the file must not be separated by commas: use ';' or tab, or quote the numbers (\"46,5\")"),
                 line: 2, column: 13),
            Case(file: "csv/bad/decimal-comma-semicolon.csv", format: .csv,
                 reason: .unexpectedValue(field: "lat", found: "\"46,000,46\"",
                                          expected: "a decimal number: with a decimal point, or a decimal comma as in 46,5"),
                 line: 3, column: 1),
            Case(file: "csv/bad/unknown-unit.csv", format: .csv,
                 reason: .unexpectedValue(field: "ele", found: "\"120 yd\", in an unknown unit 'yd'",
                                          expected: "a number, optionally followed by m, km, ft or mi"),
                 line: 3, column: 17),

            // Polyline (read as polyline: a space inside makes the content sniff say CSV)
            Case(file: "polyline/bad/bad-character.txt", format: .polyline,
                 reason: .malformedPolyline("white space (code 32) is not in the polyline alphabet '?'...'~' (63...126)"),
                 line: 1, column: 11),
            Case(file: "polyline/bad/ends-inside-value.txt", format: .polyline,
                 reason: .malformedPolyline("the string ends inside a value (its last character must be in '?'...'^', 63...94)"),
                 line: 1, column: 12),
            Case(file: "polyline/bad/missing-longitude.txt", format: .polyline,
                 reason: .malformedPolyline("the last point has a latitude but no longitude"), line: 1, column: 11),
            Case(file: "polyline/bad/precision6.txt", format: .polyline,
                 reason: .polylineOutOfRange(field: "latitude", value: 385.0, precision: 5), line: 1, column: 1),
            Case(file: "polyline/bad/blank.txt", format: .polyline, reason: .empty, line: 1, column: 1),
            Case(file: "polyline/bad/json-escaped-broken.txt", format: .polyline,
                 reason: .malformedPolyline("the string ends inside a value (its last character must be in '?'...'^', 63...94); "
                                            + "the string holds backslashes: a polyline copied out of JSON keeps its escapes "
                                            + "(\\\\ for \\), and these do not all unescape to a valid polyline"),
                 line: 1, column: 28),

            // TCX
            Case(file: "tcx/bad/missing-longitude.tcx", format: .tcx,
                 reason: .missingField(element: "Position", field: "LongitudeDegrees"), line: 17, column: 22),
            Case(file: "tcx/bad/bad-latitude.tcx", format: .tcx,
                 reason: .malformedNumber(element: "Trackpoint", field: "LatitudeDegrees", text: "34.l74030"), line: 18, column: 31),
            Case(file: "tcx/bad/bad-time.tcx", format: .tcx,
                 reason: .malformedTime(element: "Trackpoint", text: "2008-08-21 13:08"), line: 16, column: 18),
            Case(file: "tcx/bad/no-namespace.tcx", format: .tcx,
                 reason: .unexpectedRoot(name: "TrainingCenterDatabase", namespace: nil,
                                         expected: "<TrainingCenterDatabase> in the TCX v2 namespace"), line: 2, column: 24),
            Case(file: "tcx/bad/no-position.tcx", format: .tcx,
                 reason: .noLine(found: "1 Activity, 0 Courses, 2 Trackpoints, none with a Position"), line: 2, column: 91),

            // GPX: the TrackPointExtension values are numbers too
            Case(file: "gpx/bad/hr-not-number.gpx", format: .gpx,
                 reason: .malformedNumber(element: "trkpt", field: "hr", text: "9O"), line: 8, column: 43),
        ]

        @Test(arguments: cases)
        func reportsExactReasonAndLocation(_ c: Case) throws {
            let url = Fixtures.url(c.file)
            let error = try #require(readRoute(url, format: c.format, options: c.options).failure)
            #expect(error.reason == c.reason)
            #expect(error.location == Location(path: url.path, line: c.line, column: c.column))
            #expect(error.codingPath == c.codingPath)
            #expect(error.format == c.format)
            #expect(error.description.hasPrefix("\(url.path):\(c.line):\(c.column): error: "))
        }

        @Test func atLeastThirtyFixtures() {
            #expect(Self.cases.count >= 30)
        }
    }
}
