import Foundation

/// XML declared `encoding="windows-1252"` (also `cp1252`), decoded to UTF-8 by RouteKit before any XML
/// parser sees it.
///
/// libxml2 2.9 decodes windows-1252 through iconv only, switching encodings inside its push parser,
/// and that crashed under fuzzing; so the bytes are decoded here, by the table below, and libxml2
/// is handed UTF-8 whose declaration says so. The declaration keeps its length (`encoding="UTF-8"`
/// followed by spaces, which the XML declaration allows between its attributes), and every byte
/// becomes one character, so lines and columns in later errors are those of the original file.
///
/// The mapping: bytes 0x00...0x7F and 0xA0...0xFF are the Unicode code points of the same value
/// (as ISO-8859-1); 0x80...0x9F are the 27 characters of Unicode's table for code page 1252
/// (https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1252.TXT, the same as the
/// WHATWG Encoding Standard's index-windows-1252 there), and its five unassigned bytes (0x81, 0x8D,
/// 0x8F, 0x90, 0x9D) are refused at their line and column, as Python's `bytes.decode('cp1252')` refuses them.
///
/// **Declared ISO-8859-1** (`latin1`) is decoded the same way, as browsers do: the WHATWG Encoding
/// Standard (https://encoding.spec.whatwg.org/#names-and-labels) makes `iso-8859-1` and `latin1` labels
/// of windows-1252, because files so declared are mostly written by Windows programs and hold `€` (0x80)
/// and curly quotes (0x91-0x94), which true ISO-8859-1 reads as invisible C1 control characters. There
/// the five unassigned bytes stay the C1 characters of their own value (as the WHATWG index has them),
/// since they are ISO-8859-1 characters.
enum XMLWindows1252 {
    /// Encoding names that mean windows-1252, upper-cased.
    static let names: Set<String> = ["WINDOWS-1252", "CP1252", "X-CP1252", "CP-1252", "WINDOWS1252"]
    /// ISO-8859-1 names (those ``XMLEncodingCheck`` accepts), upper-cased, decoded as windows-1252.
    static let latin1Names: Set<String> = ["ISO-8859-1", "ISO_8859-1", "LATIN1", "ISO-LATIN-1"]

    /// Code points of bytes 0x80...0x9F; 0 where the byte is unassigned.
    static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The declaration's encoding attribute when it names windows-1252 or ISO-8859-1 in 8-bit text: where its value
    /// starts and ends (byte offsets into `head`, quotes excluded). `nil` otherwise. O(declaration).
    static func declaration(in head: [UInt8]) -> Range<Int>? {
        guard !head.starts(with: [0xFE, 0xFF]), !head.starts(with: [0xFF, 0xFE]), !head.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        var ascii: [UInt8] = []
        for b in head.prefix(512) {
            guard b < 0x80 else { break }
            ascii.append(b)
            if ascii.count >= 2, ascii[ascii.count - 2] == UInt8(ascii: "?"), b == UInt8(ascii: ">") { break }
        }
        guard let declared = XMLEncodingCheck.declaredEncoding(ascii),
              isDecodedHere(String(decoding: declared.name, as: UTF8.self)) else { return nil }
        // The declaration is on one line or several: find the value's bytes again by its text.
        let value = declared.name
        guard let start = (0...(ascii.count - value.count)).first(where: { i in
            ascii[i..<(i + value.count)].elementsEqual(value) && i > 0 && (ascii[i - 1] == UInt8(ascii: "\"") || ascii[i - 1] == UInt8(ascii: "'"))
        }) else { return nil }
        return start..<(start + value.count)
    }

    /// Whether a declared encoding `name` is decoded here: windows-1252 or ISO-8859-1.
    static func isDecodedHere(_ name: String) -> Bool {
        names.contains(name.uppercased()) || latin1Names.contains(name.uppercased())
    }

    /// `bytes` (windows-1252 or ISO-8859-1, declared in `value`'s range) as UTF-8, the declared name
    /// replaced by `UTF-8` and the quote and spaces that keep the declaration's length.
    ///
    /// - Returns: The UTF-8 bytes, or the problem: an unassigned byte under a windows-1252 declaration,
    ///   at its 1-based line and column.
    /// - Complexity: O(n) in the input's size; the output is at most three times as long.
    static func utf8(_ bytes: UnsafeBufferPointer<UInt8>, declaredValue value: Range<Int>) -> Result<Data, XMLEncodingCheck.Problem> {
        let latin1 = latin1Names.contains(String(decoding: bytes[value], as: UTF8.self).uppercased())
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var line = 1, column = 1
        var i = 0
        while i < bytes.count {
            if i == value.lowerBound {
                // `UTF-8"` and spaces: the closing quote moves left, the padding follows it.
                let quote = bytes[value.upperBound]
                out.append(contentsOf: Array("UTF-8".utf8) + [quote] + Array(repeating: UInt8(ascii: " "), count: value.count - 5))
                i = value.upperBound + 1
                column += value.count + 1
                continue
            }
            let b = bytes[i]
            var scalar = UInt32(b)
            if (0x80...0x9F).contains(b) {
                scalar = high[Int(b) - 0x80]
                if scalar == 0, latin1 { scalar = UInt32(b) }
                guard scalar != 0 else {
                    return .failure(.init(message: "the byte 0x\(String(b, radix: 16, uppercase: true)) is not a character in windows-1252, "
                                                    + "the declared encoding (it is unassigned there)", line: line, column: column))
                }
            }
            appendUTF8(scalar, to: &out)
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        return .success(Data(out))
    }

    /// Appends `scalar` (below 0x10000) to `out` as UTF-8 (RFC 3629 §3).
    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80: out.append(UInt8(scalar))
        case ..<0x800: out.append(contentsOf: [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)])
        default: out.append(contentsOf: [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F)])
        }
    }
}
