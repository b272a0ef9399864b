import Foundation
import Testing
@testable import RouteKit

private typealias Location = RouteKit.SourceLocation

// Inputs that once crashed a reader or that belong to the same kind, in Fixtures/hostile/
// (see Fixtures/README.md). Each must give its exact error and location, never a signal. The expected
// encodings come from the bytes themselves (written by the Python lines in the README).

extension Formats {
    @Suite("Hostile inputs: refused before any parser sees them, exact reason and location")
    struct HostileInputFixtureTests {
        struct Case: CustomStringConvertible, Sendable {
            var file: String
            var format: RouteFormat
            var reason: RouteParseError.Reason
            var line: Int
            var column: Int
            var description: String { file }
        }

        static let accepted = "expected UTF-8, UTF-16 (with a byte order mark or a declaration), US-ASCII, ISO-8859-1 or windows-1252"

        static let cases: [Case] = [
            // libxml2 segfaulted on these (exit 139) before they were caught.
            Case(file: "hostile/ebcdic-declaration.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the declared encoding \"EBCDIC-US\" is not supported; \(accepted)"), line: 1, column: 31),
            Case(file: "hostile/ebcdic-declaration.kml", format: .kml,
                 reason: .unsupportedEncoding("the declared encoding \"EBCDIC-US\" is not supported; \(accepted)"), line: 1, column: 31),
            Case(file: "hostile/ebcdic-declaration.tcx", format: .tcx,
                 reason: .unsupportedEncoding("the declared encoding \"EBCDIC-US\" is not supported; \(accepted)"), line: 2, column: 17),
            Case(file: "hostile/utf16le-odd-length.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the file is UTF-16 but holds an odd number of bytes (13): its last character is cut in half"),
                 line: 1, column: 1),
            Case(file: "hostile/utf16le-odd-length.kml", format: .kml,
                 reason: .unsupportedEncoding("the file is UTF-16 but holds an odd number of bytes (13): its last character is cut in half"),
                 line: 1, column: 1),
            // Found by fuzz/run gpx (libxml2 2.9.14 segfaulted in xmlParseChunk): a UTF-16LE declaration
            // with a non-ASCII character (U+723D) where "=" should follow "version", at column 14.
            Case(file: "hostile/gpx-utf16le-malformed-declaration.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the XML declaration holds a character that is not ASCII (U+723D); a declaration is plain ASCII, e.g. <?xml version=\"1.0\" encoding=\"UTF-8\"?>"),
                 line: 1, column: 14),
            // Found by fuzz/run gpx in CI (libxml2 2.9.14 segfaulted in xmlParseChunk): UTF-16LE with a
            // NUL unit inside the root element's attributes, line 2, column 16.
            Case(file: "hostile/gpx-utf16le-nul-in-attribute.gpx", format: .gpx,
                 reason: .malformedXML("the control character U+0000, which XML does not allow"), line: 2, column: 16),
            // The same kind: encodings outside the accepted set, and declarations that contradict the bytes.
            Case(file: "hostile/shift-jis-declaration.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the declared encoding \"Shift_JIS\" is not supported; \(accepted)"), line: 1, column: 31),
            Case(file: "hostile/utf16-declared-utf8-bytes.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the declaration says encoding=\"UTF-16\" but the bytes are not UTF-16 (no byte order mark)"),
                 line: 1, column: 31),
            Case(file: "hostile/utf8-declared-utf16-bytes.tcx", format: .tcx,
                 reason: .unsupportedEncoding("the declaration says encoding=\"UTF-8\" but the bytes are UTF-16"), line: 1, column: 31),
            Case(file: "hostile/ucs4.gpx", format: .gpx,
                 reason: .unsupportedEncoding("the file is in UTF-32 (UCS-4); \(accepted)"), line: 1, column: 1),
            Case(file: "hostile/ebcdic-bytes.kml", format: .kml,
                 reason: .unsupportedEncoding("the file is in EBCDIC; \(accepted)"), line: 1, column: 1),
        ]

        @Test(arguments: cases)
        func reportsExactReasonAndLocation(_ c: Case) throws {
            let url = Fixtures.url(c.file)
            let error = try #require(readRoute(url, format: c.format).failure)
            #expect(error.reason == c.reason)
            #expect(error.location == Location(path: url.path, line: c.line, column: c.column))
            #expect(error.format == c.format)
            // The same bytes in memory (standard input goes this way) give the same error.
            let data = try Data(contentsOf: url)
            #expect(throws: RouteParseError.self) { try RouteFile.read(data: data, displayPath: "<stdin>", format: c.format) }
        }

        /// The declaration's encoding is read from the bytes; ISO-8859-1 is accepted and decoded.
        @Test func latin1DeclarationIsRead() throws {
            let bytes: [UInt8] = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><trk><name>Caf"#.utf8)
                + [0xE9] + Array(#"</name><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.01" lon="2"/></trkseg></trk></gpx>"#.utf8)
            let route = try RouteFile.read(data: Data(bytes), format: .gpx).route
            #expect(route.name == "Café")
            #expect(route.points.count == 2)
        }
    }
}
