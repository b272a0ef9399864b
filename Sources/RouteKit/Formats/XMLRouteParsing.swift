import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The plumbing the streaming XML readers share (``KMLReader``, ``TCXReader``; ``GPXReader`` has
/// its own, older copy): the prolog scan that refuses DOCTYPE and entity declarations, running
/// `XMLParser(stream:)`, and turning its outcome into located ``RouteParseError``s.
///
/// Linux caveats handled here (geo-formats.md §11.9, §13): `XMLParser(data:)` fails above about
/// 10 MB, so input always goes through an `InputStream`; `InputStream.streamError` traps once the
/// parser has closed the stream, so it is never asked; inputs shorter than 4 bytes give no event
/// at all; malformed XML can still make `parse()` return `true`, so the error callback decides.
enum XMLRouteParsing {
    /// Parses `input` with `delegate`, throwing the first problem found.
    ///
    /// - Parameters:
    ///   - input: The file or the bytes.
    ///   - format: The format's name for errors (`"KML"`, `"TCX"`).
    ///   - path: The path for error messages.
    ///   - delegate: The format's state machine; after a successful return it holds the results.
    /// - Throws: ``RouteParseError``: `unreadable`, `empty`, `forbiddenDeclaration`, `malformedXML`,
    ///   `unsupportedEncoding` (see ``XMLEncodingCheck``), `truncated`, or whatever the delegate recorded.
    static func parse(_ input: RouteInput, format: String, path: String?,
                      delegate: XMLRouteDelegate) throws(RouteParseError) {
        let head = try input.head(limit: 1 << 16, format: format, path: path)
        if let problem = XMLEncodingCheck.problem(head: Array(head.bytes.prefix(1024)), byteCount: input.byteCount) {
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: problem.line, column: problem.column),
                                  reason: .unsupportedEncoding(problem.message))
        }
        var prolog: XMLPrologScanner.Outcome
        var prefix = 4096
        repeat {
            let isComplete = prefix >= head.bytes.count && head.isWhole
            prolog = XMLPrologScanner.scan(head.bytes.prefix(prefix), isComplete: isComplete)
            if prefix >= head.bytes.count { break }
            prefix *= 2
        } while prolog == .needMoreInput
        var notMarkup: SourceLocation?
        switch prolog {
        case .empty:
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: 1, column: 1), reason: .empty)
        case .forbidden(let what, let line, let column):
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: line, column: column),
                                  reason: .forbiddenDeclaration(what))
        case .notMarkup(let line, let column):
            notMarkup = SourceLocation(path: path, line: line, column: column)
        case .needMoreInput:
            // More than 64 KiB of comments and declarations before the root: refuse rather than let
            // a late DOCTYPE through to libxml2.
            throw RouteParseError(format: format, location: SourceLocation(path: path, line: 1, column: 1),
                                  reason: .malformedXML("no root element in the first 64 KiB"))
        case .root:
            break
        }
        let stream = try input.stream(format: format, path: path)
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = delegate
        let ok = parser.parse()

        if let error = delegate.error { throw error }
        if !ok, let parserError = parser.parserError, (parserError as NSError).domain != XMLParser.errorDomain {
            throw RouteParseError(format: format, location: nil, path: path,
                                  reason: .unreadable(parserError.localizedDescription))
        }
        guard delegate.sawRoot else {
            let location = notMarkup ?? SourceLocation(path: path, line: 1, column: 1)
            throw RouteParseError(format: format, location: location,
                                  reason: .malformedXML("no root element: this is not an XML document"))
        }
        guard delegate.rootClosed else {
            let location = SourceLocation(path: path, line: parser.lineNumber, column: parser.columnNumber)
            throw RouteParseError(format: format, location: location, reason: .truncated("the root element is not closed"))
        }
        if !ok, let parserError = parser.parserError {
            let location = SourceLocation(path: path, line: parser.lineNumber, column: parser.columnNumber)
            throw RouteParseError(format: format, location: location,
                                  reason: .malformedXML(XMLParserErrorMessages.message(for: parserError)))
        }
    }
}

/// The common part of the KML and TCX SAX delegates: the first error (which stops the parser),
/// root bookkeeping, XML error translation and the refusal of entity declarations.
class XMLRouteDelegate: NSObject, XMLParserDelegate {
    let path: String?
    let format: String
    private(set) var error: RouteParseError?
    var sawRoot = false
    var rootClosed = false
    var rootLocation: SourceLocation?

    init(format: String, path: String?) {
        self.format = format
        self.path = path
        super.init()
    }

    func location(_ parser: XMLParser) -> SourceLocation {
        SourceLocation(path: path, line: parser.lineNumber, column: parser.columnNumber)
    }

    /// Records the first error and stops the parser.
    func fail(_ parser: XMLParser, _ reason: RouteParseError.Reason, at location: SourceLocation? = nil) {
        guard error == nil else { return }
        error = RouteParseError(format: format, location: location ?? self.location(parser), reason: reason)
        parser.abortParsing()
    }

    /// The names of the open elements, outermost first, for "ends too early" messages.
    var openElementNames: [String] { [] }

    // The element and text callbacks are declared here and overridden by the subclasses: on Linux,
    // XMLParserDelegate's methods have default implementations in a protocol extension, which a
    // subclass cannot replace unless the base class implements them.

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String]) {}

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {}

    func parser(_ parser: XMLParser, foundCharacters string: String) {}

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {}

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        let code = (parseError as NSError).code
        if sawRoot, !rootClosed, XMLParserErrorMessages.endOfInputCodes.contains(code) {
            let open = openElementNames
            fail(parser, .truncated("the input ends inside <\(open.last ?? "?")> (XML parser error \(code)); "
                                    + "elements still open: " + open.joined(separator: " > ")))
        } else {
            fail(parser, .malformedXML(XMLParserErrorMessages.message(for: parseError)))
        }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(parser, .forbiddenDeclaration(XMLPrologScanner.entity))
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
                systemID: String?) {
        fail(parser, .forbiddenDeclaration(XMLPrologScanner.entity))
    }
}
