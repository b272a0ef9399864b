import Foundation
import Testing
import KeyframeAnimation
import TestSupport

/// Records a failure unless `actual` is within `tolerance` (absolute) of `expected`, naming both.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double, _ label: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(
        isClose(actual, expected, absolute: tolerance),
        "\(label) got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

/// A stand-in for `MapKit`'s `MapCamera` used by the keyframe tests (the real one lives in Camera/):
/// a (latitude, longitude) pair animated as `AnimatablePair<Double, Double>`, and three doubles.
struct TestCoordinate: Equatable {
    var latitude: Double
    var longitude: Double
}

extension TestCoordinate: Animatable {
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(latitude, longitude) }
        set { (latitude, longitude) = (newValue.first, newValue.second) }
    }
}

struct TestCamera: Equatable {
    var centerCoordinate: TestCoordinate
    var distance: Double
    var heading: Double
    var pitch: Double
}

/// The parent suite of every test of `Sources/KeyframeAnimation`, so that
/// `swift test --filter Animation` selects exactly them.
@Suite enum AnimationTests {}
