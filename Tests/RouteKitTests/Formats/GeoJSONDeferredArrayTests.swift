import Foundation
import Testing
@testable import RouteKit

// The GeoJSON reader defers its `coordinates` and per-position times (checked by the parse, built one
// element at a time by the walk) so that a large file needs no tree of its positions. Reading with
// deferral must give exactly what reading a tree built whole gives: every point bit for bit, the same
// notes, or the same error (reason, line, column, JSON path). Compared on every fixture, every real
// GeoJSON in ../shared/real, every truncation of a small file and a set of edits of it.

extension Formats {
    @Suite("GeoJSON deferred arrays against a tree built whole")
    struct GeoJSONDeferredArrayTests {
        enum Outcome: Equatable, CustomStringConvertible {
            case route(XMLFastScannerTests.Snapshot, notes: [String])
            case error(String)

            var description: String {
                switch self {
                case .route(let s, let notes): return "route of \(s.points.count) points, \(s.segments), notes \(notes)"
                case .error(let e): return "error \(e)"
                }
            }
        }

        static func read(_ bytes: [UInt8], deferring: Set<String>) -> Outcome {
            bytes.withUnsafeBufferPointer { text -> Outcome in
                do throws(RouteParseError) {
                    let result = try GeoJSONReader.read(text: text, release: nil, displayPath: "t.geojson", deferring: deferring)
                    return .route(XMLFastScannerTests.snapshot(result.route), notes: result.notes)
                } catch {
                    return .error("\(error.description) [\(error.codingPath ?? "-")]")
                }
            }
        }

        /// Reads both ways and expects the same outcome; returns it.
        @discardableResult
        static func compare(_ bytes: [UInt8], _ name: String) -> Outcome {
            let deferred = read(bytes, deferring: GeoJSONReader.deferredMembers)
            let whole = read(bytes, deferring: [])
            #expect(deferred == whole, "\(name): deferred \(deferred), built whole \(whole)")
            return deferred
        }

        @Test func everyFixtureReadsTheSameBothWays() throws {
            let all = XMLFastScannerTests.files(under: Fixtures.directory)
                .filter { ["geojson", "json"].contains($0.pathExtension.lowercased()) }
            #expect(all.count >= 15)
            var routes = 0, errors = 0
            for url in all {
                if case .route = Self.compare(Array(try Data(contentsOf: url)), url.lastPathComponent) { routes += 1 } else { errors += 1 }
            }
            // Both kinds are compared (else this would compare errors with errors only).
            #expect(routes >= 3 && errors >= 3, "\(routes) routes, \(errors) errors")
        }

        @Test func everyRealGeoJSONReadsTheSameBothWays() throws {
            guard let real = Fixtures.sharedReal else { return }
            let files = XMLFastScannerTests.files(under: real).filter { $0.pathExtension.lowercased() == "geojson" }
            #expect(!files.isEmpty)
            for url in files {
                let outcome = Self.compare(Array(try Data(contentsOf: url)), url.lastPathComponent)
                if case .error(let e) = outcome { Issue.record("\(url.lastPathComponent): \(e)") }
            }
        }

        /// A Feature with a LineString and togeojson's times, a MultiLineString with nested times, a
        /// Point and a MultiPoint.
        static let plain = """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"name":"Ride","coordTimes":["2024-05-01T06:00:00Z","2024-05-01T06:00:05Z",null]},
              "geometry":{"type":"LineString","coordinates":[[8.5417,47.3769,434.7],[8.5418,47.377,435],[ 8.542 , 47.3771 ]]}},
             {"type":"Feature","properties":{"coordinateProperties":{"times":[["2024-05-01T07:00:00Z","2024-05-01T07:00:01Z"],["2024-05-01T07:01:00Z"]]}},
              "geometry":{"type":"MultiLineString","coordinates":[[[190.5,-10,1e2],[-179.5,-10.5]],[[0,0]]]}},
             {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},
             {"type":"Feature","properties":null,"geometry":{"type":"MultiPoint","coordinates":[[3,4],[5,"x"]]}}
            ]}

            """

