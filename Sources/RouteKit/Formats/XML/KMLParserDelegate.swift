import Foundation

/// The SAX state machine behind ``KMLReader``. It keeps a stack of what each open element is and a
/// stack of altitude modes for inheritance; it never builds a tree. Names are recognised by their
/// interned pointers (``XMLNameTable``), coordinates are parsed from the bytes.
final class KMLParserDelegate: XMLRouteDelegate {
    enum Kind: UInt8 {
        case root, placemark, document, name, lineString, multiGeometry, point, coordinates
        case track, multiTrack, when, coord, altitudeMode, other
    }

    static let kmlNamespaces = [
        "http://www.opengis.net/kml/2.2", "http://www.opengis.net/kml/2.3",
        "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.2", "",
    ]
    static let gxNamespace = "http://www.google.com/kml/ext/2.2"

    /// Namespace URIs by position: the six KML ones (0...5), then gx (6).
    @exclusivity(unchecked) private var namespaces = XMLNameTable(kmlNamespaces + [gxNamespace])
    private enum Name: Int {
        case kml, placemark, document, name, lineString, multiGeometry, point, coordinates, track, multiTrack
        case when, coord, altitudeMode, polygon, model, address
    }
    @exclusivity(unchecked) private var elementNames = XMLNameTable(["kml", "Placemark", "Document", "name", "LineString", "MultiGeometry",
                                             "Point", "coordinates", "Track", "MultiTrack", "when", "coord",
                                             "altitudeMode", "Polygon", "Model", "address"])

    // Results.
    private(set) var segments: [[RoutePoint]] = []
    private(set) var lineGeometryCount = 0
    private(set) var pointCount = 0
    /// The positions of the Points with a readable `coordinates` (malformed ones are ignored: Points are
    /// not flown).
    private(set) var pointCoordinates: [LocationCoordinate2D] = []
    private(set) var skipped: [String: Int] = [:]
    private(set) var flownName: String?
    private(set) var documentName: String?
    /// Placemarks with an `<address>` and no geometry (Google My Maps exports places so): their names
    /// (`nil`: unnamed) and where they start, in file order.
    private(set) var addressOnly: [(name: String?, location: SourceLocation)] = []
    private var modeCounts: [String: Int] = [:]
    private var pauses = 0
    private var normalised = 0

    // State.
    /// The root's namespace, as a position in `namespaces`.
    private var kmlNamespace = 5
    @exclusivity(unchecked) private var stack: [Kind] = []
    /// Altitude modes of the open geometries, innermost last (`nil`: not given on that element).
    private var modes: [String?] = []
    @exclusivity(unchecked) private var text: [UInt8] = []
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var placemarkName: String?
    private var placemarkFlown = false
    private var placemarkLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var placemarkHasAddress = false
    private var placemarkHasGeometry = false
    @exclusivity(unchecked) private var lineText: [UInt8] = []
    private var lineLocation = SourceLocation(path: nil, line: 0, column: 0)
    @exclusivity(unchecked) private var whens: [Double] = []
    @exclusivity(unchecked) private var coords: [(longitude: Double, latitude: Double, altitude: Double?)?] = []
    private var trackLocation = SourceLocation(path: nil, line: 0, column: 0)

    init(path: String?) {
        super.init(format: .kml, path: path, qualifiedNames: true)
    }

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

