import Foundation
import Testing
@testable import RouteKit

// Every format's reader reached through the `RouteReader` protocol. `same-route/google-example.*` hold
// one route in all six formats: the three points of Google's polyline-algorithm example
// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm): (38.5, -120.2),
// (40.7, -120.95), (43.252, -126.453). The expected point counts are counted from each file's text here,
// without RouteKit.

extension Formats {
    @Suite("Readers share one protocol")
    struct RouteReaderTests {
        /// Google's example, latitude and longitude in degrees.
        static let expected = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]

        /// Reads `url` through both of the protocol's entry points.
        func readAll<R: RouteReader>(_ reader: R.Type, _ url: URL,
                                     options: R.Options = R.defaultOptions) throws -> [RouteFile.Result] {
            [try R.read(contentsOf: url, options: options),
             try R.read(data: Data(contentsOf: url), displayPath: url.lastPathComponent, options: options)]
        }

        /// The number of points in `text`, counted from the text alone (not by RouteKit).
        static func pointCount(_ text: String, format: RouteFormat) throws -> Int {
            func occurrences(_ s: String) -> Int { text.components(separatedBy: s).count - 1 }
            switch format {
            case .gpx:
                return occurrences("<trkpt ")
            case .tcx:
                return occurrences("<Trackpoint>")
            case .kml:
                let inner = try #require(text.components(separatedBy: "<coordinates>").last?
                    .components(separatedBy: "</coordinates>").first)
                return inner.split(whereSeparator: \.isWhitespace).count
            case .geojson:
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let geometry = try #require(object["geometry"] as? [String: Any])
                return try #require(geometry["coordinates"] as? [Any]).count
            case .csv:
                return text.split(whereSeparator: \.isNewline).count - 1  // the header
            case .polyline:
                // Each value ends with the one character of its last 5-bit chunk, '?'...'^' (63...94); two values a point.
                return text.unicodeScalars.filter { (63...94).contains($0.value) }.count / 2
            }
        }

        /// Calls `body` with each of the six readers, in the order of ``RouteFormat/allCases``.
        static func forEachReader(_ body: (any RouteReader.Type) throws -> Void) rethrows {
            for reader: any RouteReader.Type in [GPXReader.self, KMLReader.self, GeoJSONReader.self, CSVReader.self,
                                                  PolylineReader.self, TCXReader.self] {
                try body(reader)
            }
        }

        @Test func everyFormatHasOneReader() {
            var formats: [RouteFormat] = []
            Self.forEachReader { formats.append($0.format) }
            #expect(formats == RouteFormat.allCases)
        }

        /// Reads `same-route/google-example.<format>` through `R`'s two entry points and through ``RouteFile``.
        func readSameRoute<R: RouteReader>(_ reader: R.Type) throws {
            let format = R.format
            let url = Fixtures.url("same-route/google-example.\(format.rawValue)")
            let counted = try Self.pointCount(String(decoding: Data(contentsOf: url), as: UTF8.self), format: format)
            #expect(counted == 3, "\(format): counted \(counted) points in the file")
            let results = try readAll(reader, url)
            for result in results {
                #expect(result.format == format)
                #expect(result.route.points.count == counted, "\(format)")
                for (p, e) in zip(result.route.points, Self.expected) {
                    #expect(isClose(p.coordinate.latitude, e.0, absolute: 1e-9), "\(format)")
                    #expect(isClose(p.coordinate.longitude, e.1, absolute: 1e-9), "\(format)")
                }
            }
            // RouteFile detects the format and dispatches to the same reader.
            let detected = try RouteFile.read(path: url.path)
            #expect(detected.format == format)
            #expect(detected.route.points == results[0].route.points, "\(format)")
        }

        @Test func sameRouteInSixFormatsThroughTheProtocol() throws {
            try Self.forEachReader { try readSameRoute($0) }
        }

        @Test func optionsTravelThroughTheProtocol() throws {
            // The precision-6 string of the same points (docs/geo-formats.md#encoded-polylines) is read only with precision 6.
            let url = Fixtures.url("polyline/google-example.p6.txt")
            for result in try readAll(PolylineReader.self, url, options: .init(precision: 6)) {
                #expect(result.route.points.count == 3)
                #expect(isClose(result.route.points[2].coordinate.longitude, -126.453, absolute: 1e-9))
            }
            // A header-less table needs its columns named.
            let table = Data("38.5,-120.2\n40.7,-120.95\n43.252,-126.453\n".utf8)
            #expect(throws: RouteParseError.self) { try CSVReader.read(data: table) }
            let named = try CSVReader.read(data: table, options: .init(columns: ["latitude", "longitude"]))
            #expect(named.route.points.count == 3)
        }

        /// Asks `R` to read a remote URL, which it must refuse.
        func readRemote<R: RouteReader>(_ reader: R.Type) {
            let url = URL(string: "https://example.com/route")!
            do {
                _ = try R.read(contentsOf: url)
                Issue.record("\(R.format): a remote URL was read")
            } catch {
                #expect(error.format == R.format)
                guard case .unreadable(let message) = error.reason else {
                    Issue.record("\(R.format): \(error.reason)")
                    return
                }
                #expect(message.contains("only local files can be read (got https://example.com/route)"))
            }
        }

        @Test func onlyLocalFilesAreRead() {
            Self.forEachReader { readRemote($0) }
        }
    }
}
