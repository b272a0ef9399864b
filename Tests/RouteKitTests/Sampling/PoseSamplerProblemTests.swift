import Testing
@testable import RouteKit

/// A sampler made with values it cannot use says so instead of trapping (the library never traps on a
/// caller's values).
@Suite struct PoseSamplerProblemTests {
    @Test(arguments: [0.0, -30, .nan, .infinity])
    func anUnusableFrameRateIsAProblemNotATrap(fps: Double) {
        let sampler = PoseSampler(framesPerSecond: fps)
        #expect(sampler.problem?.contains("frame rate") == true)
        #expect(sampler.tooManyFrames(duration: 10) == sampler.problem)
        #expect(sampler.frameCount(forDuration: 10) == 0)
        let timeline = KeyframeTimeline(initialValue: MapCamera(centerCoordinate: .init(latitude: 0, longitude: 0), distance: 1000)) {
            KeyframeTrack(\.distance) { LinearKeyframe(2000, duration: 1) }
        }
        #expect(sampler.poses(of: timeline).isEmpty)
    }

    @Test func anAbsurdDurationIsCappedNotTrapped() {
        let sampler = PoseSampler(framesPerSecond: 30)
        #expect(sampler.tooManyFrames(duration: 1e300) != nil)
        #expect(sampler.frameCount(forDuration: 1e300) == PoseSampler.maximumFrameCount + 1)
        #expect(sampler.frameCount(forDuration: 20) == 601)
    }
}
