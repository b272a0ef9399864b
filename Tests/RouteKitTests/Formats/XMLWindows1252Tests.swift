import Foundation
import Testing
@testable import RouteKit

/// ``XMLWindows1252``: XML declared ISO-8859-1 is read as windows-1252 (as browsers do), its error
/// locations stay the file's.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct XMLWindows1252Tests {
        static func fixture(_ name: String) -> URL { Fixtures.url("review25/\(name)") }

        /// Declared ISO-8859-1, holding 0x80 and 0x93/0x94: read as windows-1252, compared with Python's
        /// `bytes.decode('cp1252')`.
        @Test func declaredLatin1IsReadAsWindows1252() throws {
            let url = Self.fixture("latin1-declared-cp1252.gpx")
            let result = try RouteFile.read(path: url.path)
            #expect(result.route.points.count == 3)
            #expect(result.route.name == "Caf\u{E9} \u{20AC} \u{201C}quoted\u{201D}", "\(String(describing: result.route.name))")
            if let python = ExternalTools.find("python3", needs: "the cp1252 check against Python") {
                // UTF-8 bytes written explicitly (not through the locale's stdout encoding).
                let script = "import re,sys; sys.stdout.buffer.write(re.search(r'<name>(.*?)</name>', open(sys.argv[1],'rb').read().decode('cp1252')).group(1).encode('utf-8'))"
                var r = try ExternalTools.run(python, ["-c", script, url.path])
                // A pyenv shim can fail while another process rehashes: one retry, then the failure is reported.
                if r.status != 0 { r = try ExternalTools.run(python, ["-c", script, url.path]) }
                #expect(r.status == 0 && r.stdout == result.route.name, "python3 exited \(r.status): \(r.stderr)")
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
    }
}
