import Foundation
import Testing
@testable import RouteKit

/// The keyframes of Apple's WWDC23 session 10157 map flyover, as the session's listing writes them inside
/// `.mapCameraKeyframeAnimator(trigger:) { initialCamera in ... }` (docs/keyframes.md#the-wwdc23-flyover), compiled
/// against RouteKit unchanged apart from the surrounding `KeyframeTimeline(initialValue:)`.
private func wwdcListingTimeline(route: Route, initialCamera: MapCamera) -> KeyframeTimeline<MapCamera> {
    KeyframeTimeline(initialValue: initialCamera) {
        KeyframeTrack(\MapCamera.centerCoordinate) {
            let points = route.points
            for point in points {
                CubicKeyframe(point.coordinate, duration: 16.0 / Double(points.count))
            }
            CubicKeyframe(initialCamera.centerCoordinate, duration: 4.0)
        }
        KeyframeTrack(\.heading) {
            CubicKeyframe(Angles.heading(from: route.start, to: route.end), duration: 6.0)
            CubicKeyframe(Angles.heading(from: route.end, to: route.end), duration: 8.0)
            CubicKeyframe(initialCamera.heading, duration: 6.0)
        }
        KeyframeTrack(\.distance) {
            CubicKeyframe(24000, duration: 4)
            CubicKeyframe(18000, duration: 12)
            CubicKeyframe(initialCamera.distance, duration: 4)
        }
    }
}

@Suite struct WWDCListingTests {
    let route = Route(
        segments: [[RoutePoint(latitude: 49.63, longitude: 6.20), RoutePoint(latitude: 49.66, longitude: 6.21),
                    RoutePoint(latitude: 49.68, longitude: 6.24), RoutePoint(latitude: 49.70, longitude: 6.25)]],
        source: .init(kind: .tracks))!

    @Test func listingMatchesKeyframesMdVectorKFH2AndKFH() {
        // docs/keyframes.md#keyframe-track-vectors KF-H2 (initial centre (49.65, 6.22)) and KF-H (initial distance 30000).
        let initial = MapCamera(centerCoordinate: .init(latitude: 49.65, longitude: 6.22), distance: 30000)
        let timeline = wwdcListingTimeline(route: route, initialCamera: initial)
        #expect(timeline.duration == 20)
        let expected: [(Double, Double, Double)] = [(2, 49.639375, 6.210625), (6, 49.6425, 6.201875),
                                                    (17, 49.690078125, 6.24390625), (18, 49.673125, 6.23375)]
        for (t, lat, lon) in expected {
            let c = timeline.value(time: t).centerCoordinate
            #expect(isClose(c.latitude, lat, absolute: 1e-9), "t = \(t)")
            #expect(isClose(c.longitude, lon, absolute: 1e-9), "t = \(t)")
        }
        for (t, d) in [(1.0, 29203.125), (7, 21585.9375), (13, 17882.8125), (18, 24187.5)] {
            #expect(isClose(timeline.value(time: t).distance, d, absolute: 1e-9), "t = \(t)")
        }
        // The slide's degenerate middle heading keyframe, heading(from: end, to: end), is 0 (atan2(0, 0)),
        // so the listing swings the camera back to north mid-flight; the wwdc preset holds it instead.
        #expect(timeline.value(time: 14).heading == 0)
        #expect(isClose(try! WWDCFlyover().timeline(for: route).value(time: 14).heading, 24.854834565471084, absolute: 1e-9))
    }
}
