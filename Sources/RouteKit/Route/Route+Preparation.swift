import Foundation

extension Route {
    /// What ``Route/preparation(simplifyTolerance:keepingStops:)`` removed.
    public struct Preparation: Sendable {
        /// The prepared route: same segments (none dropped, each keeps its first and last point), name
        /// and source.
        public var route: Route
        /// Points dropped because they repeated the previous kept point of their segment (zero-length legs).
        public var duplicatesRemoved: Int
        /// Points dropped by Douglas-Peucker simplification.
        public var simplifiedAway: Int
        /// The tolerance used, metres, or `nil` when not simplified.
        public var tolerance: Double?
        /// Points added along the geodesics of long legs (step 3 of
        /// ``Route/preparation(simplifyTolerance:keepingStops:)``); 0 for GeoJSON input.
        public var geodesicPointsAdded: Int = 0
    }

    /// The default simplification tolerance, metres: `max(1, extent / 1000)`, where `extent` is the
    /// geodesic diagonal of the route's bounding box (south-west to north-east corner).
    ///
    /// Rationale: when the whole route fills a view about 1000 pixels across, a deviation below
    /// `extent / 1000` is under a pixel, so the simplified path looks the same while GPS jitter and
    /// dense sampling (a 5000-point track) collapse to the corners that matter; the 1 m floor keeps
    /// tiny routes from being simplified by rounding-level amounts. A 20 km ride gets 20 m.
    /// - Complexity: O(1).
    public var defaultSimplifyTolerance: Double {
        let box = boundingBox
        let diagonal = LocationCoordinate2D(latitude: box.south, longitude: box.west)
            .distance(to: LocationCoordinate2D(latitude: box.north, longitude: box.west + box.longitudeSpan))
        return max(1, diagonal / 1000)
    }

    /// A copy of the route fit for camera keyframes: duplicates dropped, then optionally simplified.
    ///
    /// See ``preparation(simplifyTolerance:keepingStops:)``, which also reports what was removed.
    /// - Complexity: O(n log n) typical, O(n^2) worst case, for n points.
    public func prepared(simplifyTolerance: Double?, keepingStops: Bool = false) -> Route {
        preparation(simplifyTolerance: simplifyTolerance, keepingStops: keepingStops).route
    }

