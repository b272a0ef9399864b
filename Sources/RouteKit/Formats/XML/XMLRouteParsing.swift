import CLibXML2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plumbing the XML readers (``GPXReader``, ``KMLReader``, ``TCXReader``) share: the prolog scan
/// that refuses DOCTYPE and entity declarations, driving libxml2's SAX2 push parser over the bytes, and
/// turning its outcome into located ``RouteParseError``s.
///
/// libxml2 (http://xmlsoft.org/html/libxml-parser.html, `xmlCreatePushParserCtxt`, `xmlParseChunk`) is
/// driven directly, with element and text callbacks that hand the reader byte pointers: no Swift
/// `String` or dictionary is made per element. The parser is set up as FoundationXML's `XMLParser` set
/// it up before (so that every error keeps its code, line and column): the context is created from the
/// first 4 bytes (libxml2 detects UTF-8, UTF-16 and byte order marks from them), the rest goes in
/// 128 KiB chunks, then the end of input is signalled (libxml2 then reports an unfinished document),
/// options `XML_PARSE_RECOVER` (the reader stops at the first error anyway) and
/// `XML_PARSE_NONET`, and **no** `XML_PARSE_NOENT`: entities are never substituted beyond XML's five
/// predefined ones and character references. Every libxml2 diagnostic, warning or error, stops the
/// parse and becomes the reader's error, located where libxml2 stood.
///
/// Files are read with `read(2)` through one reusable 128 KiB buffer, so memory does not grow with the
/// file; bytes in memory are fed without copying.
enum XMLRouteParsing {
    /// Bytes per `xmlParseChunk` call (FoundationXML's chunk size, so that positions are unchanged).
    static let chunkSize = 128 * 1024

    /// Parses `input` with `delegate`, throwing the first problem found.
    ///
    /// - Parameters:
    ///   - input: The file or the bytes.
    ///   - format: The format's name for errors (`"GPX"`, `"KML"`, `"TCX"`).
    ///   - path: The path for error messages.
    ///   - delegate: The format's state machine; after a successful return it holds the results.
    /// - Throws: ``RouteParseError``: `unreadable`, `empty`, `forbiddenDeclaration`, `malformedXML`,
    ///   `unsupportedEncoding` (see ``XMLEncodingCheck``), `truncated`, or whatever the delegate recorded.
    /// - Complexity: O(n) in the input's size; memory O(1) beyond the delegate's results.
    static func parse(_ input: RouteInput, format: RouteFormat, path: String?,
                      delegate: XMLRouteDelegate) throws(RouteParseError) {
        let head = try input.head(limit: 1 << 16, format: format, path: path)
        try checkEncoding(head.bytes, input: input, format: format, path: path)
        try checkASCII(head.bytes, input: input, format: format, path: path)
        // windows-1252 (and ISO-8859-1, read as windows-1252) never reaches libxml2 (its iconv decoding crashed under fuzzing): decoded here
        // when a reader is called directly (``RouteFile`` decodes it before).
        if let utf8 = try decodedWindows1252(head.bytes, input: input, format: format, path: path) {
            return try parse(.data(utf8), format: format, path: path, delegate: delegate)
        }
        let notMarkup = try checkProlog(head, format: format, path: path)
        try checkUTF16(head.bytes, input: input, format: format, path: path)
        let session = XMLPushSession(delegate: delegate)
        defer { session.close() }
        try feed(input, to: session, format: format, path: path)
        session.finish()
        do {
            try checkOutcome(of: session, delegate: delegate, notMarkup: notMarkup, format: format, path: path)
        } catch where error.reason == .malformedXML(XMLParserErrorMessages.message(forCode: 9)) {
            throw namingTheInvalidCharacter(error, input: input)
        }
    }

    /// libxml2's "invalid character" with the byte named, where it is: the first such byte of the file,
    /// when it is on the line libxml2 stopped at (else libxml2's words stand).
    private static func namingTheInvalidCharacter(_ error: RouteParseError, input: RouteInput) -> RouteParseError {
        // UTF-16 was checked before libxml2 (``checkUTF16``); its bytes are not UTF-8 to scan.
        guard let problem = input.withBytes({ bytes, _ in
                  bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
                      ? nil : XMLEncodingCheck.invalidCharacterProblem(in: bytes)
              }) ?? nil,
              problem.line == error.location?.line else { return error }
        var named = error
        named.reason = .malformedXML("invalid character: " + problem.message)
        named.location = SourceLocation(path: error.location?.path ?? error.path, line: problem.line, column: problem.column)
        return named
    }

