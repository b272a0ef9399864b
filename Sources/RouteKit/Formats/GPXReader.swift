import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads GPX 1.0 and 1.1 files into a ``Route``, streaming (no document tree), so that files of
/// hundreds of megabytes load in bounded extra memory.
///
/// What is read (GPX 1.1 schema, https://www.topografix.com/GPX/1/1/; GPX 1.0,
/// https://www.topografix.com/GPX/1/0/gpx.xsd):
/// - **Tracks**: every `trk/trkseg/trkpt`, in document order. Each non-empty `trkseg` becomes one
///   segment of the route; empty segments and empty tracks are dropped (but counted in
///   ``Route/source``).
/// - **Routes**: only when the file has no track point at all, every `rte/rtept`, each `rte` one
///   segment.
/// - **Waypoints** (`wpt`) are counted, and their `lat`/`lon` checked, but not flown.
/// - Per point: `lat` and `lon` (attributes, decimal degrees; latitude in `-90...90`, longitude in
///   `-180...180`: the schema says `-180..<180`, but 180 is accepted), `ele` (metres, as the file
///   gives it, usually above mean sea level) and `time` (`xsd:dateTime`, see ``DateTimeParser``; a
///   time without a zone is taken as UTC). Other point children are ignored.
/// - ``Route/name``: the `name` of the first track that has points (or, for a route-only file, of
///   the first route with points); `nil` when that one has no name. CDATA names are read.
///
/// Elements are matched by **namespace URI and local name**, never by prefix. The root must be `gpx`
/// in the GPX 1.0 namespace, the GPX 1.1 namespace, or no namespace (some real files have none); the
/// other elements count only in the root's namespace and at the place the schema gives them (see
/// `GPXParserDelegate`), so extension elements such as Garmin's `gpxtpx:hr`, or a foreign `time` inside
/// a point, are ignored whatever their prefix.
///
/// Input: UTF-8 (with or without a byte order mark) or UTF-16, any line endings. A DOCTYPE or
/// entity declaration is refused before the XML parser sees the file (GPX never needs one, and it
/// is how entity-expansion attacks get in).
///
/// Error locations are `path:line:column`, 1-based, taken from the XML parser while it reports the
/// element: for an attribute (`lat`, `lon`) that is the **closing `>` of the element's start tag**,
/// not the attribute itself; for `ele` and `time` it is the `>` of their start tag, just before the
/// bad text; for a declaration it is its `<`; for XML syntax errors it is where libxml2 stopped.
///
/// Uses FoundationXML's `XMLParser(stream:)` over an `InputStream` for files and data alike:
/// `XMLParser(data:)` fails on documents above about 10 MB on Linux
/// (swiftlang/swift-corelibs-foundation#4851, geo-formats.md §13).
///
/// See also ``Route``, ``RouteParseError``, ``DateTimeParser``.
public enum GPXReader {
    /// Reads the GPX file at `url`.
    ///
    ///     let route = try GPXReader.read(contentsOf: URL(fileURLWithPath: "ride.gpx"), displayPath: "ride.gpx")
    ///     print(route.points.count, route.source.trackCount)
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - displayPath: The path as the user typed it, used in error messages; defaults to `url.path`.
    /// - Returns: The route flown: track points if the file has any, else route points. Its
    ///   ``Route/source`` counts the file's tracks, track segments (empty ones included), routes and
    ///   waypoints.
    /// - Throws: ``RouteParseError`` (format `"GPX"`) with reason:
    ///   `unreadable` (the system's message; no line), `empty` (no bytes, or only white space; at 1:1),
    ///   `forbiddenDeclaration` (a DOCTYPE or `<!ENTITY`), `malformedXML` (not well-formed; libxml2's
    ///   error and position), `truncated` (the file ends inside the root element; at the end),
    ///   `unexpectedRoot` (XML but not GPX), `missingField`, `malformedNumber`,
    ///   `latitudeOutOfRange`, `longitudeOutOfRange`, `malformedTime` (for any `trkpt`, `rtept` or
    ///   `wpt` coordinate, or any `trkpt`/`rtept` `ele` or `time`), and `noRoute(waypoints:)` (no
    ///   track point and no route point; located at the root element).
    /// - Complexity: O(n) time in the file size; memory O(points) for the result plus a constant
    ///   128 KiB parser buffer (the file is never held whole). Building the ``Route`` adds one
    ///   geodesic per leg.
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws(RouteParseError) -> Route {
        let path = displayPath ?? url.path
        guard url.isFileURL else {
            throw RouteParseError(format: "GPX", location: nil, path: path,
                                  reason: .unreadable("only local files can be read (got \(url.absoluteString))"))
        }
        let head = try readHead(of: url, path: path)
        guard let stream = InputStream(url: url) else {
            throw RouteParseError(format: "GPX", location: nil, path: path, reason: .unreadable("cannot open a stream"))
        }
        return try parse(stream: stream, prolog: head, path: path)
    }

