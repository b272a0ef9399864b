import Foundation

/// The SAX state machine behind ``TCXReader``. While the byte scanner reads, the `Trackpoint`s of a
/// `Track` are offered to ``TCXTrackpointScanner`` whole (``rawElement(_:_:at:)``).
final class TCXParserDelegate: XMLRouteDelegate {
    enum Kind: UInt8 {
        case root, activity, lap, course, track, trackpoint, position, heartRate, extensions, tpx
        case time, latitude, longitude, altitude, heartRateValue, cadence, speed, runCadence, name
        case other
    }

    static let tcxNamespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let activityExtensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    /// Namespace URIs by position: TCX (0), ActivityExtension (1).
    @exclusivity(unchecked) private var namespaces = XMLNameTable([tcxNamespace, activityExtensionNamespace])
    private enum Name: Int {
        case trainingCenterDatabase, activity, course, lap, track, name, coursePoint, trackpoint, time, position
        case latitudeDegrees, longitudeDegrees, altitudeMeters, heartRateBpm, value, cadence, extensions, tpx
        case speed, runCadence
    }
    @exclusivity(unchecked) private var elementNames = XMLNameTable([
        "TrainingCenterDatabase", "Activity", "Course", "Lap", "Track", "Name", "CoursePoint", "Trackpoint", "Time",
        "Position", "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "HeartRateBpm", "Value", "Cadence",
        "Extensions", "TPX", "Speed", "RunCadence",
    ])

    private(set) var assembly = TCXSegmentAssembly()
    var segments: [[RoutePoint]] { assembly.segments }
    private(set) var activityCount = 0
    private(set) var courseCount = 0
    private(set) var trackCount = 0
    private(set) var trackpointCount = 0
    private(set) var coursePointCount = 0
    private(set) var skippedNoPosition = 0
    private(set) var flownName: String?

    @exclusivity(unchecked) private var stack: [Kind] = []
    @exclusivity(unchecked) private var text: [UInt8] = []
    private var textLocation = SourceLocation(path: nil, line: 0, column: 0)
    private var courseName: String?
    @exclusivity(unchecked) private var segment: [RoutePoint] = []
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
    /// Whether the root has no prefix, so that an unprefixed element is in the TCX namespace while the
    /// byte scanner reads (it takes namespace declarations on the root only).
    private var rootIsUnprefixed = false
    /// Trackpoints of the common shape, read whole from the bytes (``rawElement(_:_:at:)``).
    private var trackpointScanner = TCXTrackpointScanner()
    /// How many Trackpoints ``trackpointScanner`` read (the rest came event by event).
    private(set) var rawTrackpointCount = 0

    init(path: String?) { super.init(format: .tcx, path: path, qualifiedNames: true) }

    override func startElement(_ element: XMLName, _ attributes: XMLAttributes) {
        defer { updateReadsRawElements() }
        let ns = namespaces.index(element.uri)
        let name = Name(rawValue: elementNames.index(element.localName))
        guard let parent = stack.last else {
            sawRoot = true
            rootLocation = location()
            guard name == .trainingCenterDatabase, ns == 0 else {
                let uri = element.uriString
                fail(.unexpectedRoot(name: element.localString, namespace: uri.isEmpty ? nil : uri,
                                     expected: "<TrainingCenterDatabase> in the TCX v2 namespace"))
                return
            }
            rootIsUnprefixed = element.prefix == nil
            stack.append(.root)
            return
        }
        let tcx = ns == 0
        let ax = ns == 1
        var kind = Kind.other
        switch (parent, name) {
        case (.other, .activity) where tcx:
            kind = .activity; activityCount += 1
        case (.other, .course) where tcx:
            kind = .course; courseCount += 1; courseName = nil
        case (.activity, .lap) where tcx:
            kind = .lap
        case (.lap, .track) where tcx, (.course, .track) where tcx:
            kind = .track; trackCount += 1; segment = []
        case (.course, .name) where tcx:
            kind = .name
        case (.course, .coursePoint) where tcx:
            coursePointCount += 1
        case (.track, .trackpoint) where tcx:
            kind = .trackpoint
            trackpointCount += 1
            latitude = nil; longitude = nil; sawPosition = false
            elevation = nil; time = nil; heartRate = nil; cadence = nil; runCadence = nil; speed = nil
        case (.trackpoint, .time) where tcx: kind = .time
        case (.trackpoint, .position) where tcx:
            kind = .position; sawPosition = true; positionLocation = location()
        case (.position, .latitudeDegrees) where tcx: kind = .latitude
        case (.position, .longitudeDegrees) where tcx: kind = .longitude
        case (.trackpoint, .altitudeMeters) where tcx: kind = .altitude
        case (.trackpoint, .heartRateBpm) where tcx:
            kind = .heartRate
            learnTypePrefix(attributes)
        case (.heartRate, .value) where tcx: kind = .heartRateValue
        case (.trackpoint, .cadence) where tcx: kind = .cadence
        case (.trackpoint, .extensions) where tcx: kind = .extensions
        case (.extensions, .tpx) where ax:
            kind = .tpx
            learnExtensionPrefix(element)
        case (.tpx, .speed) where ax: kind = .speed
        case (.tpx, .runCadence) where ax: kind = .runCadence
        default:
            break  // Activities, Courses and other containers: looked inside, as `.other`
        }
        if kind.rawValue >= Kind.time.rawValue, kind != .other {
            text.removeAll(keepingCapacity: true)
            textLocation = location()
        }
        stack.append(kind)
    }

