import Foundation

extension DateTimeParser {
    /// Parses the time forms KML `<when>` allows (KML reference, `TimeStamp`/`when`,
    /// https://developers.google.com/kml/documentation/kmlreference#timestamp): besides a full
    /// `xsd:dateTime` (see ``date(from:)``), the reduced precisions
    ///
    ///     YYYY            gYear        1997        → 1997-01-01T00:00:00Z
    ///     YYYY-MM         gYearMonth   1997-07     → 1997-07-01T00:00:00Z
    ///     YYYY-MM-DD      date         1997-07-16  → 1997-07-16T00:00:00Z
    ///
    /// each optionally followed by `Z` or an offset `±hh:mm` (XML Schema allows a zone on all three).
    /// A reduced form stands for the **start** of its period, as Google Earth places it on the time
    /// slider. Leading and trailing XML white space is ignored.
    ///
    /// This is a separate entry point from ``secondsSinceReferenceDate(_:)`` on purpose: GPX `time`
    /// must be a full date-time, so the strict parser stays strict.
    ///
    /// - Returns: Seconds since 2001-01-01T00:00:00Z, or `nil` when `text` is none of these forms.
    /// - Complexity: O(n) in the length of `text`.
    public static func secondsSinceReferenceDate(xsdPartial text: some StringProtocol) -> Double? {
        if let full = secondsSinceReferenceDate(text) { return full }
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
        var bytes = Array(trimmed.utf8)
        // Split off a zone: "Z", or "+hh:mm" / "-hh:mm" after the date part (the date's own '-'s
        // are at offsets 4 and 7).
        var zone = "Z"
        if bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z") {
            bytes.removeLast()
        } else if bytes.count >= 10, let k = bytes.indices.last(where: { bytes[$0] == UInt8(ascii: "+") || bytes[$0] == UInt8(ascii: "-") }),
                  k >= 4, k != 7, bytes.count - k == 6, bytes[k + 3] == UInt8(ascii: ":") {
            zone = String(decoding: bytes[k...], as: UTF8.self)
            bytes.removeSubrange(k...)
        }
        let digits = bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
        guard digits else { return nil }
        let date = String(decoding: bytes, as: UTF8.self)
        let full: String
        switch bytes.count {
        case 4: full = "\(date)-01-01T00:00:00\(zone)"
        case 7 where bytes[4] == UInt8(ascii: "-"): full = "\(date)-01T00:00:00\(zone)"
        case 10 where bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-"): full = "\(date)T00:00:00\(zone)"
        default: return nil
        }
        return secondsSinceReferenceDate(full)
    }
}