    /// Prepares the route for camera keyframes, segment by segment, and reports what was removed.
    ///
    /// 1. Duplicates: within each segment, a point whose leg from the previous point has zero geodesic
    ///    length (same coordinate, or the same pole with another longitude) is dropped; the first of a run
    ///    is kept with its time and elevation, so recorded timing still spans the stop (the next kept
    ///    point's time minus the kept one's).
    /// 2. Simplification (when `simplifyTolerance` is not `nil`): the Douglas-Peucker algorithm
    ///    ([Douglas & Peucker 1973]) with a tolerance in metres. Each segment's first and last points are
    ///    always kept and segments are never joined. Iterative (an explicit stack of index ranges), so a
    ///    million points cannot overflow the call stack. The tolerance applies in three dimensions when the
    ///    points have elevations: a point whose only difference is its height (a summit or a saddle on a
    ///    straight path) is kept when it stands more than the tolerance above or below the chord.
    ///
    /// 3. Geodesics (not for GeoJSON, whose lines are straight in longitude and latitude, RFC 7946): legs
    ///    longer than 100 km, sweeping more than 10° of longitude, or over a pole get points along their
    ///    geodesic (``Route/densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)``), so that
    ///    keyframes between consecutive points fly the path the route is measured on, with headings that
    ///    turn as the geodesic's azimuth does; ``Preparation/geodesicPointsAdded`` counts them.
    ///
    /// Distance measure: for a sub-range `i...j`, every intermediate point `k` is placed in the ellipsoidal
    /// azimuthal equidistant projection centred at point `i`, polar coordinates `(s_ik, az_ik)` from
    /// ``Geodesic/inverse(from:to:)``. The chord `i -> j` is a geodesic through the centre, hence a straight
    /// radial line of that projection, so the distance of `k` from the *segment* `i...j` is
    /// `s_ik |sin(az_ik - az_ij)|` when `k` projects onto it (`0 <= s_ik cos(az_ik - az_ij) <= s_ij`), else the
    /// planar distance to the nearer end. This is the geodesic cross-track distance to relative accuracy
    /// about `s^2 / (6 R^2)` (4e-5 at 100 km, 4e-3 at 1000 km; the spherical cross-track formula
    /// `R asin(sin(s/R) sin(da))` versus `s sin(da)`), and distances beyond the chord's ends are measured to
    /// the ends, so every dropped point is within about `tolerance` of the kept polyline.
    ///
    /// Edge cases: segments of one or two points are kept as they are (after duplicate removal); a
    /// tolerance of 0 keeps every non-collinear point; the antimeridian and poles need nothing special
    /// (everything is measured with geodesics).
    ///
    /// - Parameters:
    ///   - simplifyTolerance: Metres (>= 0), e.g. ``defaultSimplifyTolerance``, or `nil` to only drop
    ///     duplicates.
    ///   - keepingStops: For recorded timing: of a run of duplicates whose time moves on (a stop), keep the
    ///     *last* point as well as the first, so the stop stays a zero-length leg that lasts as long as
    ///     the stop did (the camera waits there) instead of stretching the next leg over the stop's time.
    /// - Complexity: O(n log n) geodesic inverses typical (each Douglas-Peucker level measures every point
    ///   of its range once), O(n^2) worst case (a spiral); O(n) extra memory.
    ///
    /// [Douglas & Peucker 1973]: https://doi.org/10.3138/FM57-6770-U75U-7727
    public func preparation(simplifyTolerance: Double?, keepingStops: Bool = false) -> Preparation {
        if let t = simplifyTolerance { precondition(t >= 0 && t.isFinite, "simplifyTolerance must be >= 0 metres") }
        var duplicates = 0, simplified = 0
        var newSegments: [[RoutePoint]] = []
        newSegments.reserveCapacity(segments.count)
        for range in segments {
            var kept: [RoutePoint] = [points[range.lowerBound]]
            for i in (range.lowerBound + 1)..<range.upperBound {
                // legs[i - 1] joins points[i - 1] and points[i]; a run of duplicates all equal the kept one.
                if legs[i - 1].distance == 0 {
                    let lastOfRun = i + 1 == range.upperBound || legs[i].distance > 0
                    if keepingStops, lastOfRun, let t = points[i].time, let k = kept.last?.time, t > k {
                        kept.append(points[i])
                    } else {
                        duplicates += 1
                    }
                } else {
                    kept.append(points[i])
                }
            }
            if let tolerance = simplifyTolerance, kept.count > 2 {
                let before = kept.count
                // A radial pass first (a tenth of the tolerance): points that close to the last kept one
                // cannot matter, and dense tracks shrink a lot before the costlier Douglas-Peucker pass,
                // which then works to the remaining nine tenths, so every dropped point stays within the
                // tolerance of the result.
                kept = Self.radiallyThinned(kept, radius: tolerance / 10, keepingStops: keepingStops)
                if kept.count > 2 {
                    let keep = Self.douglasPeucker(kept.map(\.coordinate), elevations: kept.map(\.elevation), tolerance: tolerance * 0.9)
                    kept = kept.indices.filter { keep[$0] }.map { kept[$0] }
                }
                simplified += before - kept.count
            }
            newSegments.append(kept)
        }
        var route = Route(segments: newSegments, name: name, source: source)!  // every segment keeps >= 1 point
        var added = 0
        if source.lineInterpolation == .geodesic {
            (route, added) = route.densifiedAlongGeodesics()
        }
        var preparation = Preparation(route: route, duplicatesRemoved: duplicates, simplifiedAway: simplified,
                                      tolerance: simplifyTolerance)
        preparation.geodesicPointsAdded = added
        return preparation
    }

