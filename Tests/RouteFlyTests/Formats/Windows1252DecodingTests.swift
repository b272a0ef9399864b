import Foundation
import Testing
@testable import RouteKit

/// XML declared `encoding="windows-1252"` is decoded to UTF-8 by RouteKit
/// (``XMLWindows1252``) before libxml2 sees it; Python's `bytes.decode('cp1252')` is the independent reader.
@Suite struct Windows1252DecodingTests {
    static func fixture(_ name: String) -> URL { Fixtures.url("gpx/\(name)") }

    /// The track's name holds é (0xE9), € (0x80) and ’ (0x92).
    @Test func windows1252NamesAreDecoded() throws {
        let url = Self.fixture("windows-1252.gpx")
        let result = try RouteFile.read(path: url.path)
        #expect(result.route.points.count == 2)
        #expect(result.route.name == "Caf\u{E9} \u{20AC} l\u{2019}Aub\u{E9}", "\(String(describing: result.route.name))")
        if let python = ExternalTools.find("python3", needs: "the windows-1252 check against Python") {
            let script = "import re,sys; print(re.search(r'<name>(.*?)</name>', open(sys.argv[1],'rb').read().decode('cp1252')).group(1))"
            let r = try ExternalTools.run(python, ["-c", script, url.path])
            #expect(r.stdout.trimmingCharacters(in: .newlines) == result.route.name)
        }
        let cli = try runRouteFly(["info", url.path])
        #expect(cli.status == 0 && cli.stdout.contains("points     2"), "\(cli.stderr)")
    }

    /// An error after non-ASCII characters on its line is where it is in the file, in characters: the
    /// same line and column as in the control file with each of those bytes replaced by `x` (ASCII,
    /// one byte a character); and the same through gzip.
    @Test func errorsKeepTheFilesLineAndColumn() throws {
        let error = try #require(readRoute(Self.fixture("windows-1252-error.gpx")).failure)
        let control = try #require(readRoute(Self.fixture("windows-1252-error-ascii.gpx")).failure)
        #expect(error.location?.line == 4 && control.location?.line == 4, "\(error)")
        #expect(error.location?.column == control.location?.column, "\(error) vs \(control)")
    }

    /// The five bytes windows-1252 leaves unassigned (Python's cp1252 codec refuses them too) are
    /// refused at their line and column.
    @Test func unassignedBytesAreRefusedWhereTheyAre() throws {
        let before = "<gpx version=\"1.1\"><trk><name>ab"  // 32 characters: 0x81 is the 33rd
        var bytes = Array(#"<?xml version="1.0" encoding="cp1252"?>"#.utf8) + [0x0A]
        bytes += Array(before.utf8) + [0x81] + Array("</name></trk></gpx>\n".utf8)
        do {
            _ = try RouteFile.read(data: Data(bytes), displayPath: "x.gpx")
            Issue.record("read")
        } catch {
            #expect(error.location?.line == 2 && error.location?.column == before.count + 1, "\(error)")
            #expect("\(error)".contains("0x81"), "\(error)")
        }
    }
}

extension Windows1252DecodingTests {
    /// A reader called directly (not through ``RouteFile``) decodes it too: libxml2 never sees windows-1252.
    @Test func aReaderCalledDirectlyDecodesIt() throws {
        let data = try Data(contentsOf: Self.fixture("windows-1252.gpx"))
        let result = try GPXReader.read(data: data)
        #expect(result.route.name == "Caf\u{E9} \u{20AC} l\u{2019}Aub\u{E9}")
    }
}

extension Windows1252DecodingTests {
    /// KML too, with the declaration in single quotes, another spelling and `standalone` after it.
    @Test func kmlWithASingleQuotedDeclarationIsDecoded() throws {
        var bytes = Array("<?xml version='1.0' encoding='Windows-1252' standalone='yes'?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><Placemark><name>R".utf8)
        bytes += [0x92] + Array("s ".utf8) + [0xE9, 0x80]
        bytes += Array("</name><LineString><coordinates>7,46 7.01,46.01</coordinates></LineString></Placemark></Document></kml>\n".utf8)
        let result = try RouteFile.read(data: Data(bytes), displayPath: "x.kml")
        // Python: b'R\x92s \xe9\x80'.decode('cp1252') == 'R’s é€'.
        #expect(result.route.name == "R\u{2019}s \u{E9}\u{20AC}", "\(String(describing: result.route.name))")
        #expect(result.route.points.count == 2)
    }
}

extension Windows1252DecodingTests {
    /// A UTF-8 byte order mark before a windows-1252 declaration contradicts it: refused at the declaration.
    @Test func aByteOrderMarkContradictsIt() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"<?xml version="1.0" encoding="windows-1252"?><gpx version="1.1"/>"#.utf8)
        do {
            _ = try RouteFile.read(data: Data(bytes), displayPath: "x.gpx")
            Issue.record("read")
        } catch {
            #expect("\(error)".contains("byte order mark"), "\(error)")
            #expect(error.location?.line == 1)
        }
    }
}
