import Foundation

/// Joins CSV date, time and offset cells into an xsd:dateTime for ``DateTimeParser``.
enum CSVTime {
    /// Seconds since 2001-01-01 UTC, or `nil` when the text is not a date-time.
    ///
    /// - Parameters:
    ///   - text: `YYYY-MM-DD[T| ]hh:mm[:ss[.f]][zone]`, the date also with `/`; without seconds
    ///     (ISO 8601's reduced precision, `2020-01-01T10:00`) it is on the minute.
    ///   - offset: A UTC offset cell: `±h`, `±hh`, `±hh:mm`, `±hhmm`; `nil` or empty for none.
    static func seconds(_ text: String, offset: String?) -> Double? {
        var t = Array(text.utf8)
        if t.count >= 10, t[4] == UInt8(ascii: "/"), t[7] == UInt8(ascii: "/") {
            t[4] = UInt8(ascii: "-"); t[7] = UInt8(ascii: "-")
        }
        // hh:mm right after the date and its separator, then the end or a zone: on the minute.
        if t.count >= 16, t[10] == UInt8(ascii: "T") || t[10] == UInt8(ascii: "t") || t[10] == UInt8(ascii: " "),
           t[13] == UInt8(ascii: ":"), t.count == 16 || [UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(t[16]) {
            t.insert(contentsOf: Array(":00".utf8), at: 16)
        }
        var s = String(decoding: t, as: UTF8.self)
        if let offset, !offset.isEmpty {
            guard let zone = zone(offset) else { return nil }
            s += zone
        }
        return DateTimeParser.secondsSinceReferenceDate(s)
    }

    /// Whether `text` starts like an ISO date: four digits, then `-` or `/`.
    static func startsWithISODate(_ text: String) -> Bool {
        let u = Array(text.utf8.prefix(5))
        return u.count == 5 && u.prefix(4).allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (u[4] == UInt8(ascii: "-") || u[4] == UInt8(ascii: "/"))
    }

    /// Whether `raw` is a UTC offset ``zone(_:)`` reads and xsd:dateTime allows (hours under 24,
    /// minutes under 60).
    static func isOffset(_ raw: String) -> Bool {
        zone(raw).map { DateTimeParser.secondsSinceReferenceDate("2000-01-01T00:00:00" + $0) != nil } ?? false
    }

    /// `-7` → `-07:00`, `+5:30` → `+05:30`, `+0530` → `+05:30`.
    static func zone(_ raw: String) -> String? {
        var u = Array(raw.utf8)
        guard let sign = u.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == UInt8(ascii: ":") }) && !u.isEmpty ? zone("+" + raw) : nil
        }
        u.removeFirst()
        let parts = String(decoding: u, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false)
        var hours = "", minutes = "00"
        if parts.count == 2 {
            hours = String(parts[0]); minutes = String(parts[1])
        } else if parts.count == 1, parts[0].count == 4 {
            hours = String(parts[0].prefix(2)); minutes = String(parts[0].suffix(2))
        } else if parts.count == 1 {
            hours = String(parts[0])
        } else {
            return nil
        }
        guard (1...2).contains(hours.count), minutes.count == 2,
              hours.allSatisfy(\.isASCII), hours.allSatisfy(\.isNumber), minutes.allSatisfy(\.isNumber) else { return nil }
        if hours.count == 1 { hours = "0" + hours }
        return "\(Character(Unicode.Scalar(sign)))\(hours):\(minutes)"
    }
}
