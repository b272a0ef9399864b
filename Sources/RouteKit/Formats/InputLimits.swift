import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How much input RouteKit reads, and how it reads standard input and other streams: in chunks, up
/// to a stated maximum, refusing binary data from its first bytes.
///
/// A route file larger than ``maximumRouteBytes`` is refused before it is read (a regular file) or as
/// soon as the limit is passed (standard input, a pipe, a device such as `/dev/zero`), so memory stays
/// bounded by the limit. Bytes that are not text (``looksBinary(_:)``: a NUL byte, or mostly invalid
/// UTF-8, in the first 4 KiB) are refused after the first chunk.
package enum InputLimits {
    /// The largest route file read: 256 MiB (2^28 bytes), about a million GPX track points as devices
    /// write them (about 250 bytes each with time, elevation and sensor values), weeks of recording
    /// at one point a second.
    public static let maximumRouteBytes = 1 << 28
    /// The largest camera script read: 16 MiB.
    public static let maximumScriptBytes = 1 << 24

    /// What went wrong reading a stream.
    enum Failure: Error {
        /// The system's reason.
        case unreadable(String)
        /// More than the limit.
        case tooLarge(limit: Int)
        /// The first bytes are not text; the line and column of the first give-away byte.
        case binary(line: Int, column: Int, what: String)
    }

    /// A size in words, e.g. `256 MiB`.
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Reads file descriptor `fd` to its end, at most `limit` bytes, checking the first chunk for binary data.
    ///
    /// - Complexity: O(n) time; memory O(n) with n at most `limit`.
    static func readAll(fd: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        var checkedHead = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunk) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if !checkedHead, data.count >= 4096 {
                checkedHead = true
                if let where_ = binaryLocation(Array(data.prefix(4096))) { throw where_ }
            }
            if data.count > limit { throw .tooLarge(limit: limit) }
        }
        if !checkedHead, let where_ = binaryLocation(Array(data)) { throw where_ }
        return data
    }

    /// Reads standard input to its end, whole, within `limit` (as ``readAll(fd:limit:)``).
    static func readStandardInput(limit: Int) throws(Failure) -> Data {
        try readAll(fd: STDIN_FILENO, limit: limit)
    }

    /// Reads the file at `path`, whole, within `limit`. Every path names a file, `-` included: standard
    /// input is ``readStandardInput(limit:)``.
    static func readAll(path: String, limit: Int) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable("it is a directory") }
            if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit { throw .tooLarge(limit: limit) }
        }
        return try readAll(fd: fd, limit: limit)
    }

    /// Where the first bytes stop being text, or `nil` when they are text (see ``looksBinary(_:)``).
    /// A gzip file, a KMZ (ZIP) or a FIT file is not refused here: ``RouteContainer`` unwraps or names it.
    static func binaryLocation(_ head: [UInt8]) -> Failure? {
        guard looksBinary(head), !RouteContainer.isContainer(head) else { return nil }
        guard let nul = head.firstIndex(of: 0) else {
            return .binary(line: 1, column: 1, what: "more than one in ten of its first bytes are not UTF-8")
        }
        var line = 1, column = 1
        for b in head[..<nul] where b & 0xC0 != 0x80 {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return .binary(line: line, column: column, what: "a NUL byte (byte \(nul + 1))")
    }
}

extension RouteParseError {
    /// The error for a failed ``InputLimits`` read of a route.
    init(_ failure: InputLimits.Failure, path: String) {
        switch failure {
        case .unreadable(let why):
            self.init(format: nil, location: nil, path: path, reason: .unreadable(why))
        case .tooLarge(let limit):
            self.init(format: nil, location: nil, path: path, reason: .tooLarge(limit: limit))
        case .binary(let line, let column, let what):
            self.init(format: nil, location: SourceLocation(path: path, line: line, column: column),
                      reason: .binaryData(what))
        }
    }
}

/// `true` when the first bytes of a file are not text: a NUL byte in them (UTF-16 files, which start with
/// a byte order mark or `<` and `?` in two bytes each, are let through), or more than one in ten bytes that
/// cannot be UTF-8.
func looksBinary(_ head: [UInt8]) -> Bool {
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
        || head.starts(with: [0x3C, 0x00, 0x3F, 0x00]) || head.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return false }
    if head.contains(0) { return true }
    let text = String(decoding: head.prefix(4096), as: UTF8.self)
    let replaced = text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
    return replaced * 10 > max(text.unicodeScalars.count, 1)
}

