import Foundation

/// The SAX state machine behind ``GPXReader``: it receives libxml2's events as bytes, keeps a stack of
/// what each open element is, and collects points, counts and names. It never builds a tree, and
/// makes no `String` per element: names are recognised by their interned pointers
/// (``XMLNameTable``), numbers and times are parsed from the bytes.
///
/// An element is a GPX element when its namespace URI is the root's (GPX 1.0, GPX 1.1, or none for
/// files without a namespace) **and** it sits where the GPX schema puts it: `trk`, `rte`, `wpt` are
/// children of the root; `trkseg` and `name` children of `trk`; `trkpt` a child of `trkseg`;
/// `rtept` and `name` children of `rte`; `ele` and `time` children of a `trkpt` or `rtept`. Anything
/// else (extensions, GPX 1.0's foreign elements, metadata) is skipped with its whole subtree, so an
/// extension's `<gpxtpx:time>` or a nested `<ele>` is never taken for the point's own.
///
/// Points go straight into one flat array per kind (track points, route points) with the segments
/// as index ranges, so that ``Route`` is built without copying them again.
final class GPXParserDelegate: XMLRouteDelegate {
    /// What an open element is.
    enum Kind: UInt8 {
        case root, track, trackSegment, trackPoint, route, routePoint, waypoint
        case elevation, time, name
        /// `extensions` of a point, Garmin's `TrackPointExtension` in it, and its `hr`, `cad`, `speed`.
        case extensions, trackPointExtension, heartRate, cadence, speed
        /// Not a GPX element we read (skipped with its subtree).
        case other
    }

    static let gpx10Namespace = "http://www.topografix.com/GPX/1/0"
    static let gpx11Namespace = "http://www.topografix.com/GPX/1/1"
    /// Garmin's TrackPointExtension namespaces (https://www8.garmin.com/xmlschemas/TrackPointExtensionv1.xsd,
    /// …v2.xsd): `hr` (beats per minute), `cad` (revolutions per minute) in both, `speed` (m/s) in v2.
    static let trackPointExtensionNamespaces = [
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1",
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v2",
    ]

    /// Namespace URIs by position: none, GPX 1.0, GPX 1.1, TrackPointExtension v1, v2.
    @exclusivity(unchecked) private var namespaces = XMLNameTable(["", gpx10Namespace, gpx11Namespace] + trackPointExtensionNamespaces)
    private enum Name: Int {
        case gpx, trk, rte, wpt, trkseg, name, trkpt, rtept, ele, time, extensions, trackPointExtension, hr, cad, speed
    }
    @exclusivity(unchecked) private var names = XMLNameTable(["gpx", "trk", "rte", "wpt", "trkseg", "name", "trkpt", "rtept", "ele", "time",
                                      "extensions", "TrackPointExtension", "hr", "cad", "speed"])

    // Results (``XMLRouteDelegate`` keeps the error and the root's bookkeeping).
    /// Every track point, in file order (``trackSegments`` index them): collected in chunks, their legs
    /// measured while the file is read (on another core, or on the reading ones when two read) when
    /// ``init(path:measuresLegs:)`` asks for it.
    private let trackPointCollector: RoutePointCollector
    /// How many track points have been read.
    var trackPointCount: Int { trackPointCollector.count }
    /// The non-empty track segments, as ranges of ``trackPoints``.
    private(set) var trackSegments: [Range<Int>] = []
    /// The route points flown (only while the file has shown no track point).
    private(set) var routePoints: [RoutePoint] = []
    /// The non-empty routes, as ranges of ``routePoints``.
    private(set) var routeSegments: [Range<Int>] = []
    private(set) var trackCount = 0
    private(set) var trackSegmentCount = 0
    private(set) var routeCount = 0
    private(set) var waypointCount = 0
    /// The positions of the waypoints (`wpt`), for `info` on a file with nothing to fly.
    private(set) var waypointCoordinates: [LocationCoordinate2D] = []
    /// The name of the first track with points (`nil` if that track has no name).
    private(set) var flownTrackName: String?
    private(set) var sawFlownTrack = false
    /// The name of the first route with points (`nil` if that route has no name).
    private(set) var flownRouteName: String?
    private(set) var sawFlownRoute = false

