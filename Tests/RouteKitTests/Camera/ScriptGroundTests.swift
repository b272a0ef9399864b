import Foundation
import Testing
@testable import RouteKit

/// A plane of known heights: 1000 m at latitude 45 rising 20 000 m a degree north (about 0.18 m a metre).
private struct TiltedPlane: ElevationModel {
    func elevation(at coordinate: LocationCoordinate2D) -> Double? { 1000 + 20_000 * (coordinate.latitude - 45) }
}

/// A route north along longitude 14, latitude 45.000 to 45.010 (1.1 km), heights 500 to 600 m.
private let northRoute = Route(
    segments: [(0...10).map { RoutePoint(latitude: 45 + 0.001 * Double($0), longitude: 14, elevation: 500 + 10 * Double($0)) }],
    source: .init(kind: .tracks))!

private func script(_ json: String) throws -> CameraScript {
    try CameraScript(json: Data(json.utf8), path: "s.json")
}

/// `"centerElevation": "ground"`: the ground under the centre, from a terrain model or
/// the route's own heights, as docs/camera-script.md says.
@Suite struct ScriptGroundTests {
    /// Flies the route's points in 10 s; `elevation` is the initial camera's, `track` its keyframes.
    static func flight(elevation: String?, track: String = "[]", terrain: (any ElevationModel)? = nil) throws -> ScriptedFlight {
        let initial = elevation.map { #", "centerElevation": \#($0)"# } ?? ""
        return try script("""
            {"routekitCameraScript": 1,
             "initialCamera": {"centerCoordinate": "route.start", "distance": 2000\(initial)},
             "tracks": {"centerCoordinate": [{"type": "cubic", "value": "route.points", "duration": 10, "timing": "distance"}],
                        "centerElevation": \(track)}}
            """).resolved(for: northRoute, terrain: terrain)
    }

    @Test func leftOutTheElevationFollowsTheTerrainUnderTheCentre() throws {
        let flight = try Self.flight(elevation: nil, terrain: TiltedPlane())
        #expect(isClose(flight.duration, 10, absolute: 1e-9))
        for t in stride(from: 0.0, through: 10, by: 0.25) {
            let centre = flight.camera.value(time: t).centerCoordinate
            let expected = 1000 + 20_000 * (centre.latitude - 45)
            // The plane is linear; the 0.1 s smoothing of the centre's path (from rest to 110 m/s and back
            // to rest) moves it by at most a quarter of a metre.
            #expect(abs(flight.centerElevation.value(time: t) - expected) < 0.5, "t = \(t)")
        }
    }

    @Test func withoutATerrainModelItIsTheNearestRoutePointsHeight() throws {
        let flight = try Self.flight(elevation: #""ground""#)
        #expect(flight.centerElevation.value(time: 0) == 500)
        #expect(isClose(flight.centerElevation.value(time: 10), 600, absolute: 1e-9))
        for t in stride(from: 0.5, through: 9.5, by: 0.5) {
            let latitude = flight.camera.value(time: t).centerCoordinate.latitude
            // Within the heights of the two points either side of the centre (steps of 10 m, smoothed).
            let below = 500 + 10 * ((latitude - 45) / 0.001).rounded(.down), above = below + 10
            #expect((below - 0.5...above + 0.5).contains(flight.centerElevation.value(time: t)), "t = \(t)")
        }
    }

    @Test func anExplicitNumberStillHolds() throws {
        let flight = try Self.flight(elevation: "0", terrain: TiltedPlane())
        for t in stride(from: 0.0, through: 10, by: 1) { #expect(flight.centerElevation.value(time: t) == 0) }
    }

    @Test func aGroundKeyframeFollowsOverItsDurationOnly() throws {
        // Ground for 4 s, then a cubic to 3000 m over 6 s: from 4 s on it leaves the ground.
        let flight = try Self.flight(elevation: nil, track: """
            [{"type": "cubic", "value": "ground", "duration": 4}, {"type": "cubic", "value": 3000, "duration": 6}]
            """, terrain: TiltedPlane())
        for t in stride(from: 0.0, through: 4, by: 0.25) {
            let expected = 1000 + 20_000 * (flight.camera.value(time: t).centerCoordinate.latitude - 45)
            #expect(abs(flight.centerElevation.value(time: t) - expected) < 0.5, "t = \(t)")
        }
        #expect(flight.centerElevation.value(time: 10) == 3000)
    }

    @Test func aRouteWithoutHeightsAndNoTerrainIsAtZero() throws {
        let flat = Route(segments: [[RoutePoint(latitude: 45, longitude: 14), RoutePoint(latitude: 45.1, longitude: 14)]],
                         source: .init(kind: .tracks))!
        let flight = try script(#"{"routekitCameraScript": 1, "tracks": {"heading": [{"type": "cubic", "value": 90, "duration": 5}]}}"#)
            .resolved(for: flat)
        #expect(flight.centerElevation.value(time: 0) == 0 && flight.centerElevation.value(time: 5) == 0)
    }

    @Test func groundIsACentreElevationOnACubicKeyframe() throws {
        let heading = #expect(throws: CameraScriptError.self) {
            try script(#"{"routekitCameraScript": 1, "tracks": {"heading": [{"type": "cubic", "value": "ground", "duration": 1}]}}"#)
        }
        #expect(heading?.jsonPath == "tracks.heading[0].value")
        let linear = #expect(throws: CameraScriptError.self) {
            try Self.flight(elevation: nil, track: #"[{"type": "linear", "value": "ground", "duration": 4}]"#)
        }
        #expect(linear?.jsonPath == "tracks.centerElevation[0].value")
        #expect(linear?.message.contains("cubic") == true)
    }

    @Test func groundIsWrittenAndReadBack() throws {
        let s = try script(#"{"routekitCameraScript": 1, "tracks": {"centerElevation": [{"type": "cubic", "value": "ground", "duration": 3}]}}"#)
        #expect(s.initialCamera.centerElevation == .ground)
        #expect(s.json.contains(#""centerElevation": "ground""#))
        #expect(s.json.contains(#"{"type": "cubic", "value": "ground", "duration": 3}"#))
        #expect(try CameraScript(json: Data(s.json.utf8)) == s)
    }
}
