import RouteKitGeodesy

extension Route {
    /// The box and map rect of the path the points travel: exactly ``BoundingBox/init(path:)`` and
    /// ``MapRect/init(enclosingPath:)`` of their coordinates (the same accumulator, the same
    /// arithmetic, in the same order), computed over the points array with concrete loops. Those
    /// generic initialisers are not specialised across modules, and over a lazy map of the points
    /// they took about 15 % of `route-fly info`'s CPU on a 1M-point GPX (`perf`, issue 28).
    ///
    /// Longitudes are unwrapped along the path; the rect is shifted by whole turns so that its
    /// smallest unwrapped longitude lies in `-180..<180` (see ``MapRect/init(enclosingPath:)``).
    ///
    /// - Parameter points: At least one point (route points, or bare coordinates).
    /// - Complexity: O(n), one pass, constant memory.
    static func pathBoxes<Point: PathPoint>(_ points: [Point]) -> (box: BoundingBox, rect: MapRect) {
        var accumulator = BoundingBox.PathAccumulator()
        for p in points { accumulator.add(p.coordinate) }
        let box = accumulator.boundingBox!
        return (box, accumulator.mapRect!)
    }
}

/// A point of a path whose boxes ``Route/pathBoxes(_:)`` takes.
protocol PathPoint {
    var coordinate: LocationCoordinate2D { get }
}

extension RoutePoint: PathPoint {}

extension LocationCoordinate2D: PathPoint {
    var coordinate: LocationCoordinate2D { self }
}
