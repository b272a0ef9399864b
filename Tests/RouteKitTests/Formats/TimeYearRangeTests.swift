import Foundation
import Testing
@testable import RouteKit

/// A date-time before the year 1 (`0000-…`, which xsd:dateTime's four digits allow) is refused where
/// it is written, showing the text as written, in every reader that reads calendar times.
@Suite struct TimeYearRangeTests {
    private static let year0 = "0000-01-01T10:00:00Z"

    private func expectRefused(_ text: String, format: RouteFormat, line: Int, column: Int) {
        #expect {
            try RouteFile.read(data: Data(text.utf8), displayPath: "t", format: format)
        } throws: { error in
            guard let error = error as? RouteParseError else { return false }
            return error.location?.line == line && error.location?.column == column
                && error.description.contains("'time' is \"\(Self.year0)\" (expected a date-time within the years 1 to 9999 UTC)")
        }
    }

    @Test func gpx() {
        expectRefused("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="47.1" lon="8.1"><time>2020-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.2" lon="8.2"><time>\(Self.year0)</time></trkpt>
            </trkseg></trk></gpx>
            """, format: .gpx, line: 4, column: 34)  // the '>' of <time>, where libxml2 reports the text
    }

    @Test func kml() {
        expectRefused("""
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>
            <when>2020-01-01T10:00:00Z</when>
            <when>\(Self.year0)</when>
            <gx:coord>8.1 47.1 400</gx:coord><gx:coord>8.2 47.2 400</gx:coord></gx:Track></Placemark></kml>
            """, format: .kml, line: 4, column: 6)
    }

    @Test func csvCalendarTimeAtItsCell() {
        expectRefused("lat,lon,time\n47.1,8.1,2020-01-01T10:00:00Z\n47.2,8.2,\(Self.year0)\n", format: .csv, line: 3, column: 10)
    }

    /// An offset can take a time out of the years too: 0001-01-01T00:30:00+01:00 is 0000-12-31T23:30Z.
    @Test func anOffsetBeforeTheYear1() throws {
        #expect(throws: RouteParseError.self) {
            try RouteFile.read(data: Data("lat,lon,time\n47.1,8.1,0001-01-01T00:30:00+01:00\n".utf8), format: .csv)
        }
        let edge = try RouteFile.read(data: Data("lat,lon,time\n47.1,8.1,0001-01-01T01:00:00+01:00\n".utf8), format: .csv)
        #expect(edge.route.points[0].time.map { ISO8601.string(from: $0) } == "0001-01-01T00:00:00Z")
    }
}
