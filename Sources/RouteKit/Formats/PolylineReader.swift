import Foundation

/// Reads Google's Encoded Polyline Algorithm Format into a one-segment ``Route``.
///
/// The algorithm (https://developers.google.com/maps/documentation/utilities/polylinealgorithm):
/// each point is two signed integers, latitude then longitude, in units of 10^-precision degrees,
/// each the difference from the previous point (the first from 0). A value is zig-zag encoded
/// (shifted left by one, inverted when negative), cut into 5-bit chunks from the low end, each
/// chunk OR 0x20 while more follow, plus 63, written as one ASCII character in `?`...`~` (63...126).
///
/// Precision 5 is Google's; precision 6 (`polyline6`) is used by OSRM and Valhalla. Nothing in the
/// string tells them apart (docs/geo-formats.md#encoded-polylines), so the caller says which; when the latitudes decoded
/// at the chosen precision leave -90...90, the error suggests the other one. (A precision-5 string
/// read at precision 6 lands, ten times too small, in range: that mistake cannot be detected.)
///
/// Input: the text, with leading and trailing white space (spaces, tabs, line breaks) ignored;
/// white space inside the string is an error. Points have no elevation or time.
///
/// A polyline **copied out of JSON** keeps JSON's escapes (`\\` for each `\`, RFC 8259 §7), and `\` is in
/// the alphabet, so the escaped text decodes to a plausible but wrong line. When the text is a quoted JSON
/// string, or every backslash in it starts a JSON escape (`\\`, `\"`, `\/`, `\uXXXX`) and the unescaped
/// text decodes, the unescaped text is read and a note says so (`PolylineJSONText`). When a string with
/// backslashes fails to decode, the error says that JSON escapes may be the cause.
///
///     let r = try PolylineReader.read(text: "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
///     // (38.5, -120.2), (40.7, -120.95), (43.252, -126.453)
///
/// Errors are located at line 1 (or the line the string is on, after leading blank lines) and the
/// 1-based column of the offending character, or of the first character of the point that is out
/// of range.
public enum PolylineReader: RouteReader {
    /// Settings for polyline input.
    public struct Options: Hashable, Sendable {
        /// Decimal digits kept by the encoder: 5 (Google) or 6 (OSRM, Valhalla).
        public var precision: Int

        /// - Parameter precision: 5 or 6. Other values are a programmer error.
        public init(precision: Int = 5) {
            precondition(precision == 5 || precision == 6, "polyline precision must be 5 or 6")
            self.precision = precision
        }
    }

    package static var format: RouteFormat { .polyline }

    package static var defaultOptions: Options { Options() }

    /// Reads a polyline given as text; see ``PolylineReader``.
    ///
    /// - Returns: See ``read(_:displayPath:options:)``.
    /// - Throws: See ``read(_:displayPath:options:)``.
    /// - Complexity: O(n) in the length of the text.
    package static func read(text: String, displayPath: String? = nil,
                            options: Options = .init()) throws(RouteParseError) -> RouteFile.Result {
        try read(data: Data(text.utf8), displayPath: displayPath, options: options)
    }

