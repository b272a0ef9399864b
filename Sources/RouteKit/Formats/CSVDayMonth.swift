import Foundation

/// Dates written day and month first in a CSV time (or date) column: `31/12/2020 10:00:00`,
/// `12/31/2020 10:00`, also with `.` or `-` between the numbers (`31.12.2020`), and how a column's
/// order is decided.
///
/// **The rule.** The order is decided once for the whole column, never row by row: day first when
/// some date's first number is over 12 (`31/12/2020`), month first when some date's second number is
/// (`12/31/2020`). A column with both is refused at the first date that contradicts the order; a column
/// where every date could be read either way (all numbers 1...12, and some date with two different
/// numbers) is refused as ambiguous, naming the forms accepted (``acceptedForms``). A date whose two
/// numbers are equal (`05/05/2020`) reads the same either way.
struct CSVDayMonth: Hashable {
    /// The date's first and second number, its four-digit year, and the rest of the text (empty, or
    /// the time after a space or `T`).
    var first: Int
    var second: Int
    var year: Substring
    var rest: Substring

    /// The forms a CSV time column accepts, for error messages.
    static let acceptedForms = "an ISO 8601 date-time (2020-12-31T10:00:00Z, 2020-12-31 10:00:00, 2020/12/31 10:00, "
        + "seconds optional), or a day/month date (31/12/2020 10:00:00 or 12/31/2020 10:00:00, also with '.' or '-') "
        + "in a column where some day is over 12, which decides the order for the whole column"

    /// The parts of `text` when it starts with `d/m/YYYY` (one or two digits each, `/`, `.` or `-`,
    /// the same separator twice) followed by the end, a space or `T`; `nil` otherwise.
    init?(_ text: Substring) {
        // Most times are ISO (`2020-…`): told without an allocation by the second and third bytes,
        // one of which is the separator in a day/month date.
        var head = text.utf8.makeIterator()
        _ = head.next()
        let secondByte = head.next(), thirdByte = head.next()
        func isSeparator(_ b: UInt8?) -> Bool { b == UInt8(ascii: "/") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") }
        guard isSeparator(secondByte) || isSeparator(thirdByte) else { return nil }
        let u = Array(text.utf8)
        func number(at i: inout Int) -> Int? {
            var value = 0, digits = 0
            while i < u.count, digits < 3, let d = u[i].asciiDigit { value = value * 10 + d; digits += 1; i += 1 }
            return (1...2).contains(digits) ? value : nil
        }
        var i = 0
        guard let a = number(at: &i), i < u.count, [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-")].contains(u[i]) else { return nil }
        let separator = u[i]
        i += 1
        guard let b = number(at: &i), i < u.count, u[i] == separator else { return nil }
        i += 1
        let yearStart = i
        while i < u.count, u[i].asciiDigit != nil { i += 1 }
        guard i - yearStart == 4, i == u.count || u[i] == UInt8(ascii: " ") || u[i] == UInt8(ascii: "T") else { return nil }
        let utf8 = text.utf8
        year = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: yearStart)..<utf8.index(utf8.startIndex, offsetBy: i)])
        rest = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: i)...])
        first = a
        second = b
    }

    /// The order this date alone shows: `true` day first (first number over 12), `false` month first
    /// (second number over 12), `nil` when either reading is possible or neither is.
    var showsDayFirst: Bool? {
        if first > 12 && second <= 12 { return true }
        if second > 12 && first <= 12 { return false }
        return nil
    }

    /// Whether the two readings differ (both numbers 1...12 and different).
    var isAmbiguous: Bool { first != second && first <= 12 && second <= 12 }

    /// The date as ISO 8601 text (`YYYY-MM-DD` and the rest), read day first or month first.
    func iso(dayFirst: Bool) -> String {
        let (day, month) = dayFirst ? (first, second) : (second, first)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))\(rest)"
    }
}

private extension UInt8 {
    var asciiDigit: Int? { self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil }
}
