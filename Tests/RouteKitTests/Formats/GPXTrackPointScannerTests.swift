import Foundation
import Testing
@testable import RouteKit

// The GPX track-point fast path (GPXTrackPointScanner, offered each point of a segment by the byte
// scanner) against libxml2: a plain file whose later points it reads whole, edits of those points,
// every truncation and every byte of a point replaced, each read through libxml2 alone, the scanner
// with libxml2 where it gives up, and the scanner alone, with the same route bit for bit or the same
// error (XMLFastScannerTests.compare).

extension Formats {
    @Suite("GPX track points read whole from the bytes, against libxml2")
    struct GPXTrackPointScannerTests {
        /// The first point goes event by event (it teaches the scanner the extension prefix); the
        /// four after it are of the shape read whole.
        static let plain = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:g="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
             <trk><name>Points</name>
              <trkseg>
               <trkpt lat="47.1" lon="8.1"><ele>400</ele><time>2024-05-01T06:00:00Z</time>
                <extensions><g:TrackPointExtension><g:hr>100</g:hr></g:TrackPointExtension></extensions></trkpt>
               <trkpt lat="47.2" lon="8.2">
                <ele>401.5</ele>
                <time>2024-05-01T06:00:01Z</time>
                <extensions>
                 <g:TrackPointExtension><g:atemp>21</g:atemp><g:hr>120</g:hr><g:cad>80</g:cad><g:speed>4.25</g:speed></g:TrackPointExtension>
                </extensions>
               </trkpt>
               <trkpt lon='8.3' lat='47.3' ><time>2024-05-01T06:00:02.5+02:00</time><ele >402</ele ></trkpt>
              </trkseg>
              <trkseg>\r
               <trkpt lat="-0.0" lon="1e-3">\r
               </trkpt>\r
               <trkpt lat="47.5" lon="8.5"><ele>-12</ele></trkpt>
              </trkseg>
             </trk>
            </gpx>

