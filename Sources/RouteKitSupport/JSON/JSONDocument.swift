import Foundation

/// A parsed JSON document (RFC 8259, https://www.rfc-editor.org/rfc/rfc8259): its UTF-8 text and
/// the tree of its values, each remembering where it starts so that errors can name a line and column.
///
/// RouteKit reads JSON with `JSONParser` instead of `JSONSerialization` or `JSONDecoder` because
/// those report no line or column (`JSONDecoder` gives none for type errors and only a character
/// offset for syntax errors), round numbers through `NSNumber` (which on Linux does not tell
/// `true` from `1`), and silently keep one of two duplicate keys. Here:
/// - every value and every object key keeps the byte offset where it starts; ``location(of:)``
///   turns an offset into a 1-based line and column only when a message needs one;
/// - numbers are converted from their exact text with correct rounding (``DecimalParser``), so a
///   number written in Swift's shortest round-trip form reads back as the identical bit pattern;
/// - `true` and `false` are ``JSONValue/bool(_:)``, never numbers;
/// - objects keep all their members in document order, duplicates included, so that a reader can
///   reject duplicates (camera scripts) or take the first (``JSONValue/subscript(_:)``, GeoJSON).
///
/// Memory: the tree takes a few times the size of the text (a node is 32 bytes, an object member 56,
/// plus the arrays and strings they hold), except for the arrays a reader defers
/// (``JSONValue/deferredArray``), which take nothing until they are read.
///
/// The text is either the document's own copy (``init(bytes:maximumDepth:numbersOutOfRange:)``) or
/// borrowed (``init(borrowing:maximumDepth:numbersOutOfRange:deferring:release:)``, for a memory-mapped
/// file): a document over borrowed text must not outlive the call that lends it.
package struct JSONDocument: @unchecked Sendable {
    /// The UTF-8 text, byte order mark included when there is one.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The top-level value.
    package let root: JSONNode
    let numbersOutOfRange: JSONParser.NumbersOutOfRange
    /// Keeps an owned copy of the text alive.
    private let storage: Storage?

    private final class Storage {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        init(_ bytes: [UInt8]) {
            buffer = .allocate(capacity: max(bytes.count, 1))
            _ = buffer.initialize(from: bytes)
        }
        deinit { buffer.deallocate() }
    }

    /// Parses `bytes` as one JSON document (a copy is kept); see `JSONParser` for what is accepted.
    ///
    /// - Parameters:
    ///   - maximumDepth: Objects and arrays nested deeper than this are refused (instead of
    ///     overflowing the stack); the top-level object or array is depth 1.
    ///   - numbersOutOfRange: What to do with a number too large for a `Double` (`1e999`).
    /// - Throws: ``JSONSyntaxError`` at the first byte that makes the text invalid.
    /// - Complexity: O(n) for n bytes.
    package init(bytes: [UInt8], maximumDepth: Int = 512,
         numbersOutOfRange: JSONParser.NumbersOutOfRange = .rejected) throws(JSONSyntaxError) {
        let storage = Storage(bytes)
        let text = UnsafeBufferPointer(start: storage.buffer.baseAddress, count: bytes.count)
        root = try JSONParser.parse(text, maximumDepth: maximumDepth, numbersOutOfRange: numbersOutOfRange)
        self.storage = storage
        self.bytes = text
        self.numbersOutOfRange = numbersOutOfRange
    }

    /// Parses borrowed text (no copy), deferring the arrays of the members named in `deferring`
    /// (see `JSONParser.parse(_:maximumDepth:numbersOutOfRange:deferring:release:)`).
    ///
    /// - Throws: ``JSONSyntaxError`` at the first byte that makes the text invalid, deferred arrays
    ///   included.
    /// - Complexity: O(n) for n bytes; memory O(values not deferred).
    package init(borrowing text: UnsafeBufferPointer<UInt8>, maximumDepth: Int, numbersOutOfRange: JSONParser.NumbersOutOfRange,
         deferring: Set<String>, release: ((Int) -> Void)? = nil) throws(JSONSyntaxError) {
        root = try JSONParser.parse(text, maximumDepth: maximumDepth, numbersOutOfRange: numbersOutOfRange,
                                    deferring: deferring, release: release)
        storage = nil
        bytes = text
        self.numbersOutOfRange = numbersOutOfRange
    }

    /// The elements of a deferred array, one start offset at a time, without building anything.
    package struct DeferredElements: Sequence, IteratorProtocol {
        package let bytes: UnsafeBufferPointer<UInt8>
        var k: Int
        var done = false

        package mutating func next() -> Int? {
            guard !done else { return nil }
            skipSpace()
            if k >= bytes.count || bytes[k] == UInt8(ascii: "]") { done = true; return nil }
            if bytes[k] == UInt8(ascii: ",") { k += 1; skipSpace() }
            let start = k
            k = JSONParser.end(ofValueAt: k, in: bytes)
            return start
        }

        private mutating func skipSpace() {
            while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
        }
    }

    /// The start offsets of a deferred array's elements; `nil` when `node` is not deferred.
    package func deferredElements(of node: JSONNode) -> DeferredElements? {
        guard case .deferredArray = node.value else { return nil }
        return DeferredElements(bytes: bytes, k: node.offset + 1)
    }

    /// The value that starts at `offset` (an element of a deferred array), built now; an array is
    /// left deferred when `deferringArrays` is true.
    ///
    /// - Throws: Only if `offset` is not where a value of this document starts.
    package func node(at offset: Int, deferringArrays: Bool) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parseValue(at: offset, in: bytes, numbersOutOfRange: numbersOutOfRange, deferringArrays: deferringArrays)
    }

    /// The 1-based line and column of a byte offset; see ``location(of:in:)``.
    package func location(of offset: Int) -> (line: Int, column: Int) {
        Self.location(of: offset, in: bytes)
    }

    /// The 1-based line and column of the byte at `offset` in `bytes`.
    ///
    /// Lines end at LF, CRLF or a lone CR (as editors count them); columns count Unicode scalars
    /// (UTF-8 lead bytes) from the start of the line, a tab counting as one. A leading byte order
    /// mark takes no column.
    ///
    /// - Complexity: O(offset): meant for messages, not for every node.
    package static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var k = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let end = min(offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A {
                line += 1; column = 1
            } else if b == 0x0D {
                if k + 1 < bytes.count, bytes[k + 1] == 0x0A { column += 1 } else { line += 1; column = 1 }
            } else if b & 0xC0 != 0x80 {
                column += 1  // count a scalar at its first byte
            }
            k += 1
        }
        return (line, column)
    }

    /// A number's text exactly as written (`1e999`, `-0.50`), for messages.
    ///
    /// - Precondition: `node` is a ``JSONValue/number(_:)`` of this document.
    package func numberText(of node: JSONNode) -> String {
        var end = node.offset
        while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[node.offset..<end], as: UTF8.self)
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }
}

