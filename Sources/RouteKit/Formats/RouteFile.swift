import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loads a route file from disk, choosing the reader for its format.
///
/// Today RouteKit reads GPX 1.0 and 1.1 (``GPXReader``); any other file is read as GPX and rejected with
/// a located error that says what its root element is.
public enum RouteFile {
    /// Reads the route in the file at `path`.
    ///
    /// A regular file is streamed from disk. Anything else — `-` for standard input, `/dev/stdin`, a
    /// pipe, a FIFO or a process substitution such as `<(gunzip -c ride.gpx.gz)` — is read exactly once,
    /// into memory, and parsed from there (such inputs cannot be opened twice).
    ///
    /// - Parameter path: The path as the user typed it, or `-` for standard input (named `<stdin>` in
    ///   messages); error messages repeat it.
    /// - Throws: ``RouteParseError`` with the file, line and column of the problem.
    /// - Complexity: O(file size), streaming for regular files.
    public static func load(path: String) throws(RouteParseError) -> Route {
        if path == "-" {
            return try GPXReader.read(data: FileHandle.standardInput.readDataToEndOfFile(), displayPath: "<stdin>")
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw RouteParseError(format: "GPX", location: nil, path: path,
                                      reason: .unreadable(String(cString: strerror(errno))))
            }
            let data: Data
            do {
                data = try handle.readToEnd() ?? Data()
            } catch {
                throw RouteParseError(format: "GPX", location: nil, path: path, reason: .unreadable("\(error)"))
            }
            return try GPXReader.read(data: data, displayPath: path)
        }
        return try GPXReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
    }
}
