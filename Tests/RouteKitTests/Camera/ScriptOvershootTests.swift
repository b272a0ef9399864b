import Foundation
import Testing
@testable import RouteKit

/// A camera script's velocities are range-checked where they are read (a located error, not
/// an overflow found by a writer), and a keyframe curve that overshoots past a pole, the horizon or any
/// plausible height is reported, never clamped silently.
@Suite struct ScriptOvershootTests {
    static func script(centerVelocity: String = "{\"latitude\": 0, \"longitude\": 0}", elevationVelocity: String = "0") -> String {
        """
        {"routekitCameraScript": 1, "initialCamera": {"centerCoordinate": {"latitude": 45, "longitude": 14}, "distance": 1000, "centerElevation": 100},
         "tracks": {"centerCoordinate": [{"type": "cubic", "value": {"latitude": 45.01, "longitude": 14}, "duration": 10, "startVelocity": \(centerVelocity)}],
          "centerElevation": [{"type": "cubic", "value": 200, "duration": 10, "startVelocity": \(elevationVelocity)}]}}
        """
    }

    @Test func velocitiesBeyondAnyCameraMoveAreLocatedErrors() {
        for (text, path, found) in [
            (Self.script(centerVelocity: "{\"latitude\": 1e200, \"longitude\": 0}"), "tracks.centerCoordinate[0].startVelocity.latitude", "1e+200 degrees per second"),
            (Self.script(centerVelocity: "{\"latitude\": 0, \"longitude\": -3601}"), "tracks.centerCoordinate[0].startVelocity.longitude", "-3601 degrees per second"),
            (Self.script(elevationVelocity: "1e6"), "tracks.centerElevation[0].startVelocity", "1000000 metres per second"),
        ] {
            #expect(throws: CameraScriptError.self) { try CameraScript(json: Data(text.utf8), path: "s.json") }
            do {
                _ = try CameraScript(json: Data(text.utf8), path: "s.json")
            } catch {
                let message = "\(error)"
                #expect(message.contains(path) && message.contains(found) && message.contains("out of range"), "\(message)")
                #expect(message.hasPrefix("s.json:3:") || message.hasPrefix("s.json:2:"), "\(message)")
            }
        }
        // The limits themselves are allowed.
        #expect((try? CameraScript(json: Data(Self.script(centerVelocity: "{\"latitude\": 3600, \"longitude\": -3600}", elevationVelocity: "1e5").utf8))) != nil)
    }

    @Test func anOvershootPastAPoleIsReportedNotHiddenByTheClamp() throws {
        // 100 degrees per second of latitude at the start of a 10 s cubic from 45 to 45.01 degrees:
        // the Hermite curve 45 + 100 t (1 - t/10)^2 + ... passes 90 degrees within the first second.
        let script = try CameraScript(json: Data(Self.script(centerVelocity: "{\"latitude\": 100, \"longitude\": 0}").utf8))
        let route = Route(segments: [[RoutePoint(latitude: 45, longitude: 14), RoutePoint(latitude: 45.01, longitude: 14)]],
                          source: .init(kind: .tracks))!
        let flight = try script.resolved(for: route, framing: CameraFraming())
        let sampler = PoseSampler(framesPerSecond: 30)
        var maximumLatitude = -90.0
        let summary = sampler.forEachPose(of: flight, eye: nil) { maximumLatitude = max(maximumLatitude, $0.camera.centerCoordinate.latitude); return true }
        #expect(maximumLatitude == 90)
        #expect(summary.outOfRangeFrameCount > 0 && summary.outOfRangeFrameCount < summary.frameCount)
        let first = try #require(summary.firstOutOfRangeTime)
        #expect(first > 0 && first < 1)
        let (findings, _) = FlightCheck.check(flight, options: FlightCheck.Options())
        #expect(findings.contains { $0.code.rawValue == "flight-out-of-range" && $0.severity == .warning })
    }

    @Test func anImplausibleCentreElevationIsReported() throws {
        // 1e5 m/s upwards at the start of a 10 s cubic: the elevation overshoots past 100 km.
        let script = try CameraScript(json: Data(Self.script(elevationVelocity: "1e5").utf8))
        let route = Route(segments: [[RoutePoint(latitude: 45, longitude: 14), RoutePoint(latitude: 45.01, longitude: 14)]],
                          source: .init(kind: .tracks))!
        let flight = try script.resolved(for: route, framing: CameraFraming())
        let summary = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: nil) { _ in true }
        #expect(summary.implausibleElevationFrameCount > 0)
        let (findings, _) = FlightCheck.check(flight, options: FlightCheck.Options())
        #expect(findings.contains { $0.code.rawValue == "flight-elevation-implausible" })
    }
}
