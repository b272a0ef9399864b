import Foundation
import Testing
@testable import RouteKit

private func readData(_ data: Data, _ name: String) -> RouteParseError? {
    do {
        _ = try RouteFile.read(data: data, displayPath: name)
        return nil
    } catch {
        return error
    }
}

extension Formats {
    @Suite("RouteFile: format detection by extension, by content, and override")
    struct RouteFileDetectionTests {
        @Test(arguments: [
            ("a.gpx", RouteFormat.gpx), ("a.KML", .kml), ("a.geojson", .geojson), ("a.json", .geojson),
            ("a.csv", .csv), ("a.tcx", .tcx), ("a.polyline", .polyline),
        ])
        func byExtension(_ name: String, _ format: RouteFormat) {
            #expect(RouteFormat(pathExtension: URL(fileURLWithPath: name).pathExtension) == format)
            // Text that decides nothing by itself: the extension wins.
            #expect(RouteFile.detectFormat(path: name, head: Array("abc\n".utf8)) == format)
        }

        @Test func binaryDataIsRefusedAsSuch() throws {
            var bytes: [UInt8] = Array("lat,lon\n".utf8)
            bytes += [0, 1, 2, 0xFF, 0xFE, 0x80, 0x81] + Array(repeating: 0x9F, count: 50)
            let error = try #require(throws: RouteParseError.self) {
                try RouteFile.read(data: Data(bytes), displayPath: "photo.jpg")
            }
            #expect(error.message.contains("binary data"))
            // UTF-16 with a byte order mark is text.
            #expect(!looksBinary([0xFF, 0xFE, 0x3C, 0x00, 0x67, 0x00]))
        }

        @Test func txtIsDecidedByContent() {
            #expect(RouteFormat(pathExtension: "txt") == nil)
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array("_p~iF~ps|U_ulLnnqC_mqNvxq`@\n".utf8)) == .polyline)
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array("lat,lon\n1,2\n".utf8)) == .csv)
            // Quoted, as copied out of JSON; a quoted CSV header cell is still CSV.
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array("\"_p~iF~ps|U_ulLnnqC_mqNvxq`@\"\n".utf8)) == .polyline)
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array("\"lat\",\"lon\"\n1,2\n".utf8)) == .csv)
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array("\"\"\n".utf8)) == .csv)
        }

        /// A polyline with a byte pasted into it is still read as a polyline, and its error names the
        /// byte and its column (the 11th character of the text below), not a missing CSV column.
        @Test func aDamagedPolylineIsAPolyline() throws {
            let damaged = "_p~iF~ps|U\u{1}_ulLnnqC_mqNvxq`@\n"
            #expect(RouteFile.detectFormat(path: "r.txt", head: Array(damaged.utf8)) == .polyline)
            let error = try #require(readData(Data(damaged.utf8), "r.txt"))
            #expect(error.location?.line == 1 && error.location?.column == 11)
            #expect(error.message == "not an encoded polyline: control character (code 1) is not in the polyline alphabet '?'...'~' (63...126)")
            // One line with a delimiter, or two lines, or mostly other bytes: a table.
            for table in ["lat,lon\n", "lat;lon\n", "_p~iF~ps|U\u{1}\nx\n", "lat lon 1 2 3\n"] {
                #expect(RouteFile.detectFormat(path: "r.txt", head: Array(table.utf8)) == .csv, "\(table.debugDescription)")
            }
        }

        @Test(arguments: [
            ("<?xml version=\"1.0\"?>\n<!-- c -->\n<gpx version=\"1.1\">", RouteFormat.gpx),
            ("\u{FEFF}<kml xmlns=\"http://www.opengis.net/kml/2.2\">", .kml),
            ("<k:kml xmlns:k=\"http://www.opengis.net/kml/2.2\">", .kml),
            ("<?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"x\">", .tcx),
            ("  {\"type\": \"Feature\"}", .geojson),
            ("[1, 2]", .geojson),
        ])
        func contentWinsOverExtension(_ head: String, _ format: RouteFormat) {
            #expect(RouteFile.detectFormat(path: "misnamed.csv", head: Array(head.utf8)) == format)
            #expect(RouteFormat.sniff(Array(head.utf8))?.confidence == .certain)
        }

        @Test func unknownXMLRootWithoutExtension() throws {
            #expect(RouteFile.detectFormat(path: "x.xml", head: Array("<foo/>".utf8)) == nil)
            let error = try #require(readData(Data("<foo/>".utf8), "x.xml"))
            guard case .unknownFormat = error.reason else {
                Issue.record("expected unknownFormat, got \(error.reason)")
                return
            }
        }

        @Test func overrideForcesTheReader() throws {
            // A polyline in a .csv file: read as polyline only when forced.
            let data = Data("_p~iF~ps|U_ulLnnqC_mqNvxq`@".utf8)
            let forced = try RouteFile.read(data: data, displayPath: "route.csv", format: .polyline)
            #expect(forced.format == .polyline)
            #expect(forced.route.points.count == 3)
            #expect(throws: RouteParseError.self) { try RouteFile.read(data: data, displayPath: "route.csv") }
        }

        @Test func detectedFormatsOfProjectFixtures() throws {
            let cases: [(String, RouteFormat)] = [
                ("kml/track-pauses.kml", .kml), ("geojson/turf-line-fiji.geojson", .geojson),
                ("csv/hemispheres.csv", .csv), ("polyline/google-example.p5.txt", .polyline),
                ("tcx/course.tcx", .tcx), ("gpx/routes-only.gpx", .gpx),
            ]
            for (file, format) in cases {
                #expect(try RouteFile.read(path: Fixtures.url(file).path).format == format, "\(file)")
            }
            #expect(try RouteFile.load(path: Fixtures.url("tcx/course.tcx").path).points.count == 2)
        }

        @Test func emptyFileIsEmpty() throws {
            let error = try #require(readData(Data(), "x"))
            #expect(error.reason == .empty)
        }
    }
}
