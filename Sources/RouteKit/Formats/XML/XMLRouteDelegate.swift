import CLibXML2

/// The common part of the GPX, KML and TCX SAX state machines: the first error (which stops the
/// parser), root bookkeeping, the stack of open element names for "ends too early" messages, and the
/// translation of libxml2's diagnostics.
///
/// Subclasses override ``startElement(_:_:)``, ``endElement(_:)`` and ``characters(_:)``; names and
/// text arrive as byte pointers valid during the call.
///
/// Exclusivity: the state touched on every event (the open-element stacks, the text buffers, the name
/// tables, the point arrays) is marked `@exclusivity(unchecked)`. Those properties are private, used
/// only by the delegate's own event methods, one event at a time on the parsing thread, and never
/// passed `inout` to anything that could reach them again, so the run-time exclusivity checks Swift
/// makes on class properties could never fire; they took about a fifth of the CPU of a GPX parse
/// (`perf` on `route-fly info` of a 1M-point GPX; docs/development.md#performance). The rest of the module keeps
/// the checks (the package has no `-enforce-exclusivity=unchecked`: SwiftPM refuses unsafe flags in
/// a versioned dependency).
class XMLRouteDelegate {
    let path: String?
    let format: RouteFormat
    private(set) var error: RouteParseError?
    /// `true` once ``error`` is set (checked on every event without copying the error).
    private(set) var isStopped = false
    var sawRoot = false
    var rootClosed = false
    var rootLocation: SourceLocation?
    /// The libxml2 context while parsing (set by ``XMLPushSession``), for positions and stopping.
    var context: xmlParserCtxtPtr?
    /// Whether messages name open elements by qualified name (`gx:Track`) rather than local name.
    private let qualifiedNames: Bool
    /// The open elements, outermost first (pointers into libxml2's name dictionary).
    @exclusivity(unchecked) private var openElements: [(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)] = []

    init(format: RouteFormat, path: String?, qualifiedNames: Bool) {
        self.format = format
        self.path = path
        self.qualifiedNames = qualifiedNames
        openElements.reserveCapacity(32)
    }

    /// The 1-based line and column where libxml2 stands (at a start tag: just past its `>`); 0, 0
    /// before the parser exists.
    func location() -> SourceLocation {
        guard let context else { return SourceLocation(path: path, line: 0, column: 0) }
        return SourceLocation(path: path, line: Int(xmlSAX2GetLineNumber(context)),
                              column: Int(xmlSAX2GetColumnNumber(context)))
    }

    /// Records the first error and stops the parser.
    func fail(_ reason: RouteParseError.Reason, at location: SourceLocation? = nil) {
        guard !isStopped else { return }
        isStopped = true
        error = RouteParseError(format: format, location: location ?? self.location(), reason: reason)
        if let context { xmlStopParser(context) }
    }

    /// The names of the open elements, outermost first.
    var openElementNames: [String] {
        openElements.map { element in
            let local = String(cString: element.localName)
            guard qualifiedNames, let prefix = element.prefix else { return local }
            return String(cString: prefix) + ":" + local
        }
    }

    // MARK: Events from XMLPushSession

    final func startElementEvent(_ name: XMLName, _ attributes: XMLAttributes) {
        guard !isStopped else { return }
        openElements.append((name.localName, name.prefix))
        startElement(name, attributes)
    }

    final func endElementEvent(_ name: XMLName) {
        guard !isStopped else { return }
        if !openElements.isEmpty { openElements.removeLast() }
        endElement(name)
    }

    /// A libxml2 diagnostic (any level): the parse stops with it.
    final func parseErrorEvent(code: Int) {
        guard !isStopped else { return }
        if sawRoot, !rootClosed, XMLParserErrorMessages.endOfInputCodes.contains(code) {
            let open = openElementNames
            fail(.truncated("the input ends inside <\(open.last ?? "?")> (XML parser error \(code)); "
                            + "elements still open: " + open.joined(separator: " > ")))
        } else {
            fail(.malformedXML(XMLParserErrorMessages.message(forCode: code)))
        }
    }

    // MARK: For subclasses

    /// An element's text as a string, without the white space around it (for messages and names).
    static func trimmed(_ text: [UInt8]) -> String {
        String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A start tag (after its `>`).
    func startElement(_ name: XMLName, _ attributes: XMLAttributes) {}

    /// An end tag (or the end of an empty-element tag).
    func endElement(_ name: XMLName) {}

    /// Text or CDATA content, in pieces.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {}

    // MARK: Whole elements from the byte scanner

    /// Whether ``rawElement(_:_:at:)`` is offered the next start tag (``XMLFastScanner`` asks before
    /// each one; libxml2 never does).
    final var readsRawElements = false

    /// Reads the whole element whose start tag is at `i` (`p[i] == '<'`) straight from the bytes,
    /// acting as its events would, and returns the index after its end tag; or returns `nil` having
    /// done nothing, and the scanner reads it event by event.
    func rawElement(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> Int? { nil }

    /// A reader of the elements ``rawElement(_:_:at:)`` reads, configured as it is now, for another
    /// thread (``XMLReadAhead``); `nil` when the delegate reads none ahead.
    func makeRawElementReader() -> XMLRawElementReader? { nil }

    /// Called when the reader from ``makeRawElementReader()`` has started on another thread: the
    /// input is now read on two cores at once.
    func didStartReadingAhead() {}

    /// Takes the elements `reader` read, as if ``rawElement(_:_:at:)`` had read each in turn, and
    /// returns `true`; or returns `false` having done nothing, when `reader` is not one of this
    /// delegate's or is configured otherwise than ``rawElement(_:_:at:)`` is now. (The GPX and TCX
    /// readers only ever learn a prefix, so a reader made earlier reads a subset of what the delegate
    /// reads now, the same way; the check keeps that an invariant rather than an assumption.)
    func adoptRawElements(from reader: XMLRawElementReader) -> Bool { false }
}
