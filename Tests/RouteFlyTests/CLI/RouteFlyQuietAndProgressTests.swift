import Foundation
import Testing
@testable import RouteKit

/// `--quiet` leaves errors only; long runs show a progress line on a terminal.
@Suite struct RouteFlyQuietAndProgressTests {
    static let bundled = RouteFlyWaypointTests.bundled

    @Test func quietSilencesNotesAndWarningsButNotErrors() throws {
        let loud = try runRouteFly(["sample", Self.bundled])
        #expect(loud.stderr.contains("note: prepared the route"))
        for flag in ["-q", "--quiet"] {
            let quiet = try runRouteFly(["sample", Self.bundled, flag])
            #expect(quiet.status == 0)
            #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
            #expect(quiet.stdout == loud.stdout)
        }
        let info = try runRouteFly(["info", RouteFlyWaypointTests.onlyWaypoints, "-q"])
        #expect(info.status == 0 && info.stderr.isEmpty)
        let failing = try runRouteFly(["sample", RouteFlyWaypointTests.onlyWaypoints, "-q"])
        #expect(failing.status == 1 && failing.stderr.contains("error:"))
    }

    @Test func progressLineOnLongRuns() throws {
        // Piped standard error (every other test): no progress line. Forced on (as on a terminal), a run
        // of 100000 frames draws "route-fly: writing frames N/100001" once it has lasted 2 s; a machine
        // fast enough to finish sooner draws nothing, which is right too.
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let started = Date()
        let r = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "--fps", "1000", "--duration", "100",
                                 "-o", dir.appendingPathComponent("poses.csv").path],
                                environment: ["ROUTE_FLY_PROGRESS": "always"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.stderr)")
        if elapsed > 3 {
            #expect(r.stderr.contains("route-fly: writing frames "), "\(elapsed) s: \(r.stderr.prefix(300))")
            #expect(r.stderr.hasSuffix("\r\u{1B}[K"))  // erased at the end
        } else {
            print("progressLineOnLongRuns: the run took \(elapsed) s, under the 2 s before progress shows; not checked")
        }
        let quiet = try runRouteFly(["sample", Self.bundled, "--preset", "wwdc", "--fps", "1000", "--duration", "100", "-q",
                                     "-o", dir.appendingPathComponent("q.csv").path],
                                    environment: ["ROUTE_FLY_PROGRESS": "always"])
        #expect(quiet.stderr.isEmpty)
    }
}
