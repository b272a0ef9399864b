/// Decides, from the raw bytes and before any XML parser sees them, whether an XML document is in an
/// encoding RouteKit reads.
///
/// **Accepted:** UTF-8 (with or without a byte order mark), UTF-16 in either byte order (with a byte
/// order mark, or recognised from the `<?` / `<` byte pattern of a declaration, as XML 1.0 Appendix F
/// describes: https://www.w3.org/TR/xml/#sec-guessing), the two 8-bit encodings that are subsets
/// or near-subsets of them and that libxml2 decodes itself without iconv: US-ASCII and ISO-8859-1,
/// and windows-1252, which RouteKit decodes to UTF-8 before libxml2 sees it (``XMLWindows1252``).
/// GPS software writes UTF-8, rarely UTF-16, ISO-8859-1 or windows-1252.
///
/// **Refused** (with the line and column of what gives the encoding away): any other declared
/// encoding (`EBCDIC-US`, `IBM037`, `Shift_JIS`, `UTF-7`, …), a declaration that contradicts the
/// bytes (`encoding="UTF-16"` in a UTF-8 file, `encoding="UTF-8"` after a UTF-16 byte order mark),
/// UTF-32/UCS-4 and EBCDIC byte patterns, and UTF-16 with an odd number of bytes (its last character is
/// cut in half). Some of these crash libxml2 (an EBCDIC declaration, odd-length UTF-16), so they must
/// never reach it.
enum XMLEncodingCheck {
    /// How the bytes are laid out, as told by the first four bytes.
    enum ByteLayout: Equatable {
        case utf8
        case utf16(bigEndian: Bool, hasByteOrderMark: Bool)
    }

    /// A refusal: what was found (for the message) and where, 1-based, in characters.
    struct Problem: Equatable, Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// Encodings named in a declaration that are accepted for UTF-8 bytes, upper-cased.
    static let eightBitNames: Set<String> = ["UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-8859-1", "ISO_8859-1", "LATIN1", "ISO-LATIN-1"]
    /// The names of US-ASCII in a declaration, upper-cased.
    static let asciiNames: Set<String> = ["US-ASCII", "ASCII"]

