import Foundation

/// The sine and cosine of a latitude and the two-argument arctangent, from a table of exact points and
/// short series: what the short-line solver (``ShortLineInverse``) calls for every leg of a track,
/// in about a third of the instructions of glibc's `sin`, `cos` and `atan2` (which take any argument
/// and round correctly nearly always), and within two units in the last place of the exact values.
///
/// - `sinCos(x)`, `|x| ≤ 1.5625` (the short lines' highest latitude, 89.5 degrees, and a little more):
///   `x = c + r` with `c = j/64` the nearest sixty-fourth (so `|r| ≤ 1/128`, and `r = |x| - c` is exact
///   by Sterbenz's lemma), then the angle-sum formulas
///   `sin x = sin c + (sin c (cos r - 1) + cos c sin r)` and `cos x = cos c + (cos c (cos r - 1) - sin c sin r)`
///   with `sin c`, `cos c` from the table and `sin r`, `cos r - 1` by their Taylor series to `r⁷` and `r⁸`
///   (the first terms left out, `r⁹/9!` and `r¹⁰/10!`, are below 3e-25 and 3e-28). Beyond, glibc: nearer
///   `π/2` the cosine, near 0, would lose its relative accuracy to the sum's rounding.
/// - `atan2(y, x)`, finite and not both zero: the ratio `t = min / max` of the magnitudes (in `0...1`),
///   `c = j/64` the nearest sixty-fourth, `atan t = atan c + atan u` with `u = (t - c) / (1 + t c)`
///   (`|u| ≤ 1/128`; the tangent subtraction formula) and `atan u` by its series to `u⁹` (`u¹¹/11` is
///   below 7e-25), then the octant put back: `π/2 - a` when `|y| > |x|`, `π - a` when `x < 0`, the sign
///   of `y`. Anything else (zeros, infinities, NaN), glibc.
///
/// Accuracy, against the same functions in 80-bit arithmetic (`TabulatedTrigonometryTests`, two
/// million arguments each): at most 1 unit in the last place for `sinCos`, 2 for `atan2`. The
/// table's entries are glibc's `sin`, `cos` and `atan` at the points.
///
/// The method is the table-based reduction of J.-M. Muller, *Elementary Functions: Algorithms and
/// Implementation*, 3rd ed., Birkhäuser 2016 (its chapter on table-based methods).
struct TabulatedTrigonometry: @unchecked Sendable {  // read-only tables, never freed
    /// The tables, made once for the process.
    static let shared = TabulatedTrigonometry()

    /// Table points per radian (the spacing of `c`).
    private static let pointsPerRadian = 64.0

    /// The largest magnitude `sinCos` takes from the table, radians: `100/64`.
    static let sinCosLimit = 1.5625

    /// `sin(j/64)` and `cos(j/64)` for `j` in `0...100`, interleaved.
    private let sinCosTable: UnsafePointer<Double>
    /// `atan(j/64)` for `j` in `0...64`.
    private let atanTable: UnsafePointer<Double>
    /// How `atan2` puts the angle `a` of its first octant back, by octant (`|y| > |x|`, plus 2 when
    /// `x < 0`): `(high + factor a) + low`, with `high + low` the octant's offset (`0`, `π/2`, `π` or
    /// `π/2`) as a double and its rounding error, and `factor` `1` or `-1`.
    private let octants: UnsafePointer<Double>

    private init() {
        sinCosTable = Self.table(count: 101) { [sin($0), cos($0)] }
        atanTable = Self.table(count: 65) { [atan($0)] }
        let halfPi = (high: 1.5707963267948966, low: 6.123233995736766e-17)
        let pi = (high: 3.141592653589793, low: 1.2246467991473532e-16)
        octants = Self.values([0, 1, 0, halfPi.high, -1, halfPi.low, pi.high, -1, pi.low, halfPi.high, 1, halfPi.low])
    }

    /// The values of `f` at `j/64` for `j` in `0..<count`, laid end to end.
    private static func table(count: Int, _ f: (Double) -> [Double]) -> UnsafePointer<Double> {
        values((0..<count).flatMap { f(Double($0) / pointsPerRadian) })
    }

    private static func values(_ values: [Double]) -> UnsafePointer<Double> {
        let memory = UnsafeMutablePointer<Double>.allocate(capacity: values.count)
        memory.initialize(from: values, count: values.count)
        return UnsafePointer(memory)
    }

    /// Two values, one for each of two angles (see ``ShortLineInverse``): each lane is worked out
    /// alone, with the same arithmetic.
    typealias Lanes = SIMD2<Double>

