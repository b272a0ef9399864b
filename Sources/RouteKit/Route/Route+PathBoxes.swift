import RouteKitGeodesy

extension Route {
    /// The box and map rect of the path through `coordinates`, in order: exactly ``BoundingBox/init(path:)``
    /// and ``MapRect/init(enclosingPath:)`` of them (the same accumulator, the same arithmetic, in the
    /// same order), with a concrete loop. Those generic initialisers are not specialised across modules,
    /// and over a lazy map of a route's points they took about 15 % of `route-fly info`'s CPU on a
    /// 1M-point GPX (`perf`, issue 28). A route's own boxes come from the same accumulator in the pass
    /// that also looks for a pole (``init(points:segments:name:source:)``).
    ///
    /// Longitudes are unwrapped along the path; the rect is shifted by whole turns so that its
    /// smallest unwrapped longitude lies in `-180..<180` (see ``MapRect/init(enclosingPath:)``).
    ///
    /// - Parameter coordinates: At least one.
    /// - Complexity: O(n), one pass, constant memory.
    static func pathBoxes(_ coordinates: [LocationCoordinate2D]) -> (box: BoundingBox, rect: MapRect) {
        var accumulator = BoundingBox.PathAccumulator()
        for c in coordinates { accumulator.add(c) }
        return (accumulator.boundingBox!, accumulator.mapRect!)
    }
}
