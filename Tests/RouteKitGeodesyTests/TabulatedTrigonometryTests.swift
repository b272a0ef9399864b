import Foundation
import Testing
@testable import RouteKitGeodesy

/// The tabulated sine, cosine and arctangent against the same functions in 80-bit arithmetic (glibc's
/// `sinl`, `cosl`, `atan2l`, 11 more bits than a double), where the platform has it, and against glibc's
/// double functions everywhere.
@Suite struct TabulatedTrigonometryTests {
    private let trigonometry = TabulatedTrigonometry.shared

    /// `sinCos` of `x` in the first lane, beside another angle (each lane is worked out alone).
    private func sinCos(_ x: Double, beside other: Double = 0.5) -> (sin: Double, cos: Double) {
        let (s, c) = trigonometry.sinCos(TabulatedTrigonometry.Lanes(x, other))
        return (s[0], c[0])
    }

    /// `atan2` of `(x, y)` in the second lane, beside another point.
    private func atan2(_ y: Double, _ x: Double, beside other: (y: Double, x: Double) = (1, 2)) -> Double {
        trigonometry.atan2(TabulatedTrigonometry.Lanes(other.y, y), TabulatedTrigonometry.Lanes(other.x, x))[1]
    }

    /// How many units in the last place of `reference` separate it from `value`.
    private static func ulps(_ value: Double, from reference: Double) -> Double {
        abs(value - reference) / max(reference.magnitude, .leastNormalMagnitude).ulp
    }

    #if arch(x86_64) && !os(Windows)
    /// The largest error, in units in the last place of the exact value rounded to a double.
    @Test func sinCosWithinOneUnitInTheLastPlace() {
        var rng = SplitMix64(seed: 21)
        var worst = (sin: 0.0, cos: 0.0)
        for k in 0..<2_000_000 {
            // Uniform over the table's ±1.5625 radians, and spread over magnitudes down to 1e-12 radians.
            let x = k % 2 == 0 ? Double.random(in: -TabulatedTrigonometry.sinCosLimit...TabulatedTrigonometry.sinCosLimit, using: &rng)
                : pow(10, -Double.random(in: 0...12, using: &rng)) * (k % 4 == 1 ? 1 : -1)
            let (s, c) = sinCos(x, beside: -x / 3)
            worst.sin = max(worst.sin, Self.ulps(s, from: Double(Foundation.sin(Float80(x)))))
            worst.cos = max(worst.cos, Self.ulps(c, from: Double(Foundation.cos(Float80(x)))))
        }
        #expect(worst.sin <= 1 && worst.cos <= 1, "sin \(worst.sin) ulp, cos \(worst.cos) ulp")
    }

    @Test func atan2WithinTwoUnitsInTheLastPlace() {
        var rng = SplitMix64(seed: 22)
        var worst = 0.0
        for k in 0..<2_000_000 {
            // Every direction, lengths of a leg's east and north parts (metres), and some very unequal.
            let angle = Double.random(in: -Double.pi ... Double.pi, using: &rng)
            let length = pow(10, Double.random(in: -3...4, using: &rng))
            var (x, y) = (length * cos(angle), length * sin(angle))
            if k % 10 == 0 { y *= 1e-9 } else if k % 10 == 1 { x *= 1e-9 }
            let a = atan2(y, x, beside: (x, -y))
            worst = max(worst, Self.ulps(a, from: Double(Foundation.atan2(Float80(y), Float80(x)))))
        }
        #expect(worst <= 2, "\(worst) ulp")
    }
    #endif

    /// Where the table is left for glibc: beyond 1.5625 radians, and the zeros, infinities and NaN of `atan2`, with
    /// the signs of zero C gives.
    @Test func edgesAreGlibcs() {
        for x: Double in [2, -3, 1e6, Double.pi / 2, -Double.pi / 2, 0, -0.0] {
            let (s, c) = sinCos(x, beside: 0.25)
            #expect(s.bitPattern == sin(x).bitPattern || Self.ulps(s, from: sin(x)) <= 1, "sin \(x)")
            #expect(Self.ulps(c, from: cos(x)) <= 1, "cos \(x)")
        }
        let values: [Double] = [0, -0.0, 1, -1, .leastNormalMagnitude / 4, -2.5, .infinity, -.infinity]
        for y in values {
            for x in values {
                let a = atan2(y, x, beside: (x, y)), expected = Foundation.atan2(y, x)
                #expect(a.sign == expected.sign && Self.ulps(a, from: expected) <= 1, "atan2(\(y), \(x)) = \(a), not \(expected)")
            }
        }
        #expect(atan2(.nan, 1).isNaN && atan2(1, .nan).isNaN && !atan2(1, 1, beside: (.nan, 1)).isNaN)
        #expect(sinCos(.nan).sin.isNaN && !sinCos(0.5, beside: .nan).sin.isNaN)
    }

    /// Each lane is worked out alone: the same value beside any other, out of the table's range and NaN
    /// included (a route's legs are solved in pairs, which must not change them).
    @Test func aLaneDoesNotDependOnItsNeighbour() {
        var rng = SplitMix64(seed: 23)
        let odd: [Double] = [.nan, .infinity, 0, -0.0, 2, -1e6, 1.5625, 1.5626]
        for k in 0..<10_000 {
            let x = Double.random(in: -1.6...1.6, using: &rng), other = k < odd.count ? odd[k] : Double.random(in: -4...4, using: &rng)
            let alone = sinCos(x, beside: x), paired = sinCos(x, beside: other)
            #expect(alone.sin.bitPattern == paired.sin.bitPattern && alone.cos.bitPattern == paired.cos.bitPattern, "\(x) beside \(other)")
            let (y, z) = (Double.random(in: -10...10, using: &rng), Double.random(in: -10...10, using: &rng))
            #expect(atan2(y, z, beside: (y, z)).bitPattern == atan2(y, z, beside: (other, x)).bitPattern, "(\(y), \(z)) beside \(other)")
        }
    }

    /// Each octant's offset and direction: a point in each, against glibc.
    @Test func everyOctantAgreesWithGlibc() {
        for degrees in stride(from: -179.5, through: 179.5, by: 1.0) {
            let angle = degrees * .pi / 180
            let (y, x) = (sin(angle), cos(angle))
            #expect(Self.ulps(atan2(y, x), from: Foundation.atan2(y, x)) <= 2, "\(degrees) degrees")
        }
    }
}
