import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX state machine behind ``GPXReader``: it receives `XMLParser` events, keeps a stack of
/// what each open element is, and collects points, counts and names. It never builds a tree.
///
/// An element is a GPX element when its namespace URI is the root's (GPX 1.0, GPX 1.1, or none for
/// files without a namespace) **and** it sits where the GPX schema puts it: `trk`, `rte`, `wpt` are
/// children of the root; `trkseg` and `name` children of `trk`; `trkpt` a child of `trkseg`;
/// `rtept` and `name` children of `rte`; `ele` and `time` children of a `trkpt` or `rtept`. Anything
/// else (extensions, GPX 1.0's foreign elements, metadata) is skipped with its whole subtree, so an
/// extension's `<gpxtpx:time>` or a nested `<ele>` is never taken for the point's own.
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
    static let trackPointExtensionNamespaces: Set<String> = [
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1",
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v2",
    ]

    // Results (``XMLRouteDelegate`` keeps the error and the root's bookkeeping).
    private(set) var trackSegments: [[RoutePoint]] = []
    private(set) var routeSegments: [[RoutePoint]] = []
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
    private var gpxNamespace = ""
    private var stack: [Kind] = []
    /// The local names of the open elements, for messages about truncated files.
    private var openNames: [String] = []
    private var text = ""
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var currentSegment: [RoutePoint] = []
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

    init(path: String?) {
        super.init(format: "GPX", path: path)
        stack.reserveCapacity(16)
        text.reserveCapacity(64)
    }

    override var openElementNames: [String] { openNames }

    // MARK: Elements

    override func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String]) {
        openNames.append(elementName)
        guard error == nil else { return }
        let namespace = namespaceURI ?? ""
        guard let parent = stack.last else {
            startRoot(parser, elementName, namespace)
            return
        }
        if Self.trackPointExtensionNamespaces.contains(namespace) {
            // Garmin's TrackPointExtension: inside a point's <extensions> (GPX 1.1) or directly in the
            // point (GPX 1.0 allows foreign elements there).
            var kind = Kind.other
            switch (parent, elementName) {
            case (.extensions, "TrackPointExtension"), (.trackPoint, "TrackPointExtension"),
                 (.routePoint, "TrackPointExtension"):
                kind = .trackPointExtension
            case (.trackPointExtension, "hr"): kind = .heartRate
            case (.trackPointExtension, "cad"): kind = .cadence
            case (.trackPointExtension, "speed"): kind = .speed
            default: break
            }
            if kind == .heartRate || kind == .cadence || kind == .speed {
                text.removeAll(keepingCapacity: true)
                textLocation = location(parser)
            }
            stack.append(kind)
            return
        }
        guard namespace == gpxNamespace else {
            stack.append(.other)
            return
        }
        var kind = Kind.other
        switch parent {
        case .root:
            switch elementName {
            case "trk":
                kind = .track
                trackCount += 1
                pointsInCurrentTrack = 0
                currentName = nil
            case "rte":
                kind = .route
                routeCount += 1
                currentSegment = []
                currentName = nil
            case "wpt":
                kind = .waypoint
                waypointCount += 1
                guard readCoordinate(parser, "wpt", attributeDict) else { return }
                waypointCoordinates.append(LocationCoordinate2D(latitude: latitude, longitude: longitude))
            default:
                break
            }
        case .track:
            if elementName == "trkseg" {
                kind = .trackSegment
                trackSegmentCount += 1
                currentSegment = []
            } else if elementName == "name" {
                kind = .name
            }
        case .trackSegment:
            if elementName == "trkpt" {
                kind = .trackPoint
                sawTrackPoint = true
                guard readCoordinate(parser, "trkpt", attributeDict) else { return }
            }
        case .route:
            if elementName == "rtept" {
                kind = .routePoint
                guard readCoordinate(parser, "rtept", attributeDict) else { return }
            } else if elementName == "name" {
                kind = .name
            }
        case .trackPoint, .routePoint:
            if elementName == "ele" {
                kind = .elevation
            } else if elementName == "time" {
                kind = .time
            } else if elementName == "extensions" {
                kind = .extensions
            }
        default:
            break
        }
        if kind == .elevation || kind == .time || kind == .name {
            text.removeAll(keepingCapacity: true)
            textLocation = location(parser)
        }
        stack.append(kind)
    }

    private func startRoot(_ parser: XMLParser, _ name: String, _ namespace: String) {
        sawRoot = true
        rootLocation = location(parser)
        guard name == "gpx",
              namespace.isEmpty || namespace == Self.gpx10Namespace || namespace == Self.gpx11Namespace
        else {
            fail(parser, .unexpectedRoot(name: name, namespace: namespace.isEmpty ? nil : namespace,
                                         expected: "<gpx> in the GPX 1.0 or 1.1 namespace, or in none"))
            return
        }
        gpxNamespace = namespace
        stack.append(.root)
    }

    /// Reads and checks `lat` and `lon`; on failure records the error and returns `false`.
    private func readCoordinate(_ parser: XMLParser, _ element: String, _ attributes: [String: String]) -> Bool {
        guard let latText = attributes["lat"] else {
            fail(parser, .missingField(element: element, field: "lat"))
            return false
        }
        guard let lonText = attributes["lon"] else {
            fail(parser, .missingField(element: element, field: "lon"))
            return false
        }
        guard let lat = DecimalParser.parse(latText) else {
            fail(parser, .malformedNumber(element: element, field: "lat", text: latText))
            return false
        }
        guard let lon = DecimalParser.parse(lonText) else {
            fail(parser, .malformedNumber(element: element, field: "lon", text: lonText))
            return false
        }
        guard lat >= -90, lat <= 90 else {
            fail(parser, .latitudeOutOfRange(element: element, value: lat))
            return false
        }
        guard lon >= -180, lon <= 180 else {
            fail(parser, .longitudeOutOfRange(element: element, value: lon))
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

    override func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        if !openNames.isEmpty { openNames.removeLast() }
        guard error == nil, let kind = stack.popLast() else { return }
        switch kind {
        case .other, .waypoint, .extensions, .trackPointExtension:
            break
        case .heartRate, .cadence, .speed:
            let field = kind == .heartRate ? "hr" : kind == .cadence ? "cad" : "speed"
            guard let value = DecimalParser.parse(text) else {
                let element = stack.contains(.routePoint) ? "rtept" : "trkpt"
                fail(parser, .malformedNumber(element: element, field: field, text: text), at: textLocation)
                return
            }
            switch kind {
            case .heartRate: heartRate = value
            case .cadence: cadence = value
            default: speed = value
            }
        case .elevation:
            let element = stack.last == .routePoint ? "rtept" : "trkpt"
            guard let value = DecimalParser.parse(text) else {
                fail(parser, .malformedNumber(element: element, field: "ele", text: text), at: textLocation)
                return
            }
            elevation = value
        case .time:
            let element = stack.last == .routePoint ? "rtept" : "trkpt"
            guard let seconds = DateTimeParser.secondsSinceReferenceDate(text) else {
                fail(parser, .malformedTime(element: element, text: text), at: textLocation)
                return
            }
            time = Date(timeIntervalSinceReferenceDate: seconds)
        case .name:
            if currentName == nil {
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { currentName = trimmed }
            }
        case .trackPoint:
            currentSegment.append(currentPoint())
        case .routePoint:
            // Route points are flown only when the file has no track point at all.
            if !sawTrackPoint {
                currentSegment.append(currentPoint())
            }
        case .trackSegment:
            if !currentSegment.isEmpty {
                pointsInCurrentTrack += currentSegment.count
                trackSegments.append(currentSegment)
                currentSegment = []  // not removeAll(keepingCapacity:): the buffer is now shared
            }
        case .track:
            if pointsInCurrentTrack > 0, !sawFlownTrack {
                sawFlownTrack = true
                flownTrackName = currentName
            }
        case .route:
            if !currentSegment.isEmpty, !sawTrackPoint {
                if !sawFlownRoute {
                    sawFlownRoute = true
                    flownRouteName = currentName
                }
                routeSegments.append(currentSegment)
            }
            currentSegment = []
        case .root:
            rootClosed = true
        }
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

    private static func capturesText(_ kind: Kind) -> Bool {
        switch kind {
        case .elevation, .time, .name, .heartRate, .cadence, .speed: true
        default: false
        }
    }

    override func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let kind = stack.last, Self.capturesText(kind) else { return }
        text += string
    }

    override func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard let kind = stack.last, Self.capturesText(kind) else { return }
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

}
