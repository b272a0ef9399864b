import Foundation
import Testing
@testable import RouteKit

/// Defaults that pass their own check. Every preset that plans a camera move of its own
/// (`follow`, `overview`, `orbit`) on every real route file (../shared/real and routes/), sampled at 24,
/// 30 and 60 fps, gives no motion warning or error under the default ``MotionLimits``. `wwdc` is left
/// out on purpose: it keeps Apple's recipe, whose jumps across gaps `check` reports (RouteFlyCheckTests).
@Suite struct DefaultMotionTests {
    /// Route files: routes/ always, ../shared/real when it is there (GeodTest data is not a route).
    static let files: [String] = {
        var files: [String] = []
        let routes = Fixtures.packageRoot.appendingPathComponent("routes")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: routes.path)) ?? [] where name.hasSuffix(".gpx") {
            files.append("routes/" + name)
        }
        if let real = Fixtures.sharedReal {
            let enumerator = FileManager.default.enumerator(atPath: real.path)
            while let relative = enumerator?.nextObject() as? String {
                let ext = (relative as NSString).pathExtension
                guard ["gpx", "kml", "tcx", "csv", "geojson", "json", "txt"].contains(ext), !relative.hasPrefix("geodesic/") else { continue }
                files.append("real/" + relative)
            }
        } else {
            print("note: ../shared/real is absent; only routes/ is flown")
        }
        return files.sorted()
    }()

    static func url(_ file: String) -> URL {
        file.hasPrefix("routes/") ? Fixtures.packageRoot.appendingPathComponent(file)
            : Fixtures.sharedReal!.appendingPathComponent(String(file.dropFirst("real/".count)))
    }

    @Test(arguments: files)
    func everyPresetMovesWithinTheDefaultLimits(file: String) throws {
        var readOptions = RouteFile.Options()
        if file.hasSuffix(".p6.txt") { readOptions.polyline.precision = 6 }
        let read = readRoute(Self.url(file), options: readOptions)
        if let error = read.failure {
            // Files with nothing to fly (waypoints or points only) are no flight to check.
            #expect(error.message.contains("to fly"), "\(file): \(error)")
            print("skipped \(file): \(error.message)")
            return
        }
        let route = try #require(read.value).route
        for preset in [FlightOptions.Preset.follow, .overview, .orbit] {
            var options = FlightOptions()
            options.preset = preset
            let plan = try FlightPlanner(options: options).plan(for: route)
            let flight = try plan.script.resolved(for: route, framing: options.framing)
            for fps in [24.0, 30, 60] {
                let result = MotionCheck.check(flight, framesPerSecond: fps, verticalFieldOfView: options.framing.verticalFieldOfView)
                let faults = result.findings.filter { $0.severity != .note }
                #expect(faults.isEmpty, "\(file), \(preset), \(Int(fps)) fps:\n\(faults.prefix(5).map(\.message).joined(separator: "\n"))")
                // Done-when: the first and last frame steps are at rest (screen speed below 0.05 screen
                // heights a second), measured here independently of the check's own rest rule.
                var poses: [CameraPose] = []
                let sampler = PoseSampler(framesPerSecond: fps)
                let summary = sampler.forEachPose(of: flight, eye: nil) { pose in
                    if pose.frame < 2 || pose.frame >= sampler.frameCount(forDuration: flight.duration) - 2 { poses.append(pose) }
                    return true
                }
                // No keyframe swings the pitch out of 0...90 degrees or the centre past a pole.
                #expect(summary.outOfRangeFrameCount == 0, "\(file), \(preset), \(Int(fps)) fps: \(summary.outOfRangeFrameCount) frames out of range, first at \(summary.firstOutOfRangeTime ?? -1) s")
                let k = 2 * tan(options.framing.verticalFieldOfView * .pi / 360)
                func speed(_ a: CameraPose, _ b: CameraPose) -> Double {
                    Geodesic.wgs84.inverse(from: a.camera.centerCoordinate, to: b.camera.centerCoordinate).distance
                        * fps / (k * (a.camera.distance * b.camera.distance).squareRoot())
                }
                if poses.count >= 4 {
                    #expect(speed(poses[0], poses[1]) < 0.05, "\(file), \(preset), \(Int(fps)) fps: not at rest at the start")
                    #expect(speed(poses[poses.count - 2], poses[poses.count - 1]) < 0.05, "\(file), \(preset), \(Int(fps)) fps: not at rest at the end")
                }
            }
        }
    }
}
