import Foundation
import Testing
@testable import RouteKit

/// Camera-script range errors, found while resolving the script against a route, name
/// the value's line and column as well as its JSON path (docs/camera-script.md promises both).
@Suite struct ScriptErrorLocationTests {
    static let text = """
        {
          "routekitCameraScript": 1,
          "initialCamera": {"centerCoordinate": {"latitude": 45.7, "longitude": 14.3}, "distance": 1000, "heading": 0, "pitch": 30},
          "tracks": {"distance": [{"type": "linear", "value": 500, "duration": 1}, {"type": "linear", "value": -5, "duration": 2}]}
        }
        """

    @Test func aRangeErrorIsLocatedAtItsValue() throws {
        let script = try CameraScript(json: Data(Self.text.utf8), path: "s.json")
        let route = Route(segments: [[RoutePoint(latitude: 45.7, longitude: 14.3), RoutePoint(latitude: 45.71, longitude: 14.31)]],
                          source: .init(kind: .tracks))!
        #expect(throws: CameraScriptError.self) { try script.resolved(for: route, framing: CameraFraming()) }
        do {
            _ = try script.resolved(for: route, framing: CameraFraming())
        } catch {
            #expect(error.jsonPath == "tracks.distance[1].value")
            let located = error.located(in: Data(Self.text.utf8))
            // Line 4, at the '-' of -5 (counted in the text above: the second keyframe's value).
            let line4 = Self.text.split(separator: "\n", omittingEmptySubsequences: false)[3]
            let column = line4.distance(from: line4.startIndex, to: line4.range(of: "-5")!.lowerBound) + 1
            #expect(located.line == 4 && located.column == column, "\(located)")
        }
    }

    @Test func theCommandLinePrintsTheLocation() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json")
        try Data(Self.text.utf8).write(to: file)
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let r = try runRouteFly(["sample", route, "--script", file.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("s.json:4:"), "\(r.stderr)")
        #expect(r.stderr.contains("error: at tracks.distance[1].value: distance -5.0 m is out of range"), "\(r.stderr)")
    }
}
