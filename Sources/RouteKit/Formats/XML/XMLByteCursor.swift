import Foundation
import RouteKitSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position in a document's bytes, moved forward as a whole-element scanner
/// (``GPXTrackPointScanner``, ``TCXTrackpointScanner``) matches the shape it reads.
///
/// Each method reads one piece of markup and returns `false` or `nil` when the bytes at the cursor
/// are not that piece (the cursor may then have moved: the scanner declines the whole element and
/// starts no other read from it). Names are ASCII; values are one run of printable ASCII with no
/// space, reference or `]`, so that nothing read here needs the general scanner's normalisations.
///
/// - Complexity: each method O(bytes read), no allocation.
struct XMLByteCursor {
    let p: UnsafePointer<UInt8>
    let n: Int
    var i: Int

    /// Longest value read, bytes (longer ones are left to the general path).
    static let maximumValue = 64
    /// Longest local name read, bytes.
    private static let maximumName = 64

    /// Takes `literal` when the bytes at the cursor are it.
    @inline(__always) mutating func take(_ literal: StaticString) -> Bool {
        take(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always) mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard n - i >= bytes.count, memcmp(p + i, bytes.baseAddress!, bytes.count) == 0 else { return false }
        i += bytes.count
        return true
    }

    /// Reads the children of an element (its start tag read), each `<P:local>` with `P` the bound
    /// `prefix`, handing the cursor to `child` after each start tag, up to and including `</element>`;
    /// `false` where anything else stands or `child` fails.
    mutating func prefixedChildren(_ local: StaticString, prefix: UnsafeBufferPointer<UInt8>, until element: StaticString,
                                   _ child: (inout XMLByteCursor) -> Bool) -> Bool {
        while true {
            skipSpace()
            if take("</") { return take(element) && closeTag() }
            guard take("<"), take(prefix), take(":"), take(local), closeTag(), child(&self) else { return false }
        }
    }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// Skips white space (bounded, as the general scanner bounds a text run).
    @inline(__always) mutating func skipSpace() {
        let limit = min(n, i + XMLFastScanner.maximumRun)
        while i < limit, Self.isSpace(p[i]) { i += 1 }
    }

    /// The end of a start or end tag after its name: optional white space, then `>`.
    @inline(__always) mutating func closeTag() -> Bool {
        skipSpace()
        guard i < n, p[i] == 0x3E else { return false }
        i += 1
        return true
    }

    /// `</name` then optional white space and `>` (`name` unprefixed).
    @inline(__always) mutating func endTag(_ name: StaticString) -> Bool {
        take("</") && take(name) && closeTag()
    }

    /// `</name` then optional white space and `>`, for a name read by ``name()``.
    @inline(__always) mutating func endTag(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        take("</") && take(name) && closeTag()
    }

    /// An element's local name (ASCII letters, digits, `_`, `-`, `.`; a letter or `_` first).
    mutating func name() -> UnsafeBufferPointer<UInt8>? {
        let start = i
        guard i < n, Self.isNameStart(p[i]) else { return nil }
        i += 1
        while i < n, Self.isNameStart(p[i]) || (p[i] >= 0x30 && p[i] <= 0x39) || p[i] == 0x2D || p[i] == 0x2E { i += 1 }
        guard i - start <= Self.maximumName else { return nil }
        return UnsafeBufferPointer(start: p + start, count: i - start)
    }

    @inline(__always) private static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F
    }

    /// Whether a name read by ``name()`` is `literal`.
    @inline(__always) static func equal(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        name.count == literal.utf8CodeUnitCount && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
    }

    /// A value up to the next `<` (or `end`): 1 to ``maximumValue`` bytes of printable ASCII other
    /// than space, `&`, `]`, `<`.
    @inline(__always) mutating func value(until end: UInt8 = 0x3C) -> UnsafeBufferPointer<UInt8>? {
        let start = i
        let limit = min(n, i + Self.maximumValue + 1)
        while i < limit {
            let b = p[i]
            if b == end { break }
            guard b > 0x20, b < 0x7F, b != 0x26, b != 0x5D, b != 0x3C else { return nil }
            i += 1
        }
        guard i < limit, i > start else { return nil }
        return UnsafeBufferPointer(start: p + start, count: i - start)
    }

    /// A value read as a decimal number (``DecimalParser``), with no limits.
    @inline(__always) mutating func decimal() -> Double? {
        guard let text = value() else { return nil }
        return DecimalParser.parse(text)
    }
}
