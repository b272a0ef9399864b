import Foundation
import Testing
@testable import RouteKit

@Suite struct PoseSamplerTests {
    @Test func frameCountIncludesBothEnds() {
        // 20 s at 30 fps is 601 frames, the last exactly at 20 s.
        let sampler = PoseSampler(framesPerSecond: 30)
        #expect(sampler.frameCount(forDuration: 20) == 601)
        #expect(sampler.time(ofFrame: 600) == 20)
        #expect(sampler.frameCount(forDuration: 20.01) == 601)  // floor(600.3) + 1
        #expect(sampler.frameCount(forDuration: 0) == 1)
        // 0.1 + 0.2 s at 10 fps: 3.0000000000000004 frames counts as whole.
        #expect(PoseSampler(framesPerSecond: 10).frameCount(forDuration: 0.1 + 0.2) == 4)
        // 29.97 fps (NTSC) for 10 s: floor(299.7) + 1.
        #expect(PoseSampler(framesPerSecond: 29.97).frameCount(forDuration: 10) == 300)
    }

    @Test func timesAreComputedNotAccumulated() {
        let sampler = PoseSampler(framesPerSecond: 60)
        #expect(sampler.time(ofFrame: 3600) == 60)
        #expect(sampler.time(ofFrame: 1) == 1.0 / 60)
    }

    @Test func samplesATimelineIntoNormalisedPoses() {
        // Heading 350 -> 370 (unwrapped) must come out in 0..<360; longitude 179.5 -> 180.5 in -180...180.
        let start = MapCamera(centerCoordinate: .init(latitude: 0, longitude: 179.5), distance: 1000, heading: 350, pitch: 0)
        let timeline = KeyframeTimeline(initialValue: start) {
            KeyframeTrack(\MapCamera.heading) { LinearKeyframe(370.0, duration: 2) }
            KeyframeTrack(\MapCamera.centerCoordinate) {
                LinearKeyframe(LocationCoordinate2D(latitude: 0, longitude: 180.5), duration: 2)
            }
        }
        let poses = PoseSampler(framesPerSecond: 2).poses(of: timeline)
        #expect(poses.map(\.frame) == [0, 1, 2, 3, 4])
        #expect(poses.map(\.time) == [0, 0.5, 1, 1.5, 2])
        #expect(poses.map(\.camera.heading) == [350, 355, 0, 5, 10])
        #expect(poses.map(\.camera.centerCoordinate.longitude) == [179.5, 179.75, 180, -179.75, -179.5])
        #expect(poses.allSatisfy { $0.camera.distance == 1000 })
    }
}

@Suite struct PoseSamplerClampTests {
    @Test func distancesBelowTheFloorAreClampedAndCounted() {
        let start = MapCamera(centerCoordinate: .init(latitude: 89.5, longitude: 0), distance: 100, heading: 0, pitch: 0)
        let timeline = KeyframeTimeline(initialValue: start) {
            KeyframeTrack(\MapCamera.distance) { LinearKeyframe(-100.0, duration: 2) }
            KeyframeTrack(\MapCamera.centerCoordinate) { LinearKeyframe(LocationCoordinate2D(latitude: 90.5, longitude: 0), duration: 2) }
        }
        let flight = PoseSampler(framesPerSecond: 2, minimumDistance: 1).sample(timeline)
        // Distances 100, 50, 0, -50, -100: the last three are clamped to 1 m.
        #expect(flight.poses.map(\.camera.distance) == [100, 50, 1, 1, 1])
        #expect(flight.clampedFrameCount == 3)
        // Latitudes 89.5 ... 90.5: clamped to 90.
        #expect(flight.poses.map(\.camera.centerCoordinate.latitude) == [89.5, 89.75, 90, 90, 90])
    }
}
