/// Why a route file could not be read: what was found, what was expected, and where.
///
/// Its ``description`` is one line in the compilers' form, so editors can jump to the spot:
/// `ride.gpx:12:7: error: trkpt 'lat' is not a number: "4x.1" (expected decimal degrees in -90...90)`.
public struct RouteParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The file could not be opened or read (message from the system).
        case unreadable(String)
        /// The file holds no bytes (or only white space).
        case empty
        /// The XML is not well-formed (message from the XML parser).
        case malformedXML(String)
        /// The file contains a DOCTYPE or entity declaration, which GPX never needs (and which could
        /// expand entities).
        case forbiddenDeclaration(String)
        /// The root element is not the expected one (found `name` in namespace `namespace`).
        case unexpectedRoot(name: String, namespace: String?, expected: String)
        /// A required attribute or element is missing (e.g. `trkpt` without `lat`).
        case missingField(element: String, field: String)
        /// A number field does not parse.
        case malformedNumber(element: String, field: String, text: String)
        /// A latitude outside -90...90 degrees.
        case latitudeOutOfRange(element: String, value: Double)
        /// A longitude outside -180...180 degrees (GPX 1.1 allows -180..<180; 180 is accepted too).
        case longitudeOutOfRange(element: String, value: Double)
        /// A time that is not an ISO 8601 / xsd:dateTime.
        case malformedTime(element: String, text: String)
        /// The file has nothing to fly: no track points and no route points.
        case noRoute(waypoints: Int)
        /// The file ended before the document was complete.
        case truncated(String)
    }

    /// The format being read, e.g. "GPX".
    public var format: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// The file's path when no line and column are known (e.g. it could not be opened).
    public var path: String?
    public var reason: Reason

    public init(format: String, location: SourceLocation?, path: String? = nil, reason: Reason) {
        self.format = format
        self.location = location
        self.path = path ?? location?.path
        self.reason = reason
    }

    /// The reason as a sentence, without the location.
    public var message: String {
        switch reason {
        case .unreadable(let why):
            return "cannot read the file: \(why)"
        case .empty:
            return "the file is empty (expected a \(format) document)"
        case .malformedXML(let why):
            return "not well-formed XML: \(why)"
        case .forbiddenDeclaration(let what):
            return "\(what) is not allowed in a \(format) file (expected none: \(format) needs no DOCTYPE or entities)"
        case .unexpectedRoot(let name, let ns, let expected):
            let found = ns.map { "<\(name)> in namespace \"\($0)\"" } ?? "<\(name)>"
            return "the root element is \(found), expected \(expected): this is not a \(format) file"
        case .missingField(let element, let field):
            return "<\(element)> has no '\(field)' (it is required)"
        case .malformedNumber(let element, let field, let text):
            return "<\(element)> '\(field)' is not a number: \"\(text)\" (expected a decimal number)"
        case .latitudeOutOfRange(let element, let value):
            return "<\(element)> latitude \(value) is out of range (expected degrees in -90...90)"
        case .longitudeOutOfRange(let element, let value):
            return "<\(element)> longitude \(value) is out of range (expected degrees in -180...180)"
        case .malformedTime(let element, let text):
            return "<\(element)> time \"\(text)\" is not an ISO 8601 date-time (expected e.g. 2024-05-01T10:15:30Z)"
        case .noRoute(let waypoints):
            let w = waypoints == 1 ? "1 waypoint" : "\(waypoints) waypoints"
            return "no track points and no route points to fly (found \(w); waypoints are not flown)"
        case .truncated(let why):
            return "the document ends too early: \(why)"
        }
    }

    public var description: String {
        let place = location?.description ?? path ?? "<input>"
        return "\(place): error: \(message)"
    }
}
