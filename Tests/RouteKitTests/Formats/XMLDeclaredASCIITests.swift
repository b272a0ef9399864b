import Foundation
import Testing
@testable import RouteKit

/// A GPX that declares US-ASCII but holds other bytes is refused at the first such byte, saying what
/// the bytes look like (libxml2 alone stopped there and reported "the document ends too early"; from
/// a new user's review). A file that keeps to ASCII reads as before.
extension Formats {
    @Suite("Files declared US-ASCII")
    struct XMLDeclaredASCIITests {
        static func gpx(name: [UInt8], encoding: String = "US-ASCII") -> Data {
            var bytes = Array("""
                <?xml version="1.0" encoding="\(encoding)"?>
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
                 <trk>
                  <name>Z
                """.utf8)
            bytes += name
            bytes += Array("""
                rich</name>
                  <trkseg><trkpt lat="47.1" lon="8.1"/><trkpt lat="47.2" lon="8.2"/></trkseg>
                 </trk>
                </gpx>

                """.utf8)
            return Data(bytes)
        }

        static func error(_ data: Data) -> RouteParseError? {
            do {
                _ = try GPXReader.read(RouteReaderInput(.data(data)), displayPath: "a.gpx", options: RouteReaderNoOptions())
                return nil
            } catch {
                return error
            }
        }

        @Test func aUTF8ByteIsRefusedWhereItStands() throws {
            let error = try #require(Self.error(Self.gpx(name: [0xC3, 0xBC])))
            #expect(error.location?.line == 4 && error.location?.column == 10, "\(error)")
            #expect(error.description.contains("0xC3") && error.description.contains("declare encoding=\"UTF-8\""), "\(error)")
            #expect(!error.description.contains("ends too early"))
        }

        @Test func aLatin1ByteIsNamedAsSuch() throws {
            let error = try #require(Self.error(Self.gpx(name: [0xFC], encoding: "ascii")))
            #expect(error.location?.line == 4 && error.location?.column == 10, "\(error)")
            #expect(error.description.contains("0xFC") && error.description.contains("ISO-8859-1"), "\(error)")
        }

        @Test func aFileOfASCIIReadsAsBefore() throws {
            let result = try GPXReader.read(RouteReaderInput(.data(Self.gpx(name: Array("u".utf8)))), displayPath: "a.gpx",
                                            options: RouteReaderNoOptions())
            #expect(result.route.points.count == 2 && result.route.name == "Zurich")
        }
    }
}
