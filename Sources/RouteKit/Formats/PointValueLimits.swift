import Foundation

/// The values a route point may carry at all, checked where they enter (``RouteFile``), after any reader.
///
/// These are not plausibility limits (an elevation of 12 km is implausible for a hike but right for an
/// aircraft log); they refuse numbers that cannot be what they claim, such as an elevation of 1e308 m,
/// which would make every later sum infinite. A value outside its range is a ``RouteParseError`` naming
/// the point (0-based, in file order among the points flown, as every message counts points), the
/// value and the range. The XML readers check where they read, so that the error has a line and column.
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

    /// Why `point` cannot be as it is: its first value outside its range (elevation, heart rate,
    /// cadence, speed, time, in that order), or `nil`. O(1), no allocation unless a value is out of range.
    @inline(__always)
    static func violation(of point: RoutePoint) -> RouteParseError.Reason? {
        func outside(_ value: Double?, _ range: ClosedRange<Double>) -> Bool {
            guard let value else { return false }
            return !range.contains(value)
        }
        // Four checks written out: no array of them per point (this runs over every point read).
        if outside(point.elevation, elevation) { return violation(0, .elevation, point.elevation!).reason }
        if outside(point.heartRate, heartRate) { return violation(0, .heartRate, point.heartRate!).reason }
        if outside(point.cadence, cadence) { return violation(0, .cadence, point.cadence!).reason }
        if outside(point.speed, speed) { return violation(0, .speed, point.speed!).reason }
        if let t = point.time, let reason = timeViolation(t) { return reason }
        return nil
    }

    /// Why `time` cannot be a point's time (outside the years 1 to 9999), or `nil`. With the `text` it
    /// was read from (a date-time such as `0000-06-01T10:00:00Z`, or one whose offset takes it out of
    /// the years), the reason shows that text; without it, the seconds.
    /// `text` is only made when the time is outside them (the readers call this for every point).
    static func timeViolation(_ time: Date, text: @autoclosure () -> String? = nil) -> RouteParseError.Reason? {
        let t = time.timeIntervalSince1970
        guard !self.time.contains(t) else { return nil }
        if let text = text() {
            return .unexpectedValue(field: "time", found: "\"\(text)\"", expected: "a date-time within the years 1 to 9999 UTC")
        }
        return .valueOutOfRange(field: "time", value: t, expected: "seconds since 1970-01-01 within the years 1 to 9999")
    }

    /// A value a route point carries, with its range and unit.
    enum Quantity: String {
        case elevation, heartRate = "heart rate", cadence, speed

        var range: ClosedRange<Double> {
            switch self {
            case .elevation: return PointValueLimits.elevation
            case .heartRate: return PointValueLimits.heartRate
            case .cadence: return PointValueLimits.cadence
            case .speed: return PointValueLimits.speed
            }
        }

        var unit: String {
            switch self {
            case .elevation: return "metres"
            case .heartRate: return "beats per minute"
            case .cadence: return "per minute"
            case .speed: return "metres per second"
            }
        }
    }

    /// Whether `value` of `quantity` is within its range (``violation(_:value:)`` is `nil`), without
    /// building the reason: for the byte scanners, which hand anything else to the general path.
    @inline(__always)
    static func allows(_ quantity: Quantity, _ value: Double) -> Bool {
        quantity.range.contains(value)
    }

    /// Whether `time` can be a point's time (``timeViolation(_:)`` is `nil`), without building the reason.
    @inline(__always)
    static func allowsTime(_ time: Date) -> Bool {
        self.time.contains(time.timeIntervalSince1970)
    }

    /// Why `value` of `quantity` cannot be what it claims, or `nil` when it is within its range: for
    /// readers that check a value where they read it, so that the error carries the value's line and
    /// column.
    static func violation(_ quantity: Quantity, value: Double) -> RouteParseError.Reason? {
        guard !quantity.range.contains(value) else { return nil }
        return violation(0, quantity, value).reason
    }

    private static func violation(_ i: Int, _ quantity: Quantity, _ value: Double) -> (index: Int, reason: RouteParseError.Reason) {
        (i, .valueOutOfRange(field: quantity.rawValue, value: value,
                             expected: "\(quantity.unit) in \(formatted(quantity.range.lowerBound))...\(formatted(quantity.range.upperBound))"))
    }

    private static func formatted(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
