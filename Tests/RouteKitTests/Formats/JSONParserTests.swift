import Foundation
import Testing
@testable import RouteKit

private typealias Location = RouteKit.SourceLocation

extension Formats {
    /// The one JSON parser behind GeoJSON and camera scripts: the cases where unifying the two earlier
    /// parsers changed behaviour (RFC 8259 section 8: JSON text is UTF-8; `\u` escapes of UTF-16
    /// surrogates come in pairs).
    @Suite struct JSONParserTests {
        static let line = #"{"type":"LineString","coordinates":[[1,2],[3,4]],"#

        @Test func invalidUTF8InAStringIsRefusedWithItsPlace() throws {
            // A Latin-1 "é" (0xE9) inside a property value: not UTF-8.
            var bytes = Array(#"{"type":"Feature","properties":{"name":"caf"#.utf8)
            bytes.append(0xE9)
            bytes += Array(#""},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#.utf8)
            let error = try #require(throws: RouteParseError.self) { try GeoJSONReader.read(data: Data(bytes)) }
            #expect(error.location?.line == 1)
            #expect(error.location?.column == 44)  // the byte itself: 43 characters before it
            #expect(error.message.contains("UTF-8"))
        }

        @Test func loneSurrogateEscapesAreRefused() throws {
            let text = #"{"type":"Feature","properties":{"name":"\uD800\u0041"},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#
            #expect(throws: RouteParseError.self) { try GeoJSONReader.read(data: Data(text.utf8)) }
            // A proper pair is fine: U+1F600.
            let pair = #"{"type":"Feature","properties":{"name":"\uD83D\uDE00"},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#
            #expect(try GeoJSONReader.read(data: Data(pair.utf8)).route.points.count == 2)
        }

        @Test func aLoneCarriageReturnEndsALineInCameraScripts() throws {
            let text = "{\r\"routekitCameraScript\": 1,\r\"tracks\": {\"heading\": [{\"type\": \"cubical\", \"value\": 3, \"duration\": 1}]}\r}\r"
            let error = try #require(throws: CameraScriptError.self) { try CameraScript(json: Data(text.utf8), path: "cr.json") }
            #expect(error.line == 3)
            #expect(error.jsonPath == "tracks.heading[0].type")
        }
    }
}

extension Formats {
    @Suite struct KMLCoordinateLocationTests {
        @Test func aBadTupleOnTheStartTagsLineIsLocatedAtItsFirstCharacter() throws {
            // Line 2: `<kml ...><Placemark><LineString><coordinates>1,2 3,x 5,6</coordinates>...`;
            // "3,x" starts at column 85 (python3: line.index('3,x') + 1).
            let text = "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><LineString><coordinates>1,2 3,x 5,6</coordinates></LineString></Placemark></kml>\n"
            let error = try #require(throws: RouteParseError.self) { try KMLReader.read(data: Data(text.utf8)) }
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 85)
        }
    }
}
