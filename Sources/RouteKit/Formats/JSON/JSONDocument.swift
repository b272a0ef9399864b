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
/// plus the arrays and strings they hold).
struct JSONDocument: Sendable {
    /// The UTF-8 text, byte order mark included when there is one.
    let bytes: [UInt8]
    /// The top-level value.
    let root: JSONNode

    /// Parses `bytes` as one JSON document; see `JSONParser` for what is accepted.
    ///
    /// - Parameters:
    ///   - maximumDepth: Objects and arrays nested deeper than this are refused (instead of
    ///     overflowing the stack); the top-level object or array is depth 1.
    ///   - numbersOutOfRange: What to do with a number too large for a `Double` (`1e999`).
    /// - Throws: ``JSONSyntaxError`` at the first byte that makes the text invalid.
    /// - Complexity: O(n) for n bytes.
    init(bytes: [UInt8], maximumDepth: Int = 512,
         numbersOutOfRange: JSONParser.NumbersOutOfRange = .rejected) throws(JSONSyntaxError) {
        self.bytes = bytes
        root = try JSONParser.parse(bytes, maximumDepth: maximumDepth, numbersOutOfRange: numbersOutOfRange)
    }

    /// The 1-based line and column of a byte offset; see ``location(of:in:)``.
    func location(of offset: Int) -> (line: Int, column: Int) {
        Self.location(of: offset, in: bytes)
    }

    /// The 1-based line and column of the byte at `offset` in `bytes`.
    ///
    /// Lines end at LF, CRLF or a lone CR (as editors count them); columns count Unicode scalars
    /// (UTF-8 lead bytes) from the start of the line, a tab counting as one. A leading byte order
    /// mark takes no column.
    ///
    /// - Complexity: O(offset): meant for messages, not for every node.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var k = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
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
    func numberText(of node: JSONNode) -> String {
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
struct JSONNode: Sendable {
    /// Byte offset of the value's first character in ``JSONDocument/bytes``.
    var offset: Int
    var value: JSONValue
}

/// One `"key": value` member of an object.
struct JSONMember: Sendable {
    var key: String
    /// Byte offset of the key's opening quote.
    var keyOffset: Int
    var node: JSONNode
}

/// A JSON value (RFC 8259 section 3). Objects keep their members in document order, duplicates
/// included.
///
/// Not `indirect`: the recursion goes through arrays, which are references already, so a node needs
/// no box of its own (one allocation fewer per value).
enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// A finite number, or `±infinity` for one past the range of `Double` when the document was
    /// parsed with ``JSONParser/NumbersOutOfRange/infinity``.
    case number(Double)
    case bool(Bool)
    case null

    /// The first member named `key` of an object, or `nil` (also when this is not an object).
    /// - Complexity: O(number of members).
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.node
    }

    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
