import Foundation

/// A JSON value read from a camera script, with the line and column where it starts.
///
/// RouteKit reads camera scripts with this small parser (RFC 8259 grammar) instead of
/// `JSONSerialization` or `JSONDecoder`, for four reasons (docs/camera-script.md, "How scripts are read"):
/// every value keeps its place, so semantic errors point at a line and column as well as a JSON path;
/// numbers are converted from their exact text with `Double(_:)` (correctly rounded), so a number
/// written with Swift's shortest round-trip form reads back as the identical bit pattern; `true` and
/// `false` never pass for numbers (Foundation's `NSNumber` blurs the two on Linux); and duplicate keys
/// are reported instead of silently keeping one.
struct ScriptJSONNode: Sendable {
    /// One `"key": value` member of an object, in document order.
    struct Member: Sendable {
        var key: String
        /// Where the key's opening quote is (1-based line and column).
        var keyLine: Int
        var keyColumn: Int
        var value: ScriptJSONNode
    }

    enum Content: Sendable {
        case object([Member])
        case array([ScriptJSONNode])
        case string(String)
        /// The number's value and its text exactly as written (for messages). A number too large for
        /// a `Double` (such as `1e999`) is `±infinity` here; the schema decoder rejects it.
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    var content: Content
    /// 1-based line of the value's first character (lines end at `\n`).
    var line: Int
    /// 1-based column of the value's first character, counted in Unicode scalars from the start of
    /// its line (a tab counts as one).
    var column: Int

    /// How a message names this value's JSON type: "an object", "a string (\"abc\")", "a boolean (true)".
    var typeDescription: String {
        switch content {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let s): return "a string (\(ScriptJSONWriter.quoted(s)))"
        case .number(_, let text): return "a number (\(text))"
        case .bool(let b): return "a boolean (\(b))"
        case .null: return "null"
        }
    }
}

/// A JSON syntax error: what is wrong, at a 1-based line and column.
struct ScriptJSONSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

