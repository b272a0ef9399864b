import Foundation
import Testing
import RouteKitSupport
import TestSupport
@testable import RouteKit

extension Formats {
    /// The screening of every point read, in runs on the cores, against the checks written as the plain
    /// passes in order they replace: the first value outside its limits, then the heights unwrapped
    /// (rule 1), the points at (0, 0), and the implausible elevations among the corrected heights.
    @Suite struct PointScreeningTests {
        /// The plain passes: the first violation; the warnings' findings, as (count, first index, value).
        private struct Reference: Equatable {
            var violation: Int?
            var wrapped: [Double]?
            var nullIsland: [Int]?
            var implausible: [Double]?

            init(_ points: [RoutePoint]) {
                violation = points.firstIndex { PointValueLimits.violation(of: $0) != nil }
                var points = points
                if let w = Route.unwrapHeights(&points) { wrapped = [Double(w.count), Double(w.firstIndex), w.firstValue] }
                let zeros = points.indices.filter { points[$0].isAtNullIsland }
                nullIsland = zeros.isEmpty ? nil : [zeros.count, zeros[0]]
                let outside = points.indices.filter { points[$0].elevation.map { !RoutePoint.plausibleElevations.contains($0) } ?? false }
                implausible = outside.isEmpty ? nil : [Double(outside.count), Double(outside[0]), points[outside[0]].elevation!]
            }

            init(_ screening: PointScreening, _ points: [RoutePoint]) {
                violation = screening.violation?.index
                wrapped = screening.wrappedHeights(in: points).map { [Double($0.count), Double($0.firstIndex), $0.firstValue] }
                nullIsland = screening.nullIsland.first.map { [screening.nullIsland.count, $0] }
                let corrected = screening.wrappedHeights(in: points) != nil
                let outside = corrected ? screening.implausibleCorrected : screening.implausible
                implausible = outside.first.map { i in
                    let h = points[i].elevation!
                    return [Double(outside.count), Double(i), corrected && RouteOutliers.wrappedHeights.contains(h) ? h - 65536 : h]
                }
            }
        }

        /// Routes of 100 to 140,000 points (past the size split between the cores), of heights near sea
        /// level, some wrapped, some far from it, some implausible, some missing, with points at (0, 0)
        /// and values beyond their limits sprinkled in, more often near where the runs meet.
        @Test(arguments: [100, 70_000, 140_000])
        func findingsAreThoseOfThePlainPasses(count: Int) {
            var rng = SplitMix64(seed: UInt64(count))
            for trial in 0..<24 {
                var points = (0..<count).map { i in
                    RoutePoint(coordinate: LocationCoordinate2D(latitude: 45 + Double(i) * 1e-5, longitude: 7),
                               elevation: trial % 3 == 0 ? Double.random(in: -400...500, using: &rng) : 300)
                }
                let spots = (0..<6).map { _ in
                    Bool.random(using: &rng) ? count / 2 + Int.random(in: -3...3, using: &rng) : Int.random(in: 0..<count, using: &rng)
                }
                for (k, i) in spots.enumerated() where (trial >> k) & 1 == 1 {
                    switch k {
                    case 0: points[i].elevation = Double.random(in: 65000..<65536, using: &rng)
                    case 1: points[i].elevation = Double.random(in: 9001...20000, using: &rng)
                    case 2: points[i].coordinate = LocationCoordinate2D(latitude: 0, longitude: 0)
                    case 3: points[i].elevation = nil
                    case 4: points[i].heartRate = 500
                    default: points[i].elevation = Double.random(in: -540 ... -501, using: &rng)
                    }
                }
                let screening = PointScreening(points, checksLimits: true)
                #expect(Reference(screening, points) == Reference(points), "trial \(trial), \(count) points")
                #expect(screening.warnings(for: points) == PointScreening(points, checksLimits: false).warnings(for: points))
            }
        }

        /// On one core the route is one run: the same findings.
        @Test func oneCoreFindsTheSame() {
            var points = (0..<80_000).map { i in
                RoutePoint(coordinate: LocationCoordinate2D(latitude: 45 + Double(i) * 1e-5, longitude: 7), elevation: -100)
            }
            points[39_999].elevation = 65_100
            points[40_001].coordinate = LocationCoordinate2D(latitude: 0, longitude: 0)
            points[70_000].elevation = -520
            let warnings = PointScreening(points, checksLimits: true).warnings(for: points)
            #expect(Parallel.withCoreLimit(1) { PointScreening(points, checksLimits: true).warnings(for: points) } == warnings)
            #expect(warnings.count == 3 && warnings[2].contains("1 elevation is outside -500...9000 m, the first at point 70000: -520.000 m"),
                    "\(warnings)")
        }
    }
}
