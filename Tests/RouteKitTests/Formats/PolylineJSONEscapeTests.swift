import Foundation
import Testing
@testable import RouteKit

// Polylines copied out of JSON keep `\\` escapes. The fixtures were encoded for RouteKit
// from these points (Google's algorithm, precision 5); lengths are sums of GeodSolve 2.1.2 `-i -p 9` legs:
//   even (two `\` in the true string): (45.27, 13.71) (45.27078, 13.70923) (45.27063, 13.70851)
//     (45.27048, 13.70986) (45.27155, 13.71098): 419.694914777 m
//   odd (one `\`): (45.27, 13.71) (45.27109, 13.71006) (45.27029, 13.70991) (45.2693, 13.70868)
//     (45.27025, 13.7099): 499.806939123 m

extension Formats {
    @Suite("Polylines copied out of JSON")
    struct PolylineJSONEscapeTests {
        static let even: [(Double, Double)] = [(45.27, 13.71), (45.27078, 13.70923), (45.27063, 13.70851), (45.27048, 13.70986), (45.27155, 13.71098)]
        static let odd: [(Double, Double)] = [(45.27, 13.71), (45.27109, 13.71006), (45.27029, 13.70991), (45.2693, 13.70868), (45.27025, 13.7099)]

        func check(_ file: String, _ expected: [(Double, Double)], length: Double) throws -> [String] {
            let result = try RouteFile.read(path: Fixtures.url(file).path, format: .polyline)
            let route = result.route
            #expect(route.points.count == expected.count)
            for (p, e) in zip(route.points, expected) {
                #expect(isClose(p.coordinate.latitude, e.0, absolute: 1e-9))
                #expect(isClose(p.coordinate.longitude, e.1, absolute: 1e-9))
            }
            #expect(isClose(route.length, length, absolute: 1e-6))
            return result.notes
        }

        @Test func evenCountOfEscapesIsUnescaped() throws {
            let notes = try check("polyline/json-escaped-even.txt", Self.even, length: 419.694914777)
            #expect(notes == ["the polyline holds JSON escapes (\\\\ for \\, as when copied out of a JSON document): read it unescaped, 24 characters instead of 26"])
        }

        @Test func oddCountOfEscapesIsUnescaped() throws {
            let notes = try check("polyline/json-escaped-odd.txt", Self.odd, length: 499.806939123)
            #expect(notes.count == 1)
        }

        @Test func quotedJSONString() throws {
            let notes = try check("polyline/json-quoted.polyline", Self.even, length: 419.694914777)
            #expect(notes == ["read the polyline as a JSON string: removed its quotes and unescaped its backslashes (\\\\ is \\)"])
        }

        @Test func unescapedStringIsUntouched() throws {
            // The true string of the even case, with its two single backslashes: read as is, no note.
            let result = try PolylineReader.read(text: "oxhsGovtrA{CxC\\nC\\mGuE_F")
            #expect(result.route.points.count == 5)
            #expect(result.notes.isEmpty)
        }

        @Test func jsonUnescape() {
            #expect(PolylineJSONText.unescape(ArraySlice("a\\\\b\\u005cc\\/".utf8)) == Array("a\\b\\c/".utf8))
            #expect(PolylineJSONText.unescape(ArraySlice("a\\d".utf8)) == nil)
            #expect(PolylineJSONText.unescape(ArraySlice("a\\".utf8)) == nil)
        }
    }
}