    /// Refuses an encoding libxml2 is not given (``XMLEncodingCheck``).
    private static func checkEncoding(_ head: [UInt8], input: RouteInput, format: RouteFormat,
                                      path: String?) throws(RouteParseError) {
        if let problem = XMLEncodingCheck.problem(head: Array(head.prefix(1024)), byteCount: input.byteCount) {
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: problem.line, column: problem.column),
                                  reason: .unsupportedEncoding(problem.message))
        }
    }

    /// Refuses a byte outside US-ASCII in a file that declares US-ASCII, at the byte (libxml2 stops
    /// there as if the input had ended: "the document ends too early").
    private static func checkASCII(_ head: [UInt8], input: RouteInput, format: RouteFormat,
                                   path: String?) throws(RouteParseError) {
        guard let declared = XMLEncodingCheck.declaredEncoding(Array(head.prefix(1024))),
              XMLEncodingCheck.asciiNames.contains(String(decoding: declared.name, as: UTF8.self).uppercased()),
              let problem = input.withBytes({ bytes, _ in XMLEncodingCheck.nonASCIIProblem(in: bytes, declared: declared.name) }) ?? nil
        else { return }
        throw RouteParseError(format: format, location: SourceLocation(path: path, line: problem.line, column: problem.column),
                              reason: .unsupportedEncoding(problem.message))
    }

    /// The input decoded to UTF-8 when it declares windows-1252 (or ISO-8859-1), else `nil`.
    private static func decodedWindows1252(_ head: [UInt8], input: RouteInput, format: RouteFormat,
                                           path: String?) throws(RouteParseError) -> Data? {
        guard let declared = XMLWindows1252.declaration(in: Array(head.prefix(1024))) else { return nil }
        let decoded = try input.bytes(format: format, path: path).withUnsafeBytes {
            XMLWindows1252.utf8($0.bindMemory(to: UInt8.self), declaredValue: declared)
        }
        switch decoded {
        case .success(let utf8): return utf8
        case .failure(let problem):
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: problem.line, column: problem.column),
                                  reason: .unsupportedEncoding(problem.message))
        }
    }

    /// Scans what comes before the root element, refusing an empty file, a forbidden declaration or
    /// more than 64 KiB of prolog; returns where text that is not markup starts, if it does.
    private static func checkProlog(_ head: (bytes: [UInt8], isWhole: Bool), format: RouteFormat,
                                    path: String?) throws(RouteParseError) -> SourceLocation? {
        var prolog: XMLPrologScanner.Outcome
        var prefix = 4096
        repeat {
            let isComplete = prefix >= head.bytes.count && head.isWhole
            prolog = XMLPrologScanner.scan(head.bytes.prefix(prefix), isComplete: isComplete)
            if prefix >= head.bytes.count { break }
            prefix *= 2
        } while prolog == .needMoreInput
        switch prolog {
        case .empty:
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: 1, column: 1), reason: .empty)
        case .forbidden(let what, let line, let column):
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: line, column: column),
                                  reason: .forbiddenDeclaration(what))
        case .notMarkup(let line, let column):
            return SourceLocation(path: path, line: line, column: column)
        case .needMoreInput:
            // More than 64 KiB of comments and declarations before the root: refuse rather than let
            // a late DOCTYPE through to libxml2.
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: 1, column: 1),
                                  reason: .malformedXML("no root element in the first 64 KiB"))
        case .root:
            return nil
        }
    }

    /// UTF-16 input is checked whole for code units XML does not allow (libxml2's push parser
    /// crashed on them); GPS files in UTF-16 are small, and the input size is capped.
    private static func checkUTF16(_ head: [UInt8], input: RouteInput, format: RouteFormat,
                                   path: String?) throws(RouteParseError) {
        guard let first = head.first,
              first == 0xFE || first == 0xFF || first == 0x00 || (first == 0x3C && head.count > 1 && head[1] == 0x00)
        else { return }
        let whole: Data
        switch input {
        case .data(let data): whole = data
        case .file(let url):
            do { whole = try Data(contentsOf: url) } catch {
                throw RouteParseError(format: format, location: nil, path: path ?? url.path,
                                      reason: .unreadable(error.localizedDescription))
            }
        }
        if let problem = whole.withUnsafeBytes({ XMLEncodingCheck.utf16Problem($0.bindMemory(to: UInt8.self)) }) {
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: problem.line, column: problem.column),
                                  reason: .malformedXML(problem.message))
        }
    }

    /// Feeds the input to `session` in chunks of ``chunkSize`` bytes until it ends or the session stops.
    private static func feed(_ input: RouteInput, to session: XMLPushSession, format: RouteFormat,
                             path: String?) throws(RouteParseError) {
        switch input {
        case .data(let data):
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var offset = 0
                while offset < bytes.count, !session.isStopped {
                    let n = min(chunkSize, bytes.count - offset)
                    session.feed(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + n)]))
                    offset += n
                }
            }
        case .file(let url):
            try feedFile(url, to: session, format: format, path: path)
        }
    }

    /// Feeds the file at `url` to `session`, a full chunk each time (as a file stream gives), so chunk
    /// boundaries do not depend on how read(2) splits the file.
    private static func feedFile(_ url: URL, to session: XMLPushSession, format: RouteFormat,
                                 path: String?) throws(RouteParseError) {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else {
            throw RouteParseError(format: format, location: nil, path: path ?? url.path,
                                  reason: .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        while !session.isStopped {
            var filled = 0
            while filled < chunkSize {
                let n = read(fd, buffer + filled, chunkSize - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw RouteParseError(format: format, location: nil, path: path ?? url.path,
                                          reason: .unreadable(String(cString: strerror(errno))))
                }
                if n == 0 { break }
                filled += n
            }
            if filled == 0 { break }
            session.feed(UnsafeBufferPointer(start: buffer, count: filled))
            if filled < chunkSize { break }
        }
    }

    /// Throws the first problem the parse left: the delegate's, no root, an unclosed root, or
    /// libxml2's own error.
    private static func checkOutcome(of session: XMLPushSession, delegate: XMLRouteDelegate,
                                     notMarkup: SourceLocation?, format: RouteFormat,
                                     path: String?) throws(RouteParseError) {
        if let error = delegate.error { throw error }
        guard delegate.sawRoot else {
            let location = notMarkup ?? SourceLocation(path: path, line: 1, column: 1)
            throw RouteParseError(format: format, location: location,
                                  reason: .malformedXML("no root element: this is not an XML document"))
        }
        guard delegate.rootClosed else {
            throw RouteParseError(format: format, location: delegate.location(),
                                  reason: .truncated("the root element is not closed"))
        }
        if let code = session.failureCode {
            throw RouteParseError(format: format, location: delegate.location(),
                                  reason: .malformedXML(XMLParserErrorMessages.message(forCode: code)))
        }
    }
}

/// One libxml2 push-parser context fed chunk by chunk, with its SAX2 callbacks bound to a delegate.
final class XMLPushSession {
    private let delegate: XMLRouteDelegate
    private var context: xmlParserCtxtPtr?
    /// Bytes held back until there are 4 to create the context with.
    private var pending: [UInt8] = []
    /// The code the last `xmlParseChunk` returned when it was not 0 (and no error was reported).
    private(set) var failureCode: Int?

    init(delegate: XMLRouteDelegate) {
        self.delegate = delegate
        XMLPushSession.initializeLibrary
    }

    /// libxml2's one-time global set-up (thread-safe; idempotent).
    private static let initializeLibrary: Void = { xmlInitParser() }()

    /// `true` once the delegate has stopped the parse.
    var isStopped: Bool { delegate.isStopped }

    /// Parses the next bytes.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 0 else { return }
        let userData = Unmanaged.passUnretained(delegate).toOpaque()
        // Errors outside the parser's own domain (encoding conversion) go to the thread's structured
        // error handler, so it is set for the duration of each call, as FoundationXML does.
        xmlSetStructuredErrorFunc(userData, xmlRouteStructuredError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        var rest = bytes
        if context == nil {
            if pending.count + bytes.count < 4 {
                pending.append(contentsOf: bytes)
                return
            }
            let take = 4 - pending.count
            let first = pending + Array(bytes.prefix(take))
            rest = UnsafeBufferPointer(rebasing: bytes[take...])
            var handler = xmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = xmlRouteStartElement
            handler.endElementNs = xmlRouteEndElement
            handler.characters = xmlRouteCharacters
            handler.cdataBlock = xmlRouteCDATA
            context = first.withUnsafeBufferPointer { head in
                head.baseAddress!.withMemoryRebound(to: CChar.self, capacity: 4) {
                    xmlCreatePushParserCtxt(&handler, userData, $0, 4, nil)
                }
            }
            guard let context else {
                failureCode = 2  // out of memory
                return
            }
            xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue))
            delegate.context = context
        }
        let result = rest.withMemoryRebound(to: CChar.self) { chunk in
            xmlParseChunk(context, chunk.baseAddress, Int32(chunk.count), 0)
        }
        failureCode = result == 0 ? nil : Int(result)
    }

    /// Tells libxml2 the input has ended (it then reports an unfinished document), unless the parse
    /// has already stopped.
    func finish() {
        guard let context, !isStopped else { return }
        let userData = Unmanaged.passUnretained(delegate).toOpaque()
        xmlSetStructuredErrorFunc(userData, xmlRouteStructuredError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let result = xmlParseChunk(context, nil, 0, 1)
        // The end of the document, reported at the end of the input, is no failure.
        failureCode = result == 0 || result == Int32(XML_ERR_DOCUMENT_END.rawValue) ? nil : Int(result)
    }

    /// Frees the parser context. The delegate may no longer ask for its location.
    func close() {
        delegate.context = nil
        if let context { xmlFreeParserCtxt(context) }
        context = nil
    }
}

