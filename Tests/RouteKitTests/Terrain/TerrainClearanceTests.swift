import Foundation
import Testing
@testable import RouteKit

/// Terrain clearance and line of sight, over synthetic models built with GDAL's tools
/// (skipped, saying so, without `gdal-bin`).
@Suite(.enabled(if: TerrainFixtures.hasGDALTools, "needs GDAL's gdal_translate (apt-get install gdal-bin)"))
struct TerrainClearanceTests {
    /// A straight route due north along 13 E, from 45.00 to 45.10 N (11.1 km), on flat ground at 0 m.
    static let route: Route = {
        let points = (0...100).map { RoutePoint(latitude: 45.0 + 0.001 * Double($0), longitude: 13.0, elevation: 0) }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }()
    /// The crest's latitude and height, and the ridge's width (Gaussian sigma, degrees of latitude).
    static let crest = (latitude: 45.0505, height: 1200.0, sigma: 0.002)

    /// Flat ground at 0 m, with an east-west Gaussian ridge whose crest (on a row of cell centres)
    /// crosses the route half way.
    static func ridge(in directory: URL) throws -> TerrainModel {
        let url = try TerrainFixtures.geoTIFF(in: directory, name: "ridge", crs: "EPSG:4326", columns: 200, rows: 400,
                                              west: 12.9, south: 44.9, cellSize: 0.001) { _, y in
            crest.height * exp(-pow(y - crest.latitude, 2) / (2 * crest.sigma * crest.sigma))
        }
        return try TerrainModel(path: url.path)
    }

    /// A flat model at 500 m.
    static func plain(in directory: URL) throws -> TerrainModel {
        let url = try TerrainFixtures.geoTIFF(in: directory, name: "plain", crs: "EPSG:4326", columns: 200, rows: 400,
                                              west: 12.9, south: 44.9, cellSize: 0.001) { _, _ in 500 }
        return try TerrainModel(path: url.path)
    }

