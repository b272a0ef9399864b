import Foundation

/// The values of a route that cannot be what was recorded, and the one decision taken about each
/// (``Route/outliers``), so that the flight, the ground the clearance uses, the profile and the check
/// all see the same route.
///
/// The rules, in order:
/// 1. **Wrapped heights** (``WrappedHeights``): heights in ``wrappedHeights`` (`65000 ..< 65536` m) are
///    negative heights stored in an unsigned 16-bit field (`h + 65536`), when every other height of the
///    route is within 536 m of sea level (where `h - 65536`, `-536 ..< 0` m, lies), or there is no other
///    height. Each becomes `h - 65536`.
/// 2. **Height spikes** (``HeightSpike``): a Hampel filter (Hampel 1974; Pearson 2002, IEEE TCST 10(1))
///    over the heights within ``spikeWindow`` / 2 metres along the route of each point (at least 3 of
///    them): a height more than `max(3 × 1.4826 × MAD, ` ``spikeFloor`` `)` from their median is a spike
///    and becomes that median, when it (or the run of such heights it is in) also stands more than the
///    floor above, or below, both the heights just before and after it: a spike comes back, a step does
///    not. Points farther apart than the window (a planned route) and a route's first and last heights
///    are never judged.
/// 3. **Wild positions** (``PositionOutlier``): a point inside a segment whose legs in and out, `a` and
///    `b`, are both at least ``positionFloor`` metres and more than ``positionRatio`` times both the
///    distance between its two neighbours `c` and the route's median leg (so the neighbours agree with
///    each other and the route moves in short steps), and, when the three points are timed, whose
///    speeds in and out are both over `max(` ``positionSpeedFloor`` `, 5 ×` the route's median leg
///    speed `)` (a leg of no time counts as infinitely fast). It is left out of the route flown.
///    Two wild points in a row, and a wild first or last point of a segment, are not recognised.
/// 4. **No fix** (``noFixes``): a point at exactly latitude 0, longitude 0 (what receivers and apps write
///    for a position they do not have), when the nearest points before and after it that are not at
///    (0, 0) (in file order, across segments; one of them at the route's ends) are each more than a
///    degree away in latitude or longitude (over 110 km): the route is elsewhere. Any number of them,
///    anywhere, as long as two points stay. They are left out of the route flown; a route through the
///    Gulf of Guinea keeps a point at (0, 0) between neighbours near it.
package struct RouteOutliers: Sendable {
    /// Heights corrected from an unsigned 16-bit wrap: how many, and the first (its index in the route as
    /// read and its height as read, metres).
    package struct WrappedHeights: Hashable, Sendable {
        package var count: Int
        package var firstIndex: Int
        package var firstValue: Double
    }

    /// A height replaced by the median of its neighbours (metres; `index` into the route as read).
    package struct HeightSpike: Hashable, Sendable {
        package var index: Int
        package var recorded: Double
        package var replacement: Double
    }

    /// A position left out of the flight: `index` into the route as read, the geodesic legs in and out and
    /// the distance between its neighbours (metres), and the speeds in and out (m/s; `nil` untimed,
    /// `.infinity` over a leg of no time).
    package struct PositionOutlier: Hashable, Sendable {
        package var index: Int
        package var coordinate: LocationCoordinate2D
        package var distanceIn: Double
        package var distanceOut: Double
        package var neighbourDistance: Double
        package var speedIn: Double?
        package var speedOut: Double?
    }

    /// Heights read in this range, metres, are taken for wrapped negative heights: `65000 ..< 65536`.
    package static let wrappedHeights = 65000.0 ..< 65536.0
    /// Metres along the route a height spike is judged over: 200.
    package static let spikeWindow = 200.0
    /// Metres: a height closer than this to its neighbours' median is never a spike: 50.
    package static let spikeFloor = 50.0
    /// Metres: a leg in or out shorter than this never makes a wild position: 100.
    package static let positionFloor = 100.0
    /// How many times longer than the neighbours' distance and the median leg both legs must be: 10.
    package static let positionRatio = 10.0
    /// Metres per second: the least speed in and out of a timed wild position: 50.
    package static let positionSpeedFloor = 50.0

    package var wrapped: WrappedHeights?
    package var heightSpikes: [HeightSpike] = []
    package var positions: [PositionOutlier] = []
    /// Indices (into the route as read, in order) of the points at (0, 0) that rule 4 leaves out.
    package var noFixes: [Int] = []
    /// The route as read with rules 1 and 2 applied: point for point the file's.
    package var correctedHeights: Route
    /// ``correctedHeights`` without the wild positions and the points of no fix: the route to fly, measure
    /// and profile.
    package var route: Route

    /// `true` when no rule changed anything.
    package var isEmpty: Bool { wrapped == nil && heightSpikes.isEmpty && positions.isEmpty && noFixes.isEmpty }
}

