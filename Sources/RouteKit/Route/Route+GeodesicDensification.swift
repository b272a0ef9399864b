import Foundation

extension Route {
    /// Longest leg, metres, that ``densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)`` leaves
    /// as it is: 100 km. A straight line in longitude and latitude (what keyframes between two points
    /// fly) strays from the geodesic by about `L² tan(latitude) / (8 R)`: 338 m for a 100 km leg at 60°,
    /// against 258 km on a 3,270 km leg at 50° (issue 12).
    public static let geodesicLegLength = 100_000.0

    /// Largest change of longitude, degrees, across one leg that
    /// ``densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)`` leaves as it is (legs shorter
    /// than 1 km excepted): near a pole a geodesic sweeps through longitudes fast.
    public static let geodesicLongitudeStep = 10.0

    /// About the most points ``densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)`` adds
    /// for the legs' lengths: 1,000,000. No journey needs more (a million points 100 km apart go round
    /// the world 2,500 times); a file of points scattered over the globe would need gigabytes of them.
    static let maximumGeodesicPoints = 1_000_000.0

    /// Whether a leg's geodesic passes over a pole: `+1` the North Pole, `-1` the South Pole, `0` neither.
    ///
    /// It does when the two points' longitudes differ by 180° (the geodesic then follows a meridian
    /// through a pole; within 1e-9°) and neither point is already at that pole: over the North Pole when
    /// `lat1 + lat2 > 0`, the South Pole when `< 0`, and for two points on the equator the way PROJ's
    /// initial azimuth points (0: north; 180: south). A point at a pole counts as passing over it.
    /// - Complexity: O(1), at most one geodesic inverse.
    public static func poleCrossing(from a: LocationCoordinate2D, to b: LocationCoordinate2D) -> Int {
        if a.latitude == 90 || b.latitude == 90 { return 1 }
        if a.latitude == -90 || b.latitude == -90 { return -1 }
        let dlon = abs(Angles.remainderOfTurn(b.longitude - a.longitude))
        guard dlon > 180 - 1e-9 else { return 0 }
        let sum = a.latitude + b.latitude
        if sum > 0 { return 1 }
        if sum < 0 { return -1 }
        let azimuth = Geodesic.wgs84.inverse(from: a, to: b).initialAzimuth
        return abs(azimuth) < 90 ? 1 : -1
    }

    /// A copy of the route with points added along the geodesic of every long leg, so that a path drawn
    /// straight in longitude and latitude between consecutive points (as keyframes fly it) follows the
    /// geodesic the route is measured on, and each leg's heading follows the geodesic's azimuth.
    ///
    /// Within each segment (gaps between segments are not travelled, so not densified), a leg longer than
    /// `maximumLegLength`, or whose longitude changes by more than `maximumLongitudeStep` over more than
    /// 1 km, is cut into equal parts (PROJ `geod_direct` from the leg's start with its initial azimuth,
    /// ``Geodesic/direct(from:azimuth:distance:)``), and a part is cut in two again while its longitude
    /// still changes by more than `maximumLongitudeStep` (near a pole). A leg over a pole
    /// (``poleCrossing(from:to:)``) gets two points at the pole, with the longitudes before and after it
    /// (one place, a zero-length leg): the path passes over the pole instead of around it.
    ///
    /// Added points get an elevation and a time interpolated linearly in distance along the leg (when
    /// both ends have one); heart rate, cadence and speed stay `nil`.
    ///
    /// - Parameters:
    ///   - maximumLegLength: Metres (> 0); default ``geodesicLegLength``.
    ///   - maximumLongitudeStep: Degrees (> 0); default ``geodesicLongitudeStep``.
    /// A route whose long legs would take more than about 1,000,000 points at `maximumLegLength` (their
    /// lengths add up to 2,500 times round the world: points scattered over the globe, not a journey)
    /// gets them spaced further apart, so that about 1,000,000 are added.
    ///
    /// - Returns: The route (same segments, name and source) and how many points were added.
    /// - Complexity: O(n + added points) geodesic problems.
    public func densifiedAlongGeodesics(maximumLegLength: Double = Route.geodesicLegLength,
                                        maximumLongitudeStep: Double = Route.geodesicLongitudeStep) -> (route: Route, added: Int) {
        precondition(maximumLegLength > 0 && maximumLongitudeStep > 0, "positive spacing")
        // Most routes have no such leg: then no copy is made (a copy of a million points is 56 MB).
        guard hasLegNeedingGeodesicPoints(maximumLegLength: maximumLegLength, maximumLongitudeStep: maximumLongitudeStep) else {
            return (self, 0)
        }
        let maximumLegLength = geodesicSpacing(maximumLegLength)
        var added = 0
        var segmentsOut: [[RoutePoint]] = []
        segmentsOut.reserveCapacity(segments.count)
        for range in segments {
            var out: [RoutePoint] = [points[range.lowerBound]]
            out.reserveCapacity(range.count)
            for i in range.dropLast() {
                let a = points[i], b = points[i + 1]
                let extra = Self.geodesicPoints(from: a, to: b, leg: legs[i], maximumLegLength: maximumLegLength,
                                                maximumLongitudeStep: maximumLongitudeStep)
                added += extra.count
                out.append(contentsOf: extra)
                out.append(b)
            }
            segmentsOut.append(out)
        }
        guard added > 0 else { return (self, 0) }
        return (Route(segments: segmentsOut, name: name, source: source)!, added)
    }