    /// `x` rounded to the nearest sixty-fourth, and the index of that sixty-fourth (at most `last`),
    /// for `0 <= x <= 64` in each lane: adding `1.5 · 2⁵²` rounds to a whole number of sixty-fourths
    /// (to even on a tie), which the low bits of the sum then hold. Other lanes get some index up to `last`.
    @inline(__always)
    private static func nearestPoints(_ x: Lanes, last: Int) -> (c: Lanes, j: (Int, Int)) {
        let shifter = 6_755_399_441_055_744.0  // 1.5 · 2⁵²
        let shifted = x * pointsPerRadian + shifter
        let j0 = Int(truncatingIfNeeded: shifted[0].bitPattern & 0x1FFF), j1 = Int(truncatingIfNeeded: shifted[1].bitPattern & 0x1FFF)
        return ((shifted - shifter) * (1 / pointsPerRadian), (min(j0, last), min(j1, last)))
    }

    /// `value` with the sign of `sign` flipped into it (`-value` when `sign` is negative, -0 included).
    @inline(__always)
    private static func flipped(_ value: Double, by sign: Double) -> Double {
        Double(bitPattern: value.bitPattern ^ (sign.bitPattern & (1 << 63)))
    }

    /// The sines and cosines of the angles `x`, radians. O(1).
    @inline(__always)
    func sinCos(_ x: Lanes) -> (sin: Lanes, cos: Lanes) {
        let magnitude = Lanes(x[0].magnitude, x[1].magnitude)
        let (c, j) = Self.nearestPoints(magnitude, last: 100)
        let r = magnitude - c
        let r2 = r * r
        // Horner's scheme, a step a line (the type checker gives up on the series written whole).
        var sinSeries: Lanes = r2 * (-1.0 / 5040)
        sinSeries = r2 * (sinSeries + 1.0 / 120)
        sinSeries = r2 * (sinSeries - 1.0 / 6)
        let sinR: Lanes = r + r * sinSeries
        var cosSeries: Lanes = r2 * (1.0 / 40320)
        cosSeries = r2 * (cosSeries - 1.0 / 720)
        cosSeries = r2 * (cosSeries + 1.0 / 24)
        let cosRMinus1: Lanes = r2 * (cosSeries - 0.5)
        let sinC = Lanes(sinCosTable[2 * j.0], sinCosTable[2 * j.1]), cosC = Lanes(sinCosTable[2 * j.0 + 1], sinCosTable[2 * j.1 + 1])
        let s = sinC + (sinC * cosRMinus1 + cosC * sinR)
        var sine = Lanes(Self.flipped(s[0], by: x[0]), Self.flipped(s[1], by: x[1]))
        var cosine = cosC + (cosC * cosRMinus1 - sinC * sinR)
        if !all(magnitude .<= Self.sinCosLimit) {
            for lane in 0..<2 where !(magnitude[lane] <= Self.sinCosLimit) {
                (sine[lane], cosine[lane]) = (Foundation.sin(x[lane]), Foundation.cos(x[lane]))
            }
        }
        return (sine, cosine)
    }

    /// The angles of the points `(x, y)` from the positive `x` axis, radians in `-π...π`, as C's
    /// `atan2(y, x)`. O(1).
    @inline(__always)
    func atan2(_ y: Lanes, _ x: Lanes) -> Lanes {
        let ax = Lanes(x[0].magnitude, x[1].magnitude), ay = Lanes(y[0].magnitude, y[1].magnitude)
        let steep = ay .> ax
        let t = ay.replacing(with: ax, where: steep) / ax.replacing(with: ay, where: steep)
        let (c, j) = Self.nearestPoints(t, last: 64)
        let u = (t - c) / (1 + t * c)
        let u2 = u * u
        var series: Lanes = u2 * (1.0 / 9)
        series = u2 * (series - 1.0 / 7)
        series = u2 * (series + 1.0 / 5)
        series = u2 * (series - 1.0 / 3)
        let atanU: Lanes = u + u * series
        let a = Lanes(atanTable[j.0], atanTable[j.1]) + atanU
        var angle = Lanes.zero
        for lane in 0..<2 {
            let octant = octants + 3 * ((steep[lane] ? 1 : 0) + (x[lane].sign == .minus ? 2 : 0))
            angle[lane] = Self.flipped((octant[0] + octant[1] * a[lane]) + octant[2], by: y[lane])
        }
        // NaN (0/0, ∞/∞, or a NaN argument) fails; t is 0 when one argument is infinite, as it should be.
        if !all(t .<= 1) {
            for lane in 0..<2 where !(t[lane] <= 1) { angle[lane] = Foundation.atan2(y[lane], x[lane]) }
        }
        return angle
    }
}
