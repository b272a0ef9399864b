import Foundation

/// A reader of one route format: ``GPXReader``, ``KMLReader``, ``GeoJSONReader``, ``CSVReader``,
/// ``TCXReader`` and ``PolylineReader``.
///
/// Every reader has the same two entry points, written once here: ``read(contentsOf:displayPath:options:)``
/// for a local file and ``read(data:displayPath:options:)`` for bytes in memory. Both return a
/// ``RouteFile/Result``: the ``Route`` (segments of ``RoutePoint``s: latitude and longitude in degrees on
/// WGS 84, elevation in metres as the file gives it, time in seconds), the ``format`` it was read as, and
/// the reader's notes (one English sentence each, in file order). Each reader's page says what it reads and
/// which ``RouteParseError/Reason`` it throws.
///
/// ``RouteFile`` chooses the reader from a file's content and extension and checks the values read
/// (``RouteFile/Result/warnings``); call a reader directly when the format is known:
///
///     let result = try CSVReader.read(contentsOf: URL(fileURLWithPath: "log.csv"),
///                                     options: .init(columns: ["latitude", "longitude"]))
///     print(result.route.points.count, result.notes)
///
/// Generic code reaches every format through the protocol:
///
///     func pointCount<R: RouteReader>(_ reader: R.Type, of data: Data) throws(RouteParseError) -> Int {
///         try R.read(data: data).route.points.count
///     }
///
/// A reader is a namespace (an uninhabited enum); its only requirement, ``read(_:displayPath:options:)``,
/// takes a ``RouteReaderInput`` that only RouteKit makes, so the formats are RouteKit's own.
package protocol RouteReader {
    /// The reader's settings: ``CSVReader/Options`` and ``PolylineReader/Options``, or
    /// ``RouteReaderNoOptions`` for a reader that has none.
    associatedtype Options: Sendable = RouteReaderNoOptions

    /// The format this reader reads; it is ``RouteFile/Result/format`` of every result and
    /// ``RouteParseError/format`` of every error.
    static var format: RouteFormat { get }

    /// The settings used when a caller gives none.
    static var defaultOptions: Options { get }

    /// Reads the route in `input` (made by ``read(contentsOf:displayPath:options:)`` or
    /// ``read(data:displayPath:options:)``).
    ///
    /// - Parameters:
    ///   - input: Where the bytes are.
    ///   - displayPath: The name used in error messages and notes; `nil` prints `<input>`.
    ///   - options: The reader's settings.
    /// - Returns: The route, ``format`` and the notes.
    /// - Throws: ``RouteParseError`` with format ``format`` and the location of the problem.
    /// - Complexity: O(n) in the size of the input; see each reader for its memory.
    static func read(_ input: RouteReaderInput, displayPath: String?, options: Options) throws(RouteParseError) -> RouteFile.Result
}

extension RouteReader where Options == RouteReaderNoOptions {
    package static var defaultOptions: Options { RouteReaderNoOptions() }
}

extension RouteReader {
    /// Reads the route in the local file at `url`.
    ///
    /// - Parameters:
    ///   - url: A file URL (a regular file is read where it lies; a pipe or FIFO is read as it comes).
    ///   - displayPath: The path as the user typed it, used in error messages; defaults to `url.path`.
    ///   - options: The reader's settings; defaults to ``defaultOptions``.
    /// - Returns: The route, ``format`` and the reader's notes (see the reader).
    /// - Throws: ``RouteParseError`` with format ``format``: `unreadable` (a URL that is not a file URL, or
    ///   the system's message when the file cannot be opened; no line), and the reader's own errors, located
    ///   at `displayPath:line:column` (or a JSON path).
    /// - Complexity: O(n) in the file size.
    package static func read(contentsOf url: URL, displayPath: String? = nil,
                            options: Options = defaultOptions) throws(RouteParseError) -> RouteFile.Result {
        let path = displayPath ?? url.path
        guard url.isFileURL else {
            throw RouteParseError(format: format, location: nil, path: path,
                                  reason: .unreadable("only local files can be read (got \(url.absoluteString))"))
        }
        return try read(RouteReaderInput(.file(url)), displayPath: path, options: options)
    }

    /// Reads the route in `data`, a whole file held in memory.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - displayPath: A name for error messages; `nil` prints `<input>`.
    ///   - options: The reader's settings; defaults to ``defaultOptions``.
    /// - Returns: The route, ``format`` and the reader's notes (see the reader).
    /// - Throws: ``RouteParseError`` with format ``format``: the reader's own errors, located at
    ///   `displayPath:line:column` (or a JSON path).
    /// - Complexity: O(n) in `data.count`.
    package static func read(data: Data, displayPath: String? = nil,
                            options: Options = defaultOptions) throws(RouteParseError) -> RouteFile.Result {
        try read(RouteReaderInput(.data(data)), displayPath: displayPath, options: options)
    }
}
