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
        /// The XML is in an encoding RouteKit does not read, or its declaration contradicts its bytes
        /// (what was found and what is accepted; see `XMLEncodingCheck`).
        case unsupportedEncoding(String)
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

        // Reasons of the other formats (GeoJSON, KML, CSV, polyline, TCX, detection).

        /// The file is not valid JSON (RFC 8259): what the tokenizer expected and found.
        case malformedJSON(String)
        /// A JSON member has the wrong type or value, e.g. `coordinates` that is not an array
        /// (`expected` says what RFC 7946 requires).
        case unexpectedValue(field: String, found: String, expected: String)
        /// A "latitude" outside -90...90 whose "longitude" would be a valid latitude: the file probably
        /// has `[latitude, longitude]` instead of RFC 7946's `[longitude, latitude]`.
        case swappedCoordinates(latitude: Double, longitude: Double)
        /// Two parallel lists differ in length (KML `gx:Track`: one `when` per `gx:coord`).
        case mismatchedCounts(element: String, first: String, firstCount: Int, second: String, secondCount: Int)
        /// The file is readable but holds no line to fly; `found` says what it holds instead.
        case noLine(found: String)
        /// An encoded polyline has a character outside `?`...`~` (63...126), or ends inside a value.
        case malformedPolyline(String)
        /// A decoded polyline coordinate is out of range at this precision (5 or 6 decimal digits),
        /// which usually means the string was encoded at the other precision.
        case polylineOutOfRange(field: String, value: Double, precision: Int)
        /// CSV: the columns holding the positions cannot be found (`why` says which and what to do).
        case missingColumns(String)
        /// CSV: the header does not name the position columns, and a column list
        /// (``CSVReader/Options/columns``) would read the file: there is no header, or it names no
        /// latitude or longitude (`why` says which).
        case unnamedColumns(String)
        /// CSV: a record is not well-formed (RFC 4180), e.g. an unclosed quote.
        case malformedCSV(String)
        /// No reader could be chosen for the file (`why` says what was looked at).
        case unknownFormat(String)
        /// The input is larger than the most RouteKit reads (256 MiB, `InputLimits.maximumRouteBytes`).
        case tooLarge(limit: Int)
        /// The first bytes are not text (`what` gives them away, e.g. a NUL byte).
        case binaryData(String)
        /// A file route-fly recognises but does not read (a Garmin FIT file, a ZIP without KML);
        /// `why` names it and the way out (a converter).
        case unsupportedFile(String)
        /// A compressed file (KMZ, gzip) inflates to more than the most a route file may hold.
        case decompressedTooLarge(limit: Int)
        /// A compressed file (KMZ, gzip) is damaged (`why` says how).
        case malformedArchive(String)
        /// A point's value cannot be what it claims (`PointValueLimits`: elevations in
        /// -12 000...100 000 m, heart rates in 0...400 and cadences in 0...1000 per minute, speeds in
        /// 0...20 000 m/s), e.g. an elevation of 1e308 m.
        case valueOutOfRange(field: String, value: Double, expected: String)
    }

    /// The format being read, e.g. "GPX".
    public var format: RouteFormat?
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// The file's path when no line and column are known (e.g. it could not be opened).
    public var path: String?
    public var reason: Reason
    /// For JSON input, where the problem is as a path of member names and indices from the top-level
    /// value, e.g. `features[3].geometry.coordinates[12][1]`; `nil` otherwise (and for syntax errors,
    /// which have only a line and column).
    public var codingPath: String?
    /// When the file has nothing to fly (``Reason/noRoute(waypoints:)``, ``Reason/noLine(found:)``): the
    /// positions of the waypoints it holds (GPX `wpt`, KML and GeoJSON Points), in file order, so that a
    /// summary (`route-fly info`) can still box them. Empty otherwise. Not part of ``description``.
    public var waypoints: [LocationCoordinate2D] = []

    public init(format: RouteFormat?, location: SourceLocation?, path: String? = nil, codingPath: String? = nil,
                reason: Reason) {
        self.format = format
        self.location = location
        self.path = path ?? location?.path
        self.codingPath = codingPath
        self.reason = reason
    }

    /// `<name>` for the XML formats (GPX, KML, TCX), the bare name otherwise (a CSV row, a GeoJSON position).
    private func subject(_ element: String) -> String {
        format == .gpx || format == .kml || format == .tcx ? "<\(element)>" : element
    }

    /// Whether `text` is a decimal number whose magnitude no `Double` holds (`1e400`): reported as too
    /// large rather than as not a number.
    static func overflows(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(trimmed) else { return false }
        return value.isInfinite
    }

    /// A text from the file as a message shows it: whole up to 100 characters, else its start and its
    /// length (a 1 MB cell must not fill the terminal).
    static func excerpt(_ text: String) -> String {
        guard text.count > 100 else { return text }
        return "\(text.prefix(60))… (\(text.count) characters)"
    }

    /// The format's name for messages (`GPX`, `GeoJSON`), or `route` when the format is not known.
    public var formatName: String { format?.description ?? "route" }

    /// The reason as a sentence, without the location.
    public var message: String {
        switch reason {
        case .unreadable(let why):
            return "cannot read the file: \(why)"
        case .empty:
            return "the file is empty (expected a \(formatName) document)"
        case .malformedXML(let why):
            return "not well-formed XML: \(why)"
        case .forbiddenDeclaration(let what):
            return "\(what) is not allowed in a \(formatName) file (expected none: \(formatName) needs no DOCTYPE or entities)"
        case .unsupportedEncoding(let why):
            return "unsupported character encoding: \(why)"
        case .unexpectedRoot(let name, let ns, let expected):
            let found = ns.map { "<\(name)> in namespace \"\($0)\"" } ?? "<\(name)>"
            return "the root element is \(found), expected \(expected): this is not a \(formatName) file"
        case .missingField(let element, let field):
            return "\(subject(element)) has no '\(field)' (it is required)"
        case .malformedNumber(let element, let field, let text):
            if Self.overflows(text) {
                return "\(subject(element)) '\(field)' is too large: \"\(Self.excerpt(text))\" overflows a 64-bit "
                    + "floating-point number (expected a finite decimal number)"
            }
            return "\(subject(element)) '\(field)' is not a number: \"\(Self.excerpt(text))\" (expected a decimal number)"
        case .latitudeOutOfRange(let element, let value):
            return "\(subject(element)) latitude \(value) is out of range (expected degrees in -90...90)"
        case .longitudeOutOfRange(let element, let value):
            return "\(subject(element)) longitude \(value) is out of range (expected degrees in -180...180)"
        case .malformedTime(let element, let text) where DateTimeParser.isMisplacedLeapSecond(text):
            return "\(subject(element)) time \"\(Self.excerpt(text))\" has second 60, which only a leap second has, "
                + "and UTC had none there (expected seconds 00-59; 23:59:60 UTC only at the end of a day with a "
                + "leap second, the last 2016-12-31)"
        case .malformedTime(let element, let text):
            return "\(subject(element)) time \"\(Self.excerpt(text))\" is not an ISO 8601 date-time (expected e.g. 2024-05-01T10:15:30Z)"
        case .noRoute(let waypoints):
            let w = waypoints == 1 ? "1 waypoint" : "\(waypoints) waypoints"
            return "no track points and no route points to fly (found \(w); waypoints are not flown)"
        case .truncated(let why):
            return "the document ends too early: \(why)"
        case .malformedJSON(let why):
            return "not valid JSON: \(why)"
        case .unexpectedValue(let field, let found, let expected):
            return "'\(field)' is \(Self.excerpt(found)) (expected \(expected))"
        case .swappedCoordinates(let latitude, let longitude):
            return "latitude \(latitude) is out of range (expected degrees in -90...90); longitude and latitude "
                + "may be swapped: GeoJSON positions are [longitude, latitude] (RFC 7946 §3.1.1), and this one, "
                + "[\(longitude), \(latitude)], makes sense only as latitude \(longitude), longitude \(latitude)"
        case .mismatchedCounts(let element, let first, let firstCount, let second, let secondCount):
            return "\(subject(element)) has \(firstCount) <\(first)> but \(secondCount) <\(second)> (expected one for each)"
        case .noLine(let found):
            return "no line to fly: \(found)"
        case .malformedPolyline(let why):
            return "not an encoded polyline: \(why)"
        case .polylineOutOfRange(let field, let value, let precision):
            let other = precision == 5 ? 6 : 5
            let limit = field == "latitude" ? "-90...90" : "-180...180"
            return "decoded \(field) \(value) is out of range at precision \(precision) (expected degrees in "
                + "\(limit)); the polyline may be encoded at precision \(other)"
        case .missingColumns(let why), .unnamedColumns(let why):
            return why
        case .malformedCSV(let why):
            return "malformed CSV: \(why)"
        case .unknownFormat(let why):
            return "cannot tell the route format: \(why) (name it: gpx, kml, geojson, csv, polyline or tcx)"
        case .tooLarge(let limit):
            return "the input is larger than \(InputLimits.describe(bytes: limit)), the most a route file may hold (about a million GPX points as devices write them); split it"
        case .valueOutOfRange(let field, let value, let expected):
            return "\(field) \(value) is out of range (expected \(expected))"
        case .unsupportedFile(let why):
            return why
        case .decompressedTooLarge(let limit):
            return "the compressed file inflates to more than \(InputLimits.describe(bytes: limit)), the most a route file may hold; "
                + "refused while inflating (a zip bomb, or a recording to split)"
        case .malformedArchive(let why):
            return "the compressed file is damaged: \(why)"
        case .binaryData(let what):
            return "the file holds binary data, not text: \(what) (route files are XML, JSON or text)"
        }
    }

    public var description: String {
        let place = location?.description ?? path ?? "<input>"
        if let codingPath, !codingPath.isEmpty {
            return "\(place): error: at \(codingPath): \(message)"
        }
        return "\(place): error: \(message)"
    }
}
