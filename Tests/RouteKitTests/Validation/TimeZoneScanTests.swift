import Foundation
import Testing
@testable import RouteKit

/// ``TimeZoneScan`` reads time texts in place: ASCII texts trimmed byte by byte, anything else through
/// Foundation, from a mapped file or from memory, with the same texts and zones either way.
@Suite struct TimeZoneScanTests {
    /// The byte trim uses the white space that `CharacterSet.whitespacesAndNewlines` holds among the
    /// ASCII characters.
    @Test func asciiWhiteSpaceIsFoundationsOwn() {
        let foundation = (0..<128).filter { CharacterSet.whitespacesAndNewlines.contains(Unicode.Scalar(UInt8($0))) }
        #expect(foundation == [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20])
    }

    @Test func textsAreTrimmedAsFoundationTrimsThem() {
        let xml = "<gpx><metadata><time>2020-01-01T00:00:00+02:00</time></metadata><!-- <time>1999-01-01T00:00:00Z</time> -->"
            + "<trk><trkseg><trkpt><t:time>\u{0B} 2020-01-01T00:00:01Z\u{0C}\n</t:time></trkpt>"
            + "<trkpt><time>\u{00A0}2020-01-01T00:00:02-05:30\u{2003}</time></trkpt><trkpt><time/></trkpt>"
            + "<trkpt><time>2020-01-01T00:00:03</time></trkpt></trkseg></trk></gpx>"
        let texts = TimeZoneScan.timeTexts(inXML: Data(xml.utf8))
        #expect(texts == ["2020-01-01T00:00:00+02:00", "2020-01-01T00:00:01Z", "2020-01-01T00:00:02-05:30", "2020-01-01T00:00:03"])
    }

    /// The zones found in a mapped file are those found in the same bytes in memory.
    @Test func aFileGivesTheZonesOfItsBytes() throws {
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><metadata><time>2020-01-01T00:00:00+02:00</time></metadata><trk><trkseg>\n"
        for i in 0..<3_000 {
            let clock = String(format: "2020-01-01T%02d:%02d:%02d", i / 3600, i / 60 % 60, i % 60)
            let time = [clock + "Z", clock + "+00:00", " " + clock + "Z\t", clock, "\t" + clock + "-05:30\n"][i % 5]
            gpx += "<trkpt lat=\"46.\(i)\" lon=\"14\"><time>\(time)</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(getpid()).gpx")
        try Data(gpx.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let route = try RouteFile.load(path: url.path)
        let inMemory = TimeZoneScan.zones(for: route, xml: Data(gpx.utf8))
        let mapped = TimeZoneScan.zones(for: route, input: .file(url))
        #expect(mapped == inMemory)
        #expect(inMemory.count == 3_000)
        #expect(inMemory.prefix(5) == [.utc, .offset(0), .utc, TimeZoneDesignator.none, .offset(-19800)])
    }
}
