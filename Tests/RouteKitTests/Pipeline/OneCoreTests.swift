import Foundation
import Testing
import TestSupport
@testable import RouteKit
import RouteKitSupport

/// RouteKit on one core: every split of the work (the read-ahead of a large file, the legs measured
/// beside the parse, the chunks moved on all cores, the checks run side by side, the simplification
/// and the sampling spread over the cores) has a one-core path, taken on a machine of one core. Run
/// here under `Parallel.withCoreLimit(1)` (taskset does not change what Foundation counts), the route,
/// its legs, its summary and a sampled flight are the two-core ones byte for byte. The test counts the
/// points read ahead, so it cannot pass by never using the second core.
@Suite struct OneCoreTests {
    /// A 90,000-point random walk near Ljubljana, one point a second with a height and a heart rate
    /// (about 14 MB: more than the read-ahead's 8 MiB and the collector's chunks of 65,536 points).
    static func walk() -> String {
        var rng = SplitMix64(seed: 1)
        var latitude = 46.05, longitude = 14.5, heading = 0.0
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:g="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
             <trk><trkseg>

            """
        let start = Date(timeIntervalSince1970: 1_714_543_200)
        let format = ISO8601DateFormatter()
        for k in 0..<90_000 {
            heading += Double.random(in: -0.2...0.2, using: &rng)
            latitude += 4e-5 * cos(heading)
            longitude += 6e-5 * sin(heading)
            text += String(format: "  <trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele>", latitude, longitude, 300 + 50 * sin(Double(k) / 900))
            text += "<time>\(format.string(from: start.addingTimeInterval(Double(k))))</time>"
            text += "<extensions><g:TrackPointExtension><g:hr>\(120 + k % 40)</g:hr></g:TrackPointExtension></extensions></trkpt>\n"
        }
        return text + " </trkseg></trk>\n</gpx>\n"
    }

    struct Outputs: Equatable {
        var points: Int
        var legs: [UInt64]
        var summary: String
        var adopted: Int
        var csv: Data
    }

    static func outputs(_ url: URL, in dir: URL) throws -> Outputs {
        let read = try RouteFile.read(path: url.path)
        let summary = RouteSummary(read.route)
        let delegate = try #require(try GPXReader.parse(.file(url), path: url.path, parser: .automatic, measuresLegs: true))
        let csv = dir.appendingPathComponent("flight-\(UUID().uuidString).csv")
        try RouteFlight(path: url.path).write(RouteFlight.Output(format: .csv, framesPerSecond: 60), to: .file(csv.path))
        return Outputs(points: read.route.points.count, legs: read.route.legs.flatMap { [$0.distance.bitPattern, $0.heading.bitPattern] },
                       summary: "\(summary.boundingBox) \(summary.rect) \(String(describing: summary.duration)) \(summary.timedPoints)",
                       adopted: delegate.adoptedTrackPointCount, csv: try Data(contentsOf: csv))
    }

    @Test func oneCoreGivesTheTwoCoreRouteAndFlight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("walk.gpx")
        let text = Self.walk()
        #expect(text.utf8.count >= XMLReadAhead.minimumBytes)
        try Data(text.utf8).write(to: url)
        let cores = try Self.outputs(url, in: dir)
        let one = try Parallel.withCoreLimit(1) { try Self.outputs(url, in: dir) }
        #expect(one.adopted == 0)
        if ProcessInfo.processInfo.activeProcessorCount >= 2 {
            #expect(cores.adopted > 20_000, "read ahead: \(cores.adopted) of 90,000 points")
        } else {
            print("OneCoreTests: a machine of one core; the two-core paths were not compared")
        }
        #expect(one.points == 90_000 && cores.points == 90_000)
        #expect(one.legs == cores.legs)
        #expect(one.summary == cores.summary)
        #expect(one.csv == cores.csv && one.csv.count > 200_000)
    }
}
