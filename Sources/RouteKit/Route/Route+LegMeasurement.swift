import RouteKitGeodesy

extension Route {
    /// Measures the `count` legs between consecutive points from `points` on (leg `i` from point `i` to
    /// point `i + 1`, so `count + 1` points are read) into `legs`, which must be uninitialised: each the
    /// geodesic's length and its initial azimuth as a heading (``Angles/normalizedHeading(_:)``), not
    /// yet marked as a gap. Legs are solved two at a time (``Geodesic/lengthsAndAzimuths(from:to:)``),
    /// with the same values as one at a time, so where a run of legs starts does not change them.
    /// - Complexity: O(count).
    static func measureLegs(from points: UnsafePointer<RoutePoint>, count: Int, into legs: UnsafeMutablePointer<Leg>) {
        // Read once: each read of the shared solver copies its 400 bytes.
        let geodesic = Geodesic.wgs84
        var i = 0
        while i + 1 < count {
            // The coordinates alone: a whole point is copied with memmove.
            let a = points[i].coordinate, b = points[i + 1].coordinate, c = points[i + 2].coordinate
            let (first, second) = geodesic.lengthsAndAzimuths(from: (a, b), to: (b, c))
            (legs + i).initialize(to: Leg(first))
            (legs + i + 1).initialize(to: Leg(second))
            i += 2
        }
        if i < count {
            (legs + i).initialize(to: Leg(geodesic.lengthAndAzimuth(from: points[i].coordinate, to: points[i + 1].coordinate)))
        }
    }
}

extension Route.Leg {
    /// The leg of a geodesic of this length (metres) and initial azimuth (degrees), not a gap.
    init(_ line: (distance: Double, azimuth: Double)) {
        self.init(distance: line.distance, heading: Angles.normalizedHeading(line.azimuth), isGap: false)
    }
}