            """

        /// The second point's opening, where the edits below apply.
        static let secondPoint = #"<trkpt lat="47.2" lon="8.2">"#

        static func delegate(_ text: String) throws -> GPXParserDelegate? {
            try GPXReader.parse(.data(Data(text.utf8)), path: "p.gpx", parser: .scannerOnly)
        }

        @Test func thePlainPointsAreReadWholeAndAsLibxml2ReadsThem() throws {
            #expect(XMLFastScannerTests.compare(.data(Data(Self.plain.utf8)), path: "plain.gpx"))
            let delegate = try #require(try Self.delegate(Self.plain))
            #expect(delegate.rawTrackPointCount == 4, "read whole: \(delegate.rawTrackPointCount) of 5 points")
            let route = try GPXReader.route(from: delegate)
            let second = route.points[1]
            #expect(second.heartRate == 120 && second.cadence == 80 && second.speed == 4.25 && second.elevation == 401.5)
            #expect(route.points[2].time == Date(timeIntervalSince1970: 1_714_536_002.5))
            #expect(route.points[3].coordinate.latitude.sign == .minus && route.points[3].elevation == nil)
        }

        /// The extension prefix is held inline up to 32 bytes (`XMLNamePrefix`): a prefix of 32 is
        /// learnt and its points read whole, one of 33 leaves them to the general path; both read as
        /// libxml2 reads them.
        @Test(arguments: [1, 31, 32, 33, 60])
        func extensionPrefixesOfAnyLengthReadAsLibxml2ReadsThem(length: Int) throws {
            let prefix = String(repeating: "x", count: length - 1) + "g"
            let text = Self.plain.replacingOccurrences(of: "xmlns:g=", with: "xmlns:\(prefix)=")
                .replacingOccurrences(of: "<g:", with: "<\(prefix):").replacingOccurrences(of: "</g:", with: "</\(prefix):")
            #expect(XMLFastScannerTests.compare(.data(Data(text.utf8)), path: "prefix\(length).gpx"))
            let delegate = try #require(try Self.delegate(text))
            // The second point has extensions: read whole only when the prefix is held.
            #expect(delegate.rawTrackPointCount == (length <= XMLNamePrefix.capacity ? 4 : 3), "prefix of \(length) bytes")
            let route = try GPXReader.route(from: delegate)
            #expect(route.points[0].heartRate == 100 && route.points[1].heartRate == 120 && route.points[1].speed == 4.25)
        }

        /// Edits of the second point: each is read whole exactly as the general path reads it, or
        /// declined and read by the general path (or libxml2), never differently.
        static let edits: [(String, String)] = [
            ("<ele>401.5</ele>", "<ele>401.5<!-- c --></ele>"),
            ("<ele>401.5</ele>", "<ele><![CDATA[401.5]]></ele>"),
            ("<ele>401.5</ele>", "<ele>&#52;01.5</ele>"),
            ("<ele>401.5</ele>", "<ele> 401.5 </ele>"),
            ("<ele>401.5</ele>", "<ele>401,5</ele>"),
            ("<ele>401.5</ele>", "<ele>1e999</ele>"),
            ("<ele>401.5</ele>", "<ele>99999</ele>"),
            ("<ele>401.5</ele>", "<ele/>"),
            ("<ele>401.5</ele>", "<ele></ele>"),
            ("<ele>401.5</ele>", "<ele>401.5</Ele>"),
            ("<ele>401.5</ele>", "<ele>401.5</ele><ele>9</ele>"),
            ("<ele>401.5</ele>", "<ele a=\"1\">401.5</ele>"),
            ("<ele>401.5</ele>", "<elev>401.5</elev>"),
            ("<ele>401.5</ele>", "<g:ele>401.5</g:ele>"),
            ("<ele>401.5</ele>", "<ele>" + String(repeating: "1", count: 70) + "</ele>"),
            ("<ele>401.5</ele>", "<hdop>3</hdop><ele>401.5</ele>"),
            ("<time>2024-05-01T06:00:01Z</time>", "<time>2024-05-01T06:00:60Z</time>"),
            ("<time>2024-05-01T06:00:01Z</time>", "<time>2024-05-01</time>"),
            ("<time>2024-05-01T06:00:01Z</time>", "<time>2024-05-01T06:00:01Z</tim>"),
            ("lat=\"47.2\"", "lat=\"47.2\" lat=\"1\""),
            ("lat=\"47.2\"", "lat=\"47.2\" g:x=\"1\""),
            ("lat=\"47.2\"", "lat=\"47.2\"lon2=\"1\""),
            ("lat=\"47.2\"", "lat=\" 47.2\""),
            ("lat=\"47.2\"", "lat=\"91\""),
            ("lat=\"47.2\"", "lat=\"4x\""),
            ("lat=\"47.2\"", "lat = \"47.2\""),
            ("lat=\"47.2\"", "lat=\"47.2'"),
            ("lat=\"47.2\"", "lat=47.2"),
            ("lat=\"47.2\"", ""),
            ("lon=\"8.2\"", "lon=\"180.5\""),
            ("lon=\"8.2\">", "lon=\"8.2\"/>"),
            ("<g:hr>120</g:hr>", "<g:hr>999</g:hr>"),
            ("<g:hr>120</g:hr>", "<g:hr>12x</g:hr>"),
            ("<g:hr>120</g:hr>", "<g:hr>120</g:cad>"),
            ("<g:hr>120</g:hr>", "<h:hr>120</h:hr>"),
            ("<g:hr>120</g:hr>", "<g:hr><g:x/></g:hr>"),
            ("<g:hr>120</g:hr>", "<g:hrv>120</g:hrv>"),
            ("<g:atemp>21</g:atemp>", "<g:atemp>2&amp;1</g:atemp>"),
            ("<g:atemp>21</g:atemp>", "<g:atemp/>"),
            ("<g:atemp>21</g:atemp>", "<g:a.b-c_d>x</g:a.b-c_d>"),
            ("<g:speed>4.25</g:speed>", "<g:speed>-1</g:speed>"),
            ("<extensions>", "<extensions><other/>"),
            ("</extensions>", "<g:TrackPointExtension/></extensions>"),
            ("</trkpt>\n   <trkpt lon=", "</trkpt><!-- between --><trkpt lon="),
            ("</trkpt>\n   <trkpt lon=", "</trkpt>x<trkpt lon="),
            ("</trkpt>\n   <trkpt lon=", "</trkpt ><trkpt lon="),
            ("</trkpt>\n   <trkpt lon=", "</trkpt\n><trkpt lon="),
            ("</trkpt>\n   <trkpt lon=", "</trk><trkpt lon="),
            ("</trkpt>\n   <trkpt lon=", "<trkpt lon="),
        ]

        @Test func editsOfAPointReadTheSameEveryWay() throws {
            for (k, (old, new)) in Self.edits.enumerated() {
                let start = try #require(Self.plain.range(of: Self.secondPoint))
                let tail = Self.plain[start.lowerBound...]
                let target = try #require(tail.range(of: old), "edit \(k) does not apply")
                var text = Self.plain
                text.replaceSubrange(target, with: new)
                XMLFastScannerTests.compare(.data(Data(text.utf8)), path: "edit-\(k).gpx")
            }
        }

        @Test func everyTruncationReadsTheSameEveryWay() {
            let bytes = Array(Self.plain.utf8)
            for end in 0...bytes.count {
                XMLFastScannerTests.compare(.data(Data(bytes[0..<end])), path: "cut-\(end).gpx")
            }
        }

        /// Every byte of the second and third points replaced by each of a few bytes that matter to
        /// the shape (quotes, brackets, white space, a reference, a letter, a digit, a slash, a colon).
        @Test func everyByteOfAPointReplacedReadsTheSameEveryWay() throws {
            let bytes = Array(Self.plain.utf8)
            let start = try #require(Self.plain.utf8.firstRange(of: Self.secondPoint.utf8)).lowerBound
            let end = try #require(Self.plain.utf8.firstRange(of: "</trkseg>".utf8)).lowerBound
            let from = Self.plain.utf8.distance(from: Self.plain.utf8.startIndex, to: start)
            let to = Self.plain.utf8.distance(from: Self.plain.utf8.startIndex, to: end)
            for index in from..<to {
                for replacement: UInt8 in [0x22, 0x27, 0x3C, 0x3E, 0x20, 0x0D, 0x26, 0x78, 0x35, 0x2F, 0x3A, 0x00] where bytes[index] != replacement {
                    var edited = bytes
                    edited[index] = replacement
                    XMLFastScannerTests.compare(.data(Data(edited)), path: "byte-\(index)-\(replacement).gpx")
                }
            }
        }
    }
}
