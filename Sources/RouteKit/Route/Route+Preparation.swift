import Foundation

extension Route {
    /// What ``Route/preparation(simplifyTolerance:keepingStops:)`` removed.
    package struct Preparation: Sendable {
        /// The prepared route: same segments (none dropped, each keeps its first and last point), name
        /// and source.
        package var route: Route
        /// Points dropped because they repeated the previous kept point of their segment (zero-length legs).
        package var duplicatesRemoved: Int
        /// Points dropped by Douglas-Peucker simplification.
        package var simplifiedAway: Int
        /// The tolerance used, metres, or `nil` when not simplified.
        package var tolerance: Double?
        /// Points added along the geodesics of long legs (step 3 of
        /// ``Route/preparation(simplifyTolerance:keepingStops:)``); 0 for GeoJSON input.
        package var geodesicPointsAdded: Int = 0
        /// Where each point of ``route`` is on the route prepared: a fractional index into its points (`7`
        /// is point 7, `7.25` a quarter of the way from point 7 to point 8). A kept point's is its own
        /// index; a point added along a geodesic between two kept points lies at its share of their
        /// geodesic, spread over the indices between them.
        package var originalPositions: [Double] = []
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
    /// See `preparation(simplifyTolerance:keepingStops:)`, which also reports what was removed.
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
    package func preparation(simplifyTolerance: Double?, keepingStops: Bool = false) -> Preparation {
        if let t = simplifyTolerance { precondition(t >= 0 && t.isFinite, "simplifyTolerance must be >= 0 metres") }
        var duplicates = 0, simplified = 0
        // Indices into `points`, not copies of the points: a million-point route stays one array.
        var flownIndices: [Int] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(segments.count)
        var kept: [Int] = []
        for range in segments {
            kept.removeAll(keepingCapacity: true)
            kept.append(range.lowerBound)
            for i in (range.lowerBound + 1)..<range.upperBound {
                // legs[i - 1] joins points[i - 1] and points[i]; a run of duplicates all equal the kept one.
                if legs[i - 1].distance == 0 {
                    let lastOfRun = i + 1 == range.upperBound || legs[i].distance > 0
                    if keepingStops, lastOfRun, let t = points[i].time, let k = points[kept[kept.count - 1]].time, t > k {
                        kept.append(i)
                    } else {
                        duplicates += 1
                    }
                } else {
                    kept.append(i)
                }
            }
            if let tolerance = simplifyTolerance, kept.count > 2 {
                let before = kept.count
                // A radial pass first (a tenth of the tolerance): points that close to the last kept one
                // cannot matter, and dense tracks shrink a lot before the costlier Douglas-Peucker pass,
                // which then works to the remaining nine tenths, so every dropped point stays within the
                // tolerance of the result.
                kept = radiallyThinned(kept, radius: tolerance / 10, keepingStops: keepingStops)
                if kept.count > 2 {
                    let keep = Self.douglasPeucker(kept.map { points[$0].coordinate },
                                                   elevations: kept.map { points[$0].elevation },
                                                   tolerance: tolerance * 0.9)
                    kept = kept.indices.filter { keep[$0] }.map { kept[$0] }
                }
                simplified += before - kept.count
            }
            ranges.append(flownIndices.count..<(flownIndices.count + kept.count))
            flownIndices.append(contentsOf: kept)
        }
        // Every segment keeps >= 1 point. When every point is kept (recorded timing on a route without
        // duplicates), the route measured again would be this one, bit for bit: it is reused, with no
        // copy of its points and no geodesic measured again.
        let keepsAll = flownIndices.count == points.count
        let flown = keepsAll ? points : flownIndices.map { points[$0] }
        var route = keepsAll ? self : Route(points: flown, segments: ranges, name: name, source: source)
        var added = 0
        if source.lineInterpolation == .geodesic {
            (route, added) = route.densifiedAlongGeodesics()
        }
        var preparation = Preparation(route: route, duplicatesRemoved: duplicates, simplifiedAway: simplified,
                                      tolerance: simplifyTolerance)
        preparation.geodesicPointsAdded = added
        preparation.originalPositions = Self.positions(of: route.points, flown: flown, indices: flownIndices)
        return preparation
    }

    /// The fractional original index of each prepared point (``Preparation/originalPositions``): `flown`
    /// are the kept points (at original `indices`), in order; the others lie strictly between two of
    /// them, on their geodesic. O(n).
    static func positions(of prepared: [RoutePoint], flown: [RoutePoint], indices: [Int]) -> [Double] {
        var positions: [Double] = []
        positions.reserveCapacity(prepared.count)
        var f = 0
        for p in prepared {
            if f < flown.count, p.coordinate == flown[f].coordinate {
                positions.append(Double(indices[f]))
                f += 1
            } else if f > 0, f < flown.count {
                let a = flown[f - 1].coordinate, b = flown[f].coordinate
                let whole = Geodesic.wgs84.inverse(from: a, to: b).distance
                let share = whole > 0 ? min(Geodesic.wgs84.inverse(from: a, to: p.coordinate).distance / whole, 1) : 0
                positions.append(Double(indices[f - 1]) + share * Double(indices[f] - indices[f - 1]))
            } else {
                positions.append(Double(indices[min(f, indices.count - 1)]))
            }
        }
        return positions
    }

    /// Drops every point within `radius` metres (geodesic) of the last point kept; the first and last
    /// points always stay (and, with `keepingStops`, the second of two coincident points, a stop's end).
    /// Works on the points at `indices` (in order) and returns the indices kept. The distance is
    /// three-dimensional (horizontal geodesic distance and height difference as the legs of a right
    /// angle) when both points have elevations. O(n), on two cores for long routes
    /// (``RadialThinning/thinned(_:of:)``), with the serial result.
    func radiallyThinned(_ indices: [Int], radius: Double, keepingStops: Bool) -> [Int] {
        guard indices.count > 2, radius > 0 else { return indices }
        var kept = RadialThinning.thinned(indices, of: points, radius: radius, keepingStops: keepingStops)
        kept.append(indices[indices.count - 1])
        return kept
    }

    /// Douglas-Peucker on one segment: `true` for each point kept. Iterative.
    ///
    /// Each range's farthest point depends only on that range, so the work is spread over `threads`
    /// cores (the first ranges' searches split in parts, then the smaller ranges handed out whole) and
    /// the result is the serial one exactly: ties go to the first point, as in a serial scan.
    ///
    /// With `elevations` (one per coordinate, or empty), the distance is three-dimensional: the
    /// horizontal distance from the chord (``distanceFromChord(_:start:chord:end:)``) combined, as the two
    /// legs of a right angle, with the height of the point above or below the chord's height at the
    /// point's place along it (linear in distance along the chord between the two ends' heights). So a
    /// summit or a saddle on a straight path is kept when it stands out by more than the tolerance. A
    /// point or end without an elevation is measured in the plane only.
    static func douglasPeucker(_ coordinates: [LocationCoordinate2D], elevations: [Double?] = [],
                               tolerance: Double,
                               threads: Int = Parallel.coreCount,
                               splitAbove: Int = 65_536) -> [Bool] {
        let n = coordinates.count
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        // All-empty heights measure as the plane does; skip them.
        let heights = elevations.contains { $0 != nil } ? elevations : []
        coordinates.withUnsafeBufferPointer { coordinates in
            keep.withUnsafeMutableBufferPointer { keep in
                let search = DouglasPeuckerSearch(coordinates: coordinates, heights: heights,
                                                  tolerance: tolerance, keep: keep)
                defer { search.deallocate() }
                search.run(threads: threads, splitAbove: splitAbove)
            }
        }
        return keep
    }

    /// The distance ``douglasPeucker(_:elevations:tolerance:threads:splitAbove:)`` measures from a point
    /// to the chord, from the point's chord estimate (``ChordGeodesic``), and a bound on how far it can be
    /// from the distance measured with the exact geodesic, metres; `nil` where a height is not finite.
    ///
    /// The exact measure is the Euclidean distance from the point (polar coordinates: distance and
    /// azimuth from the chord's start) to the segment from 0 to the chord's length along the chord's
    /// azimuth (``chordOffset(_:chord:)``), which moves no more than the point does; the point moves by at
    /// most the distance error plus the sideways error. With heights, the chord's height at the point
    /// moves by at most `|ej - ei|` times that over the chord's length, and the three-dimensional distance
    /// no more than the sum of both. A part of a millionth plus a micrometre covers the rounding of this
    /// and of the exact formula.
    @inline(__always)
    static func boundedDistance(_ estimate: ChordGeodesic.Estimate, chord: Geodesic.Inverse,
                                direction: (sin: Double, cos: Double),
                                heights: (Double, Double, Double)?) -> (distance: Double, error: Double)? {
        let moved = estimate.distanceError + estimate.sidewaysError
        var distance: Double, error: Double, fraction: Double
        if chord.distance == 0 {
            // A closed loop: the distance to the shared end.
            (distance, error, fraction) = (estimate.distance, estimate.distanceError, 0)
        } else {
            // cos and sin of (azimuth - chord's azimuth), times the distance.
            let along = estimate.distance * (estimate.cosAzimuth * direction.cos + estimate.sinAzimuth * direction.sin)
            let across = estimate.distance * (estimate.sinAzimuth * direction.cos - estimate.cosAzimuth * direction.sin)
            if along < 0 {
                (distance, fraction) = ((along * along + across * across).squareRoot(), 0)
            } else if along > chord.distance {
                let beyond = along - chord.distance
                (distance, fraction) = ((beyond * beyond + across * across).squareRoot(), 1)
            } else {
                (distance, fraction) = (abs(across), along / chord.distance)
            }
            error = moved
        }
        if let (ei, ej, ek) = heights {
            guard ei.isFinite, ej.isFinite, ek.isFinite else { return nil }
            let dz = ek - (ei + (ej - ei) * fraction)
            distance = (distance * distance + dz * dz).squareRoot()
            if chord.distance > 0 { error += abs(ej - ei) * moved / chord.distance }
        }
        error += 1e-6 + 1e-9 * (estimate.distance + chord.distance + distance)
        return (distance, error)
    }

    /// Distance in metres from `point` to the geodesic segment `start -> end`, measured in the azimuthal
    /// equidistant projection centred at `start` (see ``preparation(simplifyTolerance:keepingStops:)``).
    static func distanceFromChord(_ point: LocationCoordinate2D, start: LocationCoordinate2D,
                                  chord: Geodesic.Inverse, end: LocationCoordinate2D) -> Double {
        chordOffset(point, start: start, chord: chord).distance
    }

    /// ``distanceFromChord(_:start:chord:end:)`` with the geodesic from the chord's start to the point
    /// (`p`) already computed.
    static func distanceFromChord(_ p: Geodesic.Inverse, chord: Geodesic.Inverse) -> Double {
        chordOffset(p, chord: chord).distance
    }

    /// ``distanceFromChord(_:start:chord:end:)``, and where the point projects along the chord as a
    /// fraction of its length, clamped to `0...1` (0 for a closed loop). One geodesic inverse.
    static func chordOffset(_ point: LocationCoordinate2D, start: LocationCoordinate2D,
                            chord: Geodesic.Inverse) -> (distance: Double, fraction: Double) {
        chordOffset(Geodesic.wgs84.inverse(from: start, to: point), chord: chord)
    }

    /// ``chordOffset(_:start:chord:)`` with the geodesic from the chord's start to the point (`p`)
    /// already computed. No geodesic computed.
    static func chordOffset(_ p: Geodesic.Inverse, chord: Geodesic.Inverse) -> (distance: Double, fraction: Double) {
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
