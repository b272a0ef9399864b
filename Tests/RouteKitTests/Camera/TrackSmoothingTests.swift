import Foundation
import Testing
import TestSupport
@testable import RouteKit

/// `TrackSmoothing`'s Gaussian and blurred mask, which sum several indices at once or once for a whole
/// kernel, against their definitions summed one index and one weight at a time: equal bit for bit, so
/// the flights planned with them are the flights of the definitions.
@Suite struct TrackSmoothingTests {
    /// The definition: at each index (where `only` allows), the weights times the differences from the
    /// centre, reflected beyond the ends, added from the first weight to the last.
    static func gaussianByDefinition(_ x: [Double], sigma: Double, ends: TrackSmoothing.Ends, only: [Bool]?) -> [Double] {
        guard x.count > 2 else { return x }
        let w = TrackSmoothing.kernel(sigma: sigma, limit: x.count - 1)
        let r = w.count / 2
        var y = x
        for i in x.indices where only?[i] ?? true {
            var sum = 0.0
            for k in w.indices { sum += w[k] * (TrackSmoothing.reflected(x, i - r + k, ends) - x[i]) }
            y[i] = x[i] + sum
        }
        return y
    }

    /// The definition: each true sample adds its kernel, weight by weight, to the indices it reaches.
    static func blurredByDefinition(_ mask: [Bool], sigma: Double) -> [Double] {
        let w = TrackSmoothing.kernel(sigma: sigma, limit: max(mask.count - 1, 1))
        let r = w.count / 2
        var y = [Double](repeating: 0, count: mask.count)
        for i in mask.indices where mask[i] {
            for k in -r...r where i + k >= 0 && i + k < mask.count { y[i + k] += w[k + r] }
        }
        return y
    }

    /// Runs of true and false of random lengths (a mask as the widening passes make them).
    static func runs(count: Int, meanRun: Int, _ rng: inout SplitMix64) -> [Bool] {
        var mask: [Bool] = []
        var value = Bool.random(using: &rng)
        while mask.count < count {
            mask += [Bool](repeating: value, count: min(Int.random(in: 1...(2 * meanRun), using: &rng), count - mask.count))
            value.toggle()
        }
        return mask
    }

    /// The first index where `a` and `b` differ in any bit, and both values there.
    static func firstDifference(_ a: [Double], _ b: [Double]) -> (index: Int, Double, Double)? {
        guard a.count == b.count else { return (-1, Double(a.count), Double(b.count)) }
        return a.indices.first { a[$0].bitPattern != b[$0].bitPattern }.map { ($0, a[$0], b[$0]) }
    }

    @Test func gaussianIsItsDefinitionBitForBit() {
        var rng = SplitMix64(seed: 28)
        for trial in 0..<400 {
            let n = Int.random(in: 3...300, using: &rng)
            // A heading-like signal: a random walk of degrees, large offsets, and some flat stretches.
            var x = [Double](repeating: Double.random(in: -1000...1000, using: &rng), count: n)
            for i in 1..<n where trial % 5 != 0 { x[i] = x[i - 1] + Double.random(in: -3...3, using: &rng) }
            let sigma = [0.2, 0.5, 1, 2.5, 5, 10, 17.3][trial % 7]
            let only: [Bool]? = trial % 3 == 0 ? nil : Self.runs(count: n, meanRun: trial % 2 == 0 ? 3 : 40, &rng)
            for ends in [TrackSmoothing.Ends.odd, .even] {
                let fast = TrackSmoothing.gaussian(x, sigma: sigma, ends: ends, only: only)
                let definition = Self.gaussianByDefinition(x, sigma: sigma, ends: ends, only: only)
                #expect(Self.firstDifference(fast, definition) == nil, "n \(n), sigma \(sigma), \(ends)")
            }
        }
    }

    @Test func blurredMaskIsItsDefinitionBitForBit() {
        var rng = SplitMix64(seed: 2028)
        for trial in 0..<300 {
            let n = Int.random(in: 1...400, using: &rng)
            let mask = trial % 10 == 0 ? [Bool](repeating: true, count: n) : Self.runs(count: n, meanRun: [1, 5, 30, 200][trial % 4], &rng)
            let sigma = [0.2, 1, 3.3, 10, 25][trial % 5]
            let fast = TrackSmoothing.blurred(mask, sigma: sigma)
            let definition = Self.blurredByDefinition(mask, sigma: sigma)
            #expect(Self.firstDifference(fast, definition) == nil, "n \(n), sigma \(sigma)")
        }
    }

    @Test func aConstantStaysExactlyConstantAndALineStaysALine() {
        let constant = [Double](repeating: 123.456, count: 50)
        #expect(TrackSmoothing.gaussian(constant, sigma: 4, ends: .even) == constant)
        #expect(TrackSmoothing.gaussian(constant, sigma: 4, ends: .odd) == constant)
        // Odd reflection continues a line beyond its ends, so the smoothed line is the line.
        let line = (0..<50).map { 10 + 0.25 * Double($0) }
        let smoothed = TrackSmoothing.gaussian(line, sigma: 4, ends: .odd)
        #expect(zip(smoothed, line).allSatisfy { abs($0 - $1) < 1e-12 })
    }
}
