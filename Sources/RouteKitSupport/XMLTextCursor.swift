/// A read position in UTF-8 bytes whose XML Schema whitespace (space, tab, CR, LF) at both ends is
/// skipped: the scanning state that ``DateTimeParser`` and ``DecimalParser`` share.
///
/// Every member is `@inline(__always)` and reads the bytes in place: no allocation, and no bounds
/// check beyond the `i < end` the parsers test anyway.
struct XMLTextCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The index of the first byte after the leading whitespace.
    let start: Int
    /// The index one past the last byte before the trailing whitespace.
    let end: Int
    /// The index of the next byte to read, `start...end`.
    var i: Int

    @inline(__always)
    init(trimming bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = bytes.count
        while start < end, isXMLSpace(bytes[start]) { start += 1 }
        while end > start, isXMLSpace(bytes[end - 1]) { end -= 1 }
        self.bytes = bytes
        self.start = start
        self.end = end
        self.i = start
    }

    /// Whether every byte up to `end` has been read.
    @inline(__always)
    var isAtEnd: Bool { i == end }

    /// Whether the next byte is `byte` (false at the end).
    @inline(__always)
    func next(is byte: UInt8) -> Bool { i < end && bytes[i] == byte }

    /// Whether the next byte is an ASCII digit `0...9` (false at the end).
    @inline(__always)
    var nextIsDigit: Bool { i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39 }

    /// Skips `byte` if it is next; returns whether it was.
    @inline(__always)
    mutating func expect(_ byte: UInt8) -> Bool {
        guard i < end, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    /// Reads exactly `count` ASCII digits as a number, or `nil` (the position is then unspecified).
    @inline(__always)
    mutating func digits(_ count: Int) -> Int? {
        guard end - i >= count else { return nil }
        var value = 0
        for _ in 0..<count {
            let d = Int(bytes[i]) &- 0x30
            guard d >= 0 && d <= 9 else { return nil }
            value = value * 10 + d
            i += 1
        }
        return value
    }

    /// Reads an optional sign `+` or `-`; returns whether it was `-`.
    @inline(__always)
    mutating func readSign() -> Bool {
        guard i < end, bytes[i] == 0x2B || bytes[i] == 0x2D else { return false }
        let negative = bytes[i] == 0x2D
        i += 1
        return negative
    }

    /// The text between the whitespace, decoded (allocates: for slow paths only).
    var trimmedText: String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
