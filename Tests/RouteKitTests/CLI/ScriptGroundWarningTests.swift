import Foundation
import Testing
@testable import RouteKit

/// A camera script is flown as written; `sample` and `preview` say where its eye goes below the ground
/// or the ground hides the centre, as `check` does (a reviewer flew samples/scripts/orbit.json over
/// Mojstrovka, 1615-2057 m, with the eye at 734 m, and `sample` said nothing).
@Suite struct ScriptGroundWarningTests {
    static let orbit = Fixtures.packageRoot.appendingPathComponent("samples/scripts/orbit.json").path

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func aScriptUnderTheMountainIsReported() throws {
        guard let route = sharedRealFile("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for subcommand in ["sample", "preview"] {
            let out = dir.appendingPathComponent(subcommand == "sample" ? "o.csv" : "o.html").path
            let r = try runRouteFly([subcommand, route.path, "--script", Self.orbit, "--fps", "10", "-o", out])
            #expect(r.status == 0, "\(r.stderr)")
            // check's finding for the same flight: the eye 1362.5 m below the ground from 7.5 s.
            #expect(r.stderr.contains("warning: The eye is 1362.5 m below the ground") && r.stderr.contains("[terrain-clearance]"), "\(subcommand): \(r.stderr)")
            #expect(r.stderr.contains("[line-of-sight]"))
        }
        let check = try runRouteFly(["check", route.path, "--script", Self.orbit, "--fps", "10"])
        #expect(check.stdout.contains("The eye is 1362.5 m below the ground"))
    }

    @Test func aScriptAboveTheGroundSaysNothingOfIt() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let r = try runRouteFly(["sample", route, "--script", Self.orbit, "--fps", "10"])
        #expect(r.status == 0)
        #expect(!r.stderr.contains("[terrain-clearance]") && !r.stderr.contains("[line-of-sight]"), "\(r.stderr)")
    }
}
