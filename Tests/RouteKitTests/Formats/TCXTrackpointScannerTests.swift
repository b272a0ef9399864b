import Foundation
import Testing
@testable import RouteKit

// The TCX Trackpoint fast path (TCXTrackpointScanner, offered each Trackpoint of a Track by the byte
// scanner) against libxml2: a plain file whose later Trackpoints it reads whole, edits of those
// Trackpoints, every truncation and every byte of two Trackpoints replaced, each read through libxml2
// alone, the scanner with libxml2 where it gives up, and the scanner alone, with the same route bit
// for bit, the same notes, or the same error (XMLFastScannerParityTests.compare, as TCX).

extension Formats {
    @Suite("TCX Trackpoints read whole from the bytes, against libxml2")
    struct TCXTrackpointScannerTests {
        /// The first Trackpoint goes event by event (it teaches the scanner the prefixes of the extension
        /// and of `xsi:type`, as Garmin Training Center writes it on `HeartRateBpm`); the
        /// four after it are of the shape read whole (the third has no Position: skipped).
        static let plain = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
             <Activities>
              <Activity Sport="Running">
               <Id>2024-05-01T06:00:00Z</Id>
               <Lap StartTime="2024-05-01T06:00:00Z">
                <TotalTimeSeconds>4</TotalTimeSeconds>
                <Track>
                 <Trackpoint><Time>2024-05-01T06:00:00Z</Time><Position><LatitudeDegrees>47.1</LatitudeDegrees>\
            <LongitudeDegrees>8.1</LongitudeDegrees></Position>
                  <HeartRateBpm xsi:type="HeartRateInBeatsPerMinute_t"><Value>100</Value></HeartRateBpm>
                  <Extensions><ns3:TPX><ns3:Speed>3</ns3:Speed></ns3:TPX></Extensions></Trackpoint>
                 <Trackpoint>
                  <Time>2024-05-01T06:00:01Z</Time>
                  <Position>
                   <LatitudeDegrees>47.2</LatitudeDegrees>
                   <LongitudeDegrees>8.2</LongitudeDegrees>
                  </Position>
                  <AltitudeMeters>401.5</AltitudeMeters>
                  <DistanceMeters>12.5</DistanceMeters>
                  <HeartRateBpm xsi:type="HeartRateInBeatsPerMinute_t"><Value>120</Value></HeartRateBpm>
                  <Cadence>80</Cadence>
                  <SensorState>Present</SensorState>
                  <Extensions>
                   <ns3:TPX><ns3:Speed>4.25</ns3:Speed><ns3:RunCadence>88</ns3:RunCadence><ns3:Watts>200</ns3:Watts></ns3:TPX>
                  </Extensions>
                 </Trackpoint>
                 <Trackpoint ><Time>2024-05-01T06:00:02.5+02:00</Time ><HeartRateBpm>
                  <Value>121</Value></HeartRateBpm></Trackpoint >
                 <Trackpoint>\r
                  <Position><LongitudeDegrees>1e-3</LongitudeDegrees><LatitudeDegrees>-0.0</LatitudeDegrees></Position>\r
                  <Extensions><ns3:TPX><ns3:RunCadence>90</ns3:RunCadence></ns3:TPX></Extensions>\r
                 </Trackpoint>
                </Track>
               </Lap>
               <Lap StartTime="2024-05-01T06:00:04Z">
                <Track>
                 <Trackpoint><Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees>\
            </Position><AltitudeMeters>-12</AltitudeMeters></Trackpoint>
                </Track>
               </Lap>
              </Activity>
             </Activities>
            </TrainingCenterDatabase>