    @Test func clearanceOverFlatGroundIsTheCameraHeight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.plain(in: dir)
        // Looking straight down from 1000 m over a centre at 500 m: the eye is at 1500 m, 1000 m above
        // the ground, so 950 m more than a 50 m clearance (no curvature: the eye is over the centre).
        let camera = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: 45.05, longitude: 13.0), distance: 1000,
                               heading: 0, pitch: 0)
        let line = SightLine(camera: camera, centerElevation: 500, ground: model, clearance: 50)
        #expect(isClose(try #require(line.clearanceMissing), -950, absolute: 1e-6))
        // Over flat ground the line of sight from above never meets the ground before the centre.
        #expect(try #require(line.blocked) < 0)
        // A camera 1000 m away at 60 degrees: eye 500 m above the centre plus the curvature drop over
        // h = 866 m (h^2 / 2R = 0.059 m).
        var tilted = camera
        tilted.pitch = 60
        let t = SightLine(camera: tilted, centerElevation: 500, ground: model, clearance: 50)
        #expect(isClose(try #require(t.clearanceMissing), 50 - 500 - 866.025 * 866.025 / (2 * 6_371_000), absolute: 0.02))
    }

    /// The follow camera, 3 km behind the centre at 60 degrees (eye 2598 m south, 1500 m up), flies
    /// north over the ridge: its line of sight crosses the 1200 m crest at about 750 m, so the planner
    /// must correct it, and the corrected flight must pass the check at every frame.
    @Test func theFollowCameraClearsARidgeBetweenItAndTheRoute() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.ridge(in: dir)
        var options = FlightOptions()
        options.intro = 0
        options.outro = 0
        options.duration = 30
        options.distance = 3000
        options.pitch = 60
        // Uncorrected (the ground the planner sees is the route's own, flat), the check finds the ridge.
        let blind = try FlightPlanner(options: options).plan(for: Self.route)
        let blindFlight = try blind.script.resolved(for: Self.route, framing: options.framing)
        let found = TerrainCheck.check(blindFlight, ground: model, clearance: 50, framesPerSecond: 30)
        #expect(found.contains { $0.code.rawValue == "line-of-sight" })
        // Corrected over the model: no finding at 30 fps, and a note says what was done.
        var planner = FlightPlanner(options: options)
        planner.ground = model
        let plan = try planner.plan(for: Self.route)
        #expect(plan.notes.contains { $0.contains("more steeply down") })
        let flight = try plan.script.resolved(for: Self.route, framing: options.framing)
        let findings = TerrainCheck.check(flight, ground: model, clearance: 50, framesPerSecond: 30)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        // And the correction is smooth: the pitch never changes by more than check's 20 degrees a second
        // (the correction's cones are 15 degrees a second; the cubics between samples add a little).
        let poses = PoseSampler(framesPerSecond: 30).poses(of: flight.camera)
        for (a, b) in zip(poses, poses.dropFirst()) {
            #expect(abs(b.camera.pitch - a.camera.pitch) * 30 <= 20, "t = \(a.time)")
        }
        // Far from the ridge the camera keeps its planned pitch.
        #expect(isClose(poses[0].camera.pitch, 60, absolute: 1e-9))
    }

    /// Every preset, planned over the ridge with its defaults, passes the check at 30 fps: no eye
    /// below ground + 50 m, no line of sight blocked.
    @Test(arguments: FlightOptions.Preset.allCases) func everyPresetClearsTheRidge(_ preset: FlightOptions.Preset) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.ridge(in: dir)
        var options = FlightOptions()
        options.preset = preset
        var planner = FlightPlanner(options: options)
        planner.ground = model
        let plan = try planner.plan(for: Self.route)
        let flight = try plan.script.resolved(for: Self.route, framing: options.framing)
        let findings = TerrainCheck.check(flight, ground: model, clearance: 50, framesPerSecond: 30)
        #expect(findings.isEmpty, "\(preset): \(findings.map(\.message))")
    }

    /// A hand-made script whose eye dives through the ridge: 1000 m behind the centre at 80 degrees, the
    /// eye is 985 m south and 173.7 m up (1000 cos 80 plus the curvature drop, 0.08 m). When it is under
    /// the crest, the ground is 1200 m: 1200 + 50 - 173.7 = 1076.3 m are missing, an error.
    @Test func checkFindsAScriptThatDivesIntoTheRidge() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.ridge(in: dir)
        let script = CameraScript(
            initialCamera: .init(centerCoordinate: .routeStart, distance: .number(1000), heading: .number(0),
                                 pitch: .number(80), centerElevation: .number(0)),
            centerCoordinate: [.init(.linear(.linear), .routeEnd, duration: 30)])
        let flight = try script.resolved(for: Self.route)
        let findings = TerrainCheck.check(flight, ground: model, clearance: 50, framesPerSecond: 30)
        let clearance = try #require(findings.first { $0.code.rawValue == "terrain-clearance" })
        #expect(clearance.severity == .error)
        // At 30 fps the eye passes within 6 m of the crest line, where the bilinear model is within 5 m
        // of the crest's 1200 m: 1071...1077 m missing.
        let missing = clearance.message.components(separatedBy: ": ").last?.components(separatedBy: " m short").first.flatMap(Double.init)
        #expect(missing.map { (1071...1077).contains($0) } ?? false, "\(clearance.message)")
        // The eye is under the crest when the centre is 985 m north of it: (45.0505 + 0.00886 - 45.0) /
        // 0.1 * 30 s = 17.8 s.
        guard case .flight(let t)? = clearance.time else { Issue.record("no time"); return }
        let eyeLatitudeOffset = 984.8 / 111_132.0  // metres to degrees of latitude at 45 N (GeographicLib: 111132 m)
        #expect(isClose(t, (Self.crest.latitude + eyeLatitudeOffset - 45.0) / 0.1 * 30, absolute: 0.1))
        #expect(findings.contains { $0.code.rawValue == "line-of-sight" })
    }
}