        static let edits: [(String, String)] = [
            ("[8.5418,47.377,435]", "[8.5418,\"47.377\",435]"),
            ("[8.5418,47.377,435]", "[8.5418]"),
            ("[8.5418,47.377,435]", "8.5418"),
            ("[8.5418,47.377,435]", "{\"a\":1}"),
            ("[8.5418,47.377,435]", "[8.5418,147.377,435]"),
            ("[8.5418,47.377,435]", "[47.377,95,435]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,1e999]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,99999999]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,435,]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,01]"),
            ("[8.5418,47.377,435]", "[[8.5418,47.377]]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,\"\\u12\"]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,\"\\uD800\"]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,\"\u{1}\"]"),
            ("[8.5418,47.377,435]", "[8.5418,47.377,\"a]b\\\"]\"]"),
            ("[8.5418,47.377,435]", "[8.5418 47.377]"),
            ("\"coordinates\":[[8.5417", "\"coordinates\" : [ [8.5417"),
            ("\"coordinates\":[[8.5417", "\"coordinates\":[],\"x\":[[8.5417"),
            ("\"coordinates\":[[8.5417", "\"coordinates\":{\"a\":[[8.5417"),
            ("\"coordinates\":[[8.5417", "\"coordinates\":null,\"c\":[[8.5417"),
            ("\"2024-05-01T06:00:05Z\"", "\"yesterday\""),
            ("\"2024-05-01T06:00:05Z\"", "5"),
            ("\"2024-05-01T06:00:05Z\"", "[\"2024-05-01T06:00:05Z\"]"),
            ("\"2024-05-01T06:00:05Z\",null", "\"2024-05-01T06:00:05Z\""),
            ("[\"2024-05-01T07:01:00Z\"]", "[]"),
            ("[\"2024-05-01T07:01:00Z\"]", "\"2024-05-01T07:01:00Z\""),
            ("[[0,0]]", "[]"),
            ("[[0,0]]", "[0,0]"),
            ("[[0,0]]", "[[0,0],]"),
            ("[[0,0]]", "[[0,0]"),
            ("[[3,4],[5,\"x\"]]", "[]"),
            ("[[3,4],[5,\"x\"]]", "[[3,\"a\\\"],[\"],[5,6],[7,8]]"),  // a string that looks like the end of a position
            ("[[3,4],[5,\"x\"]]", "[[3,\"\\\\\"],[5,6],[7,{\"]\":[]}]]"),
            ("[1,2]", "[1]"),
            ("\"type\":\"LineString\"", "\"type\":\"Polygon\""),
            ("\"type\":\"LineString\"", "\"type\":\"LineStrin\""),
        ]

        @Test func editsReadTheSameBothWays() {
            let plain = Array(Self.plain.utf8)
            guard case .route(let snapshot, _) = Self.compare(plain, "plain") else {
                Issue.record("the plain file must read")
                return
            }
            // Counts from the text: 3 + 2 + 1 positions.
            #expect(snapshot.points.count == 6)
            var errors = 0
            for (from, to) in Self.edits {
                #expect(Self.plain.contains(from), "edit \(from) does not apply")
                if case .error = Self.compare(Array(Self.plain.replacingOccurrences(of: from, with: to).utf8), "\(from) -> \(to)") {
                    errors += 1
                }
            }
            #expect(errors >= 15)
        }

        @Test func everyTruncationReadsTheSameBothWays() {
            let plain = Array(Self.plain.utf8)
            for n in 0..<plain.count { Self.compare(Array(plain[..<n]), "first \(n) bytes") }
        }

        @Test func aLargeLineNeedsNoTreeOfItsPositions() throws {
            // 200,000 positions: the tree outside them is a few nodes, so the document's tree does not
            // grow with them (the points themselves are the route's).
            var text = "{\"type\":\"LineString\",\"coordinates\":["
            for k in 0..<200_000 { text += (k == 0 ? "" : ",") + "[\(Double(k % 3600) / 100),\(Double(k % 1700) / 100),\(k % 900)]" }
            text += "]}"
            let bytes = Array(text.utf8)
            let document = try bytes.withUnsafeBufferPointer { b in
                try JSONDocument(borrowing: b, maximumDepth: 512, numbersOutOfRange: .rejected, deferring: GeoJSONReader.deferredMembers)
            }
            guard case .object(let members) = document.root.value else { Issue.record("not an object"); return }
            #expect(members.count == 2)
            guard let coordinates = members.first(where: { $0.key == "coordinates" })?.node, case .deferredArray = coordinates.value else {
                Issue.record("coordinates not deferred")
                return
            }
            let outcome = Self.compare(bytes, "200,000 positions")
            guard case .route(let snapshot, _) = outcome else { Issue.record("\(outcome)"); return }
            #expect(snapshot.points.count == 200_000)
        }
    }
}
