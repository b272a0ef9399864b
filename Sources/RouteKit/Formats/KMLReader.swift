import Foundation

/// Reads KML (2.2, the older Google Earth 2.0/2.1, and OGC 2.3) into a ``Route``, streaming.
///
/// Sources: the KML reference (https://developers.google.com/kml/documentation/kmlreference),
/// sections `#linestring`, `#gxtrack`, `#gxmultitrack`, `#altitudemode`, `#timestamp`.
///
/// What is read:
/// - every `LineString` (anywhere: in a Placemark, a MultiGeometry, a Folder) becomes one segment.
///   Its `<coordinates>` are tuples `longitude,latitude[,altitude]` separated by white space
///   (degrees, metres). Tolerated, as real files have them: `+` signs, leading zeros, XML comments
///   inside the element (they vanish), a line break anywhere between tuples;
/// - every `gx:Track` (and OGC KML 2.3's `Track`) becomes one segment per run of samples: one
///   `<when>` per `<gx:coord>` (`longitude latitude altitude`, separated by spaces), the counts must
///   match. An **empty `<gx:coord/>`** is how OpenTracks marks a pause: the sample is skipped (and
///   counted in the notes) and the track **splits there**, so the route does not travel the pause.
///   `gx:MultiTrack` groups tracks; each track stays its own segment whatever `gx:interpolate` says;
/// - `<when>` accepts every xsd form KML allows (gYear, gYearMonth, date, dateTime with or without
///   zone; `DateTimeParser.secondsSinceReferenceDate(xsdPartial:)`);
/// - **altitudeMode** (`altitudeMode` or `gx:altitudeMode`) is looked up on the geometry, then on
///   its enclosing `MultiGeometry` or `gx:MultiTrack` (inheritance), default `clampToGround`. Only
///   `absolute` altitudes are heights above sea level, so only they become ``RoutePoint/elevation``;
///   under `clampToGround`/`clampToSeaFloor` (which ignore the altitude, per the reference) and
///   `relativeToGround`/`relativeToSeaFloor` (heights above a surface RouteKit does not know) the
///   elevation is `nil`. The modes met are listed in the notes;
/// - `Point`s are counted as ``Route/Source/waypointCount``; `Polygon`s and `Model`s are skipped
///   and noted;
/// - ``Route/name``: the `name` of the first Placemark flown, else the first `Document` name.
///
/// Longitudes outside -180...180 are normalised into it; latitudes must be in -90...90.
///
/// Elements are matched by namespace URI (KML `http://www.opengis.net/kml/2.2`, `…/kml/2.3`,
/// `http://earth.google.com/kml/2.0`, `…/2.1`, `…/2.2`, or none; gx
/// `http://www.google.com/kml/ext/2.2`), never by prefix. DOCTYPE and entity declarations are refused
/// before parsing (`XMLPrologScanner`).
///
/// Parses the common shape of KML (ASCII text, namespaces declared on the root, no comments, CDATA,
/// references or DOCTYPE) with the byte scanner `XMLFastScanner` and everything else with libxml2,
/// as ``GPXReader`` does: the scanner hands over to libxml2, from the first byte, at anything it does
/// not read, so routes, notes and errors are libxml2's in every case.
///
/// Error locations: for a bad tuple or `gx:coord`, the line and column of the tuple itself,
/// counted from the element's start tag (approximate after a comment or entity reference inside
/// the text); for other elements, where the XML parser stood (the end of the start tag).
package enum KMLReader: RouteReader {
    package static var format: RouteFormat { .kml }

    /// Reads a KML document; see ``KMLReader`` and ``RouteReader``.
    ///
    /// - Returns: The route and notes (altitude modes, pauses, skipped geometries, Placemarks with only
    ///   an `<address>`).
    /// - Throws: ``RouteParseError`` (format `"KML"`): `unreadable`, the XML errors (`empty`,
    ///   `forbiddenDeclaration`, `malformedXML`, `truncated`), `unexpectedRoot`, `malformedNumber`,
    ///   `unexpectedValue` (a tuple of the wrong shape), `latitudeOutOfRange`, `malformedTime`,
    ///   `mismatchedCounts` (`when` vs `gx:coord`), and `noLine` when there is no LineString or track with
    ///   a position.
    /// - Complexity: O(n) in the size of the document (a file the scanner gives up on is read twice);
    ///   memory O(points).
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: RouteReaderNoOptions) throws(RouteParseError) -> RouteFile.Result {
        try result(from: parse(input.input, path: displayPath, parser: .automatic)!)
    }

    /// Parses `input` into a finished state machine: by ``XMLFastScanner`` when the file has the shape
    /// it reads, holds a line to fly and no Placemark with only an address (its note gives a line the
    /// scanner does not track), else (from the start again) by libxml2.
    ///
    /// - Returns: The delegate, or `nil` only for the scanner-only choices when the scanner gave up.
    static func parse(_ input: RouteInput, path: String?, parser: XMLParserChoice) throws(RouteParseError) -> KMLParserDelegate? {
        try XMLRouteParsing.parse(input, format: .kml, path: path, parser: parser,
                                  makeDelegate: { KMLParserDelegate(path: path) },
                                  accepts: { $0.segments.contains { !$0.isEmpty } && $0.addressOnly.isEmpty })
    }

    /// The route and notes read from `delegate`'s results, or the `noLine` error.
    static func result(from delegate: KMLParserDelegate) throws(RouteParseError) -> RouteFile.Result {
        let source = Route.Source(kind: .tracks, trackCount: delegate.lineGeometryCount,
                                  trackSegmentCount: delegate.segments.count, waypointCount: delegate.pointCount)
        guard let route = Route(segments: delegate.segments, name: delegate.flownName ?? delegate.documentName,
                                source: source) else {
            var found: [String] = []
            if delegate.pointCount > 0 { found.append("\(delegate.pointCount) Point\(delegate.pointCount == 1 ? "" : "s")") }
            for (k, v) in delegate.skipped.sorted(by: { $0.key < $1.key }) { found.append("\(v) \(k)\(v == 1 ? "" : "s")") }
            let what = found.isEmpty ? "the file holds no geometry" : "the file holds only " + found.joined(separator: ", ")
            if let first = delegate.addressOnly.first {
                throw addressOnlyError(first, count: delegate.addressOnly.count)
            }
            var error = RouteParseError(format: .kml, location: delegate.rootLocation,
                                        reason: .noLine(found: what + " (expected a LineString or gx:Track with coordinates)"))
            error.waypoints = delegate.pointCoordinates
            throw error
        }
        var notes = delegate.notes
        if let first = delegate.addressOnly.first { notes.append(addressOnlyNote(first, count: delegate.addressOnly.count)) }
        return RouteFile.Result(route: route, format: .kml, notes: notes)
    }

    /// The note for Placemarks holding only a street address beside a line that is flown: how many
    /// were skipped, and the first, named and located.
    private static func addressOnlyNote(_ first: (name: String?, location: SourceLocation), count: Int) -> String {
        let name = first.name.map { "'\($0)'" } ?? "(unnamed)"
        return "skipped \(count) Placemark\(count == 1 ? "" : "s") that hold\(count == 1 ? "s" : "") only an <address>, no coordinates, "
            + "the first \(name) at line \(first.location.line)"
    }

    /// The error for a file whose Placemarks hold only street addresses (Google My Maps exports places
    /// it has not geocoded so): the first one named and located, how many there are, and the fix.
    private static func addressOnlyError(_ first: (name: String?, location: SourceLocation), count: Int) -> RouteParseError {
        let name = first.name.map { "'\($0)'" } ?? "(unnamed)"
        let others = count > 1 ? " (and \(count - 1) more Placemark\(count == 2 ? "" : "s") like it)" : ""
        return RouteParseError(format: .kml, location: first.location, reason: .noLine(found:
            "Placemark \(name) at line \(first.location.line) has only an <address>, no coordinates\(others); geocode it "
            + "(in Google My Maps, draw the route as a line, or export after the places are located) and export the KML again"))
    }
}
