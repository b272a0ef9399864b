import Foundation
import Testing
@testable import RouteKit

/// ``FlightNotice`` and ``RecordedStep``: when a flight is worth a warning, decided by the library.
@Suite struct FlightNoticeTests {
    static func route(_ name: String) throws -> Route { try RouteFile.load(path: Fixtures.url("check/\(name)").path) }

    @Test func theRecordedStepThatMakesAFlightLong() throws {
        // gap.gpx: 10 s steps but one of 120 s, from 12:27:10Z (point 3) to 12:29:10Z (point 4) in the file.
        let route = try Self.route("gap.gpx")
        var options = FlightOptions()
        options.timing = .recorded
        let step = try #require(RecordedStep(lengthening: route, options: options))
        #expect(step.index == 3 && step.seconds == 120)
        #expect(step.start == ISO8601DateFormatter().date(from: "2020-09-13T12:27:10Z"))
        #expect(step.end == ISO8601DateFormatter().date(from: "2020-09-13T12:29:10Z"))
        // Shortened idle steps, another timing, or no step over a minute (clean.gpx steps 10 s): none.
        var skipping = options
        skipping.skipIdle = 1
        #expect(RecordedStep(lengthening: route, options: skipping) == nil)
        #expect(RecordedStep(lengthening: route, options: FlightOptions()) == nil)
        #expect(RecordedStep(lengthening: try Self.route("clean.gpx"), options: options) == nil)
    }

    @Test func aFlightOverAnHourIsLong() {
        let sampler = PoseSampler(framesPerSecond: 30)
        #expect(FlightNotice.length(of: 3600, sampler: sampler, longestStep: nil) == nil)
        // 3600.5 s at 30 fps: floor(108015) + 1 frames.
        #expect(FlightNotice.length(of: 3600.5, sampler: sampler, longestStep: nil)
                == .longFlight(duration: 3600.5, frameCount: 108_016, framesPerSecond: 30, longestStep: nil))
    }

    /// A two-point GPX route from Narita (35.7647 N, 140.3864 E) to Seattle-Tacoma (47.4490 N, 122.3093 W).
    static let pacific = try! RouteFile.read(data: Data(#"""
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="35.7647" lon="140.3864"/><trkpt lat="47.4490" lon="-122.3093"/>
        </trkseg></trk></gpx>
        """#.utf8)).route

    /// The listing's 24 and 18 km keyframes after a camera thousands of km out swung the distance below
    /// zero; the recipe now scales them with such a framing, so nothing is clamped.
    /// The notice that blames the recipe is still what clamped wwdc frames would get.
    @Test func theWWDCRecipeOvershootsOnAnOceanCrossing() throws {
        var options = FlightOptions()
        options.preset = .wwdc
        let flight = try FlightPlanner(options: options).plan(for: Self.pacific).script.resolved(for: Self.pacific)
        let sampler = PoseSampler(framesPerSecond: 10)
        let flown = sampler.forEachPose(of: flight, eye: nil) { _ in true }
        #expect(flown.clampedFrameCount == 0)
        var summary = flown
        summary.clampedFrameCount = 57
        // The listing's keyframes (WWDC23 "Wind your way through advanced animations in SwiftUI"):
        // CubicKeyframe(24000, …) and CubicKeyframe(18000, …), after a camera thousands of km out.
        let notices = FlightNotice.sampling(summary, sampler: sampler, preset: .wwdc, initialDistance: flight.initialCamera.distance)
        guard case .distanceHeld(let count, let frames, let minimum, .wwdcRecipe(24_000, 18_000, let initial))? = notices.first else {
            Issue.record("expected the wwdc recipe's overshoot, got \(notices)")
            return
        }
        #expect(count == summary.clampedFrameCount && frames == sampler.frameCount(forDuration: flight.duration))
        #expect(minimum == sampler.minimumDistance && initial > 1_000_000)
        // The same frames flown from a script are blamed on the keyframes, not the recipe.
        let scripted = FlightNotice.sampling(summary, sampler: sampler, preset: nil, initialDistance: flight.initialCamera.distance)
        #expect(scripted.first == .distanceHeld(count: count, frameCount: frames, minimumDistance: minimum, cause: .keyframes))
    }

    @Test func theWWDCRecipeHoldsOnARouteOfAFewKilometres() throws {
        var options = FlightOptions()
        options.preset = .wwdc
        let route = try Self.route("clean.gpx")
        let flight = try FlightPlanner(options: options).plan(for: route).script.resolved(for: route)
        let sampler = PoseSampler(framesPerSecond: 10)
        let summary = sampler.forEachPose(of: flight, eye: nil) { _ in true }
        #expect(FlightNotice.sampling(summary, sampler: sampler, preset: .wwdc, initialDistance: flight.initialCamera.distance).isEmpty)
    }
}
