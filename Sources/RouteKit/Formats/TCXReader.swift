import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads Garmin Training Center Database v2 files (TCX) into a ``Route``, streaming.
///
/// Schema: TrainingCenterDatabase v2,
/// https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd, and ActivityExtension v2,
/// https://www8.garmin.com/xmlschemas/ActivityExtensionv2.xsd (geo-formats.md §10). What is read:
/// - **Activities**: `Activities/Activity/Lap/Track/Trackpoint`; **Courses**:
///   `Courses/Course/Track/Trackpoint`. Consecutive `Track`s of one Activity (one per lap) are one
///   segment unless a pause of more than a minute separates them; each Activity and each Course
///   `Track` starts a new segment (``TCXSegmentAssembly``).
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
public enum TCXReader {
    /// Reads the TCX file at `url`; see ``TCXReader``.
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws(RouteParseError) -> RouteFile.Result {
        try read(.file(url), displayPath: displayPath ?? url.path)
    }

    /// Reads a TCX document held in memory; see ``TCXReader``.
    ///
    /// - Returns: The route and notes (trackpoints skipped for want of a position).
    /// - Throws: ``RouteParseError`` (format `"TCX"`): the XML errors, `unexpectedRoot`,
    ///   `missingField`, `malformedNumber`, `latitudeOutOfRange`, `longitudeOutOfRange`,
    ///   `malformedTime`, and `noLine` when no trackpoint has a position.
    /// - Complexity: O(n) in the size of the document; memory O(points).
    public static func read(data: Data, displayPath: String? = nil) throws(RouteParseError) -> RouteFile.Result {
        try read(.data(data), displayPath: displayPath)
    }

    static func read(_ input: RouteInput, displayPath: String?) throws(RouteParseError) -> RouteFile.Result {
        let d = TCXParserDelegate(path: displayPath)
        try XMLRouteParsing.parse(input, format: "TCX", path: displayPath, delegate: d)
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
            throw RouteParseError(format: "TCX", location: d.rootLocation, reason: .noLine(
                found: "\(d.activityCount) Activit\(d.activityCount == 1 ? "y" : "ies"), \(d.courseCount) Course\(d.courseCount == 1 ? "" : "s"), "
                    + "\(d.trackpointCount) Trackpoint\(d.trackpointCount == 1 ? "" : "s"), none with a Position"))
        }
        return RouteFile.Result(route: route, format: .tcx, notes: notes)
    }
}

/// The SAX state machine behind ``TCXReader``.
final class TCXParserDelegate: XMLRouteDelegate {
    enum Kind: UInt8 {
        case root, activity, lap, course, track, trackpoint, position, heartRate, extensions, tpx
        case time, latitude, longitude, altitude, heartRateValue, cadence, speed, runCadence, name
        case other
    }

    static let tcxNamespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let activityExtensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    private(set) var assembly = TCXSegmentAssembly()
    var segments: [[RoutePoint]] { assembly.segments }
    private(set) var activityCount = 0
    private(set) var courseCount = 0
    private(set) var trackCount = 0
    private(set) var trackpointCount = 0
    private(set) var coursePointCount = 0
    private(set) var skippedNoPosition = 0
    private(set) var flownName: String?

    private var stack: [Kind] = []
    private var names: [String] = []
    private var text = ""
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var courseName: String?
    private var segment: [RoutePoint] = []
    private var latitude: Double?
    private var longitude: Double?
    private var sawPosition = false
    private var positionLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var elevation: Double?
    private var time: Date?
    private var heartRate: Double?
    private var cadence: Double?
    private var runCadence: Double?
    private var speed: Double?

    init(path: String?) { super.init(format: "TCX", path: path) }

    override var openElementNames: [String] { names }

