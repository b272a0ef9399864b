/// The route file formats RouteKit reads.
///
/// A format is chosen, in this order (see ``RouteFile/read(path:format:options:)``):
/// 1. the caller's override (route-fly's input format option);
/// 2. the content, when it is certain: an XML root element `gpx`, `kml` or `TrainingCenterDatabase`
///    (local name, any prefix), or a JSON document (first non-space byte `{` or `[`) for GeoJSON;
/// 3. the file name extension (``init(pathExtension:)``), for content that does not decide it, unless
///    the extension names XML or JSON and the content is plain text that reads as CSV (a delimiter in
///    its first line) or as a polyline: a table saved as `route.gpx` is read as CSV;
/// 4. text heuristics (`sniff(_:)`): one line of characters `?`...`~` is an encoded polyline,
///    anything else is CSV.
///
/// Content wins over the extension for XML and JSON because it cannot be wrong: a KML file saved
/// as `route.gpx` is read as KML.
public enum RouteFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// GPX 1.0 / 1.1 (`GPXReader`).
    case gpx
    /// KML 2.2 and the older Google Earth KML 2.0/2.1 (`KMLReader`).
    case kml
    /// GeoJSON, RFC 7946 (`GeoJSONReader`).
    case geojson
    /// Comma-, semicolon- or tab-separated values with a header (``CSVReader``).
    case csv
    /// Google's encoded polyline, precision 5 or 6 (``PolylineReader``).
    case polyline
    /// Garmin Training Center Database v2 (`TCXReader`).
    case tcx

    /// The name used in error messages: `GPX`, `KML`, `GeoJSON`, `CSV`, `polyline`, `TCX`.
    public var description: String {
        switch self {
        case .gpx: "GPX"
        case .kml: "KML"
        case .geojson: "GeoJSON"
        case .csv: "CSV"
        case .polyline: "polyline"
        case .tcx: "TCX"
        }
    }

    /// The format a file name extension stands for (case-insensitive): `gpx`, `kml`, `geojson` and
    /// `json`, `csv`, `tcx`, `polyline`; `nil` for any other (including `txt`, which may hold a CSV
    /// table or a polyline: the content decides).
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "gpx": self = .gpx
        case "kml": self = .kml
        case "geojson", "json": self = .geojson
        case "csv", "tsv": self = .csv
        case "tcx": self = .tcx
        case "polyline", "polyline5", "polyline6": self = .polyline
        default: return nil
        }
    }

    /// How sure a content sniff is.
    package enum Confidence: Hashable, Sendable {
        /// The bytes say it (an XML root element's name, a JSON opening bracket).
        case certain
        /// A guess from the shape of the text (polyline alphabet, delimiters).
        case likely
    }

    /// Guesses the format from the first bytes of a file (a few kilobytes are plenty).
    ///
    /// - XML (first non-space character `<` after an optional byte order mark, past the XML
    ///   declaration, comments and processing instructions): the root element's local name,
    ///   `gpx`, `kml` or `TrainingCenterDatabase`, is ``Confidence/certain``; another root gives `nil`.
    /// - `{` or `[`: GeoJSON, certain.
    /// - Text whose first line (after white space) is one run of the polyline alphabet (`?`...`~`),
    ///   possibly in double quotes, followed only by white space: polyline, likely. So is one line
    ///   of it with at most one byte in ten a control character or beyond ASCII (a damaged polyline,
    ///   whose error then names the bad byte).
    /// - Other text: CSV, likely.
    ///
    /// - Parameter head: The first bytes of the file (UTF-8, or UTF-16 with a byte order mark).
    /// - Returns: The format and how sure the guess is, or `nil` for empty input or an unknown XML root.
    /// - Complexity: O(n) in `head.count`.
    package static func sniff(_ head: some Collection<UInt8>) -> (format: RouteFormat, confidence: Confidence)? {
        let bytes = Array(head)
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        if let utf8 = UTF16Text.utf8(bytes) {
            // UTF-16 with a byte order mark: XML (a UTF-16 GPX), or Excel's "Unicode Text" table.
            if let root = xmlRoot(bytes) { return (root, .certain) }
            return sniff(utf8)
        }
        while i < bytes.count, isXMLSpace(bytes[i]) { i += 1 }
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "<"):
            return xmlRoot(bytes).map { ($0, .certain) }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return (.geojson, .certain)
        default:
            // A polyline may be quoted, as copied out of JSON (`"_p~iF~ps|U"`, ``PolylineReader`` removes
            // the quotes); `"` is not in its alphabet.
            let quoted = bytes[i] == UInt8(ascii: "\"")
            let start = quoted ? i + 1 : i
            var j = start
            while j < bytes.count, bytes[j] >= 63, bytes[j] <= 126 { j += 1 }
            if quoted {
                guard j > start, j < bytes.count, bytes[j] == UInt8(ascii: "\"") else { return (.csv, .likely) }
                j += 1
            }
            var k = j
            while k < bytes.count, isXMLSpace(bytes[k]) { k += 1 }
            if j > start, k == bytes.count || (k == j && j == bytes.count) { return (.polyline, .likely) }
            return isDamagedPolyline(bytes[start...]) ? (.polyline, .likely) : (.csv, .likely)
        }
    }

    /// Whether `text` is one line of the polyline alphabet with at most one byte in ten a control
    /// character or beyond ASCII (none a space, digit or other printable character, which make words):
    /// a polyline with a few bad bytes pasted in, which ``PolylineReader`` then names with its column,
    /// rather than a table with one line, which could hold no row anyway.
    private static func isDamagedPolyline(_ text: ArraySlice<UInt8>) -> Bool {
        let lineEnd = text.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? text.endIndex
        guard text[lineEnd...].allSatisfy(isXMLSpace) else { return false }
        let line = text[..<lineEnd]
        guard !line.contains(where: { [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].contains($0) }) else { return false }
        // Printable characters outside the alphabet (a space, digits, `,`) make words or numbers, not a
        // damaged polyline.
        guard !line.contains(where: { (32..<63).contains($0) }) else { return false }
        let outside = line.count { $0 < 32 || $0 > 126 }
        return line.count >= 2 && outside * 10 <= line.count
    }

    /// The format named by an XML document's root element, found past the prolog (declaration,
    /// processing instructions, comments, white space). A DOCTYPE stops the search (`nil`): the
    /// readers refuse it anyway.
    private static func xmlRoot(_ raw: [UInt8]) -> RouteFormat? {
        var bytes = raw
        if raw.count >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
            var units: [UInt16] = []
            var k = 2
            while k + 1 < raw.count {
                let a = UInt16(raw[k]), b = UInt16(raw[k + 1])
                units.append(raw[0] == 0xFE ? a << 8 | b : b << 8 | a)
                k += 2
            }
            bytes = Array(String(decoding: units, as: UTF16.self).utf8)
        }
        var i = 0
        func hasPrefix(_ s: String) -> Bool {
            let p = Array(s.utf8)
            return i + p.count <= bytes.count && Array(bytes[i..<(i + p.count)]) == p
        }
        func skip(past s: String) -> Bool {
            while i < bytes.count {
                if hasPrefix(s) { i += s.utf8.count; return true }
                i += 1
            }
            return false
        }
        if hasPrefix("\u{FEFF}") { i += 3 }
        while i < bytes.count {
            if isXMLSpace(bytes[i]) { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "<") else { return nil }
            if hasPrefix("<?") { guard skip(past: "?>") else { return nil }; continue }
            if hasPrefix("<!--") { guard skip(past: "-->") else { return nil }; continue }
            if hasPrefix("<!") { return nil }
            i += 1
            var name: [UInt8] = []
            while i < bytes.count, !isXMLSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
                name.append(bytes[i])
                i += 1
            }
            let qualified = String(decoding: name, as: UTF8.self)
            let local = qualified.split(separator: ":").last.map(String.init) ?? qualified
            switch local {
            case "gpx": return .gpx
            case "kml": return .kml
            case "TrainingCenterDatabase": return .tcx
            default: return nil
            }
        }
        return nil
    }
}
