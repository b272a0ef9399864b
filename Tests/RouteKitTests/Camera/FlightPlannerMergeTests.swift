import Foundation
import Testing
@testable import RouteKit

/// Shortening keyframe lists (merging runs of equal values) must leave every sampled
/// value unchanged, and a track that changes over one step and then stays must not be stretched.
@Suite struct FlightPlannerMergeTests {
    /// 8 points due east along the equator, 100 m (0.000898315 degrees, GeodSolve: 100.0000 m) and 10 s
    /// apart, with elevations 0, 0, 100, 100, 100, 100, 100, 100.
    static let step: Route = {
        let elevations: [Double] = [0, 0, 100, 100, 100, 100, 100, 100]
        let points = elevations.enumerated().map { k, e in
            RoutePoint(latitude: 0, longitude: 0.000898315 * Double(k), elevation: e,
                       time: Date(timeIntervalSince1970: 1_700_000_000 + 10 * Double(k)))
        }
        return Route(segments: [points], source: .init(kind: .tracks))!
    }()

    @Test func aStepInElevationIsReachedAtItsPointAndHeld() throws {
        var options = FlightOptions()
        options.timing = .recorded
        options.intro = 0
        options.outro = 0
        let plan = try FlightPlanner(options: options).plan(for: Self.step)
        let flight = try plan.script.resolved(for: Self.step, framing: options.framing)
        let elevation = flight.centerElevation
        // The climb is 10 m/s from 10 s to 20 s. The follow track rounds its two corners with a Gaussian
        // of 0.25 s (FollowTrack.baseSigma), which moves a corner by 10 m/s * 0.25 s * sqrt(2 / pi) / 2
        // = 1.0 m and leaves everything more than 3 sigma (0.75 s) from a corner exactly as it was.
        for t in stride(from: 0.0, through: 9.25, by: 0.25) {
            #expect(abs(elevation.value(time: t) - 0) < 1e-9, "t = \(t)")
        }
        #expect(abs(elevation.value(time: 10) - 0) < 1.1)
        #expect(abs(elevation.value(time: 15) - 50) < 1e-6)
        #expect(abs(elevation.value(time: 20) - 100) < 1.1)
        for t in stride(from: 20.75, through: 70, by: 0.25) {
            #expect(abs(elevation.value(time: t) - 100) < 1e-9, "t = \(t)")
        }
    }

    /// Every real route, every preset: the flown timeline and the one whose keyframe lists were not
    /// shortened agree at every frame (30 fps) to 1 mm and 1e-6 degrees.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func mergingHoldsChangesNoSampledValue() throws {
        let root = try #require(Fixtures.sharedReal)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { !$0.hasSuffix(".md") && !$0.hasPrefix("geodesic") && $0.contains(".") }.sorted()
        var compared = 0
        for file in files {
            guard let result = readRoute(root.appendingPathComponent(file)).value else { continue }
            let route = result.route
            for preset in FlightOptions.Preset.allCases {
                for timing in [FlightOptions.Timing.distance, .recorded] {
                    var options = FlightOptions()
                    options.preset = preset
                    options.timing = timing
                    var merged = FlightPlanner(options: options)
                    // The terrain correction resamples pitch and distance the same way for both; it is
                    // tested on its own (TerrainClearanceTests), so it is left out here to keep this fast.
                    merged.ground = NoGround()
                    var plain = merged
                    plain.mergesHolds = false
                    merged.mergesHolds = true
                    guard let a = try? merged.plan(for: route), let b = try? plain.plan(for: route) else { continue }
                    let fa = try a.script.resolved(for: route, framing: options.framing)
                    let fb = try b.script.resolved(for: route, framing: options.framing)
                    // Merged keyframe durations are summed in another order: equal to rounding.
                    #expect(abs(fa.duration - fb.duration) <= 1e-11 * max(fa.duration, 1), "\(file) \(preset)")
                    // Recorded timing of a track recorded over years is not a flight to compare frame by frame.
                    guard fa.duration < 3600 else { continue }
                    let sampler = PoseSampler(framesPerSecond: 30)
                    var posesB: [CameraPose] = []
                    _ = sampler.forEachPose(of: fb, eye: nil) { posesB.append($0); return true }
                    var i = 0
                    _ = sampler.forEachPose(of: fa, eye: nil) { p in
                        let q = posesB[i]
                        i += 1
                        let ok = abs(p.camera.centerCoordinate.latitude - q.camera.centerCoordinate.latitude) <= 1e-6
                            && abs(p.camera.centerCoordinate.longitude - q.camera.centerCoordinate.longitude) <= 1e-6
                            && abs(Angles.headingDifference(from: p.camera.heading, to: q.camera.heading)) <= 1e-6
                            && abs(p.camera.pitch - q.camera.pitch) <= 1e-6
                            && abs(p.camera.distance - q.camera.distance) <= 1e-3
                            && abs(p.centerElevation - q.centerElevation) <= 1e-3
                        #expect(ok, "\(file) \(preset) \(timing) frame \(p.frame): \(p) vs \(q)")
                        return ok
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 40)
    }
}

/// Ground known nowhere: no terrain correction.
private struct NoGround: ElevationModel {
    func elevation(at coordinate: LocationCoordinate2D) -> Double? { nil }
}