extension Route {
    /// This route's outliers and the route without them (``RouteOutliers``, whose rules these are).
    ///
    /// - Complexity: O(n log n) for n points (a median over the legs; the Hampel filter looks at at most
    ///   31 heights a point).
    package var outliers: RouteOutliers {
        var points = self.points
        let wrapped = Self.unwrapHeights(&points)
        let spikes = Self.removeSpikes(&points, at: cumulativeDistances)
        let corrected = (wrapped == nil && spikes.isEmpty) ? self
            : Route(points: points, segments: segments, name: name, source: source, measuredLegs: legs)
        let noFixes = noFixPoints()
        let wild = wildPositions(besides: Set(noFixes))
        var result = RouteOutliers(wrapped: wrapped, heightSpikes: spikes, positions: wild, noFixes: noFixes,
                                   correctedHeights: corrected, route: corrected)
        if !wild.isEmpty || !noFixes.isEmpty { result.route = corrected.removing(Set(wild.map(\.index) + noFixes)) }
        return result
    }

    /// Rule 4: the points at (0, 0) whose nearest other points before and after are over a degree away.
    /// O(n), one comparison a point when no point is at (0, 0).
    func noFixPoints() -> [Int] {
        func isZero(_ i: Int) -> Bool { points[i].isAtNullIsland }
        func isFar(_ i: Int) -> Bool { abs(points[i].coordinate.latitude) > 1 || abs(points[i].coordinate.longitude) > 1 }
        guard let firstZero = points.indices.first(where: isZero) else { return [] }
        var found: [Int] = []
        var i = firstZero
        while i < points.count {
            guard isZero(i) else { i += 1; continue }
            // A run of points at (0, 0) and the points on either side of it.
            var end = i
            while end < points.count, isZero(end) { end += 1 }
            let before = i > 0 ? i - 1 : nil, after = end < points.count ? end : nil
            if before != nil || after != nil, before.map(isFar) ?? true, after.map(isFar) ?? true {
                found += i..<end
            }
            i = end
        }
        // A route of (0, 0) and one other point leaves nothing to judge by (and nothing to fly without it).
        return points.count - found.count >= 2 ? found : []
    }

    /// Rule 1: corrects wrapped heights in place.
    static func unwrapHeights(_ points: inout [RoutePoint]) -> RouteOutliers.WrappedHeights? {
        let range = RouteOutliers.wrappedHeights
        let nearSeaLevel = 65536 - range.lowerBound
        var first: Int? = nil, count = 0
        for (i, p) in points.enumerated() {
            guard let h = p.elevation else { continue }
            if range.contains(h) {
                first = first ?? i
                count += 1
            } else if abs(h) > nearSeaLevel {
                return nil
            }
        }
        guard let first else { return nil }
        let value = points[first].elevation!
        for i in points.indices {
            if let h = points[i].elevation, range.contains(h) { points[i].elevation = h - 65536 }
        }
        return .init(count: count, firstIndex: first, firstValue: value)
    }

    /// Rule 2: replaces height spikes in place. The heights are filtered where they lie (no copy of
    /// them or of their distances, unless some points have no height: then an index of those that do).
    static func removeSpikes(_ points: inout [RoutePoint], at distances: [Double]) -> [RouteOutliers.HeightSpike] {
        let indices: [Int]? = points.allSatisfy { $0.elevation != nil } ? nil : points.indices.filter { points[$0].elevation != nil }
        let count = indices?.count ?? points.count
        let spikes = Self.spikes(count: count, value: { points[indices?[$0] ?? $0].elevation! },
                                 position: { distances[indices?[$0] ?? $0] })
        var found: [RouteOutliers.HeightSpike] = []
        for spike in spikes {
            let i = indices?[spike.index] ?? spike.index
            found.append(.init(index: i, recorded: points[i].elevation!, replacement: spike.median))
        }
        for spike in found { points[spike.index].elevation = spike.replacement }
        return found
    }