/// Parses one JSON document (UTF-8, an optional byte-order mark) into a ``ScriptJSONNode`` tree.
///
/// Strict RFC 8259: no comments, no trailing commas, no `NaN`/`Infinity`, no leading zeros, no
/// unescaped control characters in strings; nesting is limited to 256 levels. Each of these has a
/// message of its own, at the line and column of the offending character.
///
/// - Complexity: O(n) for n bytes.
struct ScriptJSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    /// Line of `offset`'s character, and the offset where that line starts.
    private var line = 1
    private var lineStart = 0
    /// Cache for columns: the column at `columnOffset` (on the current line), so that columns are
    /// computed incrementally as the parser moves forward.
    private var columnOffset = 0
    private var columnValue = 1
    private var depth = 0
    private static let maximumDepth = 256

    init(data: Data) {
        bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
            columnOffset = 3
        }
    }

    /// Parses the whole input as one JSON value followed only by whitespace.
    mutating func parseDocument() throws(ScriptJSONSyntaxError) -> ScriptJSONNode {
        skipWhitespace()
        guard offset < bytes.count else { throw error("the document is empty; expected a JSON object") }
        let root = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return root
    }

    // MARK: Positions

    /// The 1-based column of `offset`, counting Unicode scalars (UTF-8 lead bytes) on its line.
    private mutating func column() -> Int {
        if columnOffset < lineStart || columnOffset > offset {
            columnOffset = lineStart
            columnValue = 1
        }
        while columnOffset < offset {
            if bytes[columnOffset] & 0xC0 != 0x80 { columnValue += 1 }
            columnOffset += 1
        }
        return columnValue
    }

    private mutating func error(_ message: String) -> ScriptJSONSyntaxError {
        ScriptJSONSyntaxError(line: line, column: column(), message: message)
    }

    /// "'x'", "end of file", or a description of a control byte, for messages.
    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let b = bytes[offset]
        if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 || b == 0x7F { return "control character U+\(String(b, radix: 16, uppercase: true).leftPadded(to: 4))" }
        // A non-ASCII scalar: decode it for the message.
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 && end - offset < 4 { end += 1 }
        if let s = String(bytes: bytes[offset..<end], encoding: .utf8) { return "character '\(s)'" }
        return "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(ScriptJSONSyntaxError) -> ScriptJSONNode {
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        let startLine = line
        let startColumn = column()
        func node(_ content: ScriptJSONNode.Content) -> ScriptJSONNode {
            ScriptJSONNode(content: content, line: startLine, column: startColumn)
        }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return node(try parseObject())
        case UInt8(ascii: "["): return node(try parseArray())
        case UInt8(ascii: "\""): return node(.string(try parseString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(try parseNumber())
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "I"):
            return node(try parseLiteral())
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON")
        case UInt8(ascii: "'"):
            throw error("strings must be in double quotes (\") in JSON")
        default:
            throw error("unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func enter() throws(ScriptJSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(ScriptJSONSyntaxError) -> ScriptJSONNode.Content {
        try enter()
        defer { depth -= 1 }
        offset += 1  // {
        var members: [ScriptJSONNode.Member] = []
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected a key in double quotes or '}'") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                if bytes[offset] == UInt8(ascii: "}") && !members.isEmpty {
                    throw error("trailing comma before '}' (JSON allows none)")
                }
                if bytes[offset] == UInt8(ascii: "/") { throw error("comments are not allowed in JSON") }
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyLine = line
            let keyColumn = column()
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key \(ScriptJSONWriter.quoted(key))")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(.init(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(members)
            default: throw error("unexpected \(describeCurrent()); expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func parseArray() throws(ScriptJSONSyntaxError) -> ScriptJSONNode.Content {
        try enter()
        defer { depth -= 1 }
        offset += 1  // [
        var elements: [ScriptJSONNode] = []
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") && !elements.isEmpty {
                throw error("trailing comma before ']' (JSON allows none)")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(elements)
            default: throw error("unexpected \(describeCurrent()); expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func parseLiteral() throws(ScriptJSONSyntaxError) -> ScriptJSONNode.Content {
        for (word, content) in [("true", ScriptJSONNode.Content.bool(true)), ("false", .bool(false)), ("null", .null)]
        where bytes[offset...].starts(with: word.utf8) {
            offset += word.utf8.count
            return content
        }
        for word in ["NaN", "Infinity"] where bytes[offset...].starts(with: word.utf8) {
            throw error("\(word) is not a JSON number (a camera script holds finite numbers only)")
        }
        throw error("unexpected \(describeCurrent()); expected true, false or null")
    }

    /// RFC 8259 section 6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(ScriptJSONSyntaxError) -> ScriptJSONNode.Content {
        let start = offset
        func isDigit(_ i: Int) -> Bool { i < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) }
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "I") {
                throw error("-Infinity is not a JSON number (a camera script holds finite numbers only)")
            }
        }
        guard isDigit(offset) else { throw error("unexpected \(describeCurrent()); expected a digit") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if isDigit(offset) { throw error("leading zeros are not allowed in JSON numbers") }
        } else {
            while isDigit(offset) { offset += 1 }
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(offset) else { throw error("unexpected \(describeCurrent()); expected a digit after '.'") }
            while isDigit(offset) { offset += 1 }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            offset += 1
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) { offset += 1 }
            guard isDigit(offset) else { throw error("unexpected \(describeCurrent()); expected a digit in the exponent") }
            while isDigit(offset) { offset += 1 }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Swift's Double(_:) rounds correctly (to nearest) and gives ±infinity past the range.
        guard let value = Double(text) else { throw error("\(text) is not a number") }
        return .number(value, text: text)
    }

    private mutating func parseString() throws(ScriptJSONSyntaxError) -> String {
        offset += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ end: Int) throws(ScriptJSONSyntaxError) {
            guard runStart < end else { return }
            guard let s = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                offset = runStart
                throw error("the string is not valid UTF-8")
            }
            scalars.append(contentsOf: s.unicodeScalars)
        }
        while true {
            guard offset < bytes.count else { throw error("unterminated string (end of file before the closing '\"')") }
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                try flush(offset)
                offset += 1
                return String(scalars)
            }
            if b < 0x20 {
                throw error(b == 0x0A ? "unterminated string (a line break before the closing '\"')"
                                      : "\(describeCurrent()) in a string (write it as an escape such as \\t)")
            }
            if b != UInt8(ascii: "\\") {
                offset += 1
                continue
            }
            try flush(offset)
            offset += 1
            guard offset < bytes.count else { throw error("unterminated string (end of file in an escape)") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard bytes[offset...].starts(with: "\\u".utf8) else { throw error("a lone UTF-16 high surrogate \\u\(hex(high)) (expected a low surrogate \\uDC00...\\uDFFF next)") }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("\\u\(hex(low)) is not a low surrogate after \\u\(hex(high))") }
                    scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!)
                } else if (0xDC00..<0xE000).contains(high) {
                    throw error("a lone UTF-16 low surrogate \\u\(hex(high))")
                } else {
                    scalars.append(Unicode.Scalar(high)!)
                }
            default:
                offset -= 1
                throw error("unknown escape: \(describeCurrent()) after '\\' in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
            }
            runStart = offset
        }
    }

    private func hex(_ v: UInt32) -> String { String(v, radix: 16, uppercase: true).leftPadded(to: 4) }

    private mutating func hex4() throws(ScriptJSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let d = hexDigit(bytes[offset]) else {
                throw error("unexpected \(describeCurrent()); expected 4 hexadecimal digits after \\u")
            }
            v = v * 16 + d
            offset += 1
        }
        return v
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

extension String {
    /// The string padded on the left with zeros to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
