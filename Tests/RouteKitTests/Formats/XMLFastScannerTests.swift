import Foundation
import Testing
@testable import RouteKit

// The GPX byte scanner (XMLFastScanner) against libxml2: on every fixture (good, malformed and
// hostile, whatever their format), every GPX in ../shared/real and a set of edits of a plain file, the
// route read with the scanner (libxml2 where it gives up) must be the route libxml2 alone reads, bit
// for bit, or the error must be the same error (reason, line, column).

extension Formats {
    @Suite("GPX byte scanner against libxml2")
    struct XMLFastScannerTests {
        /// The outcome of reading through one parser: the route's every value, or the error.
        enum Outcome: Equatable, CustomStringConvertible {
            case route(Snapshot)
            case error(RouteParseError)

            var description: String {
                switch self {
                case .route(let s): return "route of \(s.points.count) points, name \(s.name ?? "nil"), \(s.segments)"
                case .error(let e): return "error \(e.description)"
                }
            }
        }

        /// Everything a reader decides, with numbers as bit patterns (so -0.0 and 0.0, or two NaNs, differ).
        struct Snapshot: Equatable {
            var points: [[UInt64?]]
            var segments: [Range<Int>]
            var name: String?
            var source: Route.Source
        }

        static func snapshot(_ route: Route) -> Snapshot {
            Snapshot(points: route.points.map { p in
                [p.coordinate.latitude.bitPattern, p.coordinate.longitude.bitPattern, p.elevation?.bitPattern,
                 p.time?.timeIntervalSinceReferenceDate.bitPattern, p.heartRate?.bitPattern, p.cadence?.bitPattern,
                 p.speed?.bitPattern]
            }, segments: route.segments, name: route.name, source: route.source)
        }

        static func read(_ input: RouteInput, path: String, parser: GPXReader.Parser) -> Outcome? {
            do {
                guard let delegate = try GPXReader.parse(input, path: path, parser: parser) else { return nil }
                return .route(snapshot(try GPXReader.route(from: delegate)))
            } catch {
                return .error(error)
            }
        }