    override func startElement(_ element: XMLName, _ attributes: XMLAttributes) {
        let namespace = namespaces.index(element.uri)
        guard let parent = stack.last else {
            sawRoot = true
            rootLocation = location()
            guard XMLNameTable.equal(element.localName, "kml"), namespace >= 0, namespace <= 5 else {
                let uri = element.uriString
                fail(.unexpectedRoot(name: element.localString, namespace: uri.isEmpty ? nil : uri,
                                     expected: "<kml> in the KML 2.2 namespace (or 2.0, 2.1, 2.3, or none)"))
                return
            }
            kmlNamespace = namespace
            stack.append(.root)
            return
        }
        let isKML = namespace == kmlNamespace
        let isGX = namespace == 6
        var kind = Kind.other
        let name = Name(rawValue: elementNames.index(element.localName))
        switch name {
        case .placemark where isKML:
            kind = .placemark
            placemarkName = nil
            placemarkFlown = false
            placemarkLocation = location()
            placemarkHasAddress = false
            placemarkHasGeometry = false
        case .document where isKML:
            kind = .document
        case .name where isKML && (parent == .placemark || parent == .document):
            kind = .name
        case .lineString where isKML:
            kind = .lineString
            modes.append(nil)
            lineText.removeAll(keepingCapacity: true)
        case .multiGeometry where isKML:
            kind = .multiGeometry
            modes.append(nil)
        case .point where isKML:
            kind = .point
            pointCount += 1
        case .coordinates where isKML && (parent == .lineString || parent == .point):
            kind = .coordinates
        case .track where isGX || isKML:
            kind = .track
            modes.append(nil)
            whens = []
            coords = []
            trackLocation = location()
        case .multiTrack where isGX || isKML:
            kind = .multiTrack
            modes.append(nil)
        case .when where isKML && parent == .track:
            kind = .when
        case .coord where (isGX || isKML) && parent == .track:
            kind = .coord
        case .altitudeMode where (isKML || isGX)
            && (parent == .lineString || parent == .track || parent == .multiTrack || parent == .multiGeometry):
            kind = .altitudeMode
        case .polygon where isKML:
            skipped["Polygon", default: 0] += 1
        case .model where isKML:
            skipped["Model", default: 0] += 1
        case .address where isKML && parent == .placemark:
            placemarkHasAddress = true
        default:
            break
        }
        if Self.isGeometry(kind) || (name == .polygon || name == .model) && isKML {
            placemarkHasGeometry = true
        }
        switch kind {
        case .name, .coordinates, .when, .coord, .altitudeMode:
            text.removeAll(keepingCapacity: true)
            textLocation = location()
        default:
            break
        }
        stack.append(kind)
    }

    /// Whether an element of `kind` is a geometry a Placemark can fly.
    private static func isGeometry(_ kind: Kind) -> Bool {
        switch kind {
        case .lineString, .point, .track, .multiGeometry, .multiTrack: return true
        default: return false
        }
    }

