import Foundation

/// The steps of ``RouteCheck/check(_:options:zones:)`` after the clock's: zones, geometry and heights,
/// each returning its findings in point order.
extension RouteCheck {
    private static func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }

    /// The typical moving speed, m/s, of the moving legs `moving` (speed m/s, duration s), sorted in place.
    ///
    /// The activity, from the moving legs' speeds weighted by their durations (legs of at least 0.05 s:
    /// a shorter step is below any logger's resolution, e.g. Mojstrovka's 0.0003 s between sentinel
    /// times; weighting by time keeps the short, noisy legs of GPS jitter from passing a hike off as a
    /// bike ride). The typical speed is the weighted median; but when the recording moves faster than
    /// that activity's limit for more than a tenth of its time (the weighted 90th percentile), it is
    /// the faster activity (a plane that taxis for half its log still flies).
    static func typicalMovingSpeed(_ moving: inout [(speed: Double, dt: Double)]) -> Double? {
        // Sorted in place (the sort compares speeds alone, so the order is that of sorting whole legs).
        moving.sort { $0.speed < $1.speed }
        let movingTime = moving.reduce(0) { $0 + $1.dt }
        func weightedPercentile(_ q: Double) -> Double? {
            var elapsed = 0.0
            for leg in moving {
                elapsed += leg.dt
                if elapsed >= q * movingTime { return leg.speed }
            }
            return moving.last?.speed
        }
        var typical = weightedPercentile(0.5)
        if let median = typical, let fast = weightedPercentile(0.9), fast > Activity(typicalSpeed: median).speedLimit {
            typical = fast
        }
        return typical
    }

    /// The zone notations seen (sorted) and the `time-zone-mixed` and `time-zone-missing` findings, for
    /// one zone per point of `points`.
    static func zoneFindings(_ zones: [TimeZoneDesignator?], points: [RoutePoint]) -> (names: [String], findings: [Finding]) {
        precondition(zones.count == points.count, "one zone per point")
        var findings: [Finding] = []
        // The distinct notations (a handful), without an array of every point's.
        var distinct = Set<TimeZoneDesignator>()
        var zoneless = 0
        for zone in zones {
            guard let zone else { continue }
            distinct.insert(zone)
            if zone == .none { zoneless += 1 }
        }
        // Distinct designators have distinct descriptions (offsets are whole minutes).
        let zoneNames = Set(distinct.map(\.description)).sorted()
        if let first = zones.firstIndex(where: { $0 != nil }), let reference = zones[first],
           let other = zones.indices.first(where: { zones[$0] != nil && zones[$0] != reference }) {
            findings.append(Finding(.warning, .timeZoneMixed, index: other, time: .recorded(points[other].time),
                "Times are written in \(zoneNames.count) zone notations (\(zoneNames.joined(separator: ", "))): point \(first) uses \(reference), point \(other) uses \(zones[other]!)."))
        }
        if let first = zones.firstIndex(where: { $0 == TimeZoneDesignator.none }) {
            let count = zoneless
            findings.append(Finding(.note, .timeZoneMissing, index: first, time: .recorded(points[first].time),
                "\(count) time\(count == 1 ? " has" : "s have") no zone (the first at point \(first)); \(count == 1 ? "it was" : "they were") read as UTC."))
        }
        return (zoneNames, findings)
    }

    /// The `zero-length-segment` findings, in segment order.
    static func segmentFindings(_ route: Route, legs: [Route.Leg]) -> [Finding] {
        let points = route.points
        var findings: [Finding] = []
        for (s, range) in route.segments.enumerated() {
            let length = range.dropLast().reduce(0.0) { $0 + legs[$1].distance }
            if length == 0 {
                findings.append(Finding(.warning, .zeroLengthSegment, index: range.lowerBound, time: .recorded(points[range.lowerBound].time),
                    range.count == 1
                        ? "Segment \(s) (point \(range.lowerBound)) has a single point: it travels nowhere."
                        : "Segment \(s) (points \(range.lowerBound) to \(range.upperBound - 1)) has \(range.count) points at one place: it travels nowhere."))
            }
        }
        return findings
    }

    /// The `piece-gap` and `pieces-out-of-order` findings. Pieces saved reversed in their place (the chain
    /// keeps the file order, reverses only them): the jumps into and out of them are theirs, said once by
    /// `time-piece-newest-first`.
    static func pieceFindings(_ clock: RouteClockCheck) -> [Finding] {
        let pieceJumps = pieceFindings(clock.route, threshold: clock.options.pieceGap)
        let onlyReversedInPlace = !clock.reversedPieces.isEmpty
            && (clock.pieces?.chain.enumerated().allSatisfy { $0.offset == $0.element.segment } ?? true)
        return onlyReversedInPlace ? pieceJumps.filter { $0.code != .piecesOutOfOrder } : pieceJumps
    }

    /// The `duplicate-point` findings, then the `jump` findings of legs inside segments longer than
    /// `jumpLimit` metres (none when `nil`).
    static func legFindings(_ points: [RoutePoint], legs: [Route.Leg], jumpLimit: Double?) -> [Finding] {
        var findings: [Finding] = []
        for i in legs.indices where !legs[i].isGap && legs[i].distance == 0 && points[i].coordinate == points[i + 1].coordinate {
            findings.append(Finding(.note, .duplicatePoint, index: i + 1, time: .recorded(points[i + 1].time),
                "Point \(i + 1) repeats point \(i)'s position."))
        }
        if let limit = jumpLimit {
            for i in legs.indices where !legs[i].isGap && legs[i].distance > limit {
                findings.append(Finding(.warning, .jump, index: i + 1, time: .recorded(points[i + 1].time),
                    "Point \(i + 1) is \(num(legs[i].distance, 1)) m from point \(i) (more than \(num(limit, 1)) m)."))
            }
        }
        return findings
    }

    /// The `null-island`, `latitude-out-of-range` and `longitude-out-of-range` findings, point by point;
    /// more than ``RouteOutliers/listedAtMost`` points at (0, 0) are one finding (a receiver that writes
    /// them whenever it has no fix).
    static func coordinateFindings(_ points: [RoutePoint]) -> [Finding] {
        var findings: [Finding] = []
        let atZero = points.indices.filter { points[$0].isAtNullIsland }
        if atZero.count > RouteOutliers.listedAtMost {
            findings.append(Finding(.error, .nullIsland, index: atZero[0], time: .recorded(points[atZero[0]].time),
                "\(atZero.count) points, the first point \(atZero[0]), are at latitude 0, longitude 0: fixes the device never had."))
        } else {
            for i in atZero {
                findings.append(Finding(.error, .nullIsland, index: i, time: .recorded(points[i].time),
                    "Point \(i) is at latitude 0, longitude 0: a fix the device never had."))
            }
        }
        for (i, p) in points.enumerated() {
            let c = p.coordinate
            if !(c.latitude.isFinite && (-90...90).contains(c.latitude)) {
                findings.append(Finding(.error, .latitudeOutOfRange, index: i, time: .recorded(p.time),
                    "Point \(i)'s latitude \(c.latitude) is outside -90...90 degrees."))
            }
            if !(c.longitude.isFinite && (-180...180).contains(c.longitude)) {
                findings.append(Finding(.warning, .longitudeOutOfRange, index: i, time: .recorded(p.time),
                    "Point \(i)'s longitude \(c.longitude) is outside -180...180 degrees."))
            }
        }
        return findings
    }

    /// The `elevation-implausible` finding (one for all), then the heights' `elevation-missing`.
    static func elevationFindings(_ route: Route) -> [Finding] {
        let points = route.points
        var findings: [Finding] = []
        let plausible = RoutePoint.plausibleElevations
        if let first = points.firstIndex(where: { $0.elevation.map { !plausible.contains($0) } ?? false }) {
            let count = points[first...].reduce(0) { $0 + ($1.elevation.map { plausible.contains($0) ? 0 : 1 } ?? 0) }
            let value = points[first].elevation!
            let shown = abs(value) >= 1e6 ? String(format: "%.6g", value) : num(value, 3)
            findings.append(Finding(.error, .elevationImplausible, index: first, time: .recorded(points[first].time),
                "\(count) point\(count == 1 ? " has an elevation" : "s have elevations") outside \(Int(plausible.lowerBound))...\(Int(plausible.upperBound)) m, the first point \(first) at \(shown) m\(abs(value) > 1e8 ? " (a time or a count, not a height?)" : "")."))
        }
        // Heights.
        if let missing = route.missingElevations {
            findings.append(Finding(.warning, .elevationMissing, index: missing.firstIndex,
                                    time: .recorded(points[missing.firstIndex].time), missing.description))
        }
        return findings
    }
}