    /// Reads an encoded polyline; see ``PolylineReader`` and ``RouteReader``.
    ///
    /// - Returns: One segment of points in the string's order; ``Route/source`` counts 1 track and
    ///   1 segment. A note when JSON quotes or escapes were removed.
    /// - Throws: ``RouteParseError`` (format `"polyline"`): `unreadable`, `empty`, `malformedPolyline` (a
    ///   character outside the alphabet, white space inside, the string ending inside a value, or a
    ///   latitude without its longitude), `polylineOutOfRange` (latitude or longitude out of range at this
    ///   precision).
    /// - Complexity: O(n) in the length of the text.
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: Options) throws(RouteParseError) -> RouteFile.Result {
        // A regular file is read where it lies (mapped), other input from memory.
        try input.input.withText(format: .polyline, path: displayPath) { text, _ throws(RouteParseError) in
            try read(text: text, displayPath: displayPath, options: options)
        }
    }

    /// Reads the text of an encoded polyline (borrowed for the call).
    static func read(text bytes: UnsafeBufferPointer<UInt8>, displayPath: String?, options: Options) throws(RouteParseError) -> RouteFile.Result {
        let text = PolylineTextSpan(bytes, path: displayPath)
        guard text.start < text.end else {
            throw RouteParseError(format: .polyline, location: SourceLocation(path: displayPath, line: 1, column: 1), reason: .empty)
        }
        if let unescaped = try readUnescaped(bytes, text, options: options) { return unescaped }
        do {
            return try result(decode(bytes, text.start, text.end, line: text.line, lineStart: text.lineStart,
                                     path: displayPath, options: options), [], text)
        } catch {
            // A backslash in a string that fails: say what JSON does to it.
            guard bytes[text.start..<text.end].contains(0x5C), case .malformedPolyline(let why) = error.reason else { throw error }
            throw RouteParseError(format: .polyline, location: error.location, reason: .malformedPolyline(
                why + "; the string holds backslashes: a polyline copied out of JSON keeps its escapes (\\\\ for \\), "
                    + "and these do not all unescape to a valid polyline"))
        }
    }

    /// The route read from the text unescaped, when it is JSON's, else `nil`.
    ///
    /// A polyline copied out of JSON (a response body, a .json file) keeps JSON's escapes: `\\` for
    /// each `\`, which is in the polyline alphabet, so the escaped text decodes to extra values. When
    /// every backslash belongs to a JSON escape and the unescaped text decodes, read that (noted).
    private static func readUnescaped(_ bytes: UnsafeBufferPointer<UInt8>, _ text: PolylineTextSpan,
                                      options: Options) throws(RouteParseError) -> RouteFile.Result? {
        let start = text.start, end = text.end, line = text.line, path = text.path
        let quoted = end - start >= 2 && bytes[start] == 0x22 && bytes[end - 1] == 0x22
        if quoted, let inner = PolylineJSONText.unescape(bytes[(start + 1)..<(end - 1)]),
           let points = inner.withUnsafeBufferPointer({ try? decode($0, 0, inner.count, line: line, lineStart: text.lineStart - start - 1,
                                                                     path: path, options: options) }) {
            return try result(points, ["read the polyline as a JSON string: removed its quotes"
                                       + (inner.count == end - start - 2 ? "" : " and unescaped its backslashes (\\\\ is \\)")], text)
        }
        if bytes[start..<end].contains(0x5C), let inner = PolylineJSONText.unescape(bytes[start..<end]),
           let points = inner.withUnsafeBufferPointer({ try? decode($0, 0, inner.count, line: line, lineStart: text.lineStart - start,
                                                                     path: path, options: options) }) {
            return try result(points, ["the polyline holds JSON escapes (\\\\ for \\, as when copied out of a JSON document): read it unescaped, "
                                       + "\(inner.count) characters instead of \(end - start)"], text)
        }
        return nil
    }

    /// The one-segment route of `points`; an empty route is located at the text's start.
    private static func result(_ points: [RoutePoint], _ notes: [String], _ text: PolylineTextSpan) throws(RouteParseError) -> RouteFile.Result {
        guard let route = Route(segments: [points], source: Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 1)) else {
            throw RouteParseError(format: .polyline, location: text.location(text.start), reason: .empty)
        }
        return RouteFile.Result(route: route, format: .polyline, notes: notes)
    }

    /// Decodes `bytes[start..<end]`; errors are located with `line` and `lineStart` (the offset of the line's first byte).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int, lineStart: Int,
                               path: String?, options: Options) throws(RouteParseError) -> [RoutePoint] {
        var decoder = PolylineDecoder(bytes: bytes, end: end, path: path, line: line, lineStart: lineStart,
                                      precision: options.precision, i: start)
        return try decoder.points()
    }
}

