import Foundation
import Testing
@testable import RouteKit

/// libxml2's error codes as RouteKit words them: each malformed document below gives the code its
/// words were written for (the codes are `xmlParserErrors` in libxml2's `xmlerror.h`), so a table entry
/// under the wrong number fails here.
extension Formats {
    @Suite struct XMLParserErrorMessagesTests {
        static let head = #"<gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="1" lon="2"/>"#
        static let tail = "<trkpt lat=\"1.1\" lon=\"2\"/></trkseg></trk></gpx>"

        @Test(arguments: [
            (head + "<!-- a -- b -->" + tail, "'--' inside a comment (not allowed before its end) (XML parser error 80)"),
            (head + "<name>a ]]> b</name>" + tail, "']]>' in text (it may only end a CDATA section) (XML parser error 62)"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"" + head + tail, "XML declaration not finished (XML parser error 57)"),
        ])
        func aMalformedDocumentGetsItsCodesWords(document: String, message: String) throws {
            let error = try #require(Self.readRoute(fromGPX: document))
            #expect(error.description.contains("not well-formed XML: " + message), "\(error.description)")
        }

        static func readRoute(fromGPX text: String) -> RouteParseError? {
            do {
                _ = try RouteFile.read(data: Data(text.utf8), displayPath: "m.gpx", format: .gpx)
                return nil
            } catch {
                return error
            }
        }
    }
}