// The SAX2 callbacks: C function pointers that find the delegate in the user data.

private func xmlRouteStartElement(
    _ userData: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let userData, let localName else { return }
    Unmanaged<XMLRouteDelegate>.fromOpaque(userData)._withUnsafeGuaranteedRef {
        $0.startElementEvent(XMLName(localName: localName, prefix: prefix, uri: uri),
                             XMLAttributes(count: Int(attributeCount), base: attributes))
    }
}

private func xmlRouteEndElement(_ userData: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?,
                                _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    guard let userData, let localName else { return }
    Unmanaged<XMLRouteDelegate>.fromOpaque(userData)._withUnsafeGuaranteedRef {
        $0.endElementEvent(XMLName(localName: localName, prefix: prefix, uri: uri))
    }
}

private func xmlRouteCharacters(_ userData: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let userData, let bytes, count > 0 else { return }
    Unmanaged<XMLRouteDelegate>.fromOpaque(userData)._withUnsafeGuaranteedRef {
        $0.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }
}

private func xmlRouteCDATA(_ userData: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let userData else { return }
    Unmanaged<XMLRouteDelegate>.fromOpaque(userData)._withUnsafeGuaranteedRef {
        $0.characters(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(count)))
    }
}

private func xmlRouteStructuredError(_ userData: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let userData, let error else { return }
    Unmanaged<XMLRouteDelegate>.fromOpaque(userData)._withUnsafeGuaranteedRef {
        $0.parseErrorEvent(code: Int(error.pointee.code))
    }
}

