import Foundation

/// Google Takeout location history (`Records.json`), read by ``GeoJSONReader`` when the top-level
/// object has no `type` but a `locations` array:
///
///     {"locations": [{"latitudeE7": 460512345, "longitudeE7": 145012345, "altitude": 300,
///                     "timestamp": "2020-01-01T10:00:00Z"}, ...]}
///
/// Positions are integers of degrees × 10^7 (`latitudeE7`, `longitudeE7`); some exports wrote them
/// as unsigned 32-bit numbers, so a value above 2^31 - 1 is taken as that value - 2^32 (a negative
/// angle), and counted in a note. Times: `timestamp` (ISO 8601) or `timestampMs` (Unix milliseconds,
/// a string or a number). `altitude` (metres) becomes the elevation. Points stay in file order. An entry
/// with neither `latitudeE7` nor `longitudeE7` (only a time, an accuracy or an activity) is skipped and
/// counted in a note, as TCX trackpoints without a position are; a file where no entry has one is refused.
enum TakeoutLocations {
    /// Whether `root` is a location-history object.
    static func isRecords(_ root: JSONNode) -> Bool {
        guard root.value["type"] == nil, case .array = root.value["locations"]?.value else { return false }
        return true
    }

    /// The route of the locations in `root`.
    ///
    /// - Parameter displayPath: The file's path as the user typed it, for locations.
    /// - Throws: ``RouteParseError`` (GeoJSON) at the JSON path: `missingField` (`latitudeE7`,
    ///   `longitudeE7`), `unexpectedValue` for a value that is not an integer, `latitudeOutOfRange`
    ///   beyond ±90° after scaling, `malformedTime`, `noLine` when no location has a position.
    /// - Complexity: O(n) in the locations.
    static func read(_ root: JSONCursor, displayPath: String?) throws(RouteParseError) -> RouteFile.Result {
        guard let locations = root.member("locations")?.elements() else { preconditionFailure("isRecords first") }
        func locate(_ at: JSONCursor) -> SourceLocation {
            let (line, column) = at.location
            return SourceLocation(path: displayPath, line: line, column: column)
        }
        var points: [RoutePoint] = []
        var wrapped = 0
        var unplaced: (count: Int, first: String) = (0, "")
        for location in locations {
            let path = location.path.description
            // An entry with neither field (a time, an accuracy, an activity): skipped and counted.
            if location.value["latitudeE7"] == nil && location.value["longitudeE7"] == nil {
                if unplaced.count == 0 { unplaced.first = path }
                unplaced.count += 1
                continue
            }
            func fail(_ at: JSONCursor, _ field: String, _ reason: RouteParseError.Reason) -> RouteParseError {
                RouteParseError(format: .geojson, location: locate(at), codingPath: location.path.appending(key: field).description, reason: reason)
            }
            func degrees(_ field: String) throws(RouteParseError) -> Double {
                guard let node = location.member(field) else {
                    throw fail(location, field, .missingField(element: path, field: field))
                }
                guard case .number(let raw) = node.value, raw == raw.rounded(), abs(raw) < 4_294_967_296 else {
                    throw fail(node, field, .unexpectedValue(field: field, found: Self.shown(node),
                                                             expected: "an integer of degrees × 10^7 (Google Takeout's E7 scaling)"))
                }
                if raw > 2_147_483_647 { wrapped += 1; return (raw - 4_294_967_296) / 1e7 }
                return raw / 1e7
            }
            let latitude = try degrees("latitudeE7"), longitude = try degrees("longitudeE7")
            guard abs(latitude) <= 90 else {
                throw fail(location.member("latitudeE7")!, "latitudeE7", .latitudeOutOfRange(element: "latitudeE7 / 10^7", value: latitude))
            }
            guard abs(longitude) <= 180 else {
                throw fail(location.member("longitudeE7")!, "longitudeE7", .longitudeOutOfRange(element: "longitudeE7 / 10^7", value: longitude))
            }
            let altitude: Double? = if case .number(let a)? = location.value["altitude"]?.value { a } else { nil }
            points.append(RoutePoint(latitude: latitude, longitude: longitude, elevation: altitude,
                                     time: try time(of: location, fail: fail)))
        }
        let source = Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 1, waypointCount: 0)
        guard let route = Route(segments: [points], name: nil, source: source) else {
            let found = unplaced.count == 0 ? "the location history holds no location"
                : "none of the \(unplaced.count) locations has a position (latitudeE7 and longitudeE7), the first at \(unplaced.first)"
            throw RouteParseError(format: .geojson, location: locate(root), codingPath: root.path.appending(key: "locations").description, reason: .noLine(found: found))
        }
        var notes = ["read \(points.count) Google Takeout location\(points.count == 1 ? "" : "s") (latitudeE7/longitudeE7: degrees × 10^7)"]
        if unplaced.count > 0 {
            notes.append("skipped \(unplaced.count) location\(unplaced.count == 1 ? "" : "s") without a position (no latitudeE7 or longitudeE7), "
                         + "the first at \(unplaced.first)")
        }
        if wrapped > 0 {
            notes.append("\(wrapped) E7 value\(wrapped == 1 ? " was" : "s were") above 2^31 - 1, written as unsigned 32-bit: "
                         + "read as negative (value - 2^32)")
        }
        return RouteFile.Result(route: route, format: .geojson, notes: notes)
    }

    /// A JSON value as the message shows it: a number as written, else its kind.
    private static func shown(_ node: JSONCursor) -> String {
        switch node.value {
        case .number(let n): "\(n)"
        case .string(let s): "\"\(s)\""
        default: "not a number"
        }
    }

    /// The location's time from `timestamp` (ISO 8601) or `timestampMs` (Unix milliseconds), or `nil`.
    private static func time(of location: JSONCursor,
                             fail: (JSONCursor, String, RouteParseError.Reason) -> RouteParseError) throws(RouteParseError) -> Date? {
        if let node = location.member("timestamp") {
            guard let text = node.value.stringValue, let date = DateTimeParser.date(from: text) else {
                throw fail(node, "timestamp", .malformedTime(element: "timestamp", text: "\(node.value)"))
            }
            return date
        }
        if let node = location.member("timestampMs") {
            let ms: Double? = switch node.value {
            case .string(let s): Double(s)
            case .number(let n): n
            default: nil
            }
            guard let ms, ms.isFinite else {
                throw fail(node, "timestampMs", .malformedTime(element: "timestampMs", text: "\(node.value)"))
            }
            return Date(timeIntervalSince1970: ms / 1000)
        }
        return nil
    }
}
