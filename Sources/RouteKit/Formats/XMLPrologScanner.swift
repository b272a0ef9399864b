/// Looks at the start of an XML document, before any XML parser sees it, to refuse DOCTYPE and
/// entity declarations and to recognise empty input.
///
/// GPX (and KML, TCX) never need a DTD, and a DTD is how entity-expansion attacks ("billion laughs")
/// and external entities (XXE) get in (OWASP XXE Prevention Cheat Sheet,
/// https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html).
/// The readers parse without entity substitution, but a DTD can still declare entities that libxml2
/// would expand in attribute values and load (docs/geo-formats.md#xml-entities-and-doctype); the only safe
/// place to stop a declaration is here, on the raw bytes.
///
/// The XML grammar allows a DOCTYPE only in the prolog, before the root element
/// (https://www.w3.org/TR/xml/#sec-prolog-dtd), so the scan stops at the root's `<`. A `<!DOCTYPE`
/// or `<!ENTITY` later in the document is not well-formed and the XML parser rejects it.
///
/// The prolog may hold: a UTF-8 byte order mark, UTF-16 with a byte order mark (or detected from
/// `<?` / `<` byte patterns), the XML declaration, processing instructions such as
/// `<?xml-stylesheet …?>`, comments and white space.
struct XMLPrologScanner {
    /// What the scan found.
    enum Outcome: Equatable {
        /// The input holds nothing but white space (and perhaps a byte order mark).
        case empty
        /// A DOCTYPE or entity declaration, described for the error message, at a 1-based line and
        /// column (in Unicode scalars, not counting a byte order mark).
        case forbidden(String, line: Int, column: Int)
        /// The root element starts here; the rest is for the XML parser.
        case root(line: Int, column: Int)
        /// Something that is neither markup nor white space sits before the root element, e.g. text
        /// that is not XML at all (the XML parser will say what is wrong, if anything).
        case notMarkup(line: Int, column: Int)
        /// The head ended inside the prolog: give more bytes, or the whole input.
        case needMoreInput
    }

    /// What a forbidden DOCTYPE is reported as.
    static let doctype = "a DOCTYPE declaration"
    /// What a forbidden entity declaration is reported as.
    static let entity = "an entity declaration"

    /// Scans the first bytes of a document.
    ///
    /// - Parameters:
    ///   - head: The first bytes of the input (any length).
    ///   - isComplete: `true` when `head` is the whole input.
    /// - Returns: The outcome; `.needMoreInput` only when `isComplete` is `false`.
    /// - Complexity: O(n) in the length of `head`.
    static func scan(_ head: some Collection<UInt8>, isComplete: Bool) -> Outcome {
        let units = decode(Array(head))
        var scanner = Cursor(units: units)
        let result = scanner.scanProlog()
        if result == .needMoreInput, isComplete {
            switch scanner.incompleteConstruct {
            case .none:
                // Only white space is empty; an XML declaration or comment with no root is for the
                // parser to reject (as malformed).
                return scanner.sawMarkup ? .root(line: scanner.line, column: scanner.column) : .empty
            case .doctype(let line, let column): return .forbidden(doctype, line: line, column: column)
            case .other(let line, let column): return .root(line: line, column: column)  // let the parser complain
            }
        }
        return result
    }

