import Foundation
import Testing
@testable import KeyframeAnimation
import TestSupport

extension AnimationTests {
/// Penner's easing family (Penner 2001; formulas as on easings.net).
@Suite struct UnitCurveEasingTests {
    static let all: [(String, UnitCurve)] = [
        ("easeInQuad", .easeInQuad), ("easeOutQuad", .easeOutQuad), ("easeInOutQuad", .easeInOutQuad),
        ("easeInCubic", .easeInCubic), ("easeOutCubic", .easeOutCubic), ("easeInOutCubic", .easeInOutCubic),
        ("easeInQuart", .easeInQuart), ("easeOutQuart", .easeOutQuart), ("easeInOutQuart", .easeInOutQuart),
        ("easeInQuint", .easeInQuint), ("easeOutQuint", .easeOutQuint), ("easeInOutQuint", .easeInOutQuint),
        ("easeInSine", .easeInSine), ("easeOutSine", .easeOutSine), ("easeInOutSine", .easeInOutSine),
        ("easeInExpo", .easeInExpo), ("easeOutExpo", .easeOutExpo), ("easeInOutExpo", .easeInOutExpo),
        ("easeInBack", .easeInBack), ("easeOutBack", .easeOutBack), ("easeInOutBack", .easeInOutBack),
    ]

    /// Values hand-computed from the easings.net formulas.
    @Test func knownValues() {
        expectClose(UnitCurve.easeInQuad.value(at: 0.5), 0.25, tolerance: 1e-15)
        expectClose(UnitCurve.easeOutQuart.value(at: 0.5), 0.9375, tolerance: 1e-15)
        expectClose(UnitCurve.easeInOutCubic.value(at: 0.25), 0.0625, tolerance: 1e-15)
        expectClose(UnitCurve.easeInOutQuint.value(at: 0.75), 1 - 0.5 * pow(0.5, 5), tolerance: 1e-15)
        expectClose(UnitCurve.easeInSine.value(at: 0.5), 1 - 0.5.squareRoot() , tolerance: 1e-15)
        expectClose(UnitCurve.easeOutExpo.value(at: 0.5), 0.96875, tolerance: 1e-15)
        expectClose(UnitCurve.easeInBack.value(at: 0.5), 2.70158 * 0.125 - 1.70158 * 0.25, tolerance: 1e-15)
        #expect(UnitCurve.easeInExpo.value(at: 0) == 0)
        #expect(UnitCurve.easeInOutExpo.value(at: 1) == 1)
    }

    /// Every curve runs from 0 to 1; the back curves overshoot, the others stay within 0...1.
    @Test(arguments: all)
    func endPointsAndRange(name: String, curve: UnitCurve) {
        expectClose(curve.value(at: 0), 0, tolerance: 1e-12, name)
        expectClose(curve.value(at: 1), 1, tolerance: 1e-12, name)
        let values = stride(from: 0.0, through: 1.0, by: 0.01).map { curve.value(at: $0) }
        if name.hasSuffix("Back") {
            #expect(values.contains { $0 < -0.05 || $0 > 1.05 }, "\(name) should overshoot")
        } else {
            #expect(values.allSatisfy { (0...1).contains($0) }, "\(name) leaves 0...1")
        }
    }

    /// `velocity` is the exact derivative: it matches a central finite difference.
    @Test(arguments: all)
    func velocityMatchesFiniteDifference(name: String, curve: UnitCurve) {
        let h = 1e-6
        for x in stride(from: 0.03, through: 0.97, by: 0.047) where abs(x - 0.5) > 1e-3 {
            let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            expectClose(curve.velocity(at: x), difference, tolerance: 1e-5 * max(1, abs(difference)), "\(name) x=\(x)")
        }
    }

    /// `inverse` undoes `value` (monotonic curves) and `value` undoes `inverse` (all, including
    /// back on its branch that covers 0...1); the inverse's velocity is the reciprocal slope.
    @Test(arguments: all)
    func inverseRoundTrips(name: String, curve: UnitCurve) {
        for y in stride(from: 0.02, through: 0.98, by: 0.04) {
            let x = curve.inverse.value(at: y)
            expectClose(curve.value(at: x), y, tolerance: 1e-9, "\(name) y=\(y)")
            let slope = curve.velocity(at: x)
            if abs(slope) > 1e-3 {
                expectClose(curve.inverse.velocity(at: y), 1 / slope, tolerance: 1e-9 * max(1, abs(1 / slope)), name)
            }
            if !name.hasSuffix("Back") {
                expectClose(curve.inverse.value(at: curve.value(at: y)), y, tolerance: 1e-9, "\(name) x=\(y)")
            }
        }
        #expect(curve.inverse.inverse == curve)
    }
}
}