    override func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                         qualifiedName qName: String?, attributes attributeDict: [String: String]) {
        guard error == nil else { return }
        let ns = namespaceURI ?? ""
        names.append(qName ?? elementName)
        guard let parent = stack.last else {
            sawRoot = true
            rootLocation = location(parser)
            guard elementName == "TrainingCenterDatabase", ns == Self.tcxNamespace else {
                fail(parser, .unexpectedRoot(name: elementName, namespace: ns.isEmpty ? nil : ns,
                                             expected: "<TrainingCenterDatabase> in the TCX v2 namespace"))
                return
            }
            stack.append(.root)
            return
        }
        let tcx = ns == Self.tcxNamespace
        let ax = ns == Self.activityExtensionNamespace
        var kind = Kind.other
        switch (parent, elementName) {
        case (.other, "Activity") where tcx:
            kind = .activity; activityCount += 1
        case (.other, "Course") where tcx:
            kind = .course; courseCount += 1; courseName = nil
        case (.activity, "Lap") where tcx:
            kind = .lap
        case (.lap, "Track") where tcx, (.course, "Track") where tcx:
            kind = .track; trackCount += 1; segment = []
        case (.course, "Name") where tcx:
            kind = .name
        case (.course, "CoursePoint") where tcx:
            coursePointCount += 1
        case (.track, "Trackpoint") where tcx:
            kind = .trackpoint
            trackpointCount += 1
            latitude = nil; longitude = nil; sawPosition = false
            elevation = nil; time = nil; heartRate = nil; cadence = nil; runCadence = nil; speed = nil
        case (.trackpoint, "Time") where tcx: kind = .time
        case (.trackpoint, "Position") where tcx:
            kind = .position; sawPosition = true; positionLocation = location(parser)
        case (.position, "LatitudeDegrees") where tcx: kind = .latitude
        case (.position, "LongitudeDegrees") where tcx: kind = .longitude
        case (.trackpoint, "AltitudeMeters") where tcx: kind = .altitude
        case (.trackpoint, "HeartRateBpm") where tcx: kind = .heartRate
        case (.heartRate, "Value") where tcx: kind = .heartRateValue
        case (.trackpoint, "Cadence") where tcx: kind = .cadence
        case (.trackpoint, "Extensions") where tcx: kind = .extensions
        case (.extensions, "TPX") where ax: kind = .tpx
        case (.tpx, "Speed") where ax: kind = .speed
        case (.tpx, "RunCadence") where ax: kind = .runCadence
        default:
            break  // Activities, Courses and other containers: looked inside, as `.other`
        }
        if kind.rawValue >= Kind.time.rawValue, kind != .other {
            text.removeAll(keepingCapacity: true)
            textLocation = location(parser)
        }
        stack.append(kind)
    }

    private func number(_ parser: XMLParser, _ field: String) -> Double? {
        guard let v = DecimalParser.parse(text) else {
            fail(parser, .malformedNumber(element: "Trackpoint", field: field, text: text), at: textLocation)
            return nil
        }
        return v
    }

    override func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                         qualifiedName qName: String?) {
        guard error == nil, let kind = stack.popLast() else { return }
        names.removeLast()
        switch kind {
        case .time:
            guard let s = DateTimeParser.secondsSinceReferenceDate(text) else {
                fail(parser, .malformedTime(element: "Trackpoint", text: text), at: textLocation)
                return
            }
            time = Date(timeIntervalSinceReferenceDate: s)
        case .latitude:
            guard let v = number(parser, "LatitudeDegrees") else { return }
            guard (-90...90).contains(v) else {
                fail(parser, .latitudeOutOfRange(element: "Trackpoint", value: v), at: textLocation)
                return
            }
            latitude = v
        case .longitude:
            guard let v = number(parser, "LongitudeDegrees") else { return }
            guard (-180...180).contains(v) else {
                fail(parser, .longitudeOutOfRange(element: "Trackpoint", value: v), at: textLocation)
                return
            }
            longitude = v
        case .altitude: elevation = number(parser, "AltitudeMeters")
        case .heartRateValue: heartRate = number(parser, "HeartRateBpm")
        case .cadence: cadence = number(parser, "Cadence")
        case .runCadence: runCadence = number(parser, "RunCadence")
        case .speed: speed = number(parser, "Speed")
        case .name:
            let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if courseName == nil, !t.isEmpty { courseName = t }
        case .position:
            if latitude == nil { fail(parser, .missingField(element: "Position", field: "LatitudeDegrees"), at: positionLocation); return }
            if longitude == nil { fail(parser, .missingField(element: "Position", field: "LongitudeDegrees"), at: positionLocation); return }
        case .trackpoint:
            guard sawPosition, let lat = latitude, let lon = longitude else {
                skippedNoPosition += 1
                return
            }
            var p = RoutePoint(latitude: lat, longitude: lon, elevation: elevation, time: time)
            p.heartRate = heartRate
            p.cadence = cadence ?? runCadence
            p.speed = speed
            segment.append(p)
        case .track:
            if !segment.isEmpty {
                let inCourse = stack.last == .course
                if segments.isEmpty, inCourse { flownName = courseName }
                assembly.closeTrack(segment, inActivity: inCourse ? nil : activityCount)
                segment = []
            }
        case .root:
            rootClosed = true
        default:
            break
        }
    }

    private var capturing: Bool {
        guard let k = stack.last else { return false }
        return k.rawValue >= Kind.time.rawValue && k != .other
    }

    override func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing { text += string }
    }

    override func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if capturing { text += String(decoding: CDATABlock, as: UTF8.self) }
    }
}
