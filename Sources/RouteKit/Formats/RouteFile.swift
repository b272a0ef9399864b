import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loads a route file from disk, choosing the reader for its format.
///
/// Formats: GPX (`GPXReader`), KML (`KMLReader`), GeoJSON (`GeoJSONReader`), CSV
/// (``CSVReader``), encoded polyline (``PolylineReader``) and TCX (`TCXReader`), chosen by
/// override, content and extension as ``RouteFormat`` describes.
///
/// **Notes.** Readers skip things that are not errors but that the user may want to know about
/// (a GeoJSON Polygon, CSV rows without a position, TCX trackpoints without a position, KML pauses,
/// heights dropped because of a KML `altitudeMode`). They are returned as ``Result/notes``: one
/// English sentence each, in file order, the location (`line:column` or a JSON path) inside the
/// sentence where it helps. The route itself is the same whether or not anyone reads the notes;
/// ``load(path:)`` drops them.
public enum RouteFile {
    /// Settings that only some formats use.
    public struct Options: Sendable {
        /// CSV: an explicit column mapping (``CSVReader/Options/columns``).
        public var csv: CSVReader.Options
        /// Polyline: the precision (5 or 6 decimal places of degrees).
        public var polyline: PolylineReader.Options

        public init(csv: CSVReader.Options = .init(), polyline: PolylineReader.Options = .init()) {
            self.csv = csv
            self.polyline = polyline
        }
    }

    /// A route as read, with the format it was read as and what the reader skipped.
    public struct Result: Sendable {
        /// The route to fly.
        public var route: Route
        /// The format the file was read as.
        public var format: RouteFormat
        /// What was skipped or decided along the way, one sentence each (see ``RouteFile``); often empty.
        public var notes: [String]
        /// Values read that are probably wrong, one sentence each: heights wrapped as unsigned 16-bit
        /// numbers (corrected when flown, `RouteOutliers`), elevations outside
        /// ``RoutePoint/plausibleElevations``. Filled by ``RouteFile/read(path:format:options:)``; often empty.
        public var warnings: [String] = []
        /// The name that locations in ``notes`` and ``warnings`` count in when the route came out of a
        /// KMZ or gzip file: the file's path and the entry read, `ride.kmz/files/track.kml`,
        /// `ride.gpx.gz/ride.gpx`; `nil` for a plain file. Errors name it too.
        public var entryPath: String?

        public init(route: Route, format: RouteFormat, notes: [String] = []) {
            self.route = route
            self.format = format
            self.notes = notes
        }

        /// This result with its route's heights converted from `datum` to above mean sea level
        /// (``Route/convertingElevations(from:geoid:)``), and ``warnings`` worked out again on the
        /// converted heights (ellipsoidal heights near the plausible range's ends would otherwise be
        /// judged on the wrong datum). O(n).
        public func convertingElevations(from datum: VerticalDatum, geoid: Geoid) -> Result {
            var converted = self
            converted.route = route.convertingElevations(from: datum, geoid: geoid)
            converted.warnings = []
            converted.checkPlausibility()
            return converted
        }

        /// Sets ``warnings`` from the route's values: heights wrapped as unsigned 16-bit numbers
        /// (``RouteOutliers``, rule 1), which every command corrects, points at (0, 0) (rule 4), then elevations outside
        /// ``RoutePoint/plausibleElevations`` among the corrected heights, as the route check judges them. O(n).
        mutating func checkPlausibility() {
            warnings += Self.plausibilityWarnings(route.points)
        }

        /// The sentences of ``checkPlausibility()`` for `points`. O(n).
        static func plausibilityWarnings(_ points: [RoutePoint]) -> [String] {
            PointScreening(points, checksLimits: false).warnings(for: points)
        }
    }

    /// The name that messages give standard input, read by ``readStandardInput(format:options:)``: `<stdin>`.
    package static let standardInputName = "<stdin>"

    /// Reads the route in the file at `path`, in whatever format it is.
    ///
    /// Every path names a file, `-` included (standard input is ``readStandardInput(format:options:)``);
    /// pipes, FIFOs and process substitutions such as `<(gunzip -c ride.gpx.gz)` are read once, into memory.
    ///
    /// - Parameter path: The path as the user typed it; error messages repeat it.
    /// - Throws: ``RouteParseError`` with the file, line and column of the problem.
    /// - Complexity: O(file size).
    public static func load(path: String) throws(RouteParseError) -> Route {
        try read(path: path).route
    }