    override func endElement(_ element: XMLName) {
        guard let kind = stack.popLast() else { return }
        switch kind {
        case .name:
            let trimmed = Self.trimmed(text)
            guard !trimmed.isEmpty else { break }
            if stack.last == .placemark, placemarkName == nil { placemarkName = trimmed }
            if stack.last == .document, documentName == nil { documentName = trimmed }
        case .altitudeMode:
            if !modes.isEmpty {
                modes[modes.count - 1] = Self.trimmed(text)
            }
        case .coordinates:
            if stack.last == .point {
                // A Point is not flown; its position only serves `info` on a file with nothing else.
                if let c = Self.pointCoordinate(text) { pointCoordinates.append(c) }
                break
            }
            swap(&lineText, &text)
            lineLocation = textLocation
        case .lineString:
            let mode = effectiveMode()
            _ = modes.popLast()
            lineGeometryCount += 1
            guard let points = parseCoordinates(lineText, at: lineLocation, keepAltitude: mode == "absolute") else { return }
            modeCounts[mode, default: 0] += 1
            append(points)
        case .when:
            // The strict xsd:dateTime first, from the bytes; the partial forms (a year, a month…) only if not.
            guard let seconds = text.withUnsafeBufferPointer({ DateTimeParser.parse($0) })
                ?? DateTimeParser.secondsSinceReferenceDate(xsdPartial: String(decoding: text, as: UTF8.self)) else {
                fail(.malformedTime(element: "when", text: Self.trimmed(text)), at: textLocation)
                return
            }
            if let outside = PointValueLimits.timeViolation(Date(timeIntervalSinceReferenceDate: seconds), text: Self.trimmed(text)) {
                fail(outside, at: textLocation)
                return
            }
            whens.append(seconds)
        case .coord:
            guard let c = parseCoord(text, at: textLocation) else { return }
            coords.append(c)
        case .track:
            let mode = effectiveMode()
            _ = modes.popLast()
            lineGeometryCount += 1
            guard whens.count == coords.count else {
                fail(.mismatchedCounts(element: "gx:Track", first: "when", firstCount: whens.count,
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
            if placemarkHasAddress && !placemarkHasGeometry { addressOnly.append((placemarkName, placemarkLocation)) }
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
    private func checked(_ element: String, _ lon: Double, _ lat: Double,
                         at location: SourceLocation) -> (Double, Double)? {
        guard lat >= -90, lat <= 90 else {
            fail(.latitudeOutOfRange(element: element, value: lat), at: location)
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
    private func parseCoordinates(_ text: [UInt8], at start: SourceLocation, keepAltitude: Bool) -> [RoutePoint]? {
        var points: [RoutePoint] = []
        // The parser reports the start tag at its closing `>`; the text begins one column later.
        var line = start.line, column = start.column + 1
        var tupleStart = -1
        var tupleLocation = start
        return text.withUnsafeBufferPointer { bytes -> [RoutePoint]? in
            for k in 0...bytes.count {
                let b = k < bytes.count ? bytes[k] : 0x20
                if isXMLSpace(b) {
                    if tupleStart >= 0 {
                        let tuple = UnsafeBufferPointer(rebasing: bytes[tupleStart..<k])
                        guard let p = parseTuple(tuple, at: tupleLocation, keepAltitude: keepAltitude) else { return nil }
                        points.append(p)
                        tupleStart = -1
                    }
                } else if tupleStart < 0 {
                    tupleStart = k
                    tupleLocation = SourceLocation(path: path, line: line, column: column)
                }
                if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            }
            return points
        }
    }

    private func parseTuple(_ tuple: UnsafeBufferPointer<UInt8>, at location: SourceLocation,
                            keepAltitude: Bool) -> RoutePoint? {
        // Up to three comma-separated fields, each non-empty.
        var values = (0.0, 0.0, 0.0)
        var count = 0
        var fieldStart = 0
        var shapeOK = true
        for k in 0...tuple.count where k == tuple.count || tuple[k] == UInt8(ascii: ",") {
            if k == fieldStart || count == 3 { shapeOK = false; break }
            count += 1
            fieldStart = k + 1
        }
        if shapeOK, count < 2 { shapeOK = false }
        guard shapeOK else {
            let shown = String(decoding: tuple, as: UTF8.self)
            fail(.unexpectedValue(field: "coordinates", found: "the tuple \"\(shown)\"",
                                  expected: "longitude,latitude[,altitude] with no space inside a tuple"),
                 at: location)
            return nil
        }
        fieldStart = 0
        var field = 0
        for k in 0...tuple.count where k == tuple.count || tuple[k] == UInt8(ascii: ",") {
            let part = UnsafeBufferPointer(rebasing: tuple[fieldStart..<k])
            guard let v = DecimalParser.parse(part) else {
                fail(.malformedNumber(element: "coordinates", field: ["longitude", "latitude", "altitude"][field],
                                      text: String(decoding: part, as: UTF8.self)),
                     at: location)
                return nil
            }
            switch field {
            case 0: values.0 = v
            case 1: values.1 = v
            default: values.2 = v
            }
            field += 1
            fieldStart = k + 1
        }
        guard let (lon, lat) = checked("coordinates", values.0, values.1, at: location) else { return nil }
        if keepAltitude, count > 2, let outside = PointValueLimits.violation(.elevation, value: values.2) {
            fail(outside, at: location)
            return nil
        }
        return RoutePoint(latitude: lat, longitude: lon, elevation: keepAltitude && count > 2 ? values.2 : nil)
    }

    /// The first `lon,lat[,alt]` tuple of a Point's coordinates, or `nil` when it is not one in range
    /// (latitude -90...90 degrees, longitude -180...180 degrees).
    static func pointCoordinate(_ text: [UInt8]) -> LocationCoordinate2D? {
        text.withUnsafeBufferPointer { bytes -> LocationCoordinate2D? in
            guard let start = bytes.firstIndex(where: { !isXMLSpace($0) }) else { return nil }
            let end = bytes[start...].firstIndex(where: isXMLSpace) ?? bytes.count
            let tuple = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard let comma = tuple.firstIndex(of: UInt8(ascii: ",")) else { return nil }
            let latEnd = tuple[(comma + 1)...].firstIndex(of: UInt8(ascii: ",")) ?? tuple.count
            guard let lon = DecimalParser.parse(UnsafeBufferPointer(rebasing: tuple[..<comma])),
                  let lat = DecimalParser.parse(UnsafeBufferPointer(rebasing: tuple[(comma + 1)..<latEnd])),
                  (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
            return LocationCoordinate2D(latitude: lat, longitude: lon)
        }
    }

    /// Parses a `gx:coord` ("lon lat alt", spaces); `.some(nil)` for an empty one (a pause).
    private func parseCoord(_ text: [UInt8],
                            at location: SourceLocation) -> (longitude: Double, latitude: Double, altitude: Double?)?? {
        text.withUnsafeBufferPointer { bytes in
            let fields = Self.coordFields(bytes)
            if fields.count == 0 { return .some(nil) }
            guard fields.count == 2 || fields.count == 3 else {
                let shown = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                fail(.unexpectedValue(field: "gx:coord", found: "\"\(shown)\"",
                                      expected: "longitude latitude altitude, separated by spaces"), at: location)
                return nil
            }
            var values = (0.0, 0.0, 0.0)
            for k in 0..<fields.count {
                let range = k == 0 ? fields.0 : k == 1 ? fields.1 : fields.2
                let part = UnsafeBufferPointer(rebasing: bytes[range])
                guard let v = DecimalParser.parse(part) else {
                    fail(.malformedNumber(element: "gx:coord", field: ["longitude", "latitude", "altitude"][k],
                                          text: String(decoding: part, as: UTF8.self)),
                         at: location)
                    return nil
                }
                if k == 0 { values.0 = v } else if k == 1 { values.1 = v } else { values.2 = v }
            }
            guard let (lon, lat) = checked("gx:coord", values.0, values.1, at: location) else { return nil }
            // An altitude kept as an elevation (the track's mode is absolute, when it comes before the
            // coordinates, as the schema orders it) is checked here, where its line is known.
            if fields.count > 2, effectiveMode() == "absolute", let outside = PointValueLimits.violation(.elevation, value: values.2) {
                fail(outside, at: location)
                return nil
            }
            return .some((lon, lat, fields.count > 2 ? values.2 : nil))
        }
    }

    /// The first three fields of `bytes` separated by runs of space, tab, LF, CR, and how many fields
    /// there are, counting at most 4 (no allocation: this runs once a point).
    private static func coordFields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Range<Int>, Range<Int>, count: Int) {
        var fields = (0..<0, 0..<0, 0..<0, count: 0)
        var start = -1
        for k in 0...bytes.count {
            let b = k < bytes.count ? bytes[k] : 0x20
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                guard start >= 0 else { continue }
                switch fields.count {
                case 0: fields.0 = start..<k
                case 1: fields.1 = start..<k
                case 2: fields.2 = start..<k
                default: break
                }
                fields.count += 1
                start = -1
                if fields.count > 3 { break }
            } else if start < 0 {
                start = k
            }
        }
        return fields
    }

    // MARK: Text

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch stack.last {
        case .name, .coordinates, .when, .coord, .altitudeMode: text.append(contentsOf: bytes)
        default: break
        }
    }
}
