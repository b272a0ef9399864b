import Foundation
import Testing
@testable import RouteKit

/// `check` lists errors first; durations of a day or more also read as days.
@Suite struct RouteFlyCheckOrderTests {
    @Test func errorsComeFirstAndDaysReadAsDays() throws {
        // 24 points 0.001 degrees apart, two days (172800 s) between consecutive times: 23 time-gap
        // warnings; then a 25th point one day before the 24th (86400 s back): one time-backwards error.
        var gpx = "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        let t0 = 1_715_410_800.0
        func stamp(_ t: Double) -> String { ISO8601.string(from: Date(timeIntervalSince1970: t)) }
        for i in 0..<24 {
            gpx += "<trkpt lat=\"\(46 + Double(i) * 0.001)\" lon=\"14\"><time>\(stamp(t0 + Double(i) * 172_800))</time></trkpt>\n"
        }
        gpx += "<trkpt lat=\"46.024\" lon=\"14\"><time>\(stamp(t0 + 23 * 172_800 - 86_400))</time></trkpt>\n"
        gpx += "</trkseg></trk></gpx>\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("days.gpx")
        try Data(gpx.utf8).write(to: file)
        let r = try runRouteFly(["check", file.path])
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.contains(": error: point 24: Point 24's time") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("is 86400.000 s (1 d 00:00:00) before point 23") == true)
        #expect(lines.contains { $0.contains("172800.0 s (2 d 00:00:00) pass between point 0 and point 1") })
        // Warnings before notes.
        let severities = lines.dropLast().compactMap { l -> Int? in
            l.contains(": error: ") ? 0 : l.contains(": warning: ") ? 1 : l.contains(": note: ") ? 2 : nil
        }
        #expect(severities == severities.sorted())
        #expect(DurationText.daysSuffix(86_399) == "")
        #expect(DurationText.daysSuffix(-(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)) == " (-2 d 03:04:05)")
    }
}
