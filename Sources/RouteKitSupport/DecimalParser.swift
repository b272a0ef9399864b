/// A fast, strict parser for the decimal numbers of XML formats (GPX `lat`, `lon`, `ele`).
///
/// Accepted (after XML Schema whitespace collapsing: leading and trailing space, tab, CR, LF are
/// ignored): an optional sign `+` or `-`, then digits with at most one decimal point and at least
/// one digit (`12`, `12.5`, `12.`, `.5`), then optionally an exponent `e`/`E`, sign, digits. That is
/// `xsd:decimal` (https://www.w3.org/TR/xmlschema-2/#decimal) plus the exponent of `xsd:double`,
/// which some writers emit for tiny values.
///
/// Rejected: the empty string, `nan`, `inf`, `infinity`, hexadecimal (`0x1p3`), embedded spaces,
/// thousands separators, a decimal comma, and any trailing garbage (`4x.1`). Results that overflow to
/// infinity are rejected too, so a parsed value is always finite.
///
/// The common case (at most 15 significant digits, decimal exponent within ±22) is converted exactly
/// with one multiplication or division of two exactly representable doubles, which is correctly
/// rounded (Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990,
/// doi:10.1145/93542.93557, the "fast path"). Anything longer falls back to the standard library's
/// `Double(_:)` on the already validated text.
package enum DecimalParser {
    /// Parses `text`; `nil` when it is not a finite decimal number as described above.
    /// - Complexity: O(n) in the length of `text`.
    package static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Parses UTF-8 bytes; see `parse(_: String)`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, isXMLSpace(bytes[start]) { start += 1 }
        while end > start, isXMLSpace(bytes[end - 1]) { end -= 1 }
        var i = start
        var negative = false
        if i < end, bytes[i] == 0x2B || bytes[i] == 0x2D {
            negative = bytes[i] == 0x2D
            i += 1
        }

        var mantissa: UInt64 = 0
        var significantDigits = 0   // digits in `mantissa`, leading zeros excluded
        var droppedDigits = false   // more than 19 significant digits: use the slow path
        var exponent10 = 0          // value = mantissa * 10^exponent10
        var sawDigit = false

        // Integer part.
        while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            sawDigit = true
            let d = UInt64(bytes[i] - 0x30)
            if significantDigits < 19 {
                if significantDigits > 0 || d != 0 {
                    mantissa = mantissa * 10 + d
                    significantDigits += 1
                }
            } else {
                droppedDigits = true
                exponent10 += 1
            }
            i += 1
        }
        // Fraction.
        if i < end, bytes[i] == 0x2E {
            i += 1
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                sawDigit = true
                let d = UInt64(bytes[i] - 0x30)
                if significantDigits < 19 {
                    if significantDigits > 0 || d != 0 {
                        mantissa = mantissa * 10 + d
                        significantDigits += 1
                    }
                    exponent10 -= 1
                } else {
                    droppedDigits = true
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        // Exponent.
        if i < end, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == 0x2B || bytes[i] == 0x2D {
                exponentNegative = bytes[i] == 0x2D
                i += 1
            }
            let first = i
            var value = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                if value < 100_000 { value = value * 10 + Int(bytes[i] - 0x30) }
                i += 1
            }
            guard i > first else { return nil }
            exponent10 += exponentNegative ? -value : value
        }
        guard i == end else { return nil }

        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if !droppedDigits, significantDigits <= 15, exponent10 >= -22, exponent10 <= 22 {
            let m = Double(mantissa)  // exact: < 10^15 < 2^53
            let p = powersOfTen[abs(exponent10)]
            let value = exponent10 < 0 ? m / p : m * p
            return negative ? -value : value
        }
        // Slow path: the text is validated, so strtod sees no nan/inf/hex.
        let validated = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(validated), value.isFinite else { return nil }
        return value
    }

    /// 10^0 ... 10^22, all exact in `Double` (10^22 = 2^22 * 5^22, and 5^22 < 2^53). Written out, so
    /// that the compiler lays the array down in the binary: built by a closure, it was initialised
    /// behind a `swift_once` check, and retained and released, at every number parsed.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
