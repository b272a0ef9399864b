import Foundation
import Testing
@testable import RouteKit

/// Suggestions, ffmpeg's rational frame rate, case-insensitive values.
@Suite struct RouteFlyOptionSpellingTests {
    static let bundled = RouteFlyWaypointTests.bundled

    @Test func mistypedOptionsAndValuesGetASuggestion() throws {
        let cases: [([String], String)] = [
            (["sample", Self.bundled, "--fsp", "60"], "Error: Unknown option '--fsp'. Did you mean '--fps'?"),
            (["sample", Self.bundled, "--preset", "folow"],
             "Error: The value 'folow' is invalid for '--preset <preset>': expected one of wwdc, follow, overview, orbit. Did you mean 'follow'?"),
            (["info", Self.bundled, "--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
            (["profile", Self.bundled, "--format", "hike-jsn"], "Did you mean 'hike-json'?"),
        ]
        for (args, message) in cases {
            let r = try runRouteFly(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        // Nothing close: no suggestion.
        let far = try runRouteFly(["sample", Self.bundled, "--zzzzzz"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean"))
    }

    @Test func rationalFrameRate() throws {
        // 30000/1001 fps: frame i is at i * 1001/30000 s (printed with 6 decimals).
        let r = try runRouteFly(["sample", Self.bundled, "--fps", "30000/1001", "--preset", "wwdc"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        #expect(rows.count > 100)
        for (i, row) in rows.enumerated() {
            guard let t = Double(row[1]) else { Issue.record("row \(i)"); break }
            #expect(abs(t - Double(i) * 1001 / 30000) < 5e-7, "frame \(i): \(t)")
        }
        for bad in ["30000/0", "1/0.0", "30000/", "a/b", "-30/1"] {
            let e = try runRouteFly(["sample", Self.bundled, "--fps", bad])
            #expect(e.status == 64, "\(bad)")
        }
    }

    @Test func formatValuesAreCaseInsensitive() throws {
        let upper = try runRouteFly(["sample", Self.bundled, "--format", "KML", "--duration", "1", "--fps", "5"])
        #expect(upper.status == 0, "\(upper.stderr)")
        let lower = try runRouteFly(["sample", Self.bundled, "--format", "kml", "--duration", "1", "--fps", "5"])
        #expect(upper.stdout == lower.stdout)
        #expect(try runRouteFly(["sample", Self.bundled, "--preset", "WWDC", "--duration", "1"]).status == 0)
    }
}
