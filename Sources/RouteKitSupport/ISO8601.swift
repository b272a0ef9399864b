import Foundation

/// Writes instants as ISO 8601 / RFC 3339 UTC text, independent of locale and calendar settings.
package enum ISO8601 {
    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` in UTC.
    ///
    /// - Parameters:
    ///   - date: The instant.
    ///   - fractionDigits: Digits after the seconds, 0...9; `nil` (the default) writes as many as
    ///     needed, up to 6 (microseconds), dropping trailing zeros, and none for whole seconds.
    /// Dates are split with Howard Hinnant's `civil_from_days` algorithm
    /// (https://howardhinnant.github.io/date_algorithms.html), valid for the proleptic Gregorian calendar.
    public static func string(from date: Date, fractionDigits: Int? = nil) -> String {
        // Never a trap: times beyond ±285 million years (no reader lets one in) are held there.
        let t = min(max(date.timeIntervalSince1970, -9e15), 9e15)
        var seconds = t.rounded(.down)
        var fraction = t - seconds
        let digits = fractionDigits ?? 6
        let scale = pow(10, Double(digits))
        var units = (fraction * scale).rounded()
        if units >= scale { units = 0; seconds += 1 }
        fraction = units
        let total = Int64(seconds)
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secondOfDay = total - days * 86400
        let (y, m, d) = civil(fromDays: days)
        // At least 4 digits of year after any sign (XML Schema 1.1 dateTime: -0190, not -190).
        var text = (y < 0 ? "-" : "") + String(format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld",
                                               abs(y), m, d, secondOfDay / 3600, (secondOfDay / 60) % 60, secondOfDay % 60)
        if digits > 0 {
            var frac = String(Int64(fraction))
            frac = String(repeating: "0", count: digits - frac.count) + frac
            if fractionDigits == nil {
                while frac.last == "0" { frac.removeLast() }
            }
            if !frac.isEmpty { text += "." + frac }
        }
        return text + "Z"
    }

    /// Hinnant's `civil_from_days`: year, month (1...12), day (1...31) of a day count from 1970-01-01.
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
