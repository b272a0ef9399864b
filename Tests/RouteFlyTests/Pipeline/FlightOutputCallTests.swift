import Foundation
import Testing
@testable import RouteKit

/// The library's other two one-call outputs give byte for byte what route-fly gives: a group flight's
/// poses (`GroupFlight.write`, against `route-fly sample A B C`) and the flight page
/// (`RouteFlight.page`, against `route-fly preview`).
@Suite struct FlightOutputCallTests {
    static let race = ["ana", "ben", "cai"].map { Fixtures.packageRoot.appendingPathComponent("routes/race/\($0).gpx").path }
    static let cerknica = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    @Test(arguments: [PoseFormat.csv, .czml])
    func aGroupFlightWritesWhatSampleWrites(format: PoseFormat) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromTool = dir.appendingPathComponent("tool." + format.rawValue).path
        let fromLibrary = dir.appendingPathComponent("library." + format.rawValue).path
        let r = try runRouteFly(["sample"] + Self.race + ["--group-preset", "leader", "--speedup", "20", "--fps", "10",
                                                          "--format", format.rawValue, "-o", fromTool])
        #expect(r.status == 0, "\(r.stderr)")

        let riders = try zip(["ana", "ben", "cai"], Self.race).map { name, path in
            RiderGroup.Rider(name: name, route: try RouteFile.load(path: path))
        }
        var options = FlightOptions()
        options.speedup = 20
        let planned = try GroupFlightPlanner(preset: .leader, options: options).plan(for: RiderGroup(riders: riders))
        try planned.write(RouteFlight.Output(format: format, framesPerSecond: 10), framing: options.framing,
                          to: .file(fromLibrary))

        let tool = try Data(contentsOf: URL(fileURLWithPath: fromTool))
        let library = try Data(contentsOf: URL(fileURLWithPath: fromLibrary))
        #expect(tool.count > 10_000)
        #expect(tool == library, "\(tool.count) bytes from route-fly, \(library.count) from GroupFlight.write")
    }

    @Test func thePageIsWhatPreviewWrites() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromTool = dir.appendingPathComponent("tool.html").path
        let r = try runRouteFly(["preview", Self.cerknica, "--preset", "orbit", "--fps", "24", "-o", fromTool])
        #expect(r.status == 0, "\(r.stderr)")

        var options = RouteFlight.Options()
        options.flight.preset = .orbit
        let flight = try RouteFlight(path: Self.cerknica, options: options)
        var page = FlightPageOptions()
        // route-fly's own words for a script that does not load (the library's names no option).
        page.loadFailureHint = " (offline? use --maplibre-js PATH)"
        let bytes = try flight.page(page, framesPerSecond: 24)

        let tool = try Data(contentsOf: URL(fileURLWithPath: fromTool))
        #expect(tool.count > 10_000)
        #expect(tool == Data(bytes), "\(tool.count) bytes from route-fly, \(bytes.count) from RouteFlight.page")
        // The page holds one camera per frame: 24 fps over the orbit's 20 s, both ends included.
        #expect(flight.flight.duration == 20)
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.components(separatedBy: "\"bearing\":").count - 1 == 481)
    }
}
