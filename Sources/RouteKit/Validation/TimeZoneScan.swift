import Foundation

/// How a recorded time text states its zone: `Z`, a numeric offset, or nothing.
///
/// RouteKit's readers turn every time into an absolute instant (``RoutePoint/time``, UTC) and keep no
/// trace of how the file wrote it; `DateTimeParser` reads a zone-less time as UTC, as the GPX 1.1
/// schema requires. To report "zones mixed in one file" and "zone-less times", `TimeZoneScan` reads the
/// time texts a second time, without touching the readers or ``RoutePoint``.
public enum TimeZoneDesignator: Hashable, Sendable, CustomStringConvertible {
    /// `Z` or `z`: UTC.
    case utc
    /// `+hh:mm`, `+hhmm`, `+hh` (or `-`): an offset east of UTC in seconds, e.g. 3600 for `+01:00`.
    /// `+00:00` is an offset of 0, not ``utc``: a file that writes both has mixed its notations.
    case offset(Int)
    /// No zone at all: the reader took the time as UTC.
    case none

    /// `Z`, `+01:00`, `-05:30`, or `none`.
    public var description: String {
        switch self {
        case .utc: return "Z"
        case .none: return "none"
        case .offset(let s):
            let sign = s < 0 ? "-" : "+"
            let m = abs(s) / 60
            return sign + String(format: "%02d:%02d", m / 60, m % 60)
        }
    }

    /// The designator at the end of an `xsd:dateTime` text (`2015-12-11T15:43:13.994+01:00` gives
    /// `.offset(3600)`), or `nil` when the text is not a date-time with a clock time (KML's `1997-07-16`
    /// has no zone to speak of).
    package init?(dateTime text: some StringProtocol) {
        var s = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let designator = s.withUTF8({ Self(trimmedUTF8: $0) }) else { return nil }
        self = designator
    }

    /// ``init(dateTime:)`` for the UTF-8 bytes of a text with no white space at either end.
    init?(trimmedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        // YYYY-MM-DD then T, t or space, then the clock: the zone is after the 10th byte.
        guard bytes.count >= 19, [0x54, 0x74, 0x20].contains(bytes[10]) else { return nil }
        let clock = bytes[11...]
        if let last = clock.last, last == 0x5A || last == 0x7A {
            self = .utc
            return
        }
        // A sign in the clock part can only start a zone (the date's dashes are before byte 10).
        guard let signIndex = clock.firstIndex(where: { $0 == 0x2B || $0 == 0x2D }) else {
            self = .none
            return
        }
        let digits = bytes[(signIndex + 1)...].filter { $0 >= 0x30 && $0 <= 0x39 }.map { Int($0) - 0x30 }
        guard digits.count == 2 || digits.count == 4 else { return nil }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits.count == 4 ? digits[2] * 10 + digits[3] : 0
        let sign = bytes[signIndex] == 0x2D ? -1 : 1
        self = .offset(sign * (hours * 3600 + minutes * 60))
    }
}

