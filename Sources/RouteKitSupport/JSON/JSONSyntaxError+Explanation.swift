import Foundation

extension JSONSyntaxError {
    /// The error in words, for any reader of JSON (GeoJSON routes, camera scripts): what was found and
    /// what was expected, with messages of their own for what people write by mistake (comments, single
    /// quotes, trailing commas, `NaN` and `Infinity`), and the byte offset to locate it at (a misspelt
    /// `true`, `false` or `null`: its first letter; a number: its first character).
    ///
    /// - Complexity: O(1), plus O(k) to decode a non-ASCII character of k bytes.
    package func explained(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String) {
        /// "character 'x'", "end of file", a control character or an invalid byte, for messages.
        func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "end of file" }
            let b = bytes[offset]
            if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
            if b < 0x20 || b == 0x7F { return "control character U+\(hex(UInt32(b)))" }
            // A non-ASCII scalar: decode it for the message.
            var end = offset + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 && end - offset < 4 { end += 1 }
            if let s = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) { return "character '\(s)'" }
            return "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))"
        }
        func hex(_ v: UInt32) -> String {
            let digits = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        func startsWith(_ word: String, at offset: Int) -> Bool { bytes[offset...].starts(with: word.utf8) }
        let finiteOnly = "is not a JSON number (JSON holds finite numbers only)"
        let atEnd = offset >= bytes.count
        var at = offset
        let message: String
        switch kind {
        case .empty:
            message = "the document is empty; expected a JSON object"
        case .trailingContent:
            message = "unexpected \(describe(offset)) after the end of the JSON document"
        case .expectedValue:
            if atEnd {
                message = "unexpected end of file; expected a value"
            } else if bytes[offset] == UInt8(ascii: "/") {
                message = "comments are not allowed in JSON"
            } else if bytes[offset] == UInt8(ascii: "'") {
                message = "strings must be in double quotes (\") in JSON"
            } else if let word = ["NaN", "Infinity"].first(where: { startsWith($0, at: offset) }) {
                message = "\(word) \(finiteOnly)"
            } else if bytes[offset] == UInt8(ascii: "N") || bytes[offset] == UInt8(ascii: "I") {
                message = "unexpected \(describe(offset)); expected true, false or null"
            } else {
                message = "unexpected \(describe(offset)); expected a value (object, array, string, number, true, false or null)"
            }
        case .invalidLiteral(let start):
            at = start
            message = "unexpected \(describe(start)); expected true, false or null"
        case .trailingComma:
            message = "trailing comma before '\(Character(Unicode.Scalar(bytes[offset])))' (JSON allows none)"
        case .expectedKey:
            message = atEnd ? "unexpected end of file; expected a key in double quotes or '}'"
                : bytes[offset] == UInt8(ascii: "/") ? "comments are not allowed in JSON"
                : "unexpected \(describe(offset)); expected a key in double quotes"
        case .expectedColon(let key):
            message = "unexpected \(describe(offset)); expected ':' after the key \(JSONText.quoted(key))"
        case .expectedObjectSeparator:
            message = atEnd ? "unexpected end of file; expected ',' or '}'"
                : "unexpected \(describe(offset)); expected ',' or '}' after an object member"
        case .expectedArraySeparator:
            message = atEnd ? "unexpected end of file; expected ',' or ']'"
                : "unexpected \(describe(offset)); expected ',' or ']' after an array element"
        case .tooDeep(let limit):
            message = "nesting deeper than \(limit) levels"
        case .expectedDigitAfterMinus:
            message = !atEnd && bytes[offset] == UInt8(ascii: "I") ? "-Infinity \(finiteOnly)"
                : "unexpected \(describe(offset)); expected a digit"
        case .leadingZero(let start):
            at = start  // the number, not the digit after its 0
            message = "leading zeros are not allowed in JSON numbers"
        case .expectedFractionDigit:
            message = "unexpected \(describe(offset)); expected a digit after '.'"
        case .expectedExponentDigit:
            message = "unexpected \(describe(offset)); expected a digit in the exponent"
        case .numberOutOfRange:
            message = "the number is out of range; expected a finite number (magnitude below about 1.8e308)"
        case .controlCharacterInString:
            message = bytes[offset] == 0x0A ? "unterminated string (a line break before the closing '\"')"
                : "\(describe(offset)) in a string (write it as an escape such as \\t)"
        case .unterminatedString(_, let inEscape):
            message = inEscape ? "unterminated string (end of file in an escape)"
                : "unterminated string (end of file before the closing '\"')"
        case .invalidEscape:
            message = "unknown escape: \(describe(offset)) after '\\' in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
        case .expectedHexDigit:
            message = "unexpected \(describe(offset)); expected 4 hexadecimal digits after \\u"
        case .loneHighSurrogate(let high, _):
            message = "a lone UTF-16 high surrogate \\u\(hex(high)) (expected a low surrogate \\uDC00...\\uDFFF next)"
        case .notLowSurrogate(let high, let low, _):
            message = "\\u\(hex(low)) is not a low surrogate after \\u\(hex(high))"
        case .loneLowSurrogate(let low, _):
            message = "a lone UTF-16 low surrogate \\u\(hex(low))"
        case .invalidUTF8:
            message = "the string is not valid UTF-8"
        }
        return (at, message)
    }
}
