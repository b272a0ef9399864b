import Foundation

/// Durations for people: seconds are exact, but 1209600 s reads better as 14 days.
package enum DurationText {
    /// ` (2 d 03:04:05)` for a duration of a day or more (sign kept, whole seconds, rounded), else "".
    /// Appended after the exact seconds: `183845.000 s (2 d 03:04:05)`.
    /// - Parameter seconds: Any finite number of seconds; a non-finite one gives "".
    public static func daysSuffix(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) >= 86_400 else { return "" }
        let total = Int64(abs(seconds).rounded())
        let days = total / 86_400, rest = total % 86_400
        let h = rest / 3600, m = rest % 3600 / 60, s = rest % 60
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return " (\(seconds < 0 ? "-" : "")\(days) d \(two(h)):\(two(m)):\(two(s)))"
    }
}
