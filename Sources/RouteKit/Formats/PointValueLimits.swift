/// The values a route point may carry at all, checked where they enter (``RouteFile``), after any reader.
///
/// These are not plausibility limits (an elevation of 12 km is implausible for a hike but right for an
/// aircraft log); they refuse numbers that cannot be what they claim, such as an elevation of 1e308 m,
/// which would make every later sum infinite. A value outside its range is a ``RouteParseError`` naming
/// the point (1-based, in file order among the points flown), the value and the range.
///
/// - Elevation: -12 000...100 000 m (below the deepest sea floor, 10 935 m in the Challenger Deep;
///   up to the Kármán line).
/// - Heart rate: 0...400 beats per minute.
/// - Cadence: 0...1000 per minute.
/// - Speed: 0...20 000 m/s (faster than anything a GPS receiver records, orbit included).
package enum PointValueLimits {
    public static let elevation: ClosedRange<Double> = -12_000...100_000
    public static let heartRate: ClosedRange<Double> = 0...400
    public static let cadence: ClosedRange<Double> = 0...1000
    public static let speed: ClosedRange<Double> = 0...20_000
    /// Times, seconds since 1970-01-01T00:00:00Z: the years 1 to 9999 (0001-01-01T00:00:00Z is
    /// -62135596800 s, 9999-12-31T23:59:59Z is 253402300799 s; Python's `datetime`), which ISO 8601's
    /// four-digit years write.
    public static let time: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// The first value outside its range, as a reason, with the point's 1-based index.
    ///
    /// - Complexity: O(n), one pass with no allocation unless a value is out of range.
    static func firstViolation(in points: [RoutePoint]) -> (index: Int, reason: RouteParseError.Reason)? {
        func outside(_ value: Double?, _ range: ClosedRange<Double>) -> Bool {
            guard let value else { return false }
            return !range.contains(value)
        }
        for (i, p) in points.enumerated() {
            if outside(p.elevation, elevation) { return violation(i, "elevation", p.elevation!, elevation, "metres") }
            if outside(p.heartRate, heartRate) { return violation(i, "heart rate", p.heartRate!, heartRate, "beats per minute") }
            if outside(p.cadence, cadence) { return violation(i, "cadence", p.cadence!, cadence, "per minute") }
            if outside(p.speed, speed) { return violation(i, "speed", p.speed!, speed, "metres per second") }
            if let t = p.time?.timeIntervalSince1970, !time.contains(t) {
                return (i, .valueOutOfRange(field: "time", value: t, expected: "seconds since 1970-01-01 within the years 1 to 9999"))
            }
        }
        return nil
    }

    /// Why `value` of `field` ("elevation", "heart rate", "cadence" or "speed") cannot be what it
    /// claims, or `nil` when it is within its range: for readers that check a value where they read
    /// it, so that the error carries the value's line and column.
    static func violation(field: String, value: Double) -> RouteParseError.Reason? {
        let (range, unit): (ClosedRange<Double>, String)
        switch field {
        case "elevation": (range, unit) = (elevation, "metres")
        case "heart rate": (range, unit) = (heartRate, "beats per minute")
        case "cadence": (range, unit) = (cadence, "per minute")
        default: (range, unit) = (speed, "metres per second")
        }
        guard !range.contains(value) else { return nil }
        return violation(0, field, value, range, unit).reason
    }

    private static func violation(_ i: Int, _ field: String, _ value: Double, _ range: ClosedRange<Double>,
                                  _ unit: String) -> (index: Int, reason: RouteParseError.Reason) {
        (i, .valueOutOfRange(field: field, value: value,
                                 expected: "\(unit) in \(formatted(range.lowerBound))...\(formatted(range.upperBound))"))
    }

    private static func formatted(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