    /// Decodes the head into Unicode scalar values (UTF-8 by default; UTF-16 when a BOM or the byte
    /// pattern of `<` says so). A character cut at the end of the head decodes as U+FFFD, which does
    /// not matter: the scan only needs ASCII markup, and a cut marker yields `.needMoreInput`.
    private static func decode(_ bytes: [UInt8]) -> [UInt32] {
        func utf16(bigEndian: Bool, from start: Int) -> [UInt32] {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = start
            while i + 1 < bytes.count {
                let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                i += 2
            }
            return String(decoding: units, as: UTF16.self).unicodeScalars.map(\.value)
        }
        if bytes.count >= 2 {
            if bytes[0] == 0xFE, bytes[1] == 0xFF { return utf16(bigEndian: true, from: 2) }
            if bytes[0] == 0xFF, bytes[1] == 0xFE { return utf16(bigEndian: false, from: 2) }
            if bytes[0] == 0x00, bytes[1] == 0x3C { return utf16(bigEndian: true, from: 0) }
            if bytes[0] == 0x3C, bytes[1] == 0x00 { return utf16(bigEndian: false, from: 0) }
        }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        return String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// A position in the decoded head, with line and column bookkeeping.
    private struct Cursor {
        enum Incomplete: Equatable {
            case none
            case doctype(line: Int, column: Int)
            case other(line: Int, column: Int)
        }

        let units: [UInt32]
        var index = 0
        var line = 1
        var column = 1
        /// What the scan was inside when the head ran out.
        var incompleteConstruct = Incomplete.none
        /// `true` once a processing instruction or comment has been passed.
        var sawMarkup = false

        init(units: [UInt32]) { self.units = units }

        func peek(_ offset: Int = 0) -> UInt32? {
            index + offset < units.count ? units[index + offset] : nil
        }

        func hasPrefix(_ ascii: String, caseInsensitive: Bool = false) -> Bool? {
            var k = index
            for c in ascii.utf8 {
                guard k < units.count else { return nil }  // undecided: need more input
                var u = units[k]
                if caseInsensitive, u >= 0x61, u <= 0x7A { u -= 0x20 }
                if u != UInt32(c) { return false }
                k += 1
            }
            return true
        }

        /// Moves one scalar forward, counting lines (LF, CR LF and a lone CR each end a line).
        mutating func advance() {
            let u = units[index]
            index += 1
            if u == 0x0A {
                line += 1; column = 1
            } else if u == 0x0D {
                if peek() != 0x0A { line += 1; column = 1 } else { column += 1 }
            } else {
                column += 1
            }
        }

        /// Advances past `terminator`; `false` when the head ends first.
        mutating func skip(past terminator: String) -> Bool {
            while index < units.count {
                if hasPrefix(terminator) == true {
                    for _ in terminator.utf8 { advance() }
                    return true
                }
                advance()
            }
            return false
        }

        mutating func scanProlog() -> Outcome {
            while let u = peek() {
                if u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D || u == 0xFEFF {
                    if u == 0xFEFF { index += 1 } else { advance() }
                    continue
                }
                let (startLine, startColumn) = (line, column)
                guard u == 0x3C /* < */ else { return .notMarkup(line: line, column: column) }
                guard let next = peek(1) else {
                    incompleteConstruct = .other(line: startLine, column: startColumn)
                    return .needMoreInput
                }
                if next == 0x3F /* ? */ {
                    incompleteConstruct = .other(line: startLine, column: startColumn)
                    guard skip(past: "?>") else { return .needMoreInput }
                    incompleteConstruct = .none
                    sawMarkup = true
                    continue
                }
                if next != 0x21 /* ! */ { return .root(line: startLine, column: startColumn) }
                // "<!": a comment, a DOCTYPE, an ENTITY, or something malformed.
                if let isComment = hasPrefix("<!--") {
                    if isComment {
                        incompleteConstruct = .other(line: startLine, column: startColumn)
                        for _ in 0..<4 { advance() }
                        guard skip(past: "-->") else { return .needMoreInput }
                        incompleteConstruct = .none
                        sawMarkup = true
                        continue
                    }
                } else {
                    incompleteConstruct = .other(line: startLine, column: startColumn)
                    return .needMoreInput
                }
                switch (hasPrefix("<!DOCTYPE", caseInsensitive: true), hasPrefix("<!ENTITY", caseInsensitive: true)) {
                case (true?, _):
                    return scanDoctype(line: startLine, column: startColumn)
                case (_, true?):
                    return .forbidden(XMLPrologScanner.entity, line: startLine, column: startColumn)
                case (false?, false?):
                    return .root(line: startLine, column: startColumn)  // malformed: the parser reports it
                default:
                    incompleteConstruct = .other(line: startLine, column: startColumn)
                    return .needMoreInput
                }
            }
            return .needMoreInput
        }

        /// Inside `<!DOCTYPE`: reports the first `<!ENTITY` of the internal subset, if any, else the
        /// DOCTYPE itself (quotes and brackets are followed so that `>` inside them does not end it).
        mutating func scanDoctype(line startLine: Int, column startColumn: Int) -> Outcome {
            incompleteConstruct = .doctype(line: startLine, column: startColumn)
            for _ in 0..<2 { advance() }
            var quote: UInt32? = nil
            var bracketDepth = 0
            while let u = peek() {
                if let q = quote {
                    if u == q { quote = nil }
                } else if u == 0x22 || u == 0x27 {
                    quote = u
                } else if u == 0x5B /* [ */ {
                    bracketDepth += 1
                } else if u == 0x5D /* ] */ {
                    bracketDepth -= 1
                } else if u == 0x3E /* > */ && bracketDepth <= 0 {
                    return .forbidden(XMLPrologScanner.doctype, line: startLine, column: startColumn)
                } else if u == 0x3C /* < */ {
                    switch hasPrefix("<!ENTITY", caseInsensitive: true) {
                    case true?: return .forbidden(XMLPrologScanner.entity, line: line, column: column)
                    case nil: return .needMoreInput
                    case false?: break
                    }
                }
                advance()
            }
            return .needMoreInput
        }
    }
}