        /// Reads `input` both ways, expects the same outcome; returns whether the scanner read it alone.
        @discardableResult
        static func compare(_ input: RouteInput, path: String) -> Bool {
            let reference = read(input, path: path, parser: .libxml2)
            let automatic = read(input, path: path, parser: .automatic)
            #expect(automatic == reference, "\(path): scanner path gave \(String(describing: automatic)), libxml2 \(String(describing: reference))")
            let alone = read(input, path: path, parser: .scannerOnly)
            if let alone { #expect(alone == reference, "\(path): the scanner alone differs") }
            return alone != nil
        }

        static func files(under directory: URL) -> [URL] {
            guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
            return walker.compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .sorted { $0.path < $1.path }
        }

        @Test func everyFixtureReadsTheSameBothWays() {
            let all = Self.files(under: Fixtures.directory)
            #expect(all.count > 100)
            var scanned = 0
            for url in all where Self.compare(.file(url), path: url.path) { scanned += 1 }
            // The scanner must actually read the plain files (else this test compares libxml2 with itself).
            #expect(scanned >= 5, "the scanner read only \(scanned) fixtures alone")
        }

        @Test func everyRealGPXReadsTheSameBothWays() {
            guard let real = Fixtures.sharedReal else { return }
            let gpx = Self.files(under: real).filter { $0.pathExtension.lowercased() == "gpx" }
            #expect(gpx.count >= 10)
            var scanned = 0
            for url in gpx where Self.compare(.file(url), path: url.path) { scanned += 1 }
            print("XMLFastScannerTests: the scanner read \(scanned) of \(gpx.count) real GPX files alone; libxml2 the others")
            #expect(scanned >= 3)
        }

        /// A plain GPX 1.1 file as GPS software writes it, and edits of it that the scanner must either
        /// read exactly as libxml2 does or leave to libxml2.
        static let plain = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
             <metadata><time>2024-05-01T06:00:00Z</time></metadata>
             <wpt lat="46.1" lon="7.1"><name>W</name></wpt>
             <trk>
              <name> Ride one </name>
              <trkseg>
               <trkpt lat="47.3769000" lon="8.5417000">
                <ele>434.7</ele>
                <time>2024-05-01T06:00:00Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>
               </trkpt>
               <trkpt lat='47.3769319' lon="8.5417520"><ele>434.8</ele><time>2024-05-01T06:00:01.250+02:00</time></trkpt>
               <trkpt lon="8.5418" lat="-0.0"/>
              </trkseg>
              <trkseg></trkseg>
             </trk>
             <rte><rtept lat="1" lon="2"/></rte>
            </gpx>

            """

        static let edits: [(String, String)] = [
            ("<ele>434.7</ele>", "<ele>434.7<!-- c --></ele>"),
            ("<ele>434.7</ele>", "<ele><![CDATA[434.7]]></ele>"),
            ("<ele>434.7</ele>", "<ele>&#52;34.7</ele>"),
            ("<ele>434.7</ele>", "<ele>434.7]]></ele>"),
            ("<ele>434.7</ele>", "<ele>434,7</ele>"),
            ("<ele>434.7</ele>", "<ele>1e999</ele>"),
            ("<ele>434.7</ele>", "<ele/>"),
            ("<ele>434.7</ele>", "<ele>434.7</Ele>"),
            ("<ele>434.7</ele>", "<ele >434.7</ele >"),
            ("<ele>434.7</ele>", "<ele>\r\n434.7\r</ele>"),
            ("<ele>434.7</ele>", "<ele>434.7<b>1</b></ele>"),
            ("<ele>434.7</ele>", "<ele>434.7</ele><ele>9</ele>"),
            ("<ele>434.7</ele>", "<x:ele>434.7</x:ele>"),
            ("<ele>434.7</ele>", "<gpxtpx:ele>434.7</gpxtpx:ele>"),
            ("<ele>434.7</ele>", "<ele xmlns=\"http://www.topografix.com/GPX/1/1\">434.7</ele>"),
            ("<ele>434.7</ele>", "<ele>434.7\u{1}</ele>"),
            ("<ele>434.7</ele>", "<ele>434.7\u{7F}</ele>"),
            ("<time>2024-05-01T06:00:00Z</time>\n", "<time>2024-05-01T06:00:60Z</time>\n"),
            ("<time>2024-05-01T06:00:00Z</time>\n", "<time>2024-05-01</time>\n"),
            ("lat=\"47.3769000\"", "lat=\"47.3769000\" lat=\"1\""),
            ("lat=\"47.3769000\"", "lat=\"47.3769000\" xsi:lat=\"1\""),
            ("lat=\"47.3769000\"", "lat=\"47.3769000\" foo:bar=\"1\""),
            ("lat=\"47.3769000\"", "lat=\"47.3769000\"lon2=\"1\""),
            ("lat=\"47.3769000\"", "lat=\" 47.3769000\t\""),
            ("lat=\"47.3769000\"", "lat=\"47.3769000\n\""),
            ("lat=\"47.3769000\"", "lat=\"4&amp;7\""),
            ("lat=\"47.3769000\"", "lat=\"91\""),
            ("lat=\"47.3769000\"", "lat=47.3769000"),
            ("lat=\"47.3769000\"", "lat = \"47.3769000\""),
            ("lat=\"47.3769000\"", "lat=\"47.37<69000\""),
            ("lat=\"47.3769000\"", "xml:lang=\"en\" lat=\"47.3769000\""),
            ("<name> Ride one </name>", "<name>Ride &amp; one</name>"),
            ("<name> Ride one </name>", "<name>Ride\r\none\rtwo</name>"),
            ("<name> Ride one </name>", "<name>Rïde</name>"),
            ("<name> Ride one </name>", "<name>Ride <b>x</b> one</name>"),
            ("<name> Ride one </name>", "<name>  </name>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", ""),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.1\"?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", " <?xml version=\"1.0\"?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "\u{FEFF}<?xml version=\"1.0\"?>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?><!DOCTYPE gpx>"),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?><?pi x?>"),
            ("xmlns=\"http://www.topografix.com/GPX/1/1\"", "xmlns=\"http://www.topografix.com/GPX/1/0\""),
            ("xmlns=\"http://www.topografix.com/GPX/1/1\"", ""),
            ("xmlns=\"http://www.topografix.com/GPX/1/1\"", "xmlns=\"http://example.com/other\""),
            ("xmlns=\"http://www.topografix.com/GPX/1/1\"", "xmlns=\"gpx\""),
            ("xmlns=\"http://www.topografix.com/GPX/1/1\"", "xmlns=\"\""),
            ("<gpx version", "<g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/1\" version"),
            ("<gpx version", "<gpx:gpx version"),
            ("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"", ""),
            ("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"", "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\""),
            ("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"", "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\" xmlns:gpxtpx=\"urn:x\""),
            ("<trk>", "<trk><trk>"),
            ("</trk>", ""),
            ("</trk>", "</trk></gpx><gpx>"),
            ("</gpx>", "</gpx>x"),
            ("</gpx>", "</gpx><!-- after -->"),
            ("</gpx>", ""),
            ("<trkseg></trkseg>", "<trkseg/>"),
            ("<trkseg></trkseg>", "<trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg>"),
            ("<rte><rtept lat=\"1\" lon=\"2\"/></rte>", ""),
            ("<gpxtpx:hr>120</gpxtpx:hr>", "<gpxtpx:hr>12x</gpxtpx:hr>"),
            ("<gpxtpx:hr>120</gpxtpx:hr>", "<gpxtpx:speed>4.5</gpxtpx:speed>"),
            // In places whose text and elements the GPX reader ignores: only well-formedness decides.
            ("<metadata>", "<metadata>]]>"),
            ("<metadata>", "<metadata>]]"),
            ("<metadata>", "<metadata>a&b"),
            ("<metadata>", "<metadata>a&amp;b"),
            ("<metadata>", "<metadata>\u{1}"),
            ("<metadata>", "<metadata>\u{FFFE}"),
            ("<metadata>", "<metadata><!-- c -->"),
            ("<metadata>", "<metadata><?pi x?>"),
            ("<metadata>", "<metadata><x y=\"1\" y=\"2\"/>"),
            ("<metadata>", "<metadata><x y=\"1\" xsi:y=\"2\"/>"),
            ("<metadata>", "<metadata><x:y/>"),
            ("<metadata>", "<metadata><x y:z=\"1\"/>"),
            ("<metadata>", "<metadata><a></b>"),
            ("<metadata>", "<metadata><a></a >"),
            ("<metadata>", "<metadata><a></ab>"),
            ("<metadata>", "<metadata><ab></a>"),
            ("<metadata>", "<metadata><a xmlns:q=\"urn:q\"><q:b/></a>"),
            ("<metadata>", "<metadata><a xmlns=\"urn:q\"/>"),
            ("<metadata>", "<metadata><a b=\"<\"/>"),
            ("<metadata>", "<metadata><a b=\">\"/>"),
            ("<metadata>", "<metadata><a b=\"1\"c=\"2\"/>"),
            ("<metadata>", "<metadata><a b=\"1\" c/>"),
            ("<metadata>", "<metadata><a:/>"),
            ("<metadata>", "<metadata><:a/>"),
            ("<metadata>", "<metadata><a:b:c/>"),
            ("<metadata>", "<metadata><1a/>"),
            ("<metadata>", "<metadata><a-b.c_d/>"),
            ("<metadata>", "<metadata><a\u{0}/>"),
            ("<metadata>", "<metadata>< a/>"),
            ("<metadata>", "<metadata><a/ >"),
            ("<metadata>", "<metadata><xml:a/>"),
            ("<metadata>", "<metadata><xmlns:a/>"),
            ("<metadata>", "<metadata><a xml:lang=\"en\" xml:space=\"preserve\"/>"),
            ("<metadata>", "<metadata>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)),
            ("xmlns:xsi=", "xmlns:bad=\"not a uri\" xmlns:xsi="),
            ("xmlns:xsi=", "xmlns:bad=\"urn:a b\" xmlns:xsi="),
            ("xmlns:xsi=", "xmlns:bad=\"urn:%41\" xmlns:xsi="),
            ("xmlns:xsi=", "xmlns:xml=\"http://www.w3.org/XML/1998/namespace\" xmlns:xsi="),
            ("xmlns:xsi=", "xmlns:bad=\"\" xmlns:xsi="),
            ("xmlns:xsi=", "xsi:schemaLocation=\"a b\" xmlns:xsi="),
        ]

        @Test func editsOfAPlainFileReadTheSameBothWays() {
            #expect(Self.compare(.data(Data(Self.plain.utf8)), path: "plain.gpx"), "the scanner must read the plain file alone")
            for (k, (old, new)) in Self.edits.enumerated() {
                #expect(Self.plain.contains(old), "edit \(k) does not apply")
                let text = Self.plain.replacingOccurrences(of: old, with: new)
                Self.compare(.data(Data(text.utf8)), path: "edit-\(k).gpx")
            }
        }

        @Test func everyTruncationReadsTheSameBothWays() {
            let bytes = Array(Self.plain.utf8)
            for end in 0...bytes.count {
                Self.compare(.data(Data(bytes[0..<end])), path: "cut-\(end).gpx")
            }
        }

        @Test func routeOnlyAndWaypointOnlyFilesReadTheSameBothWays() {
            let noTrack = Self.plain.replacingOccurrences(of: #"<trkpt lon="8.5418" lat="-0.0"/>"#, with: "")
                .replacingOccurrences(of: "<trkpt lat=\"47.3769000\"", with: "<rtept lat=\"47.3769000\"")
            Self.compare(.data(Data(noTrack.utf8)), path: "routes.gpx")
            let waypoints = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\"/></gpx>"
            #expect(!Self.compare(.data(Data(waypoints.utf8)), path: "waypoints.gpx"), "nothing to fly goes to libxml2 for its located error")
        }
    }
}