    /// The Hampel filter's replacements (``ElevationSmoothing/replacements(count:window:floor:value:position:)``)
    /// of `count` heights that are kept as spikes: whole runs of consecutive replaced heights that stand
    /// out (``standsOut(run:count:value:)``).
    private static func spikes(count: Int, value: (Int) -> Double, position: (Int) -> Double) -> [(index: Int, median: Double)] {
        let replaced = ElevationSmoothing.replacements(count: count, window: RouteOutliers.spikeWindow,
                                                       floor: RouteOutliers.spikeFloor, value: value, position: position)
        var kept: [(index: Int, median: Double)] = []
        var r = 0
        while r < replaced.count {
            var end = r + 1  // the run of consecutive replaced heights r..<end
            while end < replaced.count && replaced[end].index == replaced[end - 1].index + 1 { end += 1 }
            if standsOut(run: replaced[r].index..<(replaced[end - 1].index + 1), count: count, value: value) {
                kept += replaced[r..<end]
            }
            r = end
        }
        return kept
    }

    /// Whether every height of `run` is more than ``RouteOutliers/spikeFloor`` above, or every one below,
    /// both the height just before the run and the one just after it (a spike goes up and comes back; a
    /// step, such as a logger holding a summit's height and then dropping, does not). The route's first
    /// and last heights are never spikes.
    private static func standsOut(run: Range<Int>, count: Int, value: (Int) -> Double) -> Bool {
        guard run.lowerBound > 0, run.upperBound < count else { return false }
        let before = value(run.lowerBound - 1), after = value(run.upperBound)
        let floor = RouteOutliers.spikeFloor
        return run.allSatisfy { value($0) - max(before, after) > floor }
            || run.allSatisfy { min(before, after) - value($0) > floor }
    }

    /// Rule 3: the wild positions, in order. Only a point whose legs in and out are both at least
    /// ``RouteOutliers/positionFloor`` can be one, so the medians are taken only when there is such a point.
    /// Points of no fix (rule 4, `noFixes`) are not judged: they are left out as such.
    func wildPositions(besides noFixes: Set<Int> = []) -> [RouteOutliers.PositionOutlier] {
        var candidates: [Int] = []
        for segment in segments where segment.count >= 3 {
            for i in (segment.lowerBound + 1)..<(segment.upperBound - 1)
            where min(legs[i - 1].distance, legs[i].distance) >= RouteOutliers.positionFloor && !noFixes.contains(i) {
                candidates.append(i)
            }
        }
        guard !candidates.isEmpty else { return [] }
        var moving: [Double] = []
        moving.reserveCapacity(legs.count)
        for leg in legs where !leg.isGap && leg.distance > 0 { moving.append(leg.distance) }
        guard moving.count >= 2 else { return [] }
        let medianLeg = Self.median(&moving)
        moving = []
        var speeds: [Double] = []
        for k in legs.indices where !legs[k].isGap {
            if let t0 = points[k].time, let t1 = points[k + 1].time, t1 > t0 {
                speeds.append(legs[k].distance / t1.timeIntervalSince(t0))
            }
        }
        let impossible = max(RouteOutliers.positionSpeedFloor, 5 * (speeds.isEmpty ? 0 : Self.median(&speeds)))
        return candidates.compactMap { wildPosition(at: $0, medianLeg: medianLeg, impossibleSpeed: impossible) }
    }

