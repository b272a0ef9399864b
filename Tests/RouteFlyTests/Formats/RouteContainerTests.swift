import Foundation
import Testing
@testable import RouteKit

/// ``RouteContainer``: messages out of a KMZ or gzip file name the entry, and the FIT conversion it
/// suggests never overwrites its input.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct RouteContainerTests {
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
    }
}
