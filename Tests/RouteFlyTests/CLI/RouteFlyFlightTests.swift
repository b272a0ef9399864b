import Foundation
import Testing
@testable import RouteKit

/// `route-fly sample` through the command line: presets, timings, scripts.
@Suite struct RouteFlyFlightTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    @Test(arguments: ["follow", "wwdc", "overview", "orbit"])
    func planFedBackAsAScriptFliesTheSamePoses(preset: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("plan.json").path
        let pitch = preset == "wwdc" ? [] : ["--pitch", "40"]  // the wwdc recipe has no pitch option
        let plan = try runRouteFly(["plan", Self.bundled, "--preset", preset, "-o", script] + pitch)
        #expect(plan.status == 0, "\(plan.stderr)")
        let planned = try runRouteFly(["sample", Self.bundled, "--preset", preset, "--fps", "12", "--eye"] + pitch)
        let scripted = try runRouteFly(["sample", Self.bundled, "--script", script, "--fps", "12", "--eye"])
        #expect(planned.status == 0 && scripted.status == 0, "\(scripted.stderr)")
        #expect(planned.stdout.count > 1000)
        #expect(planned.stdout == scripted.stdout)
    }

    @Test func scriptErrorsAreLocated() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("bad.json")
        try Data("{\n  \"routekitCameraScript\": 1,\n  \"tracks\": {\"heading\": [{\"type\": \"cubical\", \"value\": 3, \"duration\": 1}]}\n}\n".utf8).write(to: script)
        let r = try runRouteFly(["sample", Self.bundled, "--script", script.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("\(script.path):3:"), "\(r.stderr)")
        #expect(r.stderr.contains("tracks.heading[0].type") && r.stderr.contains("cubical"))
        // A script value the resolver rejects names the script and the JSON path.
        try Data("{\"routekitCameraScript\": 1, \"tracks\": {\"distance\": [{\"type\": \"linear\", \"value\": 0, \"duration\": 1}]}}".utf8).write(to: script)
        let zero = try runRouteFly(["sample", Self.bundled, "--script", script.path])
        #expect(zero.status == 1 && zero.stderr.contains(script.path) && zero.stderr.contains("tracks.distance[0].value"), "\(zero.stderr)")
        let missing = try runRouteFly(["sample", Self.bundled, "--script", dir.appendingPathComponent("none.json").path])
        #expect(missing.status == 1 && missing.stderr.contains("No such file"))
        let mixed = try runRouteFly(["sample", Self.bundled, "--script", script.path, "--preset", "orbit"])
        #expect(mixed.status == 64)
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func recordedTimingOnAnUntimedRouteFailsWithASuggestion() throws {
        guard let path = Fixtures.real("gpx/gpsbabel-bendgc-expected.gpx")?.path else { return }
        let r = try runRouteFly(["sample", path, "--timing", "recorded"])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("--timing distance"))
        let usage = try runRouteFly(["sample", Self.bundled, "--speedup", "4"])
        #expect(usage.status == 64 && usage.stderr.contains("needs '--timing recorded'"))
    }

    /// Every preset and timing on every real GPX gives poses free of NaN, heading in 0..<360,
    /// latitude in range and longitude in -180...180, or fails cleanly (recorded timing without times;
    /// recorded real-time flights of years beyond the frame limit; wwdc with recorded timing).
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func everyPresetAndTimingOnEveryRealGPX() throws {
        guard let dir = Fixtures.real("gpx") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".gpx") }.sorted()
        var flown = 0
        for name in files where name != "gpxpy-unicode_with_bom.gpx" {
            let path = dir.appendingPathComponent(name).path
            for preset in ["follow", "wwdc", "overview", "orbit"] {
                // overview and orbit are not timed by the route: '--timing' is refused for them.
                for timing in preset == "overview" || preset == "orbit" ? ["distance"] : ["equal", "distance", "recorded"] {
                    var arguments = ["sample", path, "--preset", preset, "--fps", "4"]
                    if preset != "overview" && preset != "orbit" { arguments += ["--timing", timing] }
                    if timing == "recorded" { arguments += ["--skip-idle", "60"] }
                    let r = try runRouteFly(arguments)
                    if r.status != 0 {
                        let clean = r.stdout.isEmpty && (r.status == 1 || r.status == 64) && (r.stderr.contains("error") || r.stderr.contains("Error"))
                        #expect(clean, "\(name) \(preset) \(timing): \(r.status) \(r.stderr)")
                        continue
                    }
                    flown += 1
                    for line in r.stdout.split(separator: "\n").dropFirst() {
                        let f = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                        guard f.count >= 7, let lat = f[2], let lon = f[3], let h = f[4], let p = f[5], let d = f[6] else {
                            Issue.record("\(name) \(preset) \(timing): malformed row \(line)")
                            break
                        }
                        let ok = (-90...90).contains(lat) && (-180...180).contains(lon) && (0..<360).contains(h)
                            && (0..<90).contains(p) && d >= 1 && f.allSatisfy { $0?.isFinite ?? false }
                        if !ok { Issue.record("\(name) \(preset) \(timing): bad pose \(line)"); break }
                    }
                }
            }
        }
        #expect(flown >= 70)
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func otherFormatsFlyToo() throws {
        for (file, points) in [("kml/togeojson-gxmultitrack.kml", 26), ("geojson/turf-route1.geojson", 4757),
                               ("tcx/gpsbabel-history.tcx", 1202), ("csv/gpsbabel-iblue747.csv", 747)] {
            guard let path = Fixtures.real(file)?.path else { return }
            let info = try runRouteFly(["info", path, "--json"])
            #expect(info.status == 0, "\(file): \(info.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
            #expect(json?["points"] as? Int == points, "\(file)")
            let r = try runRouteFly(["sample", path, "--fps", "2"])
            #expect(r.status == 0, "\(file): \(r.stderr)")
        }
        guard let p6 = Fixtures.real("polyline/visnjan-car.p6.txt")?.path else { return }
        let wrong = try runRouteFly(["info", p6])
        #expect(wrong.status == 1 && wrong.stderr.contains("precision"))
        let right = try runRouteFly(["info", p6, "--polyline-precision", "6"])
        #expect(right.status == 0 && right.stdout.contains("104"))
    }
}
