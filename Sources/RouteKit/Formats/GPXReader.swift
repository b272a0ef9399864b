import Foundation

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
///   gives it, usually above mean sea level) and `time` (`xsd:dateTime`, see `DateTimeParser`; a
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
/// Parses the common shape of GPX (ASCII text, namespaces declared on the root, no comments,
/// references or DOCTYPE: what GPS devices and apps write) with a byte scanner over the memory-mapped
/// file (`XMLFastScanner`), and everything else with libxml2's SAX2 push parser driven directly on the
/// bytes (`XMLRouteParsing`, a fixed 128 KiB buffer). Both drive the same state machine
/// (`GPXParserDelegate`); the scanner hands over to libxml2, which starts again from the first byte,
/// the moment it meets anything it does not read, any error, or a file with nothing to fly, so the
/// points, names and errors (with their locations) are libxml2's in every case. No Swift string is
/// made per element.
///
/// See also ``Route``, ``RouteParseError``, `DateTimeParser`.
package enum GPXReader: RouteReader {
    package static var format: RouteFormat { .gpx }

    /// Reads a GPX document; see ``GPXReader`` and ``RouteReader``.
    ///
    ///     let result = try GPXReader.read(contentsOf: URL(fileURLWithPath: "ride.gpx"), displayPath: "ride.gpx")
    ///     print(result.route.points.count, result.route.source.trackCount)
    ///
    /// - Returns: The route flown: track points if the file has any, else route points. Its
    ///   ``Route/source`` counts the file's tracks, track segments (empty ones included), routes and
    ///   waypoints. No notes.
    /// - Throws: ``RouteParseError`` (format `"GPX"`) with reason:
    ///   `unreadable` (the system's message; no line), `empty` (no bytes, or only white space; at 1:1),
    ///   `forbiddenDeclaration` (a DOCTYPE or `<!ENTITY`), `malformedXML` (not well-formed; libxml2's
    ///   error and position), `truncated` (the file ends inside the root element; at the end),
    ///   `unexpectedRoot` (XML but not GPX), `missingField`, `malformedNumber`,
    ///   `latitudeOutOfRange`, `longitudeOutOfRange`, `malformedTime` (for any `trkpt`, `rtept` or
    ///   `wpt` coordinate, or any `trkpt`/`rtept` `ele` or `time`), and `noRoute(waypoints:)` (no
    ///   track point and no route point; located at the root element).
    /// - Complexity: O(n) time in the file size (a file the scanner gives up on is read twice); memory
    ///   O(points) for the result plus a constant 128 KiB parser buffer, or a mapped window of the file
    ///   whose pages are released behind the scan (the file is never held whole). Building the
    ///   ``Route`` adds one geodesic per leg.
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: RouteReaderNoOptions) throws(RouteParseError) -> RouteFile.Result {
        let route = try route(from: parse(input.input, path: displayPath, parser: .automatic, measuresLegs: true)!)
        return RouteFile.Result(route: route, format: .gpx)
    }

    /// Parses a GPX file to its flown points without measuring them (``Route`` does that): the
    /// benchmark's "read" stage.
    ///
    /// - Returns: The points flown (track points, or route points when there are none) and their
    ///   segments as ranges of `points`.
    /// - Throws: ``RouteParseError``, as ``read(_:displayPath:options:)``.
    package static func readPoints(contentsOf url: URL) throws(RouteParseError) -> (points: [RoutePoint], segments: [Range<Int>]) {
        let delegate = try parse(.file(url), path: url.path)
        if !delegate.trackSegments.isEmpty { return (delegate.takeTrackPoints().points, delegate.trackSegments) }
        guard !delegate.routeSegments.isEmpty else {
            throw RouteParseError(format: .gpx, location: delegate.rootLocation,
                                  reason: .noRoute(waypoints: delegate.waypointCount))
        }
        return (delegate.routePoints, delegate.routeSegments)
    }

    /// How ``parse(_:path:parser:measuresLegs:)`` reads the XML.
    typealias Parser = XMLParserChoice

    /// Parses `input` into a finished state machine: by ``XMLFastScanner`` when the file has the
    /// shape it reads and holds a route to fly, else (from the start again) by libxml2, which gives
    /// every error with its location.
    ///
    /// - Returns: The delegate, or `nil` only for the scanner-only choices when the scanner gave up.
    /// - Parameter measuresLegs: Whether the track points' legs are measured while the
    ///   file is read (``RoutePointCollector``), for ``route(from:)``.
    static func parse(_ input: RouteInput, path: String?, parser: Parser,
                      measuresLegs: Bool = false) throws(RouteParseError) -> GPXParserDelegate? {
        // Files with nothing to fly go to libxml2 too: their error is located at the root.
        try XMLRouteParsing.parse(input, format: .gpx, path: path, parser: parser,
                                  makeDelegate: { GPXParserDelegate(path: path, measuresLegs: measuresLegs) },
                                  accepts: { !$0.trackSegments.isEmpty || !$0.routeSegments.isEmpty })
    }

    private static func parse(_ input: RouteInput, path: String?) throws(RouteParseError) -> GPXParserDelegate {
        try parse(input, path: path, parser: .automatic)!
    }

    /// The route read from `delegate`'s results, or the `noRoute` error.
    static func route(from delegate: GPXParserDelegate) throws(RouteParseError) -> Route {
        let source = { (kind: Route.Source.Kind) in
            Route.Source(kind: kind, trackCount: delegate.trackCount, trackSegmentCount: delegate.trackSegmentCount,
                         routeCount: delegate.routeCount, waypointCount: delegate.waypointCount)
        }
        let route: Route?
        if !delegate.trackSegments.isEmpty {
            let (points, legs) = delegate.takeTrackPoints()
            route = Route(points: points, segments: delegate.trackSegments, name: delegate.flownTrackName,
                          source: source(.tracks), measuredLegs: legs)
        } else if !delegate.routeSegments.isEmpty {
            route = Route(points: delegate.routePoints, segments: delegate.routeSegments, name: delegate.flownRouteName,
                          source: source(.routes))
        } else {
            route = nil
        }
        guard let route else {
            var error = RouteParseError(format: .gpx, location: delegate.rootLocation,
                                        reason: .noRoute(waypoints: delegate.waypointCount))
            error.waypoints = delegate.waypointCoordinates
            throw error
        }
        return route
    }
}
