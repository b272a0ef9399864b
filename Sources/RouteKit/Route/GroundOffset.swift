import Foundation

/// How a route's own heights sit on a terrain model: the median and spread of (route elevation -
/// model height) over the points that have both (issue 25, item 12).
///
/// A near-constant offset the size of the geoid undulation there (``isGeoidSized(undulation:)``) is
/// the mark of heights above the WGS 84 ellipsoid written as heights above sea level: `h = H + N`
/// (``Geoid``), so such a file sits `N` metres (30 to 60 in most places, -106 to +85 on Earth) off the
/// model everywhere, whatever the terrain.
public struct GroundOffset: Hashable, Sendable {
    /// Median of (route elevation - model height), metres.
    public var median: Double
    /// Median absolute deviation of the differences from ``median``, metres (a robust spread: GPS height
    /// noise and a few bridges or tunnels do not move it).
    public var spread: Double
    /// Points that have both an elevation and a model height.
    public var count: Int

    /// The most ``spread`` of a constant offset, metres: GPS height noise is a few metres, a model's
    /// interpolation error as much again.
    public static let constantSpread = 10.0
    /// The least size of an offset worth naming, metres (smaller ones are GPS height noise).
    public static let leastOffset = 15.0
    /// How near ``median`` must be to the undulation, metres: the route's noise and the model's own
    /// error (a few metres), and the undulation's change across a route (a few metres per 100 km).
    public static let undulationTolerance = 8.0
    /// The least points for a pattern.
    public static let leastPoints = 5

    /// The offset of `route` from `ground`, or `nil` when fewer than ``leastPoints`` points have both.
    ///
    /// - Complexity: O(n log n) for n points.
    public init?(route: Route, ground: any ElevationModel) {
        let differences = route.points.compactMap { p in p.elevation.flatMap { e in ground.elevation(at: p.coordinate).map { e - $0 } } }
        guard differences.count >= Self.leastPoints else { return nil }
        median = Self.median(differences)
        spread = Self.median(differences.map { [median] in abs($0 - median) })
        count = differences.count
    }

    /// Whether the offset is near-constant, at least ``leastOffset`` metres, and within
    /// ``undulationTolerance`` metres of `undulation` (the EGM96 geoid's height above the WGS 84
    /// ellipsoid at the route, metres).
    public func isGeoidSized(undulation: Double) -> Bool {
        spread <= Self.constantSpread && abs(median) >= Self.leastOffset && abs(median - undulation) <= Self.undulationTolerance
    }

    /// What fixes a geoid-sized offset, in the library's words (a command line names its own option).
    public static let ellipsoidalFix = "read them as heights above the ellipsoid"

    /// The sentence for the user about a geoid-sized offset: the offset, its spread, the undulation, the
    /// likely cause and `fix` (what the caller offers to read the heights right).
    public func geoidSizedDescription(undulation: Double, fix: String = ellipsoidalFix) -> String {
        "the route's elevations lie a nearly constant \(FixedDecimal.string(abs(median), places: 1)) m \(median < 0 ? "below" : "above") the terrain model (median over \(count) points, spread \(FixedDecimal.string(spread, places: 1)) m), the EGM96 geoid's height above the WGS 84 ellipsoid here (\(FixedDecimal.string(undulation, places: 1)) m): they are likely heights above the ellipsoid written as heights above sea level; \(fix)"
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let m = sorted.count
        return m % 2 == 1 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2
    }

    /// The offset of `route` from `ground` and the geoid undulation at the route's middle point, metres,
    /// when the offset is geoid-sized (``isGeoidSized(undulation:)``: heights above the ellipsoid written
    /// as heights above sea level); `nil` otherwise, and without a geoid.
    ///
    /// - Complexity: O(n log n) for n points, plus O(n) ground lookups.
    public static func geoidSized(route: Route, ground: any ElevationModel, geoid: Geoid?) -> (offset: GroundOffset, undulation: Double)? {
        guard let geoid, let offset = GroundOffset(route: route, ground: ground) else { return nil }
        let undulation = geoid.undulation(at: route.points[route.points.count / 2].coordinate)
        return offset.isGeoidSized(undulation: undulation) ? (offset, undulation) : nil
    }
}
