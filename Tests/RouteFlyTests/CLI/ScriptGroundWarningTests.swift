import Foundation
import Testing
@testable import RouteKit

/// A camera script is flown as written; `sample` and `preview` say where its eye goes below the ground
/// or the ground hides the centre, as `check` does (a reviewer flew samples/scripts/orbit.json over
/// Mojstrovka, 1615-2057 m, with the eye at 734 m, and `sample` said nothing). The bundled orbit now
/// follows the ground (`"centerElevation": "ground"`); the script under the mountain is that orbit with
/// the centre held at 0 m, as it was written then.
@Suite struct ScriptGroundWarningTests {
    static let orbit = Fixtures.packageRoot.appendingPathComponent("samples/scripts/orbit.json").path

    /// samples/scripts/orbit.json with `"centerElevation": 0`, written to `directory`.
    static func orbitAtSeaLevel(in directory: URL) throws -> String {
        let text = try String(contentsOfFile: orbit, encoding: .utf8)
            .replacingOccurrences(of: #""centerElevation": "ground""#, with: #""centerElevation": 0"#)
        let url = directory.appendingPathComponent("orbit-0.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func aScriptUnderTheMountainIsReported() throws {
        guard let route = sharedRealFile("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try Self.orbitAtSeaLevel(in: dir)
        for subcommand in ["sample", "preview"] {
            let out = dir.appendingPathComponent(subcommand == "sample" ? "o.csv" : "o.html").path
            let r = try runRouteFly([subcommand, route.path, "--script", script, "--fps", "10", "-o", out])
            #expect(r.status == 0, "\(r.stderr)")
            // check's finding for the same flight: the eye 1362.5 m below the ground from 7.5 s.
            #expect(r.stderr.contains("warning: The eye is 1362.5 m below the ground") && r.stderr.contains("[terrain-clearance]"), "\(subcommand): \(r.stderr)")
            #expect(r.stderr.contains("[line-of-sight]"))
        }
        let check = try runRouteFly(["check", route.path, "--script", script, "--fps", "10"])
        #expect(check.stdout.contains("The eye is 1362.5 m below the ground"))
        // The bundled orbit, on the ground: its eye is above the mountain (a ridge still hides the centre
        // for moments, by about 10 m: a script is flown as written).
        let grounded = try runRouteFly(["check", route.path, "--script", Self.orbit, "--fps", "10"])
        #expect(!grounded.stdout.contains("[terrain-clearance]"), "\(grounded.stdout)")
    }

    @Test func aScriptAboveTheGroundSaysNothingOfIt() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let r = try runRouteFly(["sample", route, "--script", Self.orbit, "--fps", "10"])
        #expect(r.status == 0)
        #expect(!r.stderr.contains("[terrain-clearance]") && !r.stderr.contains("[line-of-sight]"), "\(r.stderr)")
    }
}
