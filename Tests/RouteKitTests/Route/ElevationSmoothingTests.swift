import Foundation
import Testing
@testable import RouteKit

/// ``ElevationSmoothing``'s Hampel filter against its definition, written out without any shortcut: the
/// window of each point, the picked heights, their median and median absolute deviation. The filter's
/// replacements must be the same, bit for bit, on smooth ground (where it skips most windows), on
/// spiky ground and on ground that climbs by more than the floor within a window.
@Suite struct ElevationSmoothingTests {
    /// The filter as its documentation states it.
    /// With `reach`, only the indices within `reach` of each point are looked at, which must hold its
    /// whole window (checked: the first index outside on either side is outside the window).
    static func definition(_ values: [Double], at positions: [Double], window: Double, floor: Double,
                           reach: Int? = nil) -> [(Int, Double)] {
        let n = values.count
        guard n > 2, window > 0 else { return [] }
        var result: [(Int, Double)] = []
        for i in 0..<n {
            let here = positions[i]
            let near = reach.map { max(0, i - $0)..<min(n, i + $0 + 1) } ?? 0..<n
            if near.lowerBound > 0 { precondition(positions[near.lowerBound - 1] < here - window / 2) }
            if near.upperBound < n { precondition(positions[near.upperBound] > here + window / 2) }
            let inside = near.filter { positions[$0] >= here - window / 2 && positions[$0] <= here + window / 2 }
            guard inside.count > 2 else { continue }
            let m = ElevationSmoothing.maximumSamples, count = inside.count
            let picked = count <= m ? inside.map { values[$0] }
                : (0..<m).map { values[inside[0] + $0 * (count - 1) / (m - 1)] }
            guard (picked + [values[i]]).max()! - (picked + [values[i]]).min()! > floor else { continue }
            let median = Self.median(picked)
            let mad = Self.median(picked.map { abs($0 - median) })
            if abs(values[i] - median) > max(3 * 1.4826 * mad, floor) { result.append((i, median)) }
        }
        return result
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted(), m = s.count
        return m % 2 == 1 ? s[m / 2] : (s[m / 2 - 1] + s[m / 2]) / 2
    }

    @Test(arguments: [(0.5, 0.0), (0.5, 0.02), (3.0, 0.01), (30.0, 0.0)])
    func replacementsAreTheDefinitions(slope: Double, spikeShare: Double) {
        var generator = SystemRandomNumberGenerator()
        let n = 1_500
        var positions: [Double] = [0]
        for _ in 1..<n { positions.append(positions[positions.count - 1] + [0, 2, 5, 7.5].randomElement(using: &generator)!) }
        let values = positions.map { p -> Double in
            let ground = 300 + slope * sin(p / 40) * 10 + Double.random(in: -0.5...0.5, using: &generator)
            return Double.random(in: 0...1, using: &generator) < spikeShare ? ground + Double.random(in: -200...200, using: &generator) : ground
        }
        for (window, floor) in [(200.0, 50.0), (60.0, 2.0)] {
            let found = ElevationSmoothing.replacements(count: n, window: window, floor: floor,
                                                        value: { values[$0] }, position: { positions[$0] })
            let expected = Self.definition(values, at: positions, window: window, floor: floor)
            #expect(found.map(\.index) == expected.map(\.0))
            #expect(found.map(\.median) == expected.map(\.1))
            if spikeShare > 0 { #expect(!expected.isEmpty, "the spikes are found") }
        }
    }
    @Test func longRoutesFilteredInTwoHalvesGiveTheDefinitions() {
        // Past ElevationSmoothing.splitFrom the two halves are filtered at once; each index still gets
        // exactly its own window's verdict, across the join too.
        var generator = SplitMix64(seed: 7)
        let n = ElevationSmoothing.splitFrom + 4_321
        var positions: [Double] = [0]
        for _ in 1..<n { positions.append(positions[positions.count - 1] + [0, 2, 5, 7.5].randomElement(using: &generator)!) }
        let values = positions.map { p -> Double in
            let ground = 300 + 30 * sin(p / 40) + Double.random(in: -0.5...0.5, using: &generator)
            return Double.random(in: 0...1, using: &generator) < 0.01 ? ground + Double.random(in: -200...200, using: &generator) : ground
        }
        let found = ElevationSmoothing.replacements(count: n, window: 200, floor: 2,
                                                    value: { values[$0] }, position: { positions[$0] })
        let expected = Self.definition(values, at: positions, window: 200, floor: 2, reach: 150)
        #expect(found.count > 100)
        #expect(found.map(\.index) == expected.map(\.0))
        #expect(found.map(\.median) == expected.map(\.1))
    }
}

