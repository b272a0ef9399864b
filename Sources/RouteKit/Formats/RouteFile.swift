import Foundation

/// Loads a route file from disk, choosing the reader for its format.
///
/// Today RouteKit reads GPX 1.0 and 1.1 (``GPXReader``); any other file is read as GPX and rejected with
/// a located error that says what its root element is.
public enum RouteFile {
    /// Reads the route in the file at `path`.
    ///
    /// - Parameter path: The path as the user typed it; error messages repeat it.
    /// - Throws: ``RouteParseError`` with the file, line and column of the problem.
    /// - Complexity: O(file size), streaming.
    public static func load(path: String) throws(RouteParseError) -> Route {
        try GPXReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
    }
}
