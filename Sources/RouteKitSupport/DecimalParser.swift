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
        var cursor = XMLTextCursor(trimming: bytes)
        let negative = cursor.readSign()
        var significand = DecimalSignificand()
        cursor.readDigits(into: &significand)
        guard significand.sawDigit, let exponent = cursor.readExponent() else { return nil }
        significand.exponent10 += exponent
        guard cursor.isAtEnd else { return nil }
        if significand.mantissa == 0 { return negative ? -0.0 : 0.0 }
        if let value = fastPathValue(significand) { return negative ? -value : value }
        // Slow path: the text is validated, so strtod sees no nan/inf/hex.
        guard let value = Double(cursor.trimmedText), value.isFinite else { return nil }
        return value
    }

    /// The magnitude, exact by Clinger's fast path (at most 15 significant digits, exponent within ±22),
    /// or `nil` when the slow path must convert it.
    @inline(__always)
    private static func fastPathValue(_ significand: DecimalSignificand) -> Double? {
        let exponent10 = significand.exponent10
        guard !significand.droppedDigits, significand.significantDigits <= 15,
              exponent10 >= -22, exponent10 <= 22 else { return nil }
        let m = Double(significand.mantissa)  // exact: < 10^15 < 2^53
        let p = powersOfTen[abs(exponent10)]
        return exponent10 < 0 ? m / p : m * p
    }

    /// 10^0 ... 10^22, all exact in `Double`.
    private static let powersOfTen: [Double] = (0...22).map { n in
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}

/// The digits of a decimal number as read so far: value = `mantissa` × 10^`exponent10`.
private struct DecimalSignificand {
    var mantissa: UInt64 = 0
    /// Digits in `mantissa`, leading zeros excluded.
    var significantDigits = 0
    /// More than 19 significant digits: use the slow path.
    var droppedDigits = false
    var exponent10 = 0
    var sawDigit = false

    /// Appends digit `d` of the integer part.
    @inline(__always)
    mutating func appendIntegerDigit(_ d: UInt64) {
        sawDigit = true
        if significantDigits < 19 {
            if significantDigits > 0 || d != 0 {
                mantissa = mantissa * 10 + d
                significantDigits += 1
            }
        } else {
            droppedDigits = true
            exponent10 += 1
        }
    }

    /// Appends digit `d` of the fraction.
    @inline(__always)
    mutating func appendFractionDigit(_ d: UInt64) {
        sawDigit = true
        if significantDigits < 19 {
            if significantDigits > 0 || d != 0 {
                mantissa = mantissa * 10 + d
                significantDigits += 1
            }
            exponent10 -= 1
        } else {
            droppedDigits = true
        }
    }
}

/// The steps of ``DecimalParser``'s byte parser.
extension XMLTextCursor {
    /// The integer digits, then an optional `.` and the fraction digits.
    @inline(__always)
    fileprivate mutating func readDigits(into significand: inout DecimalSignificand) {
        while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            significand.appendIntegerDigit(UInt64(bytes[i] - 0x30))
            i += 1
        }
        guard expect(0x2E) else { return }
        while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            significand.appendFractionDigit(UInt64(bytes[i] - 0x30))
            i += 1
        }
    }

    /// An optional exponent `e`/`E`, sign, digits (clamped near 100 000); 0 when absent, `nil` when it
    /// has no digit.
    @inline(__always)
    fileprivate mutating func readExponent() -> Int? {
        guard expect(0x65) || expect(0x45) else { return 0 }
        let exponentNegative = readSign()
        let first = i
        var value = 0
        while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            if value < 100_000 { value = value * 10 + Int(bytes[i] - 0x30) }
            i += 1
        }
        guard i > first else { return nil }
        return exponentNegative ? -value : value
    }
}
