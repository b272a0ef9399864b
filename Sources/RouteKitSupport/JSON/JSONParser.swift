import Foundation

/// Why a text is not valid JSON, and the byte where that became certain.
///
/// The parser says what is wrong and where; each reader phrases it for its users (GeoJSON as a
/// ``RouteParseError/Reason/malformedJSON(_:)``, camera scripts as a ``CameraScriptError``) and turns
/// offsets into a line and column with ``JSONDocument/location(of:in:)``.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// Nothing but white space (and a byte order mark); `offset` is the end of the input.
        case empty
        /// Something other than white space after the top-level value.
        case trailingContent
        /// No value starts at `offset` (or the input ends there).
        case expectedValue
        /// `true`, `false` or `null` misspelt: `offset` is the first byte that differs, `start` the
        /// literal's first letter.
        case invalidLiteral(start: Int)
        /// A `,` followed by `]` or `}` (`offset` is the bracket).
        case trailingComma
        /// No member name (a string) where an object member must start.
        case expectedKey
        /// No `:` after the member name `key`.
        case expectedColon(key: String)
        /// Neither `,` nor `}` after the value of the member `key`.
        case expectedObjectSeparator(key: String)
        /// Neither `,` nor `]` after an array element.
        case expectedArraySeparator
        /// The object or array at `offset` is nested deeper than `limit`.
        case tooDeep(limit: Int)
        /// No digit after a minus sign.
        case expectedDigitAfterMinus
        /// A digit after a leading `0` (`offset` is that digit; `numberStart` the number's first byte).
        case leadingZero(numberStart: Int)
        /// No digit after the decimal point.
        case expectedFractionDigit
        /// No digit in the exponent.
        case expectedExponentDigit
        /// A number beyond the range of `Double` (`offset` is its first byte), with
        /// ``JSONParser/NumbersOutOfRange/rejected``.
        case numberOutOfRange
        /// An unescaped control character (U+0000...U+001F) in a string.
        case controlCharacterInString
        /// The input ends inside the string whose opening quote is at `quote` (`inEscape`: right
        /// after a backslash); `offset` is the end of the input.
        case unterminatedString(quote: Int, inEscape: Bool)
        /// A backslash followed by something other than `" \ / b f n r t u` (`offset` is that byte,
        /// the backslash is at `offset - 1`).
        case invalidEscape
        /// Fewer than 4 hexadecimal digits after `\u`.
        case expectedHexDigit
        /// A `\uD800`...`\uDBFF` escape (at `escape`) not followed by a `\u` escape; `offset` is just
        /// after it.
        case loneHighSurrogate(UInt32, escape: Int)
        /// A high surrogate followed by a `\u` escape (at `escape`) that is not a low surrogate;
        /// `offset` is just after the second escape.
        case notLowSurrogate(high: UInt32, low: UInt32, escape: Int)
        /// A `\uDC00`...`\uDFFF` escape (at `escape`) with no high surrogate before it; `offset` is
        /// just after it.
        case loneLowSurrogate(UInt32, escape: Int)
        /// Bytes in a string that are not UTF-8 (RFC 3629); `offset` is the first byte of the
        /// ill-formed sequence.
        case invalidUTF8
    }

    package var kind: Kind
    /// Byte offset in the input (see ``Kind`` for what it points at in each case).
    package var offset: Int
}