    /// Reads the route in the file at `path`, with the notes.
    ///
    ///     let result = try RouteFile.read(path: "ride.csv", options: .init(csv: .init(columns: ["latitude", "longitude"])))
    ///     for note in result.notes { print("note:", note) }
    ///
    /// - Parameters:
    ///   - path: The path as the user typed it; `-` is a file of that name.
    ///   - format: The format to read it as (a caller's choice), or `nil` to detect it (`detectFormat(path:head:)`).
    ///   - options: Settings for CSV and polyline input.
    /// - Throws: ``RouteParseError``; `unknownFormat` when nothing decides the format, `unreadable`
    ///   when the file cannot be read, `empty` for an empty file, `tooLarge` above
    ///   256 MiB (`InputLimits.maximumRouteBytes`), `binaryData` when the first bytes are not text, and each
    ///   reader's own errors.
    /// - Complexity: O(file size).
    public static func read(path: String, format: RouteFormat? = nil,
                            options: Options = .init()) throws(RouteParseError) -> Result {
        // Pipes, FIFOs and process substitutions cannot be opened twice (detection reads the head
        // first): read them once, into memory, within the size limit.
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            let data: Data
            do {
                data = try InputLimits.readAll(path: path, limit: InputLimits.maximumRouteBytes)
            } catch {
                throw RouteParseError(error, path: path)
            }
            return try read(.data(data), displayPath: path, format: format, options: options)
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > InputLimits.maximumRouteBytes {
            throw RouteParseError(.tooLarge(limit: InputLimits.maximumRouteBytes), path: path)
        }
        let input = RouteInput.file(URL(fileURLWithPath: path))
        return try read(input, displayPath: path, format: format, options: options)
    }

    /// Reads the route on standard input, in whatever format it is: once, to its end, into memory.
    /// Messages name it `standardInputName` (`<stdin>`), which carries no extension, so the format is
    /// told by `format` or by the content alone (``RouteFormat``).
    ///
    ///     // gunzip -c ride.gpx.gz | yourtool
    ///     let result = try RouteFile.readStandardInput(format: .gpx)
    ///
    /// - Parameters:
    ///   - format: The format to read it as, or `nil` to detect it from the content.
    ///   - options: Settings for CSV and polyline input.
    /// - Throws: ``RouteParseError`` located in `<stdin>`: `unreadable` with the system's reason,
    ///   `tooLarge` as soon as more than `InputLimits.maximumRouteBytes` (256 MiB) have arrived (so
    ///   memory stays bounded), `binaryData` when the first 4 KiB are not text, `empty`,
    ///   `unknownFormat`, and each reader's own errors, as ``read(path:format:options:)`` throws them.
    /// - Complexity: O(n) time and memory in the input's size n.
    public static func readStandardInput(format: RouteFormat? = nil,
                                         options: Options = .init()) throws(RouteParseError) -> Result {
        try read(RouteInput.standardInput(), displayPath: standardInputName, format: format, options: options)
    }

    /// Reads a route held in memory; see ``read(path:format:options:)``.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - displayPath: A name for error messages (its extension also helps detection); `nil` prints `<input>`.
    ///   - format: The format to read it as, or `nil` to detect it.
    ///   - options: Settings for CSV and polyline input.
    public static func read(data: Data, displayPath: String? = nil, format: RouteFormat? = nil,
                            options: Options = .init()) throws(RouteParseError) -> Result {
        try read(.data(data), displayPath: displayPath, format: format, options: options)
    }

    /// Reads a route from `input` (a file where it lies, or bytes in memory; ``input(path:)``); see
    /// ``read(path:format:options:)``.
    package static func read(_ input: RouteInput, displayPath: String?, format: RouteFormat?,
                            options: Options) throws(RouteParseError) -> Result {
        var result = try readUnchecked(input, displayPath: displayPath, format: format, options: options)
        // One look at every point for both, on every core for a large route.
        let points = result.route.points
        let screening = PointScreening(points, checksLimits: true)
        if let (index, reason) = screening.violation {
            throw RouteParseError(format: result.format, location: nil, path: displayPath ?? "<input>",
                                  codingPath: "point \(index)", reason: reason)
        }
        result.warnings += screening.warnings(for: points)
        return result
    }

