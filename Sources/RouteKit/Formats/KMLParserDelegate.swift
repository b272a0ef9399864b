import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX state machine behind ``KMLReader``. It keeps a stack of what each open element is and a
/// stack of altitude modes for inheritance; it never builds a tree.
final class KMLParserDelegate: XMLRouteDelegate {
    enum Kind: UInt8 {
        case root, placemark, document, name, lineString, multiGeometry, point, coordinates
        case track, multiTrack, when, coord, altitudeMode, other
    }

    static let kmlNamespaces: Set<String> = [
        "http://www.opengis.net/kml/2.2", "http://www.opengis.net/kml/2.3",
        "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.2", "",
    ]
    static let gxNamespace = "http://www.google.com/kml/ext/2.2"

    // Results.
    private(set) var segments: [[RoutePoint]] = []
    private(set) var lineGeometryCount = 0
    private(set) var pointCount = 0
    /// The positions of the Points with a readable `coordinates` (malformed ones are ignored: Points are
    /// not flown).
    private(set) var pointCoordinates: [LocationCoordinate2D] = []

    /// The first `lon,lat[,alt]` tuple of a Point's coordinates, or `nil` when it is not one in range.
    static func pointCoordinate(_ text: String) -> LocationCoordinate2D? {
        guard let tuple = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first else { return nil }
        let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= 2, let lon = DecimalParser.parse(String(parts[0])), let lat = DecimalParser.parse(String(parts[1])),
              (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        return LocationCoordinate2D(latitude: lat, longitude: lon)
    }
    private(set) var skipped: [String: Int] = [:]
    private(set) var flownName: String?
    private(set) var documentName: String?
    private var modeCounts: [String: Int] = [:]
    private var pauses = 0
    private var normalised = 0

    // State.
    private var kmlNamespace = ""
    private var stack: [Kind] = []
    private var names: [String] = []
    /// Altitude modes of the open geometries, innermost last (`nil`: not given on that element).
    private var modes: [String?] = []
    private var text = ""
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var placemarkName: String?
    private var placemarkFlown = false
    private var lineText = ""
    private var lineLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var whens: [Double] = []
    private var coords: [(longitude: Double, latitude: Double, altitude: Double?)?] = []
    private var trackLocation = SourceLocation(path: nil, line: 0, column: 0)

    init(path: String?) {
        super.init(format: "KML", path: path)
    }

    override var openElementNames: [String] { names }

    /// The notes for ``RouteFile/Result/notes``.
    var notes: [String] {
        var notes: [String] = []
        if !modeCounts.isEmpty {
            let list = modeCounts.sorted { $0.key < $1.key }.map { "\($0.key) on \($0.value) line\($0.value == 1 ? "" : "s")" }
            var note = "altitudeMode: " + list.joined(separator: ", ")
            if modeCounts.keys.contains(where: { $0 != "absolute" }) {
                note += "; only absolute altitudes are kept as elevations"
            }
            notes.append(note)
        }
        if pauses > 0 {
            notes.append("skipped \(pauses) empty <gx:coord/> (pause\(pauses == 1 ? "" : "s")); each pause starts a new segment")
        }
        for (k, v) in skipped.sorted(by: { $0.key < $1.key }) {
            notes.append("skipped \(v) \(k)\(v == 1 ? "" : "s") (not a line)")
        }
        if normalised > 0 {
            notes.append("normalised \(normalised) longitude\(normalised == 1 ? "" : "s") outside -180...180 into that range")
        }
        return notes
    }

    // MARK: Elements

    override func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String]) {
        guard error == nil else { return }
        let namespace = namespaceURI ?? ""
        names.append(qName ?? elementName)
        guard let parent = stack.last else {
            sawRoot = true
            rootLocation = location(parser)
            guard elementName == "kml", Self.kmlNamespaces.contains(namespace) else {
                fail(parser, .unexpectedRoot(name: elementName, namespace: namespace.isEmpty ? nil : namespace,
                                             expected: "<kml> in the KML 2.2 namespace (or 2.0, 2.1, 2.3, or none)"))
                return
            }
            kmlNamespace = namespace
            stack.append(.root)
            return
        }
        let isKML = namespace == kmlNamespace
        let isGX = namespace == Self.gxNamespace
        var kind = Kind.other
        switch elementName {
        case "Placemark" where isKML:
            kind = .placemark
            placemarkName = nil
            placemarkFlown = false
        case "Document" where isKML:
            kind = .document
        case "name" where isKML && (parent == .placemark || parent == .document):
            kind = .name
        case "LineString" where isKML:
            kind = .lineString
            modes.append(nil)
            lineText = ""
        case "MultiGeometry" where isKML:
            kind = .multiGeometry
            modes.append(nil)
        case "Point" where isKML:
            kind = .point
            pointCount += 1
        case "coordinates" where isKML && (parent == .lineString || parent == .point):
            kind = .coordinates
        case "Track" where isGX || isKML:
            kind = .track
            modes.append(nil)
            whens = []
            coords = []
            trackLocation = location(parser)
        case "MultiTrack" where isGX || isKML:
            kind = .multiTrack
            modes.append(nil)
        case "when" where isKML && parent == .track:
            kind = .when
        case "coord" where (isGX || isKML) && parent == .track:
            kind = .coord
        case "altitudeMode" where (isKML || isGX)
            && [.lineString, .track, .multiTrack, .multiGeometry].contains(parent):
            kind = .altitudeMode
        case "Polygon" where isKML, "Model" where isKML:
            skipped[elementName, default: 0] += 1
        default:
            break
        }
        if [.name, .coordinates, .when, .coord, .altitudeMode].contains(kind) {
            text.removeAll(keepingCapacity: true)
            textLocation = location(parser)
        }
        stack.append(kind)
    }

    override func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard error == nil, let kind = stack.popLast() else { return }
        names.removeLast()
        switch kind {
        case .name:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { break }
            if stack.last == .placemark, placemarkName == nil { placemarkName = trimmed }
            if stack.last == .document, documentName == nil { documentName = trimmed }
        case .altitudeMode:
            if !modes.isEmpty { modes[modes.count - 1] = text.trimmingCharacters(in: .whitespacesAndNewlines) }
        case .coordinates:
            if stack.last == .point {
                // A Point is not flown; its position only serves `info` on a file with nothing else.
                if let c = Self.pointCoordinate(text) { pointCoordinates.append(c) }
                break
            }
            lineText = text
            lineLocation = textLocation
        case .lineString:
            let mode = effectiveMode()
            _ = modes.popLast()
            lineGeometryCount += 1
            guard let points = parseCoordinates(parser, lineText, at: lineLocation, keepAltitude: mode == "absolute") else { return }
            modeCounts[mode, default: 0] += 1
            append(points)
        case .when:
            guard let seconds = DateTimeParser.secondsSinceReferenceDate(xsdPartial: text) else {
                fail(parser, .malformedTime(element: "when", text: text.trimmingCharacters(in: .whitespacesAndNewlines)),
                     at: textLocation)
                return
            }
            whens.append(seconds)
        case .coord:
            guard let c = parseCoord(parser, text, at: textLocation) else { return }
            coords.append(c)
        case .track:
            let mode = effectiveMode()
            _ = modes.popLast()
            lineGeometryCount += 1
            guard whens.count == coords.count else {
                fail(parser, .mismatchedCounts(element: "gx:Track", first: "when", firstCount: whens.count,
                                               second: "gx:coord", secondCount: coords.count), at: trackLocation)
                return
            }
            modeCounts[mode, default: 0] += 1
            var run: [RoutePoint] = []
            for (t, c) in zip(whens, coords) {
                guard let c else {
                    pauses += 1
                    if !run.isEmpty { append(run); run = [] }
                    continue
                }
                run.append(RoutePoint(latitude: c.latitude, longitude: c.longitude,
                                      elevation: mode == "absolute" ? c.altitude : nil,
                                      time: Date(timeIntervalSinceReferenceDate: t)))
            }
            append(run)
        case .multiTrack, .multiGeometry:
            _ = modes.popLast()
        case .placemark:
            placemarkName = nil
        case .root:
            rootClosed = true
        default:
            break
        }
    }

    /// The altitude mode of the innermost geometry, inherited from enclosing multi-geometries.
    private func effectiveMode() -> String {
        for m in modes.reversed() { if let m, !m.isEmpty { return m } }
        return "clampToGround"
    }

    private func append(_ points: [RoutePoint]) {
        guard !points.isEmpty else { return }
        segments.append(points)
        if !placemarkFlown {
            placemarkFlown = true
            if flownName == nil, segments.count == 1 { flownName = placemarkName }
        }
    }

    /// Checks a latitude and normalises a longitude; records an error and returns `nil` when out of range.
    private func checked(_ parser: XMLParser, _ element: String, _ lon: Double, _ lat: Double,
                         at location: SourceLocation) -> (Double, Double)? {
        guard lat >= -90, lat <= 90 else {
            fail(parser, .latitudeOutOfRange(element: element, value: lat), at: location)
            return nil
        }
        if lon < -180 || lon > 180 {
            normalised += 1
            return (remainder(lon, 360), lat)
        }
        return (lon, lat)
    }

    /// Parses `lon,lat[,alt]` tuples, locating each by counting lines and columns from the
    /// element's start tag.
    private func parseCoordinates(_ parser: XMLParser, _ text: String, at start: SourceLocation,
                                  keepAltitude: Bool) -> [RoutePoint]? {
        var points: [RoutePoint] = []
        // The parser reports the start tag at its closing `>`; the text begins one column later.
        var line = start.line, column = start.column + 1
        var tuple: [UInt8] = []
        var tupleLocation = start
        let bytes = Array(text.utf8) + [0x20]
        for b in bytes {
            if isXMLSpace(b) {
                if !tuple.isEmpty {
                    guard let p = parseTuple(parser, tuple, at: tupleLocation, keepAltitude: keepAltitude) else { return nil }
                    points.append(p)
                    tuple.removeAll(keepingCapacity: true)
                }
            } else {
                if tuple.isEmpty { tupleLocation = SourceLocation(path: path, line: line, column: column) }
                tuple.append(b)
            }
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return points
    }

    private func parseTuple(_ parser: XMLParser, _ tuple: [UInt8], at location: SourceLocation,
                            keepAltitude: Bool) -> RoutePoint? {
        let parts = tuple.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let shown = String(decoding: tuple, as: UTF8.self)
        guard parts.count == 2 || parts.count == 3, !parts.contains(where: \.isEmpty) else {
            fail(parser, .unexpectedValue(field: "coordinates", found: "the tuple \"\(shown)\"",
                                          expected: "longitude,latitude[,altitude] with no space inside a tuple"),
                 at: location)
            return nil
        }
        var values: [Double] = []
        for (k, part) in parts.enumerated() {
            let field = ["longitude", "latitude", "altitude"][k]
            let v = Array(part).withUnsafeBufferPointer { DecimalParser.parse($0) }
            guard let v else {
                fail(parser, .malformedNumber(element: "coordinates", field: field, text: String(decoding: part, as: UTF8.self)),
                     at: location)
                return nil
            }
            values.append(v)
        }
        guard let (lon, lat) = checked(parser, "coordinates", values[0], values[1], at: location) else { return nil }
        return RoutePoint(latitude: lat, longitude: lon, elevation: keepAltitude && values.count > 2 ? values[2] : nil)
    }

    /// Parses a `gx:coord` ("lon lat alt", spaces); `.some(nil)` for an empty one (a pause).
    private func parseCoord(_ parser: XMLParser, _ text: String,
                            at location: SourceLocation) -> (longitude: Double, latitude: Double, altitude: Double?)?? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if parts.isEmpty { return .some(nil) }
        guard parts.count == 2 || parts.count == 3 else {
            fail(parser, .unexpectedValue(field: "gx:coord", found: "\"\(text.trimmingCharacters(in: .whitespacesAndNewlines))\"",
                                          expected: "longitude latitude altitude, separated by spaces"), at: location)
            return nil
        }
        var values: [Double] = []
        for (k, part) in parts.enumerated() {
            guard let v = DecimalParser.parse(String(part)) else {
                fail(parser, .malformedNumber(element: "gx:coord", field: ["longitude", "latitude", "altitude"][k], text: String(part)),
                     at: location)
                return nil
            }
            values.append(v)
        }
        guard let (lon, lat) = checked(parser, "gx:coord", values[0], values[1], at: location) else { return nil }
        return .some((lon, lat, values.count > 2 ? values[2] : nil))
    }

    // MARK: Text

    private var capturing: Bool {
        guard let k = stack.last else { return false }
        return k == .name || k == .coordinates || k == .when || k == .coord || k == .altitudeMode
    }

    override func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing { text += string }
    }

    override func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if capturing { text += String(decoding: CDATABlock, as: UTF8.self) }
    }
}
