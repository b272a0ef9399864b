import Foundation
import Testing
@testable import RouteKit

/// Errors the new-user review found unlocated or misleading, each now at the value's own place and
/// naming what is wrong with it (the places counted in the texts below).
@Suite struct ReaderDiagnosisTests {
    private func error(_ text: String, _ format: RouteFormat) -> RouteParseError? {
        do {
            _ = try RouteFile.read(data: Data(text.utf8), displayPath: "t", format: format)
            return nil
        } catch {
            return error
        }
    }

    /// An absolute altitude of 1e300 in a KML LineString: at its `<coordinates>`, not "at point 0".
    @Test func aKMLAltitudeOutOfRangeIsLocated() throws {
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark>
            <LineString><altitudeMode>absolute</altitudeMode><coordinates>14,46,1e300 14.1,46.1,5</coordinates></LineString>
            </Placemark></kml>
            """
        let e = try #require(error(kml, .kml))
        #expect(e.location?.line == 2 && e.description.contains("elevation 1e+300 is out of range"), "\(e)")
        // Clamped to the ground, the altitude is not an elevation and not judged.
        #expect(error(kml.replacingOccurrences(of: "absolute", with: "clampToGround"), .kml) == nil)
    }

    /// A GeoJSON longitude a turn past the antimeridian is brought back; one of 1e15 is refused at its path.
    @Test func aGeoJSONLongitudeFarBeyondATurnIsRefused() throws {
        let read = try RouteFile.read(data: Data(#"{"type":"LineString","coordinates":[[540.5,46],[541,46.1]]}"#.utf8), format: .geojson)
        #expect(read.route.points[0].coordinate.longitude == 180.5 - 360)  // 540.5 - 360 = 180.5, then -179.5
        let e = try #require(error(#"{"type":"LineString","coordinates":[[14,46],[1e15,46.1]]}"#, .geojson))
        #expect(e.codingPath == "coordinates[1][0]" && e.description.contains("'longitude' is 1000000000000000.0"), "\(e)")
    }

    /// A bad UTC offset cell is the offset's error, at its own cell (column 31), not the time's.
    @Test func aBadOffsetIsLocatedAtItsCell() throws {
        let csv = "lat,lon,time,utc offset\n46,14,2020-01-01 10:00:00,+01:00\n46.1,14.1,2020-01-01 10:00:01,+25:00\n"
        let e = try #require(error(csv, .csv))
        #expect(e.location?.line == 3 && e.location?.column == 31 && e.description.contains("'utc offset' is \"+25:00\""), "\(e)")
    }

    /// Second 60 in a day-first date or a GeoJSON time array gets the leap-second message, not one about
    /// the date order or the value's type.
    @Test func secondSixtyIsSaidAsSuchEverywhere() throws {
        let csv = try #require(error("lat,lon,time\n46,14,30/12/2016 23:59:59\n46.1,14.1,30/12/2016 23:59:60\n", .csv))
        #expect(csv.location?.line == 3 && csv.description.contains("has second 60, which only a leap second has"), "\(csv)")
        let json = try #require(error(#"{"type":"Feature","properties":{"coordTimes":["2020-01-01T00:00:59Z","2020-01-01T00:00:60Z"]},"geometry":{"type":"LineString","coordinates":[[14,46],[14.1,46.1]]}}"#, .geojson))
        #expect(json.codingPath == "properties.coordTimes[1]" && json.description.contains("has second 60"), "\(json)")
    }
}

/// A CSV row with fewer fields than the header (a cell count from the text: 2 under 4) is read with its
/// missing cells empty, and said once; a trailing delimiter on the header adds no field to miss.
@Suite struct CSVShortRowTests {
    @Test func shortRowsAreNotedOnce() throws {
        let csv = "lat,lon,ele,time\n46,14,100,2020-01-01T00:00:00Z\n46.1,14.1\n46.2,14.2,100,2020-01-01T00:00:02Z\n46.3,14.3\n"
        let read = try RouteFile.read(data: Data(csv.utf8), format: .csv)
        #expect(read.route.points.count == 4 && read.route.points[1].elevation == nil)
        #expect(read.notes.filter { $0.contains("fewer fields") } == ["2 rows have fewer fields than the header's 4 (the first on line 3, with 2): the missing cells are read as empty"])
        let trailing = try RouteFile.read(data: Data("lat,lon,ele,\n46,14,100\n46.1,14.1,101\n".utf8), format: .csv)
        #expect(!trailing.notes.contains { $0.contains("fewer fields") }, "\(trailing.notes)")
    }
}

/// libxml2's "invalid character" names no byte; the error now names it and its place (line and column
/// counted in the bytes below), for a control character and for Latin-1 text in a UTF-8 file.
@Suite struct XMLInvalidCharacterTests {
    private func error(_ bytes: [UInt8]) -> RouteParseError? {
        do {
            _ = try RouteFile.read(data: Data(bytes), displayPath: "t.gpx", format: .gpx)
            return nil
        } catch {
            return error
        }
    }

    private func gpx(name: [UInt8]) -> [UInt8] {
        Array("<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>\n<name>".utf8) + name
            + Array("</name><trkseg><trkpt lat=\"46\" lon=\"14\"/><trkpt lat=\"46.1\" lon=\"14.1\"/></trkseg></trk></gpx>\n".utf8)
    }

    @Test func aControlCharacterIsNamed() throws {
        let e = try #require(error(gpx(name: Array("Ride ".utf8) + [0x0F])))
        #expect(e.location?.line == 2 && e.location?.column == 12, "\(e)")  // "<name>Ride " is 11 bytes
        #expect(e.message.contains("the byte 0x0F is a control character"), "\(e)")
    }

    @Test func latin1TextInAUTF8FileIsNamed() throws {
        let e = try #require(error(gpx(name: Array("Caf".utf8) + [0xE9])))  // "Café" in Latin-1
        #expect(e.location?.line == 2 && e.location?.column == 10, "\(e)")
        #expect(e.message.contains("the byte 0xE9 is not UTF-8") && e.message.contains("'é' there"), "\(e)")
    }
}
