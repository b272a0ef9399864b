import Foundation

/// A run of route points that lie well under the ground of a terrain model: a tunnel, or heights that
/// are wrong there (issue 25, item 5). No line of sight reaches the route there; a flight looks at the
/// ground above it instead (`GroundedCenter`).
package struct UndergroundStretch: Hashable, Sendable {
    /// Metres a point must lie under the ground to count: more than GPS height noise and a model's
    /// interpolation error together (a few metres each), far less than the rock over a tunnel.
    package static let depthThreshold = 30.0

    /// Indices into ``Route/points`` of the first and last point of the run (inclusive).
    package var indices: ClosedRange<Int>
    /// Metres along the route (``Route/cumulativeDistances``) of the first and last point.
    package var distances: ClosedRange<Double>
    /// The most metres a point of the run lies under the ground.
    package var maximumDepth: Double

    /// Stretches told one by one at most (a few tunnels); more are one sentence (``summary(of:routeLength:)``).
    package static let listedAtMost = 5

    /// What the user is told of `stretches` (in route order), each with the route point it is told at:
    /// each stretch on its own (``description``) when there are at most ``listedAtMost``, else one
    /// sentence for all of them at the first stretch's first point (``summary(of:routeLength:)``): so many
    /// are not tunnels but one cause, the route's heights and the model's disagreeing.
    /// - Parameter routeLength: The route's length, metres (``Route/length``).
    package static func messages(_ stretches: [UndergroundStretch], routeLength: Double) -> [(index: Int, text: String)] {
        guard stretches.count > listedAtMost else { return stretches.map { ($0.indices.lowerBound, $0.description) } }
        return [(stretches[0].indices.lowerBound, summary(of: stretches, routeLength: routeLength))]
    }

    /// One sentence for many stretches: how many, their length and share of the route, the deepest, the
    /// likely cause and what the flight does.
    package static func summary(of stretches: [UndergroundStretch], routeLength: Double) -> String {
        let length = stretches.reduce(0) { $0 + ($1.distances.upperBound - $1.distances.lowerBound) }
        let deepest = stretches.max { $0.maximumDepth < $1.maximumDepth }!
        let share = routeLength > 0 ? " (\(FixedDecimal.string(100 * length / routeLength, places: 0)) %)" : ""
        return "the route runs more than \(FixedDecimal.string(depthThreshold, places: 0)) m under the ground of the terrain model "
            + "along \(stretches.count) stretches, \(FixedDecimal.string(length / 1000, places: 2)) km of its "
            + "\(FixedDecimal.string(routeLength / 1000, places: 2)) km\(share), up to \(FixedDecimal.string(deepest.maximumDepth, places: 0)) m deep "
            + "(at km \(FixedDecimal.string(deepest.distances.lowerBound / 1000, places: 2)), points \(deepest.indices.lowerBound) to "
            + "\(deepest.indices.upperBound)): more than tunnels would make; the route's heights and the model's disagree "
            + "(are both above sea level? is the model the right one, and fine enough for the route?); a line of sight to the "
            + "route there is impossible, so the camera looks at the ground above it"
    }

    /// The sentence for the user: where, how deep, and what the flight does about it.
    package var description: String {
        "the route runs up to \(FixedDecimal.string(maximumDepth, places: 0)) m under the ground of the terrain model from km \(FixedDecimal.string(distances.lowerBound / 1000, places: 2)) to km \(FixedDecimal.string(distances.upperBound / 1000, places: 2)) (points \(indices.lowerBound) to \(indices.upperBound); a tunnel?): a line of sight to it there is impossible, so the camera looks at the ground above it"
    }
}

extension Route {
    /// The runs of at least two consecutive points with an elevation that lie more than
    /// ``UndergroundStretch/depthThreshold`` metres under `ground` (where it has a value), in route order.
    ///
    /// - Parameters:
    ///   - ground: The terrain model, heights in metres above sea level.
    ///   - offset: A constant offset of the route's heights from the ground already recognised, metres
    ///     (``GroundOffset/median`` of a geoid-sized offset, ``GroundOffset/geoidSized(route:ground:geoid:)``),
    ///     removed from each height before its depth is measured: one cause, one finding, not a tunnel
    ///     the length of the route. Default 0.
    /// - Complexity: O(n) ground lookups for n points.
    package func undergroundStretches(under ground: any ElevationModel, removing offset: Double = 0) -> [UndergroundStretch] {
        let distances = cumulativeDistances
        var stretches: [UndergroundStretch] = []
        var run: (first: Int, depth: Double)? = nil
        func close(at last: Int) {
            if let r = run, last > r.first {
                stretches.append(UndergroundStretch(indices: r.first...last, distances: distances[r.first]...distances[last],
                                                    maximumDepth: r.depth))
            }
            run = nil
        }
        for (i, point) in points.enumerated() {
            let depth = point.elevation.flatMap { e in ground.elevation(at: point.coordinate).map { $0 - (e - offset) } }
            if let depth, depth > UndergroundStretch.depthThreshold {
                run = (run?.first ?? i, max(run?.depth ?? depth, depth))
            } else {
                close(at: i - 1)
            }
        }
        close(at: points.count - 1)
        return stretches
    }
}