/// An element's name as libxml2 reports it: NUL-terminated UTF-8, valid during the callback (and, for
/// libxml2's interned names, for the whole parse).
struct XMLName {
    let localName: UnsafePointer<UInt8>
    let prefix: UnsafePointer<UInt8>?
    /// The namespace URI, `nil` for none.
    let uri: UnsafePointer<UInt8>?

    /// The local name as a Swift string (for messages only).
    var localString: String { String(cString: localName) }
    /// `prefix:local`, or the local name (for messages only).
    var qualifiedString: String {
        guard let prefix else { return localString }
        return String(cString: prefix) + ":" + localString
    }
    /// The namespace URI as a Swift string, `""` for none (for messages only).
    var uriString: String { uri.map { String(cString: $0) } ?? "" }
}

/// A start tag's attributes as libxml2 reports them: five pointers each (local name, prefix, URI,
/// value start, value end), values already normalised.
struct XMLAttributes {
    let count: Int
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The value of the last attribute without a prefix whose local name is `name` (as
    /// FoundationXML's attribute dictionary gave it), or `nil`.
    func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        var found: UnsafeBufferPointer<UInt8>?
        for k in 0..<count {
            let entry = base + 5 * k
            guard let local = entry[0] else { continue }
            if let prefix = entry[1], prefix[0] != 0 { continue }
            guard XMLNameTable.equal(local, name) else { continue }
            if let start = entry[3], let end = entry[4] {
                found = UnsafeBufferPointer(start: start, count: max(end - start, 0))
            }
        }
        return found
    }
}

/// Maps the name pointers libxml2 hands out (interned in its dictionary, so the same name comes back
/// as the same pointer) to small integers: the bytes are compared once per distinct pointer, then
/// each lookup is a hash of the pointer.
struct XMLNameTable {
    private let names: [[UInt8]]
    private var keys: [UInt]
    private var values: [Int16]
    private static let slots = 256

    /// - Parameter names: The names to recognise; ``index(_:)`` returns a position in this list.
    init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        keys = Array(repeating: 0, count: Self.slots)
        values = Array(repeating: -1, count: Self.slots)
    }

    /// The position of `name` in the list, or -1; a `nil` pointer is looked up as `""`.
    mutating func index(_ name: UnsafePointer<UInt8>?) -> Int {
        guard let name else { return names.firstIndex(of: []) ?? -1 }
        let key = UInt(bitPattern: name)
        var slot = Int(truncatingIfNeeded: ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        for _ in 0..<8 {
            if keys[slot] == key { return Int(values[slot]) }
            if keys[slot] == 0 {
                let found = lookUp(name)
                keys[slot] = key
                values[slot] = Int16(found)
                return found
            }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return lookUp(name)
    }

    private func lookUp(_ name: UnsafePointer<UInt8>) -> Int {
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        if length == 0 { return names.firstIndex(of: []) ?? -1 }
        for (k, candidate) in names.enumerated() where candidate.count == length {
            if candidate.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name, length) == 0 }) {
                return k
            }
        }
        return -1
    }

    /// Whether the NUL-terminated `bytes` spell `name`.
    static func equal(_ bytes: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        let p = name.utf8Start
        for k in 0..<n where bytes[k] != p[k] { return false }
        return bytes[n] == 0
    }
}