/// A JSON value with the byte offset where it starts (its first character: `{`, `[`, `"`, `-`, a
/// digit, or the first letter of `true`, `false`, `null`).
package struct JSONNode: Sendable {
    /// Byte offset of the value's first character in ``JSONDocument/bytes``.
    package var offset: Int
    package var value: JSONValue
}

/// One `"key": value` member of an object.
package struct JSONMember: Sendable {
    package var key: String
    /// Byte offset of the key's opening quote.
    package var keyOffset: Int
    package var node: JSONNode
}

/// A JSON value (RFC 8259 section 3). Objects keep their members in document order, duplicates
/// included.
///
/// Not `indirect`: the recursion goes through arrays, which are references already, so a node needs
/// no box of its own (one allocation fewer per value).
package enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// A finite number, or `±infinity` for one past the range of `Double` when the document was
    /// parsed with ``JSONParser/NumbersOutOfRange/infinity``.
    case number(Double)
    case bool(Bool)
    case null
    /// An array that was checked but not built (see `JSONParser.parse(_:maximumDepth:numbersOutOfRange:deferring:release:)`):
    /// its elements are read through ``JSONDocument/deferredElements(of:)``.
    case deferredArray

    /// The first member named `key` of an object, or `nil` (also when this is not an object).
    /// - Complexity: O(number of members).
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.node
    }

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