    /// Drops every point within `radius` metres (geodesic) of the last point kept; the first and last
    /// points always stay (and, with `keepingStops`, the second of two coincident points, a stop's end).
    /// O(n).
    static func radiallyThinned(_ points: [RoutePoint], radius: Double, keepingStops: Bool) -> [RoutePoint] {
        guard points.count > 2, radius > 0 else { return points }
        var result = [points[0]]
        result.reserveCapacity(points.count)
        for i in 1..<(points.count - 1) {
            let last = result[result.count - 1]
            let d = Geodesic.wgs84.inverse(from: last.coordinate, to: points[i].coordinate).distance
            let dz = (points[i].elevation ?? 0) - (last.elevation ?? 0)
            let d3 = (last.elevation == nil || points[i].elevation == nil) ? d : (d * d + dz * dz).squareRoot()
            if d3 > radius || (keepingStops && d == 0) { result.append(points[i]) }
        }
        result.append(points[points.count - 1])
        return result
    }

    /// Douglas-Peucker on one segment: `true` for each point kept. Iterative.
    ///
    /// With `elevations`, the distance is three-dimensional: the horizontal distance from the chord
    /// (``distanceFromChord(_:start:chord:end:)``) combined, as the two legs of a right angle, with the
    /// height of the point above or below the chord's height at the point's place along it (linear in
    /// distance along the chord between the two ends' heights). So a summit or a saddle on a straight path
    /// is kept when it stands out by more than the tolerance. A point or end without an elevation is
    /// measured in the plane only.
    static func douglasPeucker(_ coordinates: [LocationCoordinate2D], elevations: [Double?] = [],
                               tolerance: Double) -> [Bool] {
        let n = coordinates.count
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var stack: [(Int, Int)] = [(0, n - 1)]
        while let (i, j) = stack.popLast() {
            guard j > i + 1 else { continue }
            let chord = Geodesic.wgs84.inverse(from: coordinates[i], to: coordinates[j])
            var farthest = -1, largest = -1.0
            for k in (i + 1)..<j {
                let offset = chordOffset(coordinates[k], start: coordinates[i], chord: chord)
                var d = offset.distance
                if !elevations.isEmpty, let ei = elevations[i], let ej = elevations[j], let ek = elevations[k] {
                    // Height of the chord at k: interpolated by the fraction of the chord's length along it.
                    let dz = ek - (ei + (ej - ei) * offset.fraction)
                    d = (d * d + dz * dz).squareRoot()
                }
                if d > largest { largest = d; farthest = k }
            }
            if largest > tolerance {
                keep[farthest] = true
                stack.append((i, farthest))
                stack.append((farthest, j))
            }
        }
        return keep
    }

    /// Distance in metres from `point` to the geodesic segment `start -> end`, measured in the azimuthal
    /// equidistant projection centred at `start` (see ``preparation(simplifyTolerance:keepingStops:)``).
    static func distanceFromChord(_ point: LocationCoordinate2D, start: LocationCoordinate2D,
                                  chord: Geodesic.Inverse, end: LocationCoordinate2D) -> Double {
        chordOffset(point, start: start, chord: chord).distance
    }

    /// ``distanceFromChord(_:start:chord:end:)``, and where the point projects along the chord as a
    /// fraction of its length, clamped to `0...1` (0 for a closed loop). One geodesic inverse.
    static func chordOffset(_ point: LocationCoordinate2D, start: LocationCoordinate2D,
                            chord: Geodesic.Inverse) -> (distance: Double, fraction: Double) {
        let p = Geodesic.wgs84.inverse(from: start, to: point)
        if chord.distance == 0 { return (p.distance, 0) }  // closed loop: distance to the shared end
        let delta = (p.initialAzimuth - chord.initialAzimuth) * .pi / 180
        let along = p.distance * cos(delta)
        let across = p.distance * sin(delta)
        if along < 0 { return (p.distance, 0) }
        if along > chord.distance {
            return (((along - chord.distance) * (along - chord.distance) + across * across).squareRoot(), 1)
        }
        return (abs(across), along / chord.distance)
    }
}