    /// Point `i` (inside a segment) when rule 3 makes it a wild position.
    private func wildPosition(at i: Int, medianLeg: Double, impossibleSpeed: Double) -> RouteOutliers.PositionOutlier? {
        let a = legs[i - 1].distance, b = legs[i].distance
        let shorter = min(a, b)
        guard shorter >= RouteOutliers.positionFloor, shorter > RouteOutliers.positionRatio * medianLeg else { return nil }
        let c = Geodesic.wgs84.inverse(from: points[i - 1].coordinate, to: points[i + 1].coordinate).distance
        guard shorter > RouteOutliers.positionRatio * c else { return nil }
        var speedIn: Double? = nil, speedOut: Double? = nil
        if let t0 = points[i - 1].time, let t1 = points[i].time, let t2 = points[i + 1].time, t0 <= t1, t1 <= t2 {
            let dIn = t1.timeIntervalSince(t0), dOut = t2.timeIntervalSince(t1)
            speedIn = dIn > 0 ? a / dIn : .infinity
            speedOut = dOut > 0 ? b / dOut : .infinity
            guard min(speedIn!, speedOut!) > impossibleSpeed else { return nil }
        }
        return .init(index: i, coordinate: points[i].coordinate, distanceIn: a, distanceOut: b,
                     neighbourDistance: c, speedIn: speedIn, speedOut: speedOut)
    }

    /// This route without the points at `removed` (a segment left with no point is dropped; at least one
    /// point must stay). O(n) time, one copy of the points kept.
    ///
    /// Legs between points that stay neighbours are this route's, not measured again: a leg of
    /// positive length keeps its geodesic's distance and heading as measured
    /// (``measuredLegs(_:threads:)``); only legs across a removed point, of zero length (whose heading
    /// this route filled in) or across a gap are measured, so the route is the one measured whole, bit
    /// for bit.
    func removing(_ removed: Set<Int>) -> Route {
        var kept: [RoutePoint] = []
        var keptIndices: [Int] = []
        kept.reserveCapacity(points.count - removed.count)
        keptIndices.reserveCapacity(points.count - removed.count)
        var ranges: [Range<Int>] = []
        for segment in segments {
            let start = kept.count
            for i in segment where !removed.contains(i) {
                kept.append(points[i])
                keptIndices.append(i)
            }
            if kept.count > start { ranges.append(start..<kept.count) }
        }
        let measured = (0..<max(kept.count - 1, 0)).map { k -> Leg in
            let i = keptIndices[k], j = keptIndices[k + 1]
            if j == i + 1, !legs[i].isGap, legs[i].distance > 0 { return Leg(distance: legs[i].distance, heading: legs[i].heading, isGap: false) }
            let inverse = Geodesic.wgs84.inverse(from: kept[k].coordinate, to: kept[k + 1].coordinate)
            return Leg(distance: inverse.distance, heading: Angles.normalizedHeading(inverse.initialAzimuth), isGap: false)
        }
        return Route(points: kept, segments: ranges, name: name, source: source, measuredLegs: measured)
    }

    /// The median of `values`, sorted in place.
    private static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let m = values.count
        return m % 2 == 1 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2
    }
}

extension RouteOutliers.WrappedHeights {
    /// One sentence naming the wrap and the correction; `place` says where the first is (e.g.
    /// `ride.gpx:12:5`), or `nil`.
    package func sentence(place: String?) -> String {
        let first = "point \(firstIndex)\(place.map { " (\($0))" } ?? "")"
        return "\(count) height\(count == 1 ? "" : "s") read as 65000...65535 m \(count == 1 ? "is a negative height" : "are negative heights") "
            + "wrapped as an unsigned 16-bit number (h + 65536, below sea level), corrected to h - 65536; "
            + "the first at \(first): \(FixedDecimal.string(firstValue, places: 1)) m read, \(FixedDecimal.string(firstValue - 65536, places: 1)) m used"
    }
}

extension RouteOutliers {
    /// Outliers of one kind told one by one at most; more are one sentence (one cause: a logger or an
    /// export that writes them throughout), as the route check caps its findings.
    package static let listedAtMost = 5

