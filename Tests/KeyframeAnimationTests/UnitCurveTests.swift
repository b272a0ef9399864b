import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// docs/keyframes.md#unit-curve-vectors (`UnitCurve`): Apple-measured values from OpenSwiftUI's compatibility tests,
/// checked here against the document's "computed" column (6 decimals) with tolerance 1e-6.
@Suite struct UnitCurveTests {
    /// docs/keyframes.md#unit-curve-vectors UC-1.
    @Test func uc1EaseInValues() {
        expectClose(UnitCurve.easeIn.value(at: 0.25), 0.093465, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.value(at: 0.5), 0.315357, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.value(at: 0.75), 0.621862, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-2 (ends: Apple-measured 0 and 0).
    @Test func uc2EaseInVelocities() {
        expectClose(UnitCurve.easeIn.velocity(at: 0), 0, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.velocity(at: 0.25), 0.674598, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.velocity(at: 0.5), 1.073979, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.velocity(at: 0.75), 1.368289, tolerance: 1e-6)
        expectClose(UnitCurve.easeIn.velocity(at: 1), 0, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-3.
    @Test func uc3EaseOutValues() {
        expectClose(UnitCurve.easeOut.value(at: 0.25), 0.378138, tolerance: 1e-6)
        expectClose(UnitCurve.easeOut.value(at: 0.5), 0.684643, tolerance: 1e-6)
        expectClose(UnitCurve.easeOut.value(at: 0.75), 0.906535, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-4: the `X' == Y' == 0` rule gives 1.
    @Test func uc4EaseOutStartVelocity() {
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1.0)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-5.
    @Test func uc5EaseInOutValues() {
        expectClose(UnitCurve.easeInOut.value(at: 0.25), 0.129162, tolerance: 1e-6)
        expectClose(UnitCurve.easeInOut.value(at: 0.5), 0.5, tolerance: 1e-6)
        expectClose(UnitCurve.easeInOut.value(at: 0.75), 0.870838, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-6.
    @Test func uc6EaseInOutVelocities() {
        expectClose(UnitCurve.easeInOut.velocity(at: 0.25), 1.059262, tolerance: 1e-6)
        expectClose(UnitCurve.easeInOut.velocity(at: 0.5), 1.724138, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-7.
    @Test func uc7CircularEaseIn() {
        expectClose(UnitCurve.circularEaseIn.value(at: 0.25), 0.031754, tolerance: 1e-6)
        expectClose(UnitCurve.circularEaseIn.value(at: 0.5), 0.133975, tolerance: 1e-6)
        expectClose(UnitCurve.circularEaseIn.value(at: 0.75), 0.338562, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-8.
    @Test func uc8CircularEaseOut() {
        expectClose(UnitCurve.circularEaseOut.value(at: 0.25), 0.661438, tolerance: 1e-6)
        expectClose(UnitCurve.circularEaseOut.value(at: 0.5), 0.866025, tolerance: 1e-6)
        expectClose(UnitCurve.circularEaseOut.value(at: 0.75), 0.968246, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-9.
    @Test func uc9CircularEaseInOut() {
        expectClose(UnitCurve.circularEaseInOut.value(at: 0.25), 0.066987, tolerance: 1e-6)
        expectClose(UnitCurve.circularEaseInOut.value(at: 0.75), 0.933013, tolerance: 1e-6)
        #expect(UnitCurve.circularEaseInOut.velocity(at: 0.5) == .infinity)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-10.
    @Test func uc10CustomBezier() {
        let curve = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9))
        expectClose(curve.value(at: 0.5), 0.5, tolerance: 1e-6)
        expectClose(curve.velocity(at: 0.5), 1.2, tolerance: 1e-6)
    }

    /// docs/keyframes.md#unit-curve-vectors UC-11: progress is clamped.
    @Test func uc11ProgressIsClamped() {
        #expect(UnitCurve.easeInOut.value(at: -0.5) == 0)
        #expect(UnitCurve.easeInOut.value(at: 1.5) == 1)
    }

    /// docs/keyframes.md#unit-curves: `inverse` swaps control points; circular in/out swap. circularEaseInOut gets
    /// its true inverse (a documented deviation from docs/keyframes.md#unit-curves, which calls it its own inverse).
    @Test func inverseUndoesValue() {
        let curves: [UnitCurve] = [
            .linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
            .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9)),
        ]
        for curve in curves {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                expectClose(curve.inverse.value(at: curve.value(at: x)), x, tolerance: 1e-9, "\(curve) x=\(x)")
            }
        }
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseInOut.inverse != .circularEaseInOut)
        #expect(UnitCurve.circularEaseInOut.inverse.inverse == .circularEaseInOut)
        #expect(UnitCurve.easeIn.inverse.inverse == .easeIn)
    }

    /// Bézier velocity agrees with a central finite difference of its value (solver accuracy).
    @Test func bezierVelocityMatchesFiniteDifference() {
        let h = 1e-6
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut] {
            for x in stride(from: 0.1, through: 0.9, by: 0.1) {
                let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                expectClose(curve.velocity(at: x), difference, tolerance: 1e-6, "\(curve) x=\(x)")
            }
        }
    }
}
}