    /// `maximumLegLength`, or the longer spacing at which the legs within segments longer than it take
    /// about ``maximumGeodesicPoints`` points for their lengths. O(n).
    func geodesicSpacing(_ maximumLegLength: Double) -> Double {
        var parts = 0.0
        for range in segments {
            for i in range.dropLast() where legs[i].distance > maximumLegLength { parts += legs[i].distance / maximumLegLength }
        }
        return parts > Self.maximumGeodesicPoints ? maximumLegLength * parts / Self.maximumGeodesicPoints : maximumLegLength
    }

    /// Whether any leg within a segment gets points from
    /// ``geodesicPoints(from:to:leg:maximumLegLength:maximumLongitudeStep:)``. O(n).
    private func hasLegNeedingGeodesicPoints(maximumLegLength: Double, maximumLongitudeStep: Double) -> Bool {
        // Most routes can tell at once. A leg of at most 1 km needs points only over a pole (its ends
        // 180 degrees apart in longitude); then it lies within 1 km of the pole, and so do its ends,
        // beyond latitude 89.99 (the shortest such leg between latitudes of at most 89.9 passes
        // 0.2 degrees of meridian, 22 km).
        if longestLeg <= min(maximumLegLength, 1000), boundingBox.north <= 89.9, boundingBox.south >= -89.9 { return false }
        return segments.contains { range in
            range.dropLast().contains { i in
                Self.needsGeodesicPoints(from: points[i], to: points[i + 1], leg: legs[i], maximumLegLength: maximumLegLength,
                                         maximumLongitudeStep: maximumLongitudeStep)
            }
        }
    }

    /// The box and map rect of the route as travelled: those of
    /// ``densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)``'s route, bit for bit, taken
    /// over its coordinates alone without building it (a route of a million points with one far
    /// glitch would otherwise be copied whole, its legs measured again); `nil` when no leg gets points.
    ///
    /// - Complexity: O(n + added points) time; memory 16 bytes a point.
    func travelledBoxes(maximumLegLength: Double = Route.geodesicLegLength,
                        maximumLongitudeStep: Double = Route.geodesicLongitudeStep) -> (box: BoundingBox, rect: MapRect)? {
        guard hasLegNeedingGeodesicPoints(maximumLegLength: maximumLegLength, maximumLongitudeStep: maximumLongitudeStep) else {
            return nil
        }
        let maximumLegLength = geodesicSpacing(maximumLegLength)
        var coordinates: [LocationCoordinate2D] = []
        coordinates.reserveCapacity(points.count)
        var added = 0, pole = 0
        for range in segments where !range.isEmpty {
            var previous = points[range.lowerBound].coordinate
            coordinates.append(previous)
            for i in range.dropLast() {
                let extra = Self.geodesicPoints(from: points[i], to: points[i + 1], leg: legs[i], maximumLegLength: maximumLegLength,
                                                maximumLongitudeStep: maximumLongitudeStep)
                added += extra.count
                for next in extra.map(\.coordinate) + [points[i + 1].coordinate] {
                    // As the densified route's own construction finds a pole, leg by leg within segments.
                    if pole == 0 { pole = travelledPole(from: previous, to: next) }
                    coordinates.append(next)
                    previous = next
                }
            }
        }
        guard added > 0 else { return nil }
        let (box, rect) = Self.pathBoxes(coordinates)
        return Self.overPole(pole, box: box, rect: rect)
    }

    /// The pole a leg from `a` to `b` of this route's kind passes over (1 north, -1 south), or 0, as
    /// ``init(points:segments:name:source:)`` decides it for its boxes.
    private func travelledPole(from a: LocationCoordinate2D, to b: LocationCoordinate2D) -> Int {
        Self.legPole(from: a, to: b, geodesic: source.lineInterpolation == .geodesic)
    }