    /// Reads a GPX document held in memory.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - displayPath: A name for error messages; `nil` prints `<input>`.
    /// - Returns: The route flown; see ``read(contentsOf:displayPath:)``.
    /// - Throws: ``RouteParseError``, as ``read(contentsOf:displayPath:)`` except `unreadable`.
    /// - Complexity: O(n) in `data.count`.
    public static func read(data: Data, displayPath: String? = nil) throws(RouteParseError) -> Route {
        var prefix = 4096
        var prolog: XMLPrologScanner.Outcome
        repeat {
            let isComplete = prefix >= data.count
            prolog = XMLPrologScanner.scan(data.prefix(prefix), isComplete: isComplete)
            prefix *= 2
        } while prolog == .needMoreInput
        return try parse(stream: InputStream(data: data), prolog: prolog, path: displayPath)
    }

    /// Reads the start of a file until the prolog scan decides, in growing chunks.
    private static func readHead(of url: URL, path: String) throws(RouteParseError) -> XMLPrologScanner.Outcome {
        func unreadable(_ code: Int32) -> RouteParseError {
            RouteParseError(format: "GPX", location: nil, path: path, reason: .unreadable(String(cString: strerror(code))))
        }
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw unreadable(errno) }
        defer { close(fd) }
        var head: [UInt8] = []
        var chunk = 4096
        while true {
            let old = head.count
            head.append(contentsOf: repeatElement(0, count: chunk))
            let count = head.withUnsafeMutableBufferPointer { buffer in
                Glibc_read(fd, buffer.baseAddress! + old, chunk)
            }
            guard count >= 0 else { throw unreadable(errno) }
            head.removeLast(chunk - count)
            let outcome = XMLPrologScanner.scan(head, isComplete: count == 0)
            if outcome != .needMoreInput { return outcome }
            chunk = min(chunk * 2, 1 << 20)
        }
    }

    private static func parse(stream: InputStream, prolog: XMLPrologScanner.Outcome,
                              path: String?) throws(RouteParseError) -> Route {
        var notMarkup: SourceLocation?
        switch prolog {
        case .empty:
            throw RouteParseError(format: "GPX", location: SourceLocation(path: path, line: 1, column: 1), reason: .empty)
        case .forbidden(let what, let line, let column):
            throw RouteParseError(format: "GPX", location: SourceLocation(path: path, line: line, column: column),
                                  reason: .forbiddenDeclaration(what))
        case .notMarkup(let line, let column):
            notMarkup = SourceLocation(path: path, line: line, column: column)
        case .root, .needMoreInput:
            break
        }

        let delegate = GPXParserDelegate(path: path)
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = delegate
        let ok = parser.parse()

        if let error = delegate.error { throw error }
        // A failed read of the stream is reported as a parser error outside the XML domain. (Do not ask
        // `stream.streamError`: on Linux its getter traps once the parser has closed the stream.)
        if !ok, let parserError = parser.parserError, (parserError as NSError).domain != XMLParser.errorDomain {
            throw RouteParseError(format: "GPX", location: nil, path: path,
                                  reason: .unreadable(parserError.localizedDescription))
        }
        guard delegate.sawRoot else {
            // libxml2 stays silent on inputs shorter than 4 bytes.
            let location = notMarkup ?? SourceLocation(path: path, line: 1, column: 1)
            throw RouteParseError(format: "GPX", location: location,
                                  reason: .malformedXML("no root element: this is not an XML document"))
        }
        guard delegate.rootClosed else {
            let location = SourceLocation(path: path, line: parser.lineNumber, column: parser.columnNumber)
            throw RouteParseError(format: "GPX", location: location, reason: .truncated("the root element is not closed"))
        }
        if !ok, let parserError = parser.parserError {
            let location = SourceLocation(path: path, line: parser.lineNumber, column: parser.columnNumber)
            throw RouteParseError(format: "GPX", location: location,
                                  reason: .malformedXML(XMLParserErrorMessages.message(for: parserError)))
        }

        let source = { (kind: Route.Source.Kind) in
            Route.Source(kind: kind, trackCount: delegate.trackCount, trackSegmentCount: delegate.trackSegmentCount,
                         routeCount: delegate.routeCount, waypointCount: delegate.waypointCount)
        }
        let route: Route?
        if !delegate.trackSegments.isEmpty {
            route = Route(segments: delegate.trackSegments, name: delegate.flownTrackName, source: source(.tracks))
        } else if !delegate.routeSegments.isEmpty {
            route = Route(segments: delegate.routeSegments, name: delegate.flownRouteName, source: source(.routes))
        } else {
            route = nil
        }
        guard let route else {
            throw RouteParseError(format: "GPX", location: delegate.rootLocation,
                                  reason: .noRoute(waypoints: delegate.waypointCount))
        }
        return route
    }
}

/// `read(2)`, named apart from the `read(…)` methods above.
@inline(__always)
private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}
