import Foundation
import Testing
import TestSupport

/// A camera script with no keyframe in any track is flown (0 s: one frame of its initial camera), and
/// route-fly says so once on standard error; `--quiet` silences it, and a script with a keyframe has no
/// such warning.
@Suite struct EmptyScriptWarningTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    static func sample(_ script: String, _ extra: [String] = []) throws -> (RouteFlyResult, csvLines: Int) {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptURL = folder.appendingPathComponent("s.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("poses.csv")
        let result = try runRouteFly(["sample", route, "--script", scriptURL.path, "-o", output.path] + extra)
        let lines = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").count ?? 0
        return (result, lines)
    }

    @Test func aScriptWithoutKeyframesIsFlownWithAWarning() throws {
        let (result, lines) = try Self.sample(#"{"routekitCameraScript": 1, "tracks": {}}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines == 2, "a header and one frame")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning: the camera script has no keyframe") }
        #expect(warnings.count == 1 && warnings[0].hasSuffix("docs/camera-script.md)") && warnings[0].contains("s.json: warning:"), "\(result.stderr)")
        let (quiet, _) = try Self.sample(#"{"routekitCameraScript": 1}"#, ["-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aScriptWithAKeyframeHasNoSuchWarning() throws {
        let script = #"{"routekitCameraScript": 1, "tracks": {"heading": [{"type": "linear", "value": 90, "duration": 2}]}}"#
        let (result, lines) = try Self.sample(script)
        #expect(result.status == 0 && lines == 62, "\(result.stderr)")
        #expect(!result.stderr.contains("no keyframe"), "\(result.stderr)")
    }
}