/// Finds the zone designator of each timed point of a route by re-reading the XML file it came from.
///
/// **Why a second pass.** ``RoutePoint/time`` is an absolute instant: the readers (``GPXReader``,
/// ``KMLReader``, ``TCXReader``) drop the zone after applying it, so a `Route` cannot tell
/// `12:00:00Z` from `13:00:00+01:00` or from `12:00:00`. Adding a field to `RoutePoint` would need every
/// reader to fill it; instead, validation scans the time texts itself and pairs them with the points.
///
/// **How.** A lexical scan (no XML parser) collects the text of every `<time>` (GPX), `<when>` (KML) and
/// `<Time>` (TCX) element, with or without a namespace prefix, in document order. These include times
/// that are not points' (GPX `metadata` and `wpt` times, KML `TimeStamp`s), and some points' times may be
/// absent (a TCX trackpoint without a position is skipped by its reader). So the texts are paired with
/// the route's timed points by *value*: walking both in order, a point takes the next text (looking at
/// most ``lookAhead`` texts ahead) whose parsed instant equals the point's time. A point left without a
/// text gets `nil` (zone unknown).
///
/// Not covered: CSV (a time column, or a separate UTC offset column as in Garmin G1000 logs), GeoJSON
/// and polylines; callers pass no zones for them and the zone checks are skipped.
package enum TimeZoneScan {
    /// How many time texts ahead a point's time is looked for before it is left unmatched.
    package static let lookAhead = 64

    /// The time texts of an XML document, in document order (see ``TimeZoneScan``).
    ///
    /// - Parameter data: The file's bytes (UTF-8; a BOM is harmless).
    /// - Returns: The trimmed text of each `time`, `when` or `Time` element.
    /// - Complexity: O(n) in the size of `data`.
    package static func timeTexts(inXML data: Data) -> [String] {
        data.withUnsafeBytes { raw in
            var scanner = TextScanner(bytes: raw.bindMemory(to: UInt8.self))
            var texts: [String] = []
            while let text = scanner.next() { texts.append(text.string) }
            return texts
        }
    }

    /// The zone designator of each point of `route`, read from the XML file it was read from.
    ///
    /// - Parameters:
    ///   - route: The route read from `data`.
    ///   - data: The file's bytes (GPX, KML or TCX).
    /// - Returns: `route.points.count` values: the point's designator, or `nil` when the point has no
    ///   time or its time text was not found.
    /// - Complexity: O(n + t · ``lookAhead``) for n bytes and t timed points.
    package static func zones(for route: Route, xml data: Data) -> [TimeZoneDesignator?] {
        zones(for: route, input: .data(data)) ?? []
    }

    /// ``zones(for:xml:)`` for a route read from `input`; a file is scanned where it lies (mapped, its
    /// pages dropped from the resident set behind the scan), so memory is the result's and at most
    /// ``lookAhead`` texts, not the file's.
    ///
    /// - Returns: The designators, or `nil` when the file cannot be read again.
    package static func zones(for route: Route, input: RouteInput) -> [TimeZoneDesignator?]? {
        return input.withBytes { bytes, release in
            var scanner = TextScanner(bytes: bytes)
            // The texts from the cursor on, parsed, as many as the look-ahead needs (a ring would save
            // little: at most ``lookAhead`` of them).
            var pending: [(time: Date?, zone: TimeZoneDesignator?)] = []
            var exhausted = false
            var result = [TimeZoneDesignator?](repeating: nil, count: route.points.count)
            for (index, point) in route.points.enumerated() {
                guard let time = point.time else { continue }
                while !exhausted, pending.count < lookAhead {
                    guard let text = scanner.next() else { exhausted = true; break }
                    switch text {
                    case .ascii(let bytes):
                        pending.append((DateTimeParser.parse(bytes).map(Date.init(timeIntervalSinceReferenceDate:)),
                                        TimeZoneDesignator(trimmedUTF8: bytes)))
                    case .other(let string):
                        pending.append((DateTimeParser.date(from: string), TimeZoneDesignator(dateTime: string)))
                    }
                }
                if let k = pending.firstIndex(where: { $0.time == time }) {
                    result[index] = pending[k].zone
                    pending.removeFirst(k + 1)
                }
                if let release, index % 4096 == 0 { release(scanner.position - (1 << 20)) }
            }
            return result
        }
    }

    /// The lexical scan of ``timeTexts(inXML:)``, one text at a time.
    struct TextScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the scan stands: every byte before it has been read.
        private(set) var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// A time text, trimmed of white space at both ends (`CharacterSet.whitespacesAndNewlines`).
        enum Text {
            /// ASCII: its bytes in place (trimmed of the white space of ASCII, which is the set's there:
            /// tab, line feed, vertical tab, form feed, carriage return and space).
            case ascii(UnsafeBufferPointer<UInt8>)
            /// Anything else, trimmed by Foundation.
            case other(String)

            var string: String {
                switch self {
                case .ascii(let bytes): return String(decoding: bytes, as: UTF8.self)
                case .other(let string): return string
                }
            }
        }

        private static let names: [[UInt8]] = [Array("time".utf8), Array("when".utf8), Array("Time".utf8)]

        @inline(__always)
        private static func isASCIISpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

        /// The next time text, or `nil` at the end.
        mutating func next() -> Text? {
            let bytes = self.bytes
            let n = bytes.count
            var i = position
            defer { position = i }
            while i < n {
                guard bytes[i] == 0x3C /* < */ else { i += 1; continue }
                // Skip comments, which may hold old times.
                if i + 3 < n, bytes[i + 1] == 0x21, bytes[i + 2] == 0x2D, bytes[i + 3] == 0x2D {
                    var j = i + 4
                    while j + 2 < n, !(bytes[j] == 0x2D && bytes[j + 1] == 0x2D && bytes[j + 2] == 0x3E) { j += 1 }
                    i = j + 3
                    continue
                }
                // Name: up to whitespace, '>' or '/'.
                var j = i + 1
                while j < n, bytes[j] != 0x3E, bytes[j] != 0x2F, !isXMLSpace(bytes[j]) { j += 1 }
                var nameStart = i + 1
                if let colon = bytes[(i + 1)..<j].lastIndex(of: 0x3A) { nameStart = colon + 1 }
                guard j > i + 1, Self.names.contains(where: { $0.elementsEqual(bytes[nameStart..<j]) }) else { i = j; continue }
                // End of the start tag.
                while j < n, bytes[j] != 0x3E { j += 1 }
                guard j < n, bytes[j - 1] != 0x2F else { i = j; continue }  // <time/>
                let textStart = j + 1
                var k = textStart
                var ascii = true
                while k < n, bytes[k] != 0x3C {
                    if bytes[k] >= 0x80 { ascii = false }
                    k += 1
                }
                i = k
                guard ascii else {
                    return .other(String(decoding: bytes[textStart..<k], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                }
                var start = textStart, end = k
                while start < end, Self.isASCIISpace(bytes[start]) { start += 1 }
                while end > start, Self.isASCIISpace(bytes[end - 1]) { end -= 1 }
                return .ascii(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            return nil
        }
    }
}