    /// The first byte outside US-ASCII (0x80-0xFF) in a file that declares it (`declared`, the name as
    /// written), at its line and column (the column counts the bytes before it on its line, all ASCII),
    /// naming what the bytes look like: UTF-8 (a whole UTF-8 sequence starts there) or an 8-bit
    /// encoding; `nil` when every byte is ASCII. O(n).
    static func nonASCIIProblem(in bytes: UnsafeBufferPointer<UInt8>, declared: [UInt8]) -> Problem? {
        guard let k = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
        let lineStart = bytes[..<k].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<k].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let name = String(decoding: declared, as: UTF8.self)
        let byte = "0x" + String(bytes[k], radix: 16, uppercase: true)
        let fix = startsUTF8Sequence(bytes, at: k)
            ? "the bytes are UTF-8: declare encoding=\"UTF-8\""
            : "the bytes look like Latin-1 or windows-1252: declare encoding=\"ISO-8859-1\" (or \"windows-1252\"), or convert the file to UTF-8"
        return Problem(message: "the byte \(byte) is not US-ASCII, which the declaration encoding=\"\(name)\" allows alone (bytes 0x00-0x7F); \(fix)",
                       line: line, column: k - lineStart + 1)
    }

    /// The first byte of `bytes` (UTF-8 XML) that XML does not allow as a character: a control
    /// character other than tab, LF and CR (XML 1.0 section 2.2, `Char`), U+FFFE or U+FFFF, or a byte that
    /// starts no UTF-8 sequence; `nil` when there is none. For libxml2's "invalid character" error, which
    /// does not say which byte it is. O(n).
    static func invalidCharacterProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        var k = 0
        while k < bytes.count {
            let b = bytes[k]
            if b >= 0x20 && b < 0x80 || b == 0x09 || b == 0x0A || b == 0x0D { k += 1; continue }
            let byte = "0x" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
            let message: String
            if b < 0x80 {
                message = "the byte \(byte) is a control character, which XML allows nowhere (a damaged file, or binary data pasted in)"
            } else if startsUTF8Sequence(bytes, at: k) {
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no characters either.
                guard length == 3, b == 0xEF, bytes[k + 1] == 0xBF, bytes[k + 2] >= 0xBE else { k += length; continue }
                message = "the bytes \(byte) 0xBF 0x\(String(bytes[k + 2], radix: 16, uppercase: true)) are U+FFFE or U+FFFF, which XML allows nowhere"
            } else {
                let latin1 = String(Character(Unicode.Scalar(b)))
                message = "the byte \(byte) is not UTF-8, the encoding the file declares (or XML's default without a declaration): "
                    + "it looks like Latin-1 or windows-1252 text (\(byte) is '\(latin1)' there); declare encoding=\"ISO-8859-1\" "
                    + "(or \"windows-1252\") on the first line, or convert the file to UTF-8"
            }
            let lineStart = bytes[..<k].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let line = bytes[..<k].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return Problem(message: message, line: line, column: k - lineStart + 1)
        }
        return nil
    }

    /// Whether a well-formed UTF-8 sequence of two to four bytes starts at `k` (RFC 3629 section 4).
    private static func startsUTF8Sequence(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int) -> Bool {
        let lead = bytes[k]
        let length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
        guard length > 0, k + length <= bytes.count else { return false }
        return String(validating: bytes[k..<(k + length)], as: UTF8.self) != nil
    }

    /// Encodings named in a declaration that are accepted for UTF-16 bytes, upper-cased.
    static let sixteenBitNames: Set<String> = ["UTF-16", "UTF16", "UTF-16LE", "UTF-16BE"]

    /// What the decision is written as in the error message.
    static let accepted = "UTF-8, UTF-16 (with a byte order mark or a declaration), US-ASCII, ISO-8859-1 or windows-1252"

    /// Checks the head of an XML document.
    ///
    /// - Parameters:
    ///   - head: The first bytes (a few hundred are enough; the declaration must be in them).
    ///   - byteCount: The whole input's length in bytes, when known (for the odd-length UTF-16 check).
    /// - Returns: `nil` when the encoding is accepted, else the problem.
    /// - Complexity: O(length of the declaration).
    static func problem(head: [UInt8], byteCount: Int?) -> Problem? {
        let b = head
        func starts(_ p: [UInt8]) -> Bool { b.starts(with: p) }
        // UCS-4 / UTF-32 (with or without a byte order mark) and EBCDIC ("<?xm" in code page 37).
        if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x00, 0x00, 0x00, 0x3C])
            || starts([0x3C, 0x00, 0x00, 0x00]) || starts([0x00, 0x00, 0x3C, 0x00]) || starts([0x00, 0x3C, 0x00, 0x00]) {
            return Problem(message: "the file is in UTF-32 (UCS-4); expected \(accepted)", line: 1, column: 1)
        }
        if starts([0x4C, 0x6F, 0xA7, 0x94]) {
            return Problem(message: "the file is in EBCDIC; expected \(accepted)", line: 1, column: 1)
        }
        let layout: ByteLayout
        var start = 0
        if starts([0xFE, 0xFF]) { layout = .utf16(bigEndian: true, hasByteOrderMark: true); start = 2 }
        else if starts([0xFF, 0xFE]) { layout = .utf16(bigEndian: false, hasByteOrderMark: true); start = 2 }
        else if starts([0x00, 0x3C]) { layout = .utf16(bigEndian: true, hasByteOrderMark: false) }
        else if starts([0x3C, 0x00]) { layout = .utf16(bigEndian: false, hasByteOrderMark: false) }
        else { layout = .utf8; if starts([0xEF, 0xBB, 0xBF]) { start = 3 } }

        if case .utf16 = layout, let byteCount, byteCount % 2 != 0 {
            return Problem(message: "the file is UTF-16 but holds an odd number of bytes (\(byteCount)): its last character is cut in half",
                           line: 1, column: 1)
        }
        // The declaration, as ASCII: it is made of ASCII characters in every accepted encoding.
        var ascii: [UInt8] = []
        var i = start
        let step = layout == .utf8 ? 1 : 2
        while i + step - 1 < b.count, ascii.count < 512 {
            let unit: UInt16
            switch layout {
            case .utf8: unit = UInt16(b[i])
            case .utf16(let bigEndian, _): unit = bigEndian ? UInt16(b[i]) << 8 | UInt16(b[i + 1]) : UInt16(b[i + 1]) << 8 | UInt16(b[i])
            }
            guard unit < 0x80 else {
                // The XML declaration is ASCII in every encoding (XML 1.0 section 2.8, XMLDecl): a
                // character outside it inside the declaration is refused here (libxml2 2.9 crashed on
                // one in UTF-16, fuzz/open-crashes).
                if ascii.starts(with: Array("<?xml".utf8)) {
                    return Problem(message: "the XML declaration holds a character that is not ASCII (U+\(String(unit, radix: 16, uppercase: true))); a declaration is plain ASCII, e.g. <?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                                   line: 1, column: ascii.count + 1)
                }
                break
            }
            ascii.append(UInt8(unit))
            if ascii.count >= 2, ascii[ascii.count - 2] == UInt8(ascii: "?"), ascii.last == UInt8(ascii: ">") { break }
            i += step
        }
        guard let declared = declaredEncoding(ascii) else {
            // No declaration: XML 1.0 §4.3.3 says UTF-8, or UTF-16 when there is a byte order mark.
            if case .utf16(_, false) = layout {
                return Problem(message: "the file looks like UTF-16 without a byte order mark or an encoding declaration; expected \(accepted)",
                               line: 1, column: 1)
            }
            return nil
        }
        let name = String(decoding: declared.name, as: UTF8.self)
        let upper = name.uppercased()
        let shown = "encoding=\"\(name)\""
        switch layout {
        case .utf8:
            if XMLWindows1252.names.contains(upper), start == 3 {
                // A UTF-8 byte order mark contradicts it (and libxml2 would switch to iconv for it).
                return Problem(message: "the declaration says \(shown) but the file starts with a UTF-8 byte order mark",
                               line: declared.line, column: declared.column)
            }
            if eightBitNames.contains(upper) || XMLWindows1252.names.contains(upper) { return nil }
            if sixteenBitNames.contains(upper) {
                return Problem(message: "the declaration says \(shown) but the bytes are not UTF-16 (no byte order mark)",
                               line: declared.line, column: declared.column)
            }
        case .utf16:
            if sixteenBitNames.contains(upper) { return nil }
            if eightBitNames.contains(upper) {
                return Problem(message: "the declaration says \(shown) but the bytes are UTF-16",
                               line: declared.line, column: declared.column)
            }
        }
        return Problem(message: "the declared encoding \"\(name)\" is not supported; expected \(accepted)",
                       line: declared.line, column: declared.column)
    }

    /// The value of `encoding` in an XML declaration (`<?xml version="1.0" encoding="…"?>`) and its
    /// 1-based line and column, or `nil` when there is no declaration or no encoding in it.
    static func declaredEncoding(_ ascii: [UInt8]) -> (name: [UInt8], line: Int, column: Int)? {
        let prefix = Array("<?xml".utf8)
        guard ascii.starts(with: prefix), ascii.count > prefix.count,
              [0x20, 0x09, 0x0A, 0x0D].contains(ascii[prefix.count]) else { return nil }
        let key = Array("encoding".utf8)
        var i = prefix.count
        while i + key.count <= ascii.count {
            if ascii[i] == UInt8(ascii: "?") { return nil }
            if Array(ascii[i..<(i + key.count)]) == key {
                var j = i + key.count
                while j < ascii.count, [0x20, 0x09, 0x0A, 0x0D].contains(ascii[j]) { j += 1 }
                guard j < ascii.count, ascii[j] == UInt8(ascii: "=") else { return nil }
                j += 1
                while j < ascii.count, [0x20, 0x09, 0x0A, 0x0D].contains(ascii[j]) { j += 1 }
                guard j < ascii.count, ascii[j] == 0x22 || ascii[j] == 0x27 else { return nil }
                let quote = ascii[j]
                let valueStart = j + 1
                guard let end = ascii[valueStart...].firstIndex(of: quote) else { return nil }
                var line = 1, column = 1
                for c in ascii[..<valueStart] {
                    if c == 0x0A { line += 1; column = 1 } else { column += 1 }
                }
                return (Array(ascii[valueStart..<end]), line, column)
            }
            i += 1
        }
        return nil
    }
}