    // State.
    /// The root's namespace, as a position in `namespaces`.
    private var gpxNamespace = 0
    @exclusivity(unchecked) private var stack: [Kind] = []
    @exclusivity(unchecked) private var text: [UInt8] = []
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    /// Where the open segment (track segment or route) starts in its point array.
    private var segmentStart = 0
    private var pointsInCurrentTrack = 0
    private var currentName: String?
    private var latitude = 0.0
    private var longitude = 0.0
    private var elevation: Double?
    private var time: Date?
    private var heartRate: Double?
    private var cadence: Double?
    private var speed: Double?
    private var sawTrackPoint = false
    /// Whether the root has no prefix, so that an unprefixed element is in the GPX namespace while the
    /// byte scanner reads (it takes namespace declarations on the root only).
    private var rootIsUnprefixed = false
    /// Track points of the common shape, read whole from the bytes (``rawElement(_:_:at:)``).
    private var pointScanner = GPXTrackPointScanner()
    /// How many track points ``pointScanner`` read (the rest came event by event).
    private(set) var rawTrackPointCount = 0
    /// How many of those were read ahead on another thread (``XMLReadAhead``).
    private(set) var adoptedTrackPointCount = 0

    /// - Parameter measuresLegs: Whether the track points' legs are measured as they are read
    ///   (``takeTrackPoints()`` returns them).
    init(path: String?, measuresLegs: Bool = false) {
        trackPointCollector = RoutePointCollector(measuresLegs: measuresLegs)
        super.init(format: .gpx, path: path, qualifiedNames: false)
        stack.reserveCapacity(16)
        text.reserveCapacity(64)
    }

    // MARK: Elements

    override func startElement(_ element: XMLName, _ attributes: XMLAttributes) {
        defer { updateReadsRawElements() }
        let namespace = namespaces.index(element.uri)
        guard let parent = stack.last else {
            startRoot(element, namespace)
            return
        }
        let name = Name(rawValue: names.index(element.localName))
        let kind: Kind
        if namespace >= 3 {
            kind = Self.extensionKind(parent: parent, name: name)
            if kind == .trackPointExtension, parent == .extensions { learnExtensionPrefix(element) }
        } else if namespace == gpxNamespace {
            // nil: a point whose coordinate was refused (the error is recorded; nothing is pushed).
            guard let gpxKind = gpxKind(parent: parent, name: name, attributes) else { return }
            kind = gpxKind
        } else {
            kind = .other
        }
        switch kind {
        case .heartRate, .cadence, .speed, .elevation, .time, .name:
            text.removeAll(keepingCapacity: true)
            textLocation = location()
        default:
            break
        }
        stack.append(kind)
    }

    /// Garmin's TrackPointExtension: inside a point's <extensions> (GPX 1.1) or directly in the point
    /// (GPX 1.0 allows foreign elements there).
    @inline(__always)
    private static func extensionKind(parent: Kind, name: Name?) -> Kind {
        switch (parent, name) {
        case (.extensions, .trackPointExtension), (.trackPoint, .trackPointExtension),
             (.routePoint, .trackPointExtension):
            return .trackPointExtension
        case (.trackPointExtension, .hr): return .heartRate
        case (.trackPointExtension, .cad): return .cadence
        case (.trackPointExtension, .speed): return .speed
        default: return .other
        }
    }

    /// What a GPX element under `parent` is, counting tracks, routes, segments and waypoints as they
    /// open and reading points' coordinates; `nil` when a coordinate was refused.
    @inline(__always)
    private func gpxKind(parent: Kind, name: Name?, _ attributes: XMLAttributes) -> Kind? {
        switch parent {
        case .root: return rootChildKind(name, attributes)
        case .track:
            if name == .trkseg {
                trackSegmentCount += 1
                segmentStart = trackPointCount
                return .trackSegment
            }
            return name == .name ? .name : .other
        case .trackSegment:
            guard name == .trkpt else { return .other }
            if !sawTrackPoint {
                // Route points are flown only when the file has no track point at all.
                sawTrackPoint = true
                routePoints = []
                routeSegments = []
            }
            return readCoordinate("trkpt", attributes) ? .trackPoint : nil
        case .route:
            if name == .rtept { return readCoordinate("rtept", attributes) ? .routePoint : nil }
            return name == .name ? .name : .other
        case .trackPoint, .routePoint:
            switch name {
            case .ele: return .elevation
            case .time: return .time
            case .extensions: return .extensions
            default: return .other
            }
        default:
            return .other
        }
    }