/// A small, strict JSON parser (RFC 8259) that keeps the position of every value; it builds a
/// ``JSONDocument``.
///
/// Strict: no comments, no trailing commas, no single quotes, no `NaN`/`Infinity`, no leading
/// zeros or `+` signs (section 6), no unescaped control characters in strings (section 7), strings
/// must be UTF-8 (section 8.1) and must not hold lone UTF-16 surrogates (section 8.2, which calls
/// their behaviour unpredictable), one top-level value followed only by white space (section 2).
/// A UTF-8 byte order mark is skipped (section 8.1 allows ignoring it). Nesting is limited (instead
/// of overflowing the stack), and so may be numbers (section 9): see ``NumbersOutOfRange``.
///
/// Numbers are checked against the grammar of section 6, then converted by ``DecimalParser``,
/// which rounds correctly (to nearest, ties to even) in every case, so the shortest round-trip text
/// of a `Double` reads back as the same bit pattern.
///
/// - Complexity: O(n) time for n bytes; recursion depth at most the nesting limit.
package enum JSONParser {
    /// What becomes of a number too large for a `Double`, such as `1e999` (RFC 8259 section 9 lets
    /// implementations limit the range).
    package enum NumbersOutOfRange: Sendable {
        /// A syntax error (``JSONSyntaxError/Kind/numberOutOfRange``) at the number.
        case rejected
        /// `+infinity` or `-infinity`, for a reader that reports it with a path of its own.
        case infinity
    }

    /// Parses `bytes` as one JSON document; see ``JSONDocument/init(bytes:maximumDepth:numbersOutOfRange:)``.
    ///
    /// - Parameters:
    ///   - deferring: Member names whose array values are checked (every syntax rule, the depth
    ///     limit and the range of numbers, with the same errors as a full parse) but not built: they
    ///     become ``JSONValue/deferredArray``, read later with ``JSONDocument/elements(of:)`` and
    ///     ``JSONDocument/node(at:deferringArrays:)``. GeoJSON defers its `coordinates`, so that the
    ///     tree stays small whatever the number of positions.
    ///   - release: Called now and then with the offset the parse has passed (every 4 MiB), so that a
    ///     memory-mapped input can let go of the pages behind it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, numbersOutOfRange: NumbersOutOfRange,
                      deferring: Set<String> = [], release: ((Int) -> Void)? = nil) throws(JSONSyntaxError) -> JSONNode {
        var state = State(bytes: bytes, maximumDepth: maximumDepth, numbersOutOfRange: numbersOutOfRange)
        state.deferredKeys = deferring
        state.release = release
        return try state.parseDocument()
    }

    /// The value that starts at `offset` of a document that has been parsed whole before (so it is
    /// known to be valid), built now: with `deferringArrays`, an array is returned as
    /// ``JSONValue/deferredArray`` (checked again, not built); otherwise everything is built.
    ///
    /// - Complexity: O(size of the value).
    static func parseValue(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, numbersOutOfRange: NumbersOutOfRange,
                           deferringArrays: Bool) throws(JSONSyntaxError) -> JSONNode {
        var state = State(bytes: bytes, maximumDepth: .max, numbersOutOfRange: numbersOutOfRange)
        state.i = offset
        if deferringArrays, offset < bytes.count, bytes[offset] == UInt8(ascii: "[") {
            state.building = false
            _ = try state.parseArray()
            return JSONNode(offset: offset, value: .deferredArray)
        }
        return try state.parseValue()
    }

    /// The offset just past the value that starts at `offset` in text already known to be valid
    /// JSON: strings, arrays and objects are matched by their brackets and quotes, nothing is checked
    /// or built.
    ///
    /// - Complexity: O(size of the value).
    static func end(ofValueAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var k = offset
        var depth = 0
        while k < bytes.count {
            let b = bytes[k]
            switch b {
            case UInt8(ascii: "\""):
                k += 1
                while k < bytes.count, bytes[k] != UInt8(ascii: "\"") {
                    k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1
                }
                k += 1
                if depth == 0 { return k }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                k += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return k }  // the end of a number or literal
                depth -= 1
                k += 1
                if depth == 0 { return k }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { return k }
                k += 1
            default:
                k += 1
            }
        }
        return k
    }

    /// The parse in progress, over the input's bytes (no bounds checks beyond the parser's own).
    private struct State {
        package let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        let numbersOutOfRange: NumbersOutOfRange
        var i = 0
        var depth = 0
        /// Whether values are built (false inside a deferred array: checked only).
        var building = true
        var deferredKeys: Set<String> = []
        var release: ((Int) -> Void)? = nil
        var nextRelease = 1 << 22

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, numbersOutOfRange: NumbersOutOfRange) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            self.numbersOutOfRange = numbersOutOfRange
        }

        private func error(_ kind: JSONSyntaxError.Kind, at offset: Int? = nil) -> JSONSyntaxError {
            JSONSyntaxError(kind: kind, offset: offset ?? i)
        }

        /// The byte at `i`, or `nil` at the end of the input.
        private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
            skipSpace()
            guard i < bytes.count else { throw error(.empty) }
            let node = try parseValue()
            skipSpace()
            guard i == bytes.count else { throw error(.trailingContent) }
            return node
        }

        /// Skips the white space of RFC 8259 section 2: space, tab, LF, CR.
        private mutating func skipSpace() {
            while i < bytes.count {
                let b = bytes[i]
                guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
                i += 1
            }
        }

        mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
            guard let b = current else { throw error(.expectedValue) }
            let start = i
            switch b {
            case UInt8(ascii: "{"):
                return JSONNode(offset: start, value: try parseObject())
            case UInt8(ascii: "["):
                return JSONNode(offset: start, value: try parseArray())
            case UInt8(ascii: "\""):
                return JSONNode(offset: start, value: .string(try parseString(keep: building)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(offset: start, value: .number(try parseNumber()))
            case UInt8(ascii: "t"):
                try literal("true")
                return JSONNode(offset: start, value: .bool(true))
            case UInt8(ascii: "f"):
                try literal("false")
                return JSONNode(offset: start, value: .bool(false))
            case UInt8(ascii: "n"):
                try literal("null")
                return JSONNode(offset: start, value: .null)
            default:
                throw error(.expectedValue)
            }
        }

        private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let start = i
            let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for c in letters {
                guard i < bytes.count, bytes[i] == c else { throw error(.invalidLiteral(start: start)) }
                i += 1
            }
        }

        private mutating func enter() throws(JSONSyntaxError) {
            depth += 1
            guard depth <= maximumDepth else { throw error(.tooDeep(limit: maximumDepth)) }
        }

        /// RFC 8259 section 4.
        private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
            try enter()
            i += 1
            var members: [JSONMember] = []
            var count = 0
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else {
                    throw error(current == UInt8(ascii: "}") && count > 0 ? .trailingComma : .expectedKey)
                }
                let keyOffset = i
                let key = try parseString(keep: true)
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw error(.expectedColon(key: key)) }
                i += 1
                skipSpace()
                let node: JSONNode
                if building, current == UInt8(ascii: "["), !deferredKeys.isEmpty, deferredKeys.contains(key) {
                    let start = i
                    building = false
                    _ = try parseArray()
                    building = true
                    node = JSONNode(offset: start, value: .deferredArray)
                } else {
                    node = try parseValue()
                }
                if building { members.append(JSONMember(key: key, keyOffset: keyOffset, node: node)) }
                count += 1
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"):
                    i += 1
                    depth -= 1
                    return .object(members)
                default: throw error(.expectedObjectSeparator(key: key))
                }
            }
        }

        /// RFC 8259 section 5.
        mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
            try enter()
            i += 1
            var elements: [JSONNode] = []
            var count = 0
            skipSpace()
            if current == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                skipSpace()
                if current == UInt8(ascii: "]") && count > 0 { throw error(.trailingComma) }
                let element = try parseValue()
                if building { elements.append(element) }
                count += 1
                if i >= nextRelease, let release {
                    release(i)
                    nextRelease = i + (1 << 22)
                }
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "]"):
                    i += 1
                    depth -= 1
                    return .array(elements)
                default: throw error(.expectedArraySeparator)
                }
            }
        }

        private func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }

        /// RFC 8259 section 6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { throw error(.expectedDigitAfterMinus) }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if isDigit(i) { throw error(.leadingZero(numberStart: start)) }
            } else {
                while isDigit(i) { i += 1 }
            }
            if current == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { throw error(.expectedFractionDigit) }
                while isDigit(i) { i += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard isDigit(i) else { throw error(.expectedExponentDigit) }
                while isDigit(i) { i += 1 }
            }
            // The grammar is checked, so DecimalParser fails only past the range of Double.
            if let value = DecimalParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<i])) { return value }
            switch numbersOutOfRange {
            case .rejected: throw error(.numberOutOfRange, at: start)
            case .infinity: return bytes[start] == UInt8(ascii: "-") ? -.infinity : .infinity
            }
        }

        /// RFC 8259 section 7. Runs of unescaped bytes are checked to be UTF-8 and copied whole; with
        /// `keep` false the string is checked the same way and `""` returned.
        private mutating func parseString(keep: Bool) throws(JSONSyntaxError) -> String {
            let quote = i
            i += 1
            if let unescaped = try parseUnescapedString(keep: keep) { return unescaped }
            return try parseEscapedString(quote: quote)
        }

        /// Fast path, from just after the opening quote: a string without escapes, through its closing
        /// quote; `nil` (with `i` at the first `\` or the end of the bytes) when the slow path must take over.
        @inline(__always)
        private mutating func parseUnescapedString(keep: Bool) throws(JSONSyntaxError) -> String? {
            let runStart = i
            var highBits: UInt8 = 0  // OR of the run's bytes: < 0x80 means ASCII, nothing to validate
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    let s = try decodedRun(UnsafeBufferPointer(rebasing: bytes[runStart..<i]), at: runStart,
                                           isASCII: highBits < 0x80, keep: keep)
                    i += 1
                    return s
                }
                if b == UInt8(ascii: "\\") { break }
                if b < 0x20 { throw error(.controlCharacterInString) }
                highBits |= b
                i += 1
            }
            return nil
        }

        /// An escape-free string's bytes `run` (starting at offset `runStart`) as a `String`, or `""`
        /// when not `keep`, after checking it is UTF-8 (ASCII needs no check).
        @inline(__always)
        private func decodedRun(_ run: UnsafeBufferPointer<UInt8>, at runStart: Int, isASCII: Bool,
                                keep: Bool) throws(JSONSyntaxError) -> String {
            if !keep {
                let bad = isASCII ? run.count : Self.firstInvalidUTF8(run)
                guard bad == run.count else { throw error(.invalidUTF8, at: runStart + bad) }
                return ""
            }
            if isASCII { return String(decoding: run, as: UTF8.self) }
            guard let valid = String(validating: run, as: UTF8.self) else {
                throw error(.invalidUTF8, at: runStart + Self.firstInvalidUTF8(run))
            }
            return valid
        }

        /// Slow path, from where the fast path stopped in the string opened at `quote`: collects UTF-8
        /// bytes from just after the quote, validating each unescaped run before it is copied, through
        /// the closing quote.
        private mutating func parseEscapedString(quote: Int) throws(JSONSyntaxError) -> String {
            var utf8: [UInt8] = []
            var runStart = quote + 1
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    try appendValidated(runStart..<i, to: &utf8)
                    i += 1
                    return String(decoding: utf8, as: UTF8.self)
                }
                if b < 0x20 { throw error(.controlCharacterInString) }
                if b != UInt8(ascii: "\\") {
                    i += 1
                    continue
                }
                try appendValidated(runStart..<i, to: &utf8)
                try appendEscape(quote: quote, to: &utf8)
                runStart = i
            }
            throw error(.unterminatedString(quote: quote, inEscape: false))
        }

        /// Appends the unescaped bytes at `range` to `utf8` after checking they are UTF-8.
        @inline(__always)
        private func appendValidated(_ range: Range<Int>, to utf8: inout [UInt8]) throws(JSONSyntaxError) {
            let run = UnsafeBufferPointer(rebasing: bytes[range])
            let bad = Self.firstInvalidUTF8(run)
            guard bad == run.count else { throw error(.invalidUTF8, at: range.lowerBound + bad) }
            utf8.append(contentsOf: run)
        }

        /// Reads the escape at `i` (its `\`) and appends what it stands for to `utf8`.
        private mutating func appendEscape(quote: Int, to utf8: inout [UInt8]) throws(JSONSyntaxError) {
            let escape = i
            i += 1
            guard let e = current else { throw error(.unterminatedString(quote: quote, inEscape: true)) }
            i += 1
            switch e {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try unicodeEscapeScalar(escape: escape)
                utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default:
                throw error(.invalidEscape, at: i - 1)
            }
        }

        /// The scalar of a `\uXXXX` escape starting at `escape` (with `i` after its `u`), joining a
        /// UTF-16 surrogate pair written as two escapes.
        private mutating func unicodeEscapeScalar(escape: Int) throws(JSONSyntaxError) -> UInt32 {
            let code = try hex4()
            if (0xDC00..<0xE000).contains(code) { throw error(.loneLowSurrogate(code, escape: escape)) }
            guard (0xD800..<0xDC00).contains(code) else { return code }
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw error(.loneHighSurrogate(code, escape: escape))
            }
            let second = i
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error(.notLowSurrogate(high: code, low: low, escape: second))
            }
            return 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }

        /// Four hexadecimal digits (either case) after `\u`.
        private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let b = current else { throw error(.expectedHexDigit) }
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw error(.expectedHexDigit)
                }
                v = v << 4 | d
                i += 1
            }
            return v
        }

        /// The index of the first byte of the first ill-formed UTF-8 sequence in `run` (RFC 3629
        /// section 4: no overlong forms, no surrogates, nothing above U+10FFFF), or `run.count`.
        static func firstInvalidUTF8(_ run: UnsafeBufferPointer<UInt8>) -> Int {
            var k = 0
            while k < run.count {
                let b = run[k]
                if b < 0x80 { k += 1; continue }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF  // range of the second byte
                switch b {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return k
                }
                guard k + length <= run.count, (low...high).contains(run[k + 1]) else { return k }
                for m in 2..<length where run[k + m] & 0xC0 != 0x80 { return k }
                k += length
            }
            return k
        }
    }
}