    /// Whether ``geodesicPoints(from:to:leg:maximumLegLength:maximumLongitudeStep:)`` adds points to the
    /// leg from `a` to `b`: it is longer than `maximumLegLength`, or longer than 1 km with a change of
    /// longitude over `maximumLongitudeStep`, or passes over a pole (``poleCrossing(from:to:)``).
    /// - Complexity: O(1), at most one geodesic inverse.
    static func needsGeodesicPoints(from a: RoutePoint, to b: RoutePoint, leg: Leg, maximumLegLength: Double,
                                    maximumLongitudeStep: Double) -> Bool {
        let length = leg.distance
        guard length > 0 else { return false }
        if length > maximumLegLength { return true }
        let p = a.coordinate, q = b.coordinate
        // Longitude is meaningless at a pole: no sweep to or from it, and no crossing.
        guard abs(p.latitude) != 90, abs(q.latitude) != 90 else { return false }
        let dlon = abs(Angles.remainderOfTurn(q.longitude - p.longitude))
        if length > 1000 && dlon > maximumLongitudeStep { return true }
        return poleCrossing(from: p, to: q) != 0
    }

    /// The points strictly between `a` and `b` on their geodesic, as
    /// ``densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)`` places them.
    static func geodesicPoints(from a: RoutePoint, to b: RoutePoint, leg: Leg, maximumLegLength: Double,
                               maximumLongitudeStep: Double) -> [RoutePoint] {
        guard needsGeodesicPoints(from: a, to: b, leg: leg, maximumLegLength: maximumLegLength,
                                  maximumLongitudeStep: maximumLongitudeStep) else { return [] }
        let length = leg.distance
        func dlon(_ p: LocationCoordinate2D, _ q: LocationCoordinate2D) -> Double {
            // Longitude is meaningless at a pole: no sweep to or from it.
            if abs(p.latitude) == 90 || abs(q.latitude) == 90 { return 0 }
            return abs(remainder(q.longitude - p.longitude, 360))
        }
        let pole = poleCrossing(from: a.coordinate, to: b.coordinate)
        let overPole = pole != 0 && abs(a.coordinate.latitude) != 90 && abs(b.coordinate.latitude) != 90
        let azimuth = Geodesic.wgs84.inverse(from: a.coordinate, to: b.coordinate).initialAzimuth
        func point(at s: Double) -> RoutePoint {
            var c = Geodesic.wgs84.direct(from: a.coordinate, azimuth: azimuth, distance: s).coordinate
            if abs(c.latitude) > 90 - 1e-12 { c.latitude = c.latitude > 0 ? 90 : -90 }
            var p = RoutePoint(coordinate: c)
            let f = s / length
            if let ea = a.elevation, let eb = b.elevation { p.elevation = ea + (eb - ea) * f }
            if let ta = a.time, let tb = b.time { p.time = ta.addingTimeInterval(tb.timeIntervalSince(ta) * f) }
            return p
        }
        // Distances along the leg: equal parts no longer than the maximum, plus the pole.
        var marks: [Double] = []
        let parts = max(1, Int((length / maximumLegLength).rounded(.up)))
        for k in 1..<parts { marks.append(length * Double(k) / Double(parts)) }
        var poleDistance: Double? = nil
        if overPole {
            let p = LocationCoordinate2D(latitude: pole > 0 ? 90 : -90, longitude: a.coordinate.longitude)
            poleDistance = Geodesic.wgs84.inverse(from: a.coordinate, to: p).distance
            marks.append(poleDistance!)
            marks.sort()
        }
        // Refine where the longitude still sweeps too fast (never across the pole itself).
        var refined: [Double] = []
        var stack: [(Double, Double)] = []
        let bounds = [0.0] + marks + [length]
        for k in 0..<(bounds.count - 1) { stack.append((bounds[k], bounds[k + 1])) }
        stack.reverse()
        var cache: [Double: LocationCoordinate2D] = [0: a.coordinate, length: b.coordinate]
        func coordinate(_ s: Double) -> LocationCoordinate2D {
            if let c = cache[s] { return c }
            let c = point(at: s).coordinate
            cache[s] = c
            return c
        }
        while let (s0, s1) = stack.popLast() {
            if s1 - s0 > 1000, dlon(coordinate(s0), coordinate(s1)) > maximumLongitudeStep, refined.count < 100_000 {
                let m = (s0 + s1) / 2
                stack.append((m, s1))
                stack.append((s0, m))
                continue
            }
            if s1 < length { refined.append(s1) }
        }
        var result: [RoutePoint] = []
        result.reserveCapacity(refined.count + 1)
        for s in refined {
            var p = point(at: s)
            if let poleDistance, s == poleDistance {
                // Two points at the pole: arriving on the start's meridian, leaving on the end's.
                p.coordinate = LocationCoordinate2D(latitude: pole > 0 ? 90 : -90, longitude: a.coordinate.longitude)
                result.append(p)
                p.coordinate.longitude = b.coordinate.longitude
            }
            result.append(p)
        }
        return result
    }
}