    private func number(_ field: String) -> Double? {
        guard let v = text.withUnsafeBufferPointer({ DecimalParser.parse($0) }) else {
            fail(.malformedNumber(element: "Trackpoint", field: field, text: String(decoding: text, as: UTF8.self)),
                 at: textLocation)
            return nil
        }
        return v
    }

    // MARK: Whole Trackpoints from the byte scanner

    /// The next start tag is offered whole to ``trackpointScanner`` when it would be a `Trackpoint` of a
    /// TCX `Track` in a file whose root is unprefixed.
    private func updateReadsRawElements() {
        readsRawElements = rootIsUnprefixed && stack.last == .track
    }

    /// Remembers the prefix of the first `TPX` (ActivityExtension v2) in a Trackpoint's `Extensions`.
    private func learnExtensionPrefix(_ element: XMLName) {
        guard trackpointScanner.extensionPrefix == nil, let prefix = element.prefix else { return }
        trackpointScanner.extensionPrefix = XMLNamePrefix(UnsafeBufferPointer(start: prefix, count: strlen(prefix)))
    }

    /// Remembers the prefix of the first `T:type="HeartRateInBeatsPerMinute_t"` (XML Schema instance)
    /// on a Trackpoint's `HeartRateBpm`, its only attribute.
    private func learnTypePrefix(_ attributes: XMLAttributes) {
        guard trackpointScanner.typePrefix == nil, attributes.count == 1, let entry = attributes.base,
              let local = entry[0], let prefix = entry[1], prefix[0] != 0, let uri = entry[2],
              let start = entry[3], let end = entry[4], XMLNameTable.equal(local, "type"),
              XMLNameTable.equal(uri, "http://www.w3.org/2001/XMLSchema-instance"),
              end - start == 27, memcmp(start, "HeartRateInBeatsPerMinute_t", 27) == 0 else { return }
        trackpointScanner.typePrefix = XMLNamePrefix(UnsafeBufferPointer(start: prefix, count: strlen(prefix)))
    }

    /// A `Trackpoint` read whole counts as the general path counts it: a point of the open `Track`,
    /// or one skipped for want of a `Position`.
    override func rawElement(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> Int? {
        guard let (point, end) = trackpointScanner.read(p, n, at: i) else { return nil }
        trackpointCount += 1
        if let point {
            segment.append(point)
        } else {
            skippedNoPosition += 1
        }
        rawTrackpointCount += 1
        return end
    }

    /// `value` when within `quantity`'s limits (``PointValueLimits``); else the error, located at the
    /// value's text, and `nil`.
    private func limited(_ value: Double?, _ quantity: PointValueLimits.Quantity) -> Double? {
        guard let value else { return nil }
        if let outside = PointValueLimits.violation(quantity, value: value) {
            fail(outside, at: textLocation)
            return nil
        }
        return value
    }

    override func endElement(_ element: XMLName) {
        defer { updateReadsRawElements() }
        guard let kind = stack.popLast() else { return }
        switch kind {
        case .time:
            guard let s = text.withUnsafeBufferPointer({ DateTimeParser.parse($0) }) else {
                fail(.malformedTime(element: "Trackpoint", text: String(decoding: text, as: UTF8.self)), at: textLocation)
                return
            }
            let date = Date(timeIntervalSinceReferenceDate: s)
            if let outside = PointValueLimits.timeViolation(date, text: Self.trimmed(text)) {
                fail(outside, at: textLocation)
                return
            }
            time = date
        case .latitude:
            guard let v = number("LatitudeDegrees") else { return }
            guard (-90...90).contains(v) else {
                fail(.latitudeOutOfRange(element: "Trackpoint", value: v), at: textLocation)
                return
            }
            latitude = v
        case .longitude:
            guard let v = number("LongitudeDegrees") else { return }
            guard (-180...180).contains(v) else {
                fail(.longitudeOutOfRange(element: "Trackpoint", value: v), at: textLocation)
                return
            }
            longitude = v
        case .altitude: elevation = limited(number("AltitudeMeters"), .elevation)
        case .heartRateValue: heartRate = limited(number("HeartRateBpm"), .heartRate)
        case .cadence: cadence = limited(number("Cadence"), .cadence)
        case .runCadence: runCadence = limited(number("RunCadence"), .cadence)
        case .speed: speed = limited(number("Speed"), .speed)
        case .name:
            let t = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if courseName == nil, !t.isEmpty { courseName = t }
        case .position:
            if latitude == nil { fail(.missingField(element: "Position", field: "LatitudeDegrees"), at: positionLocation); return }
            if longitude == nil { fail(.missingField(element: "Position", field: "LongitudeDegrees"), at: positionLocation); return }
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

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let k = stack.last, k.rawValue >= Kind.time.rawValue, k != .other else { return }
        text.append(contentsOf: bytes)
    }
}