    /// A child of `<gpx>`: a track, a route or a waypoint (its coordinate read), counted as it opens;
    /// `nil` when a waypoint's coordinate was refused.
    private func rootChildKind(_ name: Name?, _ attributes: XMLAttributes) -> Kind? {
        switch name {
        case .trk:
            trackCount += 1
            pointsInCurrentTrack = 0
            currentName = nil
            return .track
        case .rte:
            routeCount += 1
            segmentStart = routePoints.count
            currentName = nil
            return .route
        case .wpt:
            waypointCount += 1
            guard readCoordinate("wpt", attributes) else { return nil }
            waypointCoordinates.append(LocationCoordinate2D(latitude: latitude, longitude: longitude))
            return .waypoint
        default:
            return .other
        }
    }

    private func startRoot(_ element: XMLName, _ namespace: Int) {
        sawRoot = true
        rootLocation = location()
        guard XMLNameTable.equal(element.localName, "gpx"), namespace >= 0, namespace <= 2 else {
            let uri = element.uriString
            fail(.unexpectedRoot(name: element.localString, namespace: uri.isEmpty ? nil : uri,
                                 expected: "<gpx> in the GPX 1.0 or 1.1 namespace, or in none"))
            return
        }
        gpxNamespace = namespace
        rootIsUnprefixed = element.prefix == nil
        stack.append(.root)
    }

    // MARK: Whole track points from the byte scanner

    /// The next start tag is offered whole to ``pointScanner`` when it would be a track point of a
    /// segment (after the first, which resets the route points) in a file whose root is unprefixed.
    private func updateReadsRawElements() {
        readsRawElements = sawTrackPoint && rootIsUnprefixed && stack.last == .trackSegment
    }

    /// Remembers the prefix of the first `<P:TrackPointExtension>` in a point's `<extensions>`.
    private func learnExtensionPrefix(_ element: XMLName) {
        guard pointScanner.extensionPrefix == nil, let prefix = element.prefix else { return }
        pointScanner.extensionPrefix = XMLNamePrefix(UnsafeBufferPointer(start: prefix, count: strlen(prefix)))
    }

