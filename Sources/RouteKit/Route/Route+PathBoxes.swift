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
    /// - Complexity: O(n), two passes, constant memory.
    static func pathBoxes<Point: PathPoint>(_ points: [Point]) -> (box: BoundingBox, rect: MapRect) {
        var accumulator = BoundingBox.PathAccumulator()
        for p in points { accumulator.add(p.coordinate) }
        let box = accumulator.boundingBox!
        let range = accumulator.unwrappedLongitudeRange!
        // Whole turns that bring the smallest unwrapped longitude into [-180, 180).
        let shift = -360 * ((range.lowerBound + 180) / 360).rounded(.down)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var previous: Double? = nil
        for point in points {
            let c = point.coordinate
            let longitude = previous.map { Angles.unwrappedAngle(c.longitude, near: $0) } ?? Angles.normalizedLongitude(c.longitude)
            previous = longitude
            let p = MapPoint(LocationCoordinate2D(latitude: c.latitude, longitude: longitude + shift))
            x0 = min(x0, p.x); x1 = max(x1, p.x)
            y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return (box, MapRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
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