    /// The warnings for the height spikes: a sentence each, or one for all of more than ``listedAtMost``
    /// (their count, the first and the largest); `place` locates points as `path:line:column`.
    package func heightSpikeSentences(place: [Int: String]) -> [String] {
        guard heightSpikes.count > Self.listedAtMost else { return heightSpikes.map { $0.sentence(place: place[$0.index]) } }
        let first = heightSpikes[0]
        let largest = heightSpikes.max { abs($0.recorded - $0.replacement) < abs($1.recorded - $1.replacement) }!
        return ["\(heightSpikes.count) heights are spikes, each replaced by the median of the heights within "
                + "\(Int(RouteOutliers.spikeWindow / 2)) m along the route (flight, ground, profile): "
                + (largest.index == first.index ? "the first and largest, " + first.brief(place: place[first.index])
                   : "the first, " + first.brief(place: place[first.index]) + "; the largest, " + largest.brief(place: place[largest.index]))
                + "; the route check lists every one (elevation-spike)"]
    }

    /// The warnings for the wild positions: a sentence each, or one for all of more than ``listedAtMost``.
    package func positionSentences(place: [Int: String]) -> [String] {
        guard positions.count > Self.listedAtMost else { return positions.map { $0.sentence(place: place[$0.index]) } }
        let first = positions[0]
        return ["\(positions.count) points are wild positions, far from both neighbours, which are close together, and "
                + "left out of the flight, the profile and the route values; the first: " + first.found(place: place[first.index])
                + "; the route check lists every one (position-outlier)"]
    }
}

extension RouteOutliers {
    /// The warning for the points of no fix (rule 4): one sentence for all, naming the first.
    package func noFixSentences(place: [Int: String]) -> [String] {
        guard let first = noFixes.first else { return [] }
        let count = noFixes.count
        return ["\(count == 1 ? "point" : "\(count) points, the first") \(first)\(place[first].map { " (\($0))" } ?? "") "
                + "\(count == 1 ? "is" : "are") at latitude 0, longitude 0, where receivers put a fix they do not have, "
                + "far from the route around \(count == 1 ? "it" : "them") (over 110 km); left out of the flight, the profile and the route values"]
    }
}

extension RouteOutliers.HeightSpike {
    /// Where the spike is and its heights, for a sentence about many: `point 3 (ride.gpx:8:1), 3000.0 m
    /// read, 100.0 m used`.
    fileprivate func brief(place: String?) -> String {
        "point \(index)\(place.map { " (\($0))" } ?? ""), \(FixedDecimal.string(recorded, places: 1)) m read, "
            + "\(FixedDecimal.string(replacement, places: 1)) m used"
    }

    /// One sentence naming the spike and the height used instead; `place` as for ``RouteOutliers/WrappedHeights/sentence(place:)``.
    package func sentence(place: String?) -> String {
        "point \(index)\(place.map { " (\($0))" } ?? "") has a height spike: \(FixedDecimal.string(recorded, places: 1)) m, "
            + "\(FixedDecimal.string(abs(recorded - replacement), places: 1)) m off the median of the heights within "
            + "\(Int(RouteOutliers.spikeWindow / 2)) m along the route; \(FixedDecimal.string(replacement, places: 1)) m used "
            + "(flight, ground, profile)"
    }
}

extension RouteOutliers.PositionOutlier {
    /// One sentence naming the wild position and what is done with it; `place` as for
    /// ``RouteOutliers/WrappedHeights/sentence(place:)``.
    package func sentence(place: String?) -> String {
        found(place: place) + "; left out of the flight, the profile and the route values"
    }

    /// Where the wild position is and why it is one.
    fileprivate func found(place: String?) -> String {
        func speed(_ v: Double?) -> String? {
            v.map { $0.isFinite ? "\(FixedDecimal.string($0, places: 1)) m/s" : "no time" }
        }
        let speeds = speedIn.map { _ in " (\(speed(speedIn)!) in, \(speed(speedOut)!) out)" } ?? ""
        return "point \(index)\(place.map { " (\($0))" } ?? "") at \(FixedDecimal.string(coordinate.latitude, places: 6)), "
            + "\(FixedDecimal.string(coordinate.longitude, places: 6)) is a wild position: "
            + "\(FixedDecimal.string(distanceIn, places: 0)) m from the point before and \(FixedDecimal.string(distanceOut, places: 0)) m to the point after\(speeds), "
            + "which are \(FixedDecimal.string(neighbourDistance, places: 0)) m apart"
    }
}