    override func rawElement(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> Int? {
        guard let (point, end) = pointScanner.read(p, n, at: i) else { return nil }
        trackPointCollector.append(point)
        rawTrackPointCount += 1
        return end
    }

    override func makeRawElementReader() -> XMLRawElementReader? {
        GPXTrackPointReadAhead(scanner: pointScanner, measuresLegs: trackPointCollector.measuresLegs)
    }

    override func didStartReadingAhead() {
        trackPointCollector.readsOnEveryCore()
    }

    override func adoptRawElements(from reader: XMLRawElementReader) -> Bool {
        guard let ahead = reader as? GPXTrackPointReadAhead, ahead.scanner == pointScanner else { return false }
        let count = ahead.points.count
        trackPointCollector.append(contentsOf: ahead.points)
        rawTrackPointCount += count
        adoptedTrackPointCount += count
        return true
    }

    /// Reads and checks `lat` and `lon`; on failure records the error and returns `false`.
    private func readCoordinate(_ element: String, _ attributes: XMLAttributes) -> Bool {
        guard let latText = attributes.value("lat") else {
            fail(.missingField(element: element, field: "lat"))
            return false
        }
        guard let lonText = attributes.value("lon") else {
            fail(.missingField(element: element, field: "lon"))
            return false
        }
        guard let lat = DecimalParser.parse(latText) else {
            fail(.malformedNumber(element: element, field: "lat", text: String(decoding: latText, as: UTF8.self)))
            return false
        }
        guard let lon = DecimalParser.parse(lonText) else {
            fail(.malformedNumber(element: element, field: "lon", text: String(decoding: lonText, as: UTF8.self)))
            return false
        }
        guard lat >= -90, lat <= 90 else {
            fail(.latitudeOutOfRange(element: element, value: lat))
            return false
        }
        guard lon >= -180, lon <= 180 else {
            fail(.longitudeOutOfRange(element: element, value: lon))
            return false
        }
        latitude = lat
        longitude = lon
        elevation = nil
        time = nil
        heartRate = nil
        cadence = nil
        speed = nil
        return true
    }

    override func endElement(_ element: XMLName) {
        defer { updateReadsRawElements() }
        guard let kind = stack.popLast() else { return }
        switch kind {
        case .other, .waypoint, .extensions, .trackPointExtension:
            break
        case .heartRate, .cadence, .speed:
            let field = kind == .heartRate ? "hr" : kind == .cadence ? "cad" : "speed"
            guard let value = text.withUnsafeBufferPointer({ DecimalParser.parse($0) }) else {
                let element = stack.contains(.routePoint) ? "rtept" : "trkpt"
                fail(.malformedNumber(element: element, field: field, text: String(decoding: text, as: UTF8.self)),
                     at: textLocation)
                return
            }
            let quantity: PointValueLimits.Quantity = kind == .heartRate ? .heartRate : kind == .cadence ? .cadence : .speed
            if let outside = PointValueLimits.violation(quantity, value: value) {
                fail(outside, at: textLocation)
                return
            }
            switch kind {
            case .heartRate: heartRate = value
            case .cadence: cadence = value
            default: speed = value
            }
        case .elevation:
            let element = stack.last == .routePoint ? "rtept" : "trkpt"
            guard let value = text.withUnsafeBufferPointer({ DecimalParser.parse($0) }) else {
                fail(.malformedNumber(element: element, field: "ele", text: String(decoding: text, as: UTF8.self)),
                     at: textLocation)
                return
            }
            if let outside = PointValueLimits.violation(.elevation, value: value) {
                fail(outside, at: textLocation)
                return
            }
            elevation = value
        case .time:
            let element = stack.last == .routePoint ? "rtept" : "trkpt"
            guard let seconds = text.withUnsafeBufferPointer({ DateTimeParser.parse($0) }) else {
                fail(.malformedTime(element: element, text: String(decoding: text, as: UTF8.self)), at: textLocation)
                return
            }
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            if let outside = PointValueLimits.timeViolation(date, text: Self.trimmed(text)) {
                fail(outside, at: textLocation)
                return
            }
            time = date
        case .name:
            if currentName == nil {
                let trimmed = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { currentName = trimmed }
            }
        case .trackPoint:
            trackPointCollector.append(currentPoint())
        case .routePoint:
            // Route points are flown only when the file has no track point at all.
            if !sawTrackPoint {
                routePoints.append(currentPoint())
            }
        case .trackSegment:
            if trackPointCount > segmentStart {
                pointsInCurrentTrack += trackPointCount - segmentStart
                trackSegments.append(segmentStart..<trackPointCount)
            }
        case .track:
            if pointsInCurrentTrack > 0, !sawFlownTrack {
                sawFlownTrack = true
                flownTrackName = currentName
            }
        case .route:
            if routePoints.count > segmentStart, !sawTrackPoint {
                if !sawFlownRoute {
                    sawFlownRoute = true
                    flownRouteName = currentName
                }
                routeSegments.append(segmentStart..<routePoints.count)
            }
        case .root:
            rootClosed = true
        }
    }

    /// The track points, in file order, and their legs when measured (see ``RoutePointCollector``).
    /// Call once, after the parse.
    func takeTrackPoints() -> (points: [RoutePoint], legs: [Route.Leg]?) {
        trackPointCollector.finish()
    }

    private func currentPoint() -> RoutePoint {
        var point = RoutePoint(coordinate: LocationCoordinate2D(latitude: latitude, longitude: longitude),
                               elevation: elevation, time: time)
        point.heartRate = heartRate
        point.cadence = cadence
        point.speed = speed
        return point
    }

    // MARK: Text

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch stack.last {
        case .elevation, .time, .name, .heartRate, .cadence, .speed: text.append(contentsOf: bytes)
        default: break
        }
    }
}
