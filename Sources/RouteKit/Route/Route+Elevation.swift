import Foundation

extension Route {
    /// Points of a route that have no elevation: the note a caller shows when neither a terrain model nor
    /// a ground elevation fills them (without one, a camera is placed relative to height 0 m there).
    package struct MissingElevations: Hashable, Sendable, CustomStringConvertible {
        /// How many points have no elevation (>= 1).
        package var count: Int
        /// How many points the route has.
        package var total: Int
        /// The index in ``Route/points`` of the first point without one.
        package var firstIndex: Int

        package init(count: Int, total: Int, firstIndex: Int) {
            self.count = count
            self.total = total
            self.firstIndex = firstIndex
        }

        /// One sentence, e.g. `None of the route's 12 points has an elevation: the ground under the camera
        /// is unknown there (...); give a terrain model or a ground elevation.`
        package var description: String {
            let which = count == total
                ? (total == 1 ? "The route's point has no elevation" : "None of the route's \(total) points has an elevation")
                : "\(count) of \(total) points have no elevation (the first is point \(firstIndex))"
            return "\(which): the ground under the camera is unknown there (taken as 0 m, sea level, when no point has one, which in hills is underground); give a terrain model or a ground elevation."
        }
    }

    /// The points without elevation, or `nil` when every point has one.
    /// - Complexity: O(n).
    package var missingElevations: MissingElevations? {
        var count = 0, first: Int? = nil
        for (i, p) in points.enumerated() where p.elevation == nil {
            count += 1
            if first == nil { first = i }
        }
        guard let first else { return nil }
        return MissingElevations(count: count, total: points.count, firstIndex: first)
    }

    /// A copy whose points without elevation get `elevation`: flat country at a known height.
    ///
    /// Points that have an elevation keep it; segments, name and source stay.
    /// - Parameter elevation: Metres above sea level (the EGM96 geoid, like GPX elevations); finite.
    /// - Complexity: O(n) (the route's legs are measured again).
    public func fillingMissingElevations(with elevation: Double) -> Route {
        precondition(elevation.isFinite, "the ground elevation must be finite")
        return fillingMissingElevations { _, _ in elevation }
    }

    /// A copy whose points without elevation get `height(index, point)`, metres; the others keep theirs.
    public func fillingMissingElevations<E: Error>(
        by height: (_ index: Int, _ point: RoutePoint) throws(E) -> Double
    ) throws(E) -> Route {
        guard missingElevations != nil else { return self }
        var filled: [[RoutePoint]] = []
        filled.reserveCapacity(segments.count)
        for range in segments {
            var segment: [RoutePoint] = []
            segment.reserveCapacity(range.count)
            for i in range {
                var p = points[i]
                if p.elevation == nil { p.elevation = try height(i, p) }
                segment.append(p)
            }
            filled.append(segment)
        }
        return Route(segments: filled, name: name, source: source)!  // as many points as before, >= 1
    }
}
