import Foundation

extension JSONSyntaxError {
    /// The error in words, for any reader of JSON (GeoJSON routes, camera scripts): what was found and
    /// what was expected, with messages of their own for what people write by mistake (comments, single
    /// quotes, trailing commas, `NaN` and `Infinity`), and the byte offset to locate it at (a misspelt
    /// `true`, `false` or `null`: its first letter; a number: its first character).
    ///
    /// - Complexity: O(1), plus O(k) to decode a non-ASCII character of k bytes.
    package func explained(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String) {
        let site = ErrorSite(bytes: bytes, offset: offset)
        return (reportedOffset, message(at: site))
    }

    /// Where the message points: the start of a misspelt literal or of a number with a leading zero,
    /// else ``offset``.
    private var reportedOffset: Int {
        switch kind {
        case .invalidLiteral(let start), .leadingZero(let start): start
        default: offset
        }
    }

    private func message(at site: ErrorSite) -> String {
        let atEnd = site.atEnd
        switch kind {
        case .empty: return "the document is empty; expected a JSON object"
        case .trailingContent: return "unexpected \(site.found) after the end of the JSON document"
        case .expectedValue: return Self.expectedValueMessage(at: site)
        case .invalidLiteral(let start):
            return "unexpected \(site.describe(start)); expected true, false or null"
        case .trailingComma:
            return "trailing comma before '\(Character(Unicode.Scalar(site.byte)))' (JSON allows none)"
        case .expectedKey:
            return atEnd ? "unexpected end of file; expected a key in double quotes or '}'"
                : site.byte == UInt8(ascii: "/") ? "comments are not allowed in JSON"
                : "unexpected \(site.found); expected a key in double quotes"
        case .expectedColon(let key):
            return "unexpected \(site.found); expected ':' after the key \(JSONText.quoted(key))"
        case .expectedObjectSeparator:
            return atEnd ? "unexpected end of file; expected ',' or '}'"
                : "unexpected \(site.found); expected ',' or '}' after an object member"
        case .expectedArraySeparator:
            return atEnd ? "unexpected end of file; expected ',' or ']'"
                : "unexpected \(site.found); expected ',' or ']' after an array element"
        case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
        case .expectedDigitAfterMinus, .leadingZero, .expectedFractionDigit, .expectedExponentDigit,
             .numberOutOfRange:
            return numberMessage(at: site)
        case .controlCharacterInString, .unterminatedString, .invalidEscape, .expectedHexDigit,
             .loneHighSurrogate, .notLowSurrogate, .loneLowSurrogate, .invalidUTF8:
            return stringMessage(at: site)
        }
    }

    private static let finiteOnly = "is not a JSON number (JSON holds finite numbers only)"

    /// Where a value was expected: names comments, single quotes, `NaN` and `Infinity` when found.
    private static func expectedValueMessage(at site: ErrorSite) -> String {
        if site.atEnd { return "unexpected end of file; expected a value" }
        if site.byte == UInt8(ascii: "/") { return "comments are not allowed in JSON" }
        if site.byte == UInt8(ascii: "'") { return "strings must be in double quotes (\") in JSON" }
        if let word = ["NaN", "Infinity"].first(where: { site.startsWith($0) }) { return "\(word) \(finiteOnly)" }
        if site.byte == UInt8(ascii: "N") || site.byte == UInt8(ascii: "I") {
            return "unexpected \(site.found); expected true, false or null"
        }
        return "unexpected \(site.found); expected a value (object, array, string, number, true, false or null)"
    }

    /// The messages of the number errors.
    private func numberMessage(at site: ErrorSite) -> String {
        switch kind {
        case .expectedDigitAfterMinus:
            return !site.atEnd && site.byte == UInt8(ascii: "I") ? "-Infinity \(Self.finiteOnly)"
                : "unexpected \(site.found); expected a digit"
        case .leadingZero: return "leading zeros are not allowed in JSON numbers"
        case .expectedFractionDigit: return "unexpected \(site.found); expected a digit after '.'"
        case .expectedExponentDigit: return "unexpected \(site.found); expected a digit in the exponent"
        default: return "the number is out of range; expected a finite number (magnitude below about 1.8e308)"
        }
    }

    /// The messages of the string errors.
    private func stringMessage(at site: ErrorSite) -> String {
        let hex = ErrorSite.hex
        switch kind {
        case .controlCharacterInString:
            return site.byte == 0x0A ? "unterminated string (a line break before the closing '\"')"
                : "\(site.found) in a string (write it as an escape such as \\t)"
        case .unterminatedString(_, let inEscape):
            return inEscape ? "unterminated string (end of file in an escape)"
                : "unterminated string (end of file before the closing '\"')"
        case .invalidEscape:
            return "unknown escape: \(site.found) after '\\' in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
        case .expectedHexDigit: return "unexpected \(site.found); expected 4 hexadecimal digits after \\u"
        case .loneHighSurrogate(let high, _):
            return "a lone UTF-16 high surrogate \\u\(hex(high)) (expected a low surrogate \\uDC00...\\uDFFF next)"
        case .notLowSurrogate(let high, let low, _): return "\\u\(hex(low)) is not a low surrogate after \\u\(hex(high))"
        case .loneLowSurrogate(let low, _): return "a lone UTF-16 low surrogate \\u\(hex(low))"
        default: return "the string is not valid UTF-8"
        }
    }
}

/// The document and the byte offset an error was found at, for describing what is there.
private struct ErrorSite {
    let bytes: UnsafeBufferPointer<UInt8>
    let offset: Int

    var atEnd: Bool { offset >= bytes.count }
    /// The byte at the offset (only when not ``atEnd``).
    var byte: UInt8 { bytes[offset] }
    /// What is at the offset, for messages.
    var found: String { describe(offset) }

    func startsWith(_ word: String) -> Bool { bytes[offset...].starts(with: word.utf8) }

    /// "character 'x'", "end of file", a control character or an invalid byte, for messages.
    func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let b = bytes[offset]
        if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 || b == 0x7F { return "control character U+\(Self.hex(UInt32(b)))" }
        // A non-ASCII scalar: decode it for the message.
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 && end - offset < 4 { end += 1 }
        if let s = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) { return "character '\(s)'" }
        return "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    /// `v` in upper-case hexadecimal, at least 4 digits.
    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
