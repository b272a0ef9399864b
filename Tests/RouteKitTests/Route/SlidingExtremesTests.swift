import Foundation
import Testing
@testable import RouteKit

/// ``SlidingExtremes`` against its definition: the largest minus the smallest of every value in the
/// window, found by looking at each of them.
@Suite struct SlidingExtremesTests {
    /// The definition: `nil` for an empty window or one with a NaN.
    static func spread(_ values: [Double], _ window: Range<Int>) -> Double? {
        let inside = values[window]
        guard !inside.isEmpty, !inside.contains(where: \.isNaN) else { return nil }
        return inside.max()! - inside.min()!
    }

    @Test(arguments: [0.0, 0.05])
    func everyWindowSpreadsAsItsValues(nanShare: Double) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let n = Int.random(in: 1...400, using: &generator)
            // Repeated values (ties for the queues) and a share of NaNs.
            let values = (0..<n).map { _ in
                Double.random(in: 0...1, using: &generator) < nanShare ? .nan : Double(Int.random(in: -20...20, using: &generator))
            }
            var extremes = SlidingExtremes()
            var low = 0, high = 0
            while high < n {
                high = min(n, high + Int.random(in: 0...5, using: &generator))
                low = min(high, low + Int.random(in: 0...5, using: &generator))
                extremes.slide(to: low..<high) { values[$0] }
                #expect(extremes.spread == Self.spread(values, low..<high), "window \(low)..<\(high) of \(n)")
            }
        }
    }

    @Test func aLongSlideKeepsItsQueuesShort() {
        // A falling then rising run: the queues compact as their fronts move on; the spread stays exact.
        let values = (0..<10_000).map { Double(abs(5_000 - $0) % 97) }
        var extremes = SlidingExtremes()
        for start in stride(from: 0, to: 9_900, by: 3) {
            extremes.slide(to: start..<(start + 100)) { values[$0] }
            #expect(extremes.spread == Self.spread(values, start..<(start + 100)))
        }
    }
}