/// Where the polyline lies in its text: without a byte-order mark and surrounding white space, and the
/// line it starts on.
private struct PolylineTextSpan {
    let path: String?
    /// The string's first byte and the end of its last.
    let start: Int, end: Int
    /// The 1-based line the string starts on, and the offset of that line's first byte.
    let line: Int, lineStart: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String?) {
        self.path = path
        var start = 0, end = bytes.count
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < end, isXMLSpace(bytes[start]) { start += 1 }
        while end > start, isXMLSpace(bytes[end - 1]) { end -= 1 }
        var line = 1, lineStart = 0
        for k in 0..<start where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
        (self.start, self.end, self.line, self.lineStart) = (start, end, line, lineStart)
    }

    func location(_ offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: offset - lineStart + 1)
    }
}

/// Decodes the points of `bytes[i..<end]`, one value at a time.
private struct PolylineDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    let path: String?
    /// Errors are located with `line` and `lineStart` (the offset of the line's first byte).
    let line: Int, lineStart: Int
    let precision: Int
    /// The next byte to read.
    var i: Int

    private func location(_ offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: offset - lineStart + 1)
    }

    /// Every point, in order.
    mutating func points() throws(RouteParseError) -> [RoutePoint] {
        let scale = precision == 6 ? 1e6 : 1e5
        var points: [RoutePoint] = []
        points.reserveCapacity((end - i) / 4)
        var latitude = 0, longitude = 0
        while i < end {
            let pointStart = i
            latitude += try value()
            guard i < end else {
                throw RouteParseError(format: .polyline, location: location(pointStart),
                                      reason: .malformedPolyline("the last point has a latitude but no longitude"))
            }
            longitude += try value()
            let lat = Double(latitude) / scale
            let lon = Double(longitude) / scale
            guard lat >= -90, lat <= 90 else {
                throw RouteParseError(format: .polyline, location: location(pointStart),
                                      reason: .polylineOutOfRange(field: "latitude", value: lat, precision: precision))
            }
            guard lon >= -180, lon <= 180 else {
                throw RouteParseError(format: .polyline, location: location(pointStart),
                                      reason: .polylineOutOfRange(field: "longitude", value: lon, precision: precision))
            }
            points.append(RoutePoint(latitude: lat, longitude: lon))
        }
        return points
    }

    /// Decodes one value starting at `i`.
    @inline(__always)
    private mutating func value() throws(RouteParseError) -> Int {
        var result = 0, shift = 0
        while true {
            guard i < end else {
                throw RouteParseError(format: .polyline, location: location(end),
                                      reason: .malformedPolyline("the string ends inside a value (its last character must be in '?'...'^', 63...94)"))
            }
            let c = bytes[i]
            guard c >= 63, c <= 126 else { throw outsideAlphabet(c) }
            guard shift <= 30 else {
                throw RouteParseError(format: .polyline, location: location(i),
                                      reason: .malformedPolyline("a value is longer than 7 characters (too large for a coordinate)"))
            }
            let chunk = Int(c) - 63
            result |= (chunk & 0x1F) << shift
            shift += 5
            i += 1
            if chunk < 0x20 { break }
        }
        return (result & 1) != 0 ? ~(result >> 1) : (result >> 1)
    }

    /// The error for byte `c` at `i`, outside the alphabet.
    private func outsideAlphabet(_ c: UInt8) -> RouteParseError {
        let what = isXMLSpace(c) ? "white space"
            : c < 0x20 || c == 0x7F ? "control character"  // shown by its code alone: it has no glyph
            : c < 0x80 ? "character '\(Character(Unicode.Scalar(c)))'" : "byte"
        return RouteParseError(format: .polyline, location: location(i),
                               reason: .malformedPolyline("\(what) (code \(c)) is not in the polyline alphabet '?'...'~' (63...126)"))
    }
}