extension RouteFile {
    /// The bytes of the route file at `path`, read whole within 256 MiB (`InputLimits.maximumRouteBytes`) and
    /// refused early when they are not text. `path` always names a file (`-` too); standard input is
    /// read by ``readStandardInput(format:options:)``.
    ///
    /// - Throws: ``RouteParseError``: `unreadable`, `tooLarge` or `binaryData`, located in `path`.
    /// - Complexity: O(n) time and memory.
    public static func bytes(path: String) throws(RouteParseError) -> Data {
        do {
            return try InputLimits.readAll(path: path, limit: InputLimits.maximumRouteBytes)
        } catch {
            throw RouteParseError(error, path: path)
        }
    }
}

extension RouteInput {
    /// Standard input, read once to its end into memory, within ``InputLimits/maximumRouteBytes``
    /// and refused after its first 4 KiB when they are not text; errors name it
    /// `RouteFile/standardInputName`.
    ///
    /// - Throws: ``RouteParseError``: `unreadable` (the system's reason), `tooLarge` as soon as the
    ///   limit is passed, or `binaryData` located by line and column in `<stdin>`.
    /// - Complexity: O(n) time; memory O(n) with n at most ``InputLimits/maximumRouteBytes``.
    package static func standardInput() throws(RouteParseError) -> RouteInput {
        let data: Data
        do {
            data = try InputLimits.readStandardInput(limit: InputLimits.maximumRouteBytes)
        } catch {
            throw RouteParseError(error, path: RouteFile.standardInputName)
        }
        return .data(try RouteFile.unwrapped(data, path: RouteFile.standardInputName))
    }
}

extension RouteFile {
    /// The route input at `path`, for a command that reads it twice (`route-fly check` scans an XML
    /// file's time texts again): a regular file stays where it is (readers and scans map it, so it is
    /// never held whole), anything else (a pipe, a FIFO) is read whole as ``bytes(path:)`` reads it.
    /// Refused as ``bytes(path:)`` refuses: too large, or not text in its first 4 KiB. `path` always
    /// names a file (`-` too); standard input is ``RouteInput/standardInput()``.
    ///
    /// - Throws: ``RouteParseError``: `unreadable`, `tooLarge` or `binaryData`, located in `path`.
    /// - Complexity: O(1) for a regular file (its first 4 KiB are read); O(n) time and memory otherwise.
    package static func input(path: String) throws(RouteParseError) -> RouteInput {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .data(try bytes(path: path))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RouteParseError(.unreadable(String(cString: strerror(errno))), path: path) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .data(try bytes(path: path)) }
        if Int(info.st_size) > InputLimits.maximumRouteBytes {
            throw RouteParseError(.tooLarge(limit: InputLimits.maximumRouteBytes), path: path)
        }
        // The head that ``InputLimits/readAll(fd:limit:)`` checks: the first 4096 bytes, or all of fewer.
        var head = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < head.count {
            let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, 4096 - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RouteParseError(.unreadable(String(cString: strerror(errno))), path: path)
            }
            if n == 0 { break }
            filled += n
        }
        if let binary = InputLimits.binaryLocation(Array(head.prefix(filled))) { throw RouteParseError(binary, path: path) }
        if RouteContainer.isContainer(head.prefix(filled)) {
            // Compressed: the scans that read the input again need the text, so it is inflated once, here.
            return .data(try unwrapped(try bytes(path: path), path: path))
        }
        return .file(URL(fileURLWithPath: path))
    }
}

extension RouteFile {
    /// `data` inflated when it is a KMZ or gzip file (``RouteContainer``), else `data` as it is.
    ///
    /// - Throws: ``RouteParseError`` as ``RouteContainer/unwrap(_:path:limit:)`` throws it (a FIT file,
    ///   a damaged archive, more than ``InputLimits/maximumRouteBytes`` inflated).
    static func unwrapped(_ data: Data, path: String) throws(RouteParseError) -> Data {
        try RouteContainer.unwrap(data, path: path, limit: InputLimits.maximumRouteBytes)?.bytes ?? data
    }
}