            """

        /// The second Trackpoint's opening, where the edits below apply.
        static let secondPoint = "<Trackpoint>\n      <Time>2024-05-01T06:00:01Z"

        static func delegate(_ text: String) throws -> TCXParserDelegate? {
            try TCXReader.parse(.data(Data(text.utf8)), path: "p.tcx", parser: .scannerOnly)
        }

        /// Reads `bytes` as TCX three ways and expects the same outcome; whether the scanner read it alone.
        @discardableResult
        static func compare(_ bytes: some Sequence<UInt8>, name: String) -> Bool {
            !XMLFastScannerParityTests.compare(.data(Data(bytes)), name: name, formats: [.tcx]).isEmpty
        }

        @Test func thePlainTrackpointsAreReadWholeAndAsLibxml2ReadsThem() throws {
            #expect(Self.compare(Self.plain.utf8, name: "plain.tcx"))
            let delegate = try #require(try Self.delegate(Self.plain))
            #expect(delegate.rawTrackpointCount == 4, "read whole: \(delegate.rawTrackpointCount) of 5 Trackpoints")
            #expect(delegate.trackpointCount == 5 && delegate.skippedNoPosition == 1)
            let result = try TCXReader.result(from: delegate)
            #expect(result.notes == ["skipped 1 Trackpoint without a Position",
                                     "flew 1 lap change (a new Track in the same Activity) without a break"])
            let points = result.route.points
            #expect(points.count == 4)
            let second = points[1]
            #expect(second.heartRate == 120 && second.cadence == 80 && second.speed == 4.25 && second.elevation == 401.5)
            #expect(second.time == Date(timeIntervalSince1970: 1_714_543_201))
            #expect(points[2].coordinate.latitude.sign == .minus && points[2].coordinate.longitude == 0.001)
            #expect(points[2].cadence == 90 && points[2].elevation == nil && points[2].time == nil)
            #expect(points[3].elevation == -12 && points[3].heartRate == nil && points[3].speed == nil)
        }

        /// A real Garmin Training Center export (../shared/real/tcx, `xsi:type` on every `HeartRateBpm`):
        /// every Trackpoint the file holds is counted, and all but the first (which teaches the scanner the
        /// `xsi` prefix) are read whole.
        @Test func aRealGarminExportIsReadWhole() throws {
            guard let real = Fixtures.sharedReal else {
                print("TCXTrackpointScannerTests: ../shared/real absent; the real TCX is not read")
                return
            }
            let url = real.appendingPathComponent("tcx/gpsbabel-history.tcx")
            let data = try Data(contentsOf: url)
            #expect(Self.compare(data, name: url.path))
            let delegate = try #require(try TCXReader.parse(.data(data), path: url.path, parser: .scannerOnly))
            let text = String(decoding: data, as: UTF8.self)
            let trackpoints = text.components(separatedBy: "<Trackpoint>").count - 1
            let tracks = text.components(separatedBy: "<Track>").count - 1
            #expect(trackpoints > 1000 && tracks >= 1)
            #expect(delegate.trackpointCount == trackpoints)
            print("TCXTrackpointScannerTests: \(delegate.rawTrackpointCount) of \(trackpoints) Trackpoints in \(tracks) Tracks read whole")
            #expect(delegate.rawTrackpointCount == trackpoints - 1)
        }

        /// Edits of the second Trackpoint: each is read whole exactly as the general path reads it, or
        /// declined and read by the general path (or libxml2), never differently.
        static let edits: [(String, String)] = [
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>401.5<!-- c --></AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters><![CDATA[401.5]]></AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>&#52;01.5</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters> 401.5 </AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>401.5\r</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>401,5</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>1e999</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>99999</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters/>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters></AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>401.5</altitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>401.5</AltitudeMeters><AltitudeMeters>9</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters a=\"1\">401.5</AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<ns3:AltitudeMeters>401.5</ns3:AltitudeMeters>"),
            ("<AltitudeMeters>401.5</AltitudeMeters>", "<AltitudeMeters>" + String(repeating: "1", count: 70) + "</AltitudeMeters>"),
            ("<LatitudeDegrees>47.2</LatitudeDegrees>", "<LatitudeDegrees>91</LatitudeDegrees>"),
            ("<LatitudeDegrees>47.2</LatitudeDegrees>", "<LatitudeDegrees>4x</LatitudeDegrees>"),
            ("<LatitudeDegrees>47.2</LatitudeDegrees>", ""),
            ("<LatitudeDegrees>47.2</LatitudeDegrees>", "<LatitudeDegrees>47.2</LatitudeDegrees><LatitudeDegrees>-5</LatitudeDegrees>"),
            ("<LongitudeDegrees>8.2</LongitudeDegrees>", "<LongitudeDegrees>180.5</LongitudeDegrees>"),
            ("<LongitudeDegrees>8.2</LongitudeDegrees>", ""),
            ("<Position>", "<Position><Extra>1</Extra>"),
            ("<Position>", "<Position>\n<!-- c -->"),
            ("</Position>", "</Position><Position></Position>"),
            ("</Position>", "</Position><Position><LatitudeDegrees>1</LatitudeDegrees></Position>"),
            ("<Time>2024-05-01T06:00:01Z</Time>", "<Time>2024-05-01T06:00:60Z</Time>"),
            ("<Time>2024-05-01T06:00:01Z</Time>", "<Time>2024-05-01</Time>"),
            ("<Time>2024-05-01T06:00:01Z</Time>", "<Time>2024-05-01T06:00:01Z</Tim>"),
            ("<Value>120</Value>", "<Value>12x</Value>"),
            ("<Value>120</Value>", "<Value>120</Value><Value>130</Value>"),
            ("<Value>120</Value>", "<Value>120</Value><Other>x</Other>"),
            ("<HeartRateBpm xsi:type=\"HeartRateInBeatsPerMinute_t\"><Value>120</Value></HeartRateBpm>", "<HeartRateBpm/>"),
            ("<HeartRateBpm xsi:type=\"HeartRateInBeatsPerMinute_t\"><Value>120</Value></HeartRateBpm>", "<HeartRateBpm>120</HeartRateBpm>"),
            ("<HeartRateBpm xsi:type=\"HeartRateInBeatsPerMinute_t\">", "<HeartRateBpm>"),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type='HeartRateInBeatsPerMinute_t'"),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type = \"HeartRateInBeatsPerMinute_t\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type=\"HeartRateInBeatsPerMinute\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type=\"HeartRateInBeatsPerMinute_t'"),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:typo=\"HeartRateInBeatsPerMinute_t\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type=\"HeartRateInBeatsPerMinute_t\" a=\"1\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type=\"HeartRateInBeatsPerMinute_t\"xsi:b=\"1\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "xsi:type=\"HeartRateInBeatsPerMinute_t\" xsi:type=\"x\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "q:type=\"HeartRateInBeatsPerMinute_t\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"", "type=\"HeartRateInBeatsPerMinute_t\""),
            ("xsi:type=\"HeartRateInBeatsPerMinute_t\"><", "xsi:type=\"HeartRateInBeatsPerMinute_t\"/><"),
            (" xsi:type=\"HeartRateInBeatsPerMinute_t\"", "\n xsi:type=\"HeartRateInBeatsPerMinute_t\"\t"),
            ("<Cadence>80</Cadence>", ""),
            ("<Cadence>80</Cadence>", "<Cadence>-1</Cadence>"),
            ("<Cadence>80</Cadence>", "<Cadence>8O</Cadence>"),
            ("<DistanceMeters>12.5</DistanceMeters>", "<DistanceMeters><Activity/></DistanceMeters>"),
            ("<SensorState>Present</SensorState>", "<SensorState>Pres ent</SensorState>"),
            ("<SensorState>Present</SensorState>", "<SensorState>Present</SensorState>x"),
            ("<ns3:Speed>4.25</ns3:Speed>", "<ns3:Speed>x</ns3:Speed>"),
            ("<ns3:Speed>4.25</ns3:Speed>", "<ns4:Speed>4.25</ns4:Speed>"),
            ("<ns3:Speed>4.25</ns3:Speed>", "<ns3:Speed>4.25</ns3:Sped>"),
            ("<ns3:Speed>4.25</ns3:Speed>", "<ns3:Speed><ns3:x/></ns3:Speed>"),
            ("<ns3:RunCadence>88</ns3:RunCadence>", "<ns3:RunCadence>8&amp;8</ns3:RunCadence>"),
            ("<ns3:Watts>200</ns3:Watts>", "<ns3:Watts/>"),
            ("<Extensions>", "<Extensions><Other/>"),
            ("</Extensions>", "<ns3:TPX/></Extensions>"),
            ("</Extensions>", "<ns3:TPX><ns3:Speed>5</ns3:Speed></ns3:TPX></Extensions>"),
            ("<Trackpoint>\n", "<Trackpoint a=\"1\">\n"),
            ("<Trackpoint>\n", "<Trackpoint/><Trackpoint>\n"),
            ("<Trackpoint>\n", "<Trackpoint></Trackpoint><Trackpoint>\n"),
            ("</Trackpoint>", "</Trackpoint><!-- between -->"),
            ("</Trackpoint>", "</Trackpoint>x"),
            ("</Trackpoint>", "</Track>"),
            ("</Trackpoint>", ""),
        ]

        @Test func editsOfATrackpointReadTheSameEveryWay() throws {
            var readWhole = 0
            for (k, (old, new)) in Self.edits.enumerated() {
                let start = try #require(Self.plain.range(of: Self.secondPoint))
                let tail = Self.plain[start.lowerBound...]
                let target = try #require(tail.range(of: old), "edit \(k) does not apply")
                var text = Self.plain
                text.replaceSubrange(target, with: new)
                Self.compare(text.utf8, name: "edit-\(k).tcx")
                if let delegate = try? Self.delegate(text), delegate.rawTrackpointCount >= 4 { readWhole += 1 }
            }
            // The edited Trackpoint itself must be read whole in the edits that keep the shape (the
            // duplicates, the skipped leaves, the values the general path takes), else this compares
            // the general path with itself.
            #expect(readWhole >= 12, "only \(readWhole) edited files had their Trackpoints read whole")
        }

        @Test func everyTruncationReadsTheSameEveryWay() {
            let bytes = Array(Self.plain.utf8)
            for end in 0...bytes.count {
                Self.compare(bytes[0..<end], name: "cut-\(end).tcx")
            }
        }

        /// Every byte of the second and third Trackpoints replaced by each of a few bytes that matter to
        /// the shape (quotes, brackets, white space, a reference, a letter, a digit, a slash, a colon).
        @Test func everyByteOfATrackpointReplacedReadsTheSameEveryWay() throws {
            let bytes = Array(Self.plain.utf8)
            let start = try #require(Self.plain.utf8.firstRange(of: Self.secondPoint.utf8)).lowerBound
            let end = try #require(Self.plain.utf8.firstRange(of: "<Trackpoint>\r".utf8)).lowerBound
            let from = Self.plain.utf8.distance(from: Self.plain.utf8.startIndex, to: start)
            let to = Self.plain.utf8.distance(from: Self.plain.utf8.startIndex, to: end)
            for index in from..<to {
                for replacement: UInt8 in [0x22, 0x27, 0x3C, 0x3E, 0x20, 0x0D, 0x26, 0x78, 0x35, 0x2F, 0x3A, 0x00] where bytes[index] != replacement {
                    var edited = bytes
                    edited[index] = replacement
                    Self.compare(edited, name: "byte-\(index)-\(replacement).tcx")
                }
            }
        }
    }
}
