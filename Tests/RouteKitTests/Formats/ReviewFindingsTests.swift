import Foundation
import Testing
@testable import RouteKit
import RouteKitSupport

/// Issue 25, a new user's review: messages out of a KMZ or gzip file name the entry, the FIT
/// conversion never overwrites its input, ISO-8859-1-declared XML is read as windows-1252 (as
/// browsers do), address-only Placemarks beside a line are noted, a GeoJSON number out of range
/// names its JSON path, and Takeout entries without a position are skipped with a note.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct ReviewFindingsTests {
        static func fixture(_ name: String) -> URL { Fixtures.url("review25/\(name)") }

        /// doc.kml lacks `</coordinates>`: libxml2 stops at its line 4, column 14 (as `xmllint` does on
        /// the unzipped doc.kml); the location names the entry.
        @Test func kmzErrorsNameTheEntry() throws {
            let url = Self.fixture("inner-error.kmz")
            let error = try #require(readRoute(url).failure)
            #expect(error.location?.path == url.path + "/doc.kml" && error.location?.line == 4 && error.location?.column == 14, "\(error)")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stdout.isEmpty && cli.stderr.contains("inner-error.kmz/doc.kml:4:14: error:"), "\(cli.stderr)")
            // Through a NetworkLink: the linked entry.
            let linked = try runRouteFly(["info", Self.fixture("inner-error-netlink.kmz").path])
            #expect(linked.status == 1 && linked.stderr.contains("inner-error-netlink.kmz/files/t.kml:4:14: error:"), "\(linked.stderr)")
        }

        /// A gzip file's content is named by the file's name without `.gz`; notes of a KMZ name the entry too.
        @Test func gzipErrorsAndKMZNotesNameTheEntry() throws {
            let url = Self.fixture("inner-error.gpx.gz")
            let error = try #require(readRoute(url).failure)
            #expect(error.location?.path == url.path + "/inner-error.gpx" && error.location?.line == 4, "\(error)")
            let read = try RouteFile.read(path: Fixtures.url("compressed/networklink.kmz").path)
            #expect(read.entryPath?.hasSuffix("networklink.kmz/files/track.kml") == true, "\(String(describing: read.entryPath))")
            let cli = try runRouteFly(["info", Fixtures.url("compressed/networklink.kmz").path])
            #expect(cli.status == 0 && cli.stderr.contains("networklink.kmz/files/track.kml: note: read files/track.kml"), "\(cli.stderr)")
        }

        /// A FIT file saved as ride.gpx: the suggested output is ride-converted.gpx, never the input.
        @Test func fitConversionNeverOverwritesItsInput() throws {
            let cli = try runRouteFly(["info", Self.fixture("ride.gpx").path])
            #expect(cli.status == 1 && cli.stdout.isEmpty, "\(cli.stderr)")
            let input = Self.fixture("ride.gpx").path
            #expect(cli.stderr.contains("gpsbabel -i garmin_fit -f \(input) -o gpx -F \(Self.fixture("ride-converted.gpx").path)"), "\(cli.stderr)")
            #expect(RouteContainer.convertedName("ride.fit", pathExtension: "gpx") == "ride.gpx")
            #expect(RouteContainer.convertedName("dir.x/ride", pathExtension: "gpx") == "dir.x/ride.gpx")
            #expect(RouteContainer.convertedName("ride.GPX", pathExtension: "gpx") == "ride-converted.gpx")
        }

        /// A gzipped FIT: unpacked first (`gunzip -k` keeps the .gz), then converted from the .fit.
        @Test func gzippedFITIsUnpackedFirst() throws {
            let url = Self.fixture("ride.fit.gz")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stdout.isEmpty, "\(cli.stderr)")
            let fit = Self.fixture("ride.fit").path, gpx = Self.fixture("ride.gpx").path
            #expect(cli.stderr.contains("ride.fit.gz is a gzipped Garmin FIT file"), "\(cli.stderr)")
            #expect(cli.stderr.contains("`gunzip -k \(url.path) && gpsbabel -i garmin_fit -f \(fit) -o gpx -F \(gpx)`"), "\(cli.stderr)")
        }

        /// Declared ISO-8859-1, holding 0x80 and 0x93/0x94: read as windows-1252, compared with Python's
        /// `bytes.decode('cp1252')`.
        @Test func declaredLatin1IsReadAsWindows1252() throws {
            let url = Self.fixture("latin1-declared-cp1252.gpx")
            let result = try RouteFile.read(path: url.path)
            #expect(result.route.points.count == 3)
            #expect(result.route.name == "Caf\u{E9} \u{20AC} \u{201C}quoted\u{201D}", "\(String(describing: result.route.name))")
            if let python = ExternalTools.find("python3", needs: "the cp1252 check against Python") {
                let script = "import re,sys; print(re.search(r'<name>(.*?)</name>', open(sys.argv[1],'rb').read().decode('cp1252')).group(1))"
                let r = try ExternalTools.run(python, ["-c", script, url.path])
                #expect(r.stdout.trimmingCharacters(in: .newlines) == result.route.name)
            }
            // Lines and columns of a later error stay the file's: those of the ASCII control file.
            let error = try #require(readRoute(Self.fixture("latin1-declared-cp1252-error.gpx")).failure)
            let control = try #require(readRoute(Self.fixture("latin1-declared-cp1252-error-ascii.gpx")).failure)
            #expect(error.location?.line == control.location?.line && error.location?.column == control.location?.column,
                    "\(error) vs \(control)")
            // A byte windows-1252 leaves unassigned is an ISO-8859-1 character: kept (U+0081), as WHATWG's index has it.
            var bytes = Array(#"<?xml version="1.0" encoding="latin1"?>"#.utf8) + [0x0A]
            bytes += Array("<gpx version=\"1.1\"><trk><name>a".utf8) + [0x81]
            bytes += Array("</name><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1\" lon=\"2.001\"/></trkseg></trk></gpx>\n".utf8)
            #expect(try RouteFile.read(data: Data(bytes), displayPath: "x.gpx").route.name == "a\u{81}")
        }

        /// Two Placemarks with only an address beside a line: one note, the count and the first's line.
        @Test func addressOnlyPlacemarksBesideALineAreNoted() throws {
            let result = try RouteFile.read(path: Self.fixture("address-plus-line.kml").path)
            #expect(result.route.points.count == 3)
            let notes = result.notes.filter { $0.contains("<address>") }
            #expect(notes == ["skipped 2 Placemarks that hold only an <address>, no coordinates, the first 'Hotel Slon' at line 3"], "\(result.notes)")
        }

        /// `1e400` is past a Double: the error names the line, column and JSON path.
        @Test func aNumberOutOfRangeNamesItsJSONPath() throws {
            let url = Self.fixture("huge-number.geojson")
            let error = try #require(readRoute(url).failure)
            #expect(error.codingPath == "features[0].geometry.coordinates[1][0]", "\(error)")
            #expect(error.location?.line == 3 && error.location?.column == 51, "\(error)")
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stderr.contains("huge-number.geojson:3:51: error: at features[0].geometry.coordinates[1][0]:"), "\(cli.stderr)")
        }

        @Test func theJSONPathScannerFollowsKeysAndIndices() throws {
            let text = Array(#"{"a":[1,{"b":"x,]","c":[[0],[5,9]]}],"d":7}"#.utf8)
            text.withUnsafeBufferPointer { bytes in
                #expect(JSONPathAtOffset.path(to: text.firstIndex(of: UInt8(ascii: "9"))!, in: bytes) == "a[1].c[1][1]")
                #expect(JSONPathAtOffset.path(to: text.firstIndex(of: UInt8(ascii: "7"))!, in: bytes) == "d")
                #expect(JSONPathAtOffset.path(to: 0, in: bytes) == "")
            }
        }

        /// 6 entries, 2 without a position (only a time and an accuracy or activity): 4 points, one note.
        @Test func takeoutEntriesWithoutAPositionAreSkipped() throws {
            let result = try RouteFile.read(path: Self.fixture("Records-unplaced.json").path)
            #expect(result.route.points.count == 4)
            #expect(result.notes.contains("skipped 2 locations without a position (no latitudeE7 or longitudeE7), the first at locations[2]"),
                    "\(result.notes)")
            let error = try #require(readRoute(Self.fixture("Records-no-position.json")).failure)
            #expect(error.message.contains("none of the 2 locations has a position"), "\(error)")
        }
    }
}
