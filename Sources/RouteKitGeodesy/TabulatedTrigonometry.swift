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

    /// `x` rounded to the nearest sixty-fourth, and the index of that sixty-fourth, for `0 <= x <= 64`:
    /// adding `1.5 · 2⁵²` rounds to a whole number of sixty-fourths (to even on a tie), which the low
    /// bits of the sum then hold.
    @inline(__always)
    private static func nearestPoint(_ x: Double) -> (c: Double, j: Int) {
        let shifter = 6_755_399_441_055_744.0  // 1.5 · 2⁵²
        let shifted = x * pointsPerRadian + shifter
        return ((shifted - shifter) * (1 / pointsPerRadian), Int(truncatingIfNeeded: shifted.bitPattern & 0x1FFF))
    }

    /// `value` with the sign of `sign` flipped into it (`-value` when `sign` is negative, -0 included).
    @inline(__always)
    private static func flipped(_ value: Double, by sign: Double) -> Double {
        Double(bitPattern: value.bitPattern ^ (sign.bitPattern & (1 << 63)))
    }

    /// The sine and cosine of `x`, radians. O(1).
    @inline(__always)
    func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let magnitude = abs(x)
        guard magnitude <= Self.sinCosLimit else { return (Foundation.sin(x), Foundation.cos(x)) }
        let (c, j) = Self.nearestPoint(magnitude)
        let r = magnitude - c
        let r2 = r * r
        let sinR = r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040)))
        let cosRMinus1 = r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320))))
        let sinC = sinCosTable[2 * j], cosC = sinCosTable[2 * j + 1]
        let s = sinC + (sinC * cosRMinus1 + cosC * sinR)
        let cosine = cosC + (cosC * cosRMinus1 - sinC * sinR)
        return (Self.flipped(s, by: x), cosine)
    }

    /// The angle of the point `(x, y)` from the positive `x` axis, radians in `-π...π`, as C's `atan2(y, x)`. O(1).
    @inline(__always)
    func atan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let steep = ay > ax
        let t = (steep ? ax : ay) / (steep ? ay : ax)
        // NaN (0/0, ∞/∞, or a NaN argument) fails; t is 0 when one argument is infinite, as it should be.
        guard t <= 1 else { return Foundation.atan2(y, x) }
        let (c, j) = Self.nearestPoint(t)
        let u = (t - c) / (1 + t * c)
        let u2 = u * u
        let atanU = u + u * u2 * (-1.0 / 3 + u2 * (1.0 / 5 + u2 * (-1.0 / 7 + u2 * (1.0 / 9))))
        let a = atanTable[j] + atanU
        let octant = octants + 3 * ((steep ? 1 : 0) + (x.sign == .minus ? 2 : 0))
        return Self.flipped((octant[0] + octant[1] * a) + octant[2], by: y)
    }
}
