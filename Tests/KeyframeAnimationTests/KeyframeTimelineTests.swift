import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

/// Test vectors of docs/keyframes.md#keyframe-track-vectors (computed with a python port of docs/keyframes.md#cubic-keyframes–docs/keyframes.md#tracks-and-timelines, which follow DanceUI;
/// not Apple-measured), tolerance 1e-9, plus Apple's documentation and WWDC23 examples.
extension AnimationTests {
@Suite struct KeyframeTimelineTests {
    /// docs/keyframes.md#keyframe-track-vectors KF-A — Apple's KeyframeTimeline documentation example, compiled as written.
    @Test func appleDocumentationExample() {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
            CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
        }
        let value = timeline.value(time: 0.45)
        expectClose(Double(value.y), 88.19241983, tolerance: 1e-8, "y(0.45)")
        #expect(value.x == 0)
        #expect(timeline.duration == 1.0)
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-A: y at t = 0 / 0.15 / 0.3 / 0.45 / 0.65 / 1.0 / 1.5 / −1.
    @Test(arguments: [
        (0.0, 0.0), (0.15, 50.0), (0.3, 100.0), (0.45, 88.19241983), (0.65, 50.0), (1.0, 0.0), (1.5, 0.0), (-1.0, 0.0),
    ])
    func kfA(time: Double, y: Double) {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
            CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
        }
        let value = timeline.value(time: time)
        // 88.19241983 is given to 8 decimals; the rest are exact.
        expectClose(Double(value.y), y, tolerance: 1e-8, "KF-A y(\(time))")
        #expect(value.x == 0)
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-B: non-uniform Catmull–Rom.
    @Test func kfB() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1)
            CubicKeyframe(3, duration: 2)
            CubicKeyframe(2, duration: 1)
        }
        #expect(timeline.duration == 4)
        let expected: [(Double, Double)] = [
            (0.5, 0.375), (1, 1), (1.5, 1.5625), (2, 2.1666666666666667), (2.5, 2.6875), (3, 3),
            (3.5, 2.5416666666666667), (4, 2), (5, 2),
        ]
        for (time, value) in expected {
            expectClose(timeline.value(time: time), value, tolerance: 1e-9, "KF-B t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-C: linear easeInOut then cubic; the cubic starts at rest.
    @Test func kfC() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 2, timingCurve: .easeInOut)
            CubicKeyframe(0, duration: 2)
        }
        let expected: [(Double, Double)] = [(0.5, 1.29161931), (1, 5), (1.5, 8.70838069), (2, 10), (3, 5), (4, 0)]
        for (time, value) in expected {
            // Values given to 8 decimals in the document.
            expectClose(timeline.value(time: time), value, tolerance: 1e-8, "KF-C t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-D: linear then cubic; the cubic inherits 5 units/s.
    @Test func kfD() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 2)
            CubicKeyframe(0, duration: 2)
        }
        let expected: [(Double, Double)] = [(1, 5), (2, 10), (2.5, 9.84375), (3, 6.25), (3.5, 2.03125), (4, 0)]
        for (time, value) in expected {
            expectClose(timeline.value(time: time), value, tolerance: 1e-9, "KF-D t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-E: nil-duration spring, cut at its settling duration (ε 1e-4).
    @Test func kfE() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0)
        }
        expectClose(timeline.duration, 1.0, tolerance: 1e-9, "KF-E duration")
        #expect(timeline.duration == 0.9999999999999999, "grid accumulation as in docs/keyframes.md#settling-duration")
        let expected: [(Double, Double)] = [
            (0.1, 0.3577395565), (0.25, 0.8210255536), (0.5, 0.9863990685), (1.0, 0.9999526894), (3.0, 0.9999526894),
        ]
        for (time, value) in expected {
            expectClose(timeline.value(time: time), value, tolerance: 1e-9, "KF-E t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-F: a move in the middle, strict comparison at its time.
    @Test func kfF() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1, duration: 1)
            MoveKeyframe(5)
            LinearKeyframe(6, duration: 1)
        }
        #expect(timeline.duration == 2)
        let expected: [(Double, Double)] = [(0.5, 0.5), (1, 1), (1.0001, 5.0001), (1.5, 5.5), (2, 6), (3, 6)]
        for (time, value) in expected {
            expectClose(timeline.value(time: time), value, tolerance: 1e-9, "KF-F t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-L: explicit start and end velocities.
    @Test func kfL() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10, duration: 2, startVelocity: 5, endVelocity: -5)
        }
        let expected: [(Double, Double)] = [(0.5, 3.4375), (1, 7.5), (1.5, 10.3125), (2, 10)]
        for (time, value) in expected {
            expectClose(timeline.value(time: time), value, tolerance: 1e-9, "KF-L t=\(time)")
        }
    }

    struct Point2: Equatable {
        var x = 0.0
        var y = 0.0
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-G: two tracks of different durations; the shorter holds.
    @Test func kfG() {
        let timeline = KeyframeTimeline(initialValue: Point2()) {
            KeyframeTrack(\.x) { LinearKeyframe(10, duration: 1) }
            KeyframeTrack(\.y) { LinearKeyframe(4, duration: 2) }
        }
        #expect(timeline.duration == 2)
        #expect(timeline.value(time: 1.5) == Point2(x: 10, y: 3))
        #expect(timeline.value(time: 5) == Point2(x: 10, y: 4))
        #expect(timeline.value(time: -1) == Point2(x: 0, y: 0))
        #expect(timeline.value(progress: 0.5) == Point2(x: 10, y: 2))
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-H: the WWDC23 distance track with an initial distance of 30000 m.
    @Test func kfH() {
        let camera = TestCamera(
            centerCoordinate: TestCoordinate(latitude: 49.65, longitude: 6.22), distance: 30000, heading: 0, pitch: 0)
        let timeline = KeyframeTimeline(initialValue: camera) {
            KeyframeTrack(\TestCamera.distance) {
                CubicKeyframe(24000, duration: 4)
                CubicKeyframe(18000, duration: 12)
                CubicKeyframe(camera.distance, duration: 4)
            }
        }
        #expect(timeline.duration == 20)
        let expected: [(Double, Double)] = [
            (0, 30000), (1, 29203.125), (2, 27375), (3, 25359.375), (4, 24000), (7, 21585.9375), (10, 19312.5),
            (13, 17882.8125), (16, 18000), (18, 24187.5), (20, 30000), (25, 30000),
        ]
        for (time, value) in expected {
            let pose = timeline.value(time: time)
            expectClose(pose.distance, value, tolerance: 1e-9, "KF-H t=\(time)")
            #expect(pose.centerCoordinate == camera.centerCoordinate && pose.heading == 0 && pose.pitch == 0)
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-H2: the WWDC23 centre track (a `for` loop) on a toy route of 4 points.
    @Test func kfH2() {
        let initial = TestCoordinate(latitude: 49.65, longitude: 6.22)
        let camera = TestCamera(centerCoordinate: initial, distance: 30000, heading: 0, pitch: 0)
        let route = [
            TestCoordinate(latitude: 49.63, longitude: 6.20), TestCoordinate(latitude: 49.66, longitude: 6.21),
            TestCoordinate(latitude: 49.68, longitude: 6.24), TestCoordinate(latitude: 49.70, longitude: 6.25),
        ]
        let timeline = KeyframeTimeline(initialValue: camera) {
            KeyframeTrack(\TestCamera.centerCoordinate) {
                for point in route {
                    CubicKeyframe(point, duration: 16.0 / Double(route.count))
                }
                CubicKeyframe(camera.centerCoordinate, duration: 4)
            }
        }
        #expect(timeline.duration == 20)
        let expected: [(Double, Double, Double)] = [
            (2, 49.639375, 6.210625), (6, 49.6425, 6.201875), (16, 49.70, 6.25), (17, 49.690078125, 6.24390625),
            (18, 49.673125, 6.23375), (20, 49.65, 6.22),
        ]
        for (time, latitude, longitude) in expected {
            let center = timeline.value(time: time).centerCoordinate
            expectClose(center.latitude, latitude, tolerance: 1e-9, "KF-H2 latitude t=\(time)")
            expectClose(center.longitude, longitude, tolerance: 1e-9, "KF-H2 longitude t=\(time)")
        }
    }

    /// docs/keyframes.md#keyframe-track-vectors KF-I: headings are not wrapped; 10 → 350 passes 180.
    @Test func kfI() {
        let camera = TestCamera(
            centerCoordinate: TestCoordinate(latitude: 0, longitude: 0), distance: 1000, heading: 10, pitch: 0)
        let timeline = KeyframeTimeline(initialValue: camera) {
            KeyframeTrack(\.heading) { CubicKeyframe(350, duration: 6) }
        }
        expectClose(timeline.value(time: 3).heading, 180, tolerance: 1e-9, "KF-I t=3")
        expectClose(timeline.value(time: 6).heading, 350, tolerance: 1e-9, "KF-I t=6")
    }
}
}