    private static func readUnchecked(_ input: RouteInput, displayPath: String?, format: RouteFormat?,
                                      options: Options) throws(RouteParseError) -> Result {
        if case .data(let data) = input, data.count > InputLimits.maximumRouteBytes {
            throw RouteParseError(.tooLarge(limit: InputLimits.maximumRouteBytes), path: displayPath ?? "<input>")
        }
        let head = try input.head(limit: 4096, path: displayPath)
        if RouteContainer.isContainer(head.bytes),
           let inner = try RouteContainer.unwrap(try input.bytes(format: format, path: displayPath),
                                                 path: displayPath ?? "<input>", limit: InputLimits.maximumRouteBytes) {
            let innerPath = displayPath.map { RouteContainer.entryPath($0, entry: inner.entry) }
            var result = try readUnchecked(.data(inner.bytes), displayPath: innerPath, format: format, options: options)
            if let note = inner.note { result.notes.insert(note, at: 0) }
            result.entryPath = innerPath == displayPath ? nil : innerPath
            return result
        }
        // XML in an encoding that is refused is named as such, before it could be called binary.
        if format == nil || [.gpx, .kml, .tcx].contains(format),
           let problem = XMLEncodingCheck.problem(head: Array(head.bytes.prefix(1024)), byteCount: input.byteCount) {
            throw RouteParseError(format: format,
                                  location: SourceLocation(path: displayPath, line: problem.line, column: problem.column),
                                  reason: .unsupportedEncoding(problem.message))
        }
        // windows-1252 and ISO-8859-1 XML (read as windows-1252, as browsers do) become UTF-8 here, before anything parses it (``XMLWindows1252``).
        if format == nil || [.gpx, .kml, .tcx].contains(format),
           let declared = XMLWindows1252.declaration(in: Array(head.bytes.prefix(1024))) {
            let decoded = try input.bytes(format: format, path: displayPath).withUnsafeBytes {
                XMLWindows1252.utf8($0.bindMemory(to: UInt8.self), declaredValue: declared)
            }
            switch decoded {
            case .success(let utf8):
                return try readUnchecked(.data(utf8), displayPath: displayPath, format: format, options: options)
            case .failure(let problem):
                throw RouteParseError(format: format, location: SourceLocation(path: displayPath, line: problem.line, column: problem.column),
                                      reason: .unsupportedEncoding(problem.message))
            }
        }
        if let binary = InputLimits.binaryLocation(head.bytes) {
            throw RouteParseError(binary, path: displayPath ?? "<input>")
        }
        let chosen: RouteFormat
        if let format {
            chosen = format
        } else {
            guard let detected = detectFormat(path: displayPath, head: head.bytes) else {
                if head.bytes.allSatisfy(isXMLSpace) {
                    throw RouteParseError(format: nil, location: SourceLocation(path: displayPath, line: 1, column: 1),
                                          reason: .empty)
                }
                throw RouteParseError(format: nil, location: SourceLocation(path: displayPath, line: 1, column: 1),
                                      reason: .unknownFormat("the content is XML with an unknown root element, "
                                                             + "and the file name has no known extension"))
            }
            chosen = detected
        }
        let reading = RouteReaderInput(input)
        func read<Reader: RouteReader>(_: Reader.Type, _ options: Reader.Options) throws(RouteParseError) -> Result {
            try Reader.read(reading, displayPath: displayPath, options: options)
        }
        let result: Result
        switch chosen {
        case .gpx: result = try read(GPXReader.self, .init())
        case .kml: result = try read(KMLReader.self, .init())
        case .geojson: result = try read(GeoJSONReader.self, .init())
        case .csv: result = try read(CSVReader.self, options.csv)
        case .polyline: result = try read(PolylineReader.self, options.polyline)
        case .tcx: result = try read(TCXReader.self, .init())
        }
        return result
    }

    /// Chooses a format from the file name and its first bytes (override aside), as ``RouteFormat``
    /// describes: content when certain (XML root, JSON), else the extension, else the text heuristics.
    ///
    /// - Parameters:
    ///   - path: The file name, or `nil`.
    ///   - head: The first bytes (4 KiB is plenty).
    /// - Returns: The format, or `nil` when the head is empty or white space, or is XML with an unknown
    ///   root in a file without a known extension.
    /// Whether `head` is plain text (no control bytes but tab, line feed and carriage return) that
    /// `format` (CSV or polyline, from ``RouteFormat/sniff(_:)``) would read: for CSV, a first line with a
    /// comma, semicolon or tab; for a polyline, at least 8 characters (two points).
    static func looksLikeText(_ head: some Collection<UInt8>, as format: RouteFormat) -> Bool {
        guard format == .csv || format == .polyline else { return false }
        var firstLineHasDelimiter = false, inFirstLine = true, sawText = false
        for b in head {
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return false }
            if b == 0x7F { return false }
            if b == 0x0A && sawText { inFirstLine = false }
            if b > 0x20 { sawText = true }
            if inFirstLine && (b == UInt8(ascii: ",") || b == UInt8(ascii: ";") || b == 0x09) { firstLineHasDelimiter = true }
        }
        // A polyline of two points is at least 8 characters of its alphabet (2 per coordinate).
        let printable = head.filter { $0 > 0x20 }.count
        return format == .polyline ? printable >= 8 : firstLineHasDelimiter
    }

    /// The extension that names the format inside a compressed file: `gpx` for `ride.gpx.gz`, `kml` for
    /// `tour.kmz`, the extension itself otherwise.
    static func innerExtension(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "gz": return url.deletingPathExtension().pathExtension
        case "kmz": return "kml"
        default: return url.pathExtension
        }
    }

    package static func detectFormat(path: String?, head: some Collection<UInt8>) -> RouteFormat? {
        let sniffed = RouteFormat.sniff(head)
        if let sniffed, sniffed.confidence == .certain { return sniffed.format }
        let byExtension = path.flatMap { RouteFormat(pathExtension: innerExtension(of: $0)) }
        // An XML or JSON extension on text that is neither (a CSV table or a polyline saved as .gpx or
        // .json): the content decides when it is plain text with a table's delimiter in its first line,
        // or one run of the polyline alphabet; garbage still goes to the extension's reader and its error.
        if let byExtension, let sniffed, byExtension != .csv, byExtension != .polyline,
           looksLikeText(head, as: sniffed.format) {
            return sniffed.format
        }
        if let byExtension { return byExtension }  // an empty file goes to its reader, which says "empty"
        return sniffed?.format  // nil: empty, or XML with an unknown root
    }
}
