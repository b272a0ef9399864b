import Foundation

/// Reads Garmin Training Center Database v2 files (TCX) into a ``Route``, streaming.
///
/// Schema: TrainingCenterDatabase v2,
/// https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd, and ActivityExtension v2,
/// https://www8.garmin.com/xmlschemas/ActivityExtensionv2.xsd (docs/geo-formats.md#tcx). What is read:
/// - **Activities**: `Activities/Activity/Lap/Track/Trackpoint`; **Courses**:
///   `Courses/Course/Track/Trackpoint`. Consecutive `Track`s of one Activity (one per lap) are one
///   segment unless a pause of more than a minute separates them; each Activity and each Course
///   `Track` starts a new segment (`TCXSegmentAssembly`).
/// - Per `Trackpoint`: `Time` (xsd:dateTime), `Position/LatitudeDegrees` and `LongitudeDegrees`
///   (degrees), `AltitudeMeters` (metres, as recorded: usually above sea level),
///   `HeartRateBpm/Value` (beats per minute), `Cadence` (revolutions per minute), and from
///   `Extensions/TPX` (ActivityExtension namespace) `Speed` (metres per second) and `RunCadence`
///   (steps per minute; used when `Cadence` is absent).
/// - A `Trackpoint` **without `Position`** (a device recording heart rate while it has no fix) is
///   skipped and counted in the notes, never read as (0, 0). A `Position` missing one of its two
///   children is an error.
/// - ``Route/Source``: `trackCount` counts Activities and Courses, `trackSegmentCount` the `Track`s
///   (empty ones included), `waypointCount` the Courses' `CoursePoint`s. ``Route/name``: the `Name`
///   of the first Course flown (an Activity has only an `Id`, a date).
///
/// Elements are matched by namespace URI (`http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2`,
/// `http://www.garmin.com/xmlschemas/ActivityExtension/v2`), never by prefix.
///
/// Parses the common shape of TCX with the byte scanner `XMLFastScanner` and everything else with
/// libxml2, as ``GPXReader`` does, with the same routes, notes and errors either way.
package enum TCXReader: RouteReader {
    package static var format: RouteFormat { .tcx }

    /// Reads a TCX document; see ``TCXReader`` and ``RouteReader``.
    ///
    /// - Returns: The route and notes (trackpoints skipped for want of a position, laps joined, pauses).
    /// - Throws: ``RouteParseError`` (format `"TCX"`): `unreadable`, the XML errors, `unexpectedRoot`,
    ///   `missingField`, `malformedNumber`, `latitudeOutOfRange`, `longitudeOutOfRange`,
    ///   `malformedTime`, and `noLine` when no trackpoint has a position.
    /// - Complexity: O(n) in the size of the document (a file the scanner gives up on is read twice);
    ///   memory O(points).
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: RouteReaderNoOptions) throws(RouteParseError) -> RouteFile.Result {
        try result(from: parse(input.input, path: displayPath, parser: .automatic)!)
    }

    /// Parses `input` into a finished state machine: by ``XMLFastScanner`` when the file has the shape
    /// it reads and holds a line to fly, else (from the start again) by libxml2.
    ///
    /// - Returns: The delegate, or `nil` only for the scanner-only choices when the scanner gave up.
    static func parse(_ input: RouteInput, path: String?, parser: XMLParserChoice) throws(RouteParseError) -> TCXParserDelegate? {
        try XMLRouteParsing.parse(input, format: .tcx, path: path, parser: parser,
                                  makeDelegate: { TCXParserDelegate(path: path) },
                                  accepts: { $0.segments.contains { !$0.isEmpty } })
    }

    /// The route and notes read from `d`'s results, or the `noLine` error.
    static func result(from d: TCXParserDelegate) throws(RouteParseError) -> RouteFile.Result {
        var notes: [String] = []
        if d.skippedNoPosition > 0 {
            notes.append("skipped \(d.skippedNoPosition) Trackpoint\(d.skippedNoPosition == 1 ? "" : "s") without a Position")
        }
        let a = d.assembly
        if a.joinedTracks > 0 {
            notes.append("flew \(a.joinedTracks) lap change\(a.joinedTracks == 1 ? "" : "s") (a new Track in the same Activity) without a break")
        }
        if a.pauses > 0 {
            notes.append("split the line at \(a.pauses) pause\(a.pauses == 1 ? "" : "s") of over \(Int(TCXSegmentAssembly.pauseThreshold)) s between Tracks")
        }
        let source = Route.Source(kind: .tracks, trackCount: d.activityCount + d.courseCount,
                                  trackSegmentCount: d.trackCount, waypointCount: d.coursePointCount)
        guard let route = Route(segments: d.segments, name: d.flownName, source: source) else {
            throw RouteParseError(format: .tcx, location: d.rootLocation, reason: .noLine(
                found: "\(d.activityCount) Activit\(d.activityCount == 1 ? "y" : "ies"), \(d.courseCount) Course\(d.courseCount == 1 ? "" : "s"), "
                    + "\(d.trackpointCount) Trackpoint\(d.trackpointCount == 1 ? "" : "s"), none with a Position"))
        }
        return RouteFile.Result(route: route, format: .tcx, notes: notes)
    }
}
