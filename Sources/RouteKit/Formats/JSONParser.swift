import Foundation

/// A JSON value with the byte offset where it starts, for located errors.
struct JSONNode {
    /// Byte offset of the value's first character in the input.
    var offset: Int
    var value: JSONValue
}

/// A JSON value (RFC 8259). Objects keep their members in file order (duplicates kept; lookups
/// take the first).
indirect enum JSONValue {
    case object([(key: String, node: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The member named `key` of an object (the first one), or `nil`.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.node
    }

    /// What the value is, for messages: `an object`, `a string ("LineString")`, `null`.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array(let a): "an array of \(a.count)"
        case .string(let s): "a string (\"\(s.count > 40 ? s.prefix(40) + "…" : Substring(s))\")"
        case .number(let n): "a number (\(n))"
        case .bool(let b): "\(b)"
        case .null: "null"
        }
    }
}

/// A small, strict JSON parser (RFC 8259, https://www.rfc-editor.org/rfc/rfc8259) that keeps the
/// position of every value, because `JSONSerialization` and `JSONDecoder` report no line or column
/// for syntax errors.
///
/// Strict: no comments, no trailing commas, no single quotes, no `NaN`/`Infinity`, no leading
/// zeros or `+` signs, no control characters inside strings, one top-level value followed only by
/// white space. A UTF-8 byte order mark is skipped. Nesting deeper than 512 is refused (instead of
/// overflowing the stack). Numbers go through ``DecimalParser`` after the JSON grammar is checked,
/// so they are correctly rounded.
///
/// Errors are `malformedJSON` located at the offending byte, with line (LF, CRLF or CR end a line)
/// and 1-based column counted in Unicode scalars.
struct JSONParser {
    let bytes: [UInt8]
    let path: String?
    let format: String
    var i = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: [UInt8], path: String?, format: String = "GeoJSON") {
        self.bytes = bytes
        self.path = path
        self.format = format
    }

    /// Parses the whole input as one JSON value.
    mutating func parseDocument() throws(RouteParseError) -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < bytes.count else {
            throw RouteParseError(format: format, location: location(of: 0), reason: .empty)
        }
        let node = try parseValue()
        skipSpace()
        guard i == bytes.count else { throw error("extra content after the top-level value: \(found())") }
        return node
    }

    /// The line and column of a byte offset (O(offset): used only for errors and notes).
    func location(of offset: Int) -> SourceLocation {
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
        return SourceLocation(path: path, line: line, column: column)
    }

    private func error(_ message: String, at offset: Int? = nil) -> RouteParseError {
        RouteParseError(format: format, location: location(of: offset ?? i), reason: .malformedJSON(message))
    }

    /// The character at `i`, quoted, or "the end of the input".
    private func found() -> String {
        guard i < bytes.count else { return "found the end of the input" }
        let b = bytes[i]
        if b >= 0x20, b < 0x7F { return "found '\(Character(Unicode.Scalar(b)))'" }
        return "found byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func parseValue() throws(RouteParseError) -> JSONNode {
        guard i < bytes.count else { throw error("expected a value, found the end of the input") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            return JSONNode(offset: start, value: try parseObject())
        case UInt8(ascii: "["):
            return JSONNode(offset: start, value: try parseArray())
        case UInt8(ascii: "\""):
            return JSONNode(offset: start, value: .string(try parseString()))
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(offset: start, value: .bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(offset: start, value: .bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(offset: start, value: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(offset: start, value: .number(try parseNumber()))
        default:
            throw error("expected a value, \(found())")
        }
    }

    private mutating func literal(_ word: String) throws(RouteParseError) {
        for c in word.utf8 {
            guard i < bytes.count, bytes[i] == c else { throw error("expected '\(word)', \(found())") }
            i += 1
        }
    }

    private mutating func enter() throws(RouteParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(RouteParseError) -> JSONValue {
        try enter()
        i += 1
        var members: [(key: String, node: JSONNode)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, \(found())")
            }
            let key = try parseString()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", \(found())")
            }
            i += 1
            skipSpace()
            members.append((key, try parseValue()))
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '}' in an object, found the end of the input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("expected ',' or '}' after the value of \"\(key)\", \(found())")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(RouteParseError) -> JSONValue {
        try enter()
        i += 1
        var elements: [JSONNode] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try parseValue())
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or ']' in an array, found the end of the input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("expected ',' or ']' after an array element, \(found())")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseNumber() throws(RouteParseError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digit() -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        guard digit() else { throw error("expected a digit after '-', \(found())") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if digit() { throw error("a number must not have a leading zero", at: start) }
        } else {
            while digit() { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digit() else { throw error("expected a digit after the decimal point, \(found())") }
            while digit() { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digit() else { throw error("expected a digit in the exponent, \(found())") }
            while digit() { i += 1 }
        }
        let end = i
        let value = bytes.withUnsafeBufferPointer { b in
            DecimalParser.parse(UnsafeBufferPointer(rebasing: b[start..<end]))
        }
        guard let value else { throw error("the number is too large", at: start) }
        return value
    }

    private mutating func parseString() throws(RouteParseError) -> String {
        let quote = i
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("a control character (0x\(String(b, radix: 16))) inside a string must be escaped") }
            i += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<min(i, bytes.count)])
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if b < 0x20 { throw error("a control character (0x\(String(b, radix: 16))) inside a string must be escaped") }
            if b != UInt8(ascii: "\\") {
                scalars.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if code >= 0xD800, code < 0xDC00, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    if low >= 0xDC00, low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        code = 0xFFFD
                    }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: i - 2)
            }
        }
        throw error("the string is not closed (it starts here)", at: quote)
    }

    private mutating func hex4() throws(RouteParseError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw error("expected 4 hexadecimal digits after '\\u', found the end of the input") }
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("expected 4 hexadecimal digits after '\\u', \(found())")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