extension XMLEncodingCheck {
    /// The first code unit of a UTF-16 document that XML 1.0 does not allow (section 2.2, `Char`: NUL
    /// and the other C0 controls but tab, LF and CR; U+FFFE and U+FFFF; a surrogate without its pair),
    /// with its 1-based line and column, or `nil`. libxml2 2.9.14's push parser crashed on such units in
    /// UTF-16 input (found by `fuzz/run gpx`), so they are refused before it sees them.
    ///
    /// - Complexity: O(n) for n bytes.
    static func utf16Problem(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        var i = 0
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF): bigEndian = true; i = 2
        case (0xFF, 0xFE): bigEndian = false; i = 2
        case (0x00, 0x3C): bigEndian = true
        case (0x3C, 0x00): bigEndian = false
        default: return nil
        }
        var line = 1, column = 1
        var expectLow = false
        while i + 1 < bytes.count {
            let unit = bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i])
            i += 2
            let isLow = (0xDC00...0xDFFF).contains(unit), isHigh = (0xD800...0xDBFF).contains(unit)
            var bad: String? = nil
            if expectLow {
                if !isLow { bad = "a high surrogate without its low surrogate" }
                expectLow = false
            } else if isLow {
                bad = "a low surrogate without its high surrogate"
            } else if isHigh {
                expectLow = true
            } else if unit < 0x20 && unit != 0x09 && unit != 0x0A && unit != 0x0D {
                bad = String(format: "the control character U+%04X", unit)
            } else if unit == 0xFFFE || unit == 0xFFFF {
                bad = String(format: "the non-character U+%04X", unit)
            }
            if let bad {
                return Problem(message: "\(bad), which XML does not allow", line: line, column: column)
            }
            if unit == 0x0A { line += 1; column = 1 } else if !isLow { column += 1 }
        }
        return nil
    }
}
