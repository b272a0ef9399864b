import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a reader's bytes come from: a local file (read or streamed, never held twice) or bytes
/// already in memory.
package enum RouteInput: Sendable {
    /// A file on disk.
    case file(URL)
    /// Bytes in memory.
    case data(Data)

    /// The first bytes, at most `limit`, and whether they are the whole input.
    func head(limit: Int, format: RouteFormat? = nil, path: String? = nil) throws(RouteParseError) -> (bytes: [UInt8], isWhole: Bool) {
        switch self {
        case .data(let data):
            return (Array(data.prefix(limit)), data.count <= limit)
        case .file(let url):
            let fd = open(url.path, O_RDONLY)
            guard fd >= 0 else { throw Self.unreadable(errno, format, path ?? url.path) }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: limit + 1)
            var filled = 0
            while filled < limit + 1 {
                let n = buffer.withUnsafeMutableBufferPointer { b -> Int in
                    guard let base = b.baseAddress else { return 0 }
                    return read(fd, base + filled, limit + 1 - filled)
                }
                if n < 0 { throw Self.unreadable(errno, format, path ?? url.path) }
                if n == 0 { break }
                filled += n
            }
            return (Array(buffer.prefix(min(filled, limit))), filled <= limit)
        }
    }

    /// The input's length in bytes, or `nil` when the system cannot tell (not a regular file).
    var byteCount: Int? {
        switch self {
        case .data(let data):
            return data.count
        case .file(let url):
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Int(info.st_size)
        }
    }

    /// All the bytes (a file is memory-mapped when the system allows it).
    func bytes(format: RouteFormat?, path: String?) throws(RouteParseError) -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            // Checked first so that the message is the system's ("No such file or directory").
            _ = try head(limit: 1, format: format, path: path)
            do {
                return try Data(contentsOf: url, options: .alwaysMapped)
            } catch {
                throw RouteParseError(format: format, location: nil, path: path ?? url.path,
                                      reason: .unreadable(error.localizedDescription))
            }
        }
    }

    /// Calls `body` with all the bytes in place: data as it is, a regular file memory-mapped for the
    /// call. `release(offset)` (for a file) drops the mapped pages before `offset` from the resident set
    /// (they stay in the page cache, and are read again if touched), so a scan that calls it as it goes
    /// keeps the resident set flat however large the file; it may be `nil` (data).
    ///
    /// - Returns: `body`'s result, or `nil` when the file cannot be opened or mapped (not a regular
    ///   file, or empty).
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>, _ release: ((Int) -> Void)?) -> T) -> T? {
        withMappedBytes({ bytes, release in
            body(bytes, release.map { release in { offset in release(0..<max(offset, 0)) } })
        })
    }

    /// ``withBytes(_:)`` with a `release` that drops the pages wholly inside a byte range (a scan
    /// reading two parts of the file at once releases behind each).
    func withMappedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>, _ release: (@Sendable (Range<Int>) -> Void)?) -> T) -> T? {
        switch self {
        case .data(let data):
            return data.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt8.self), nil) }
        case .file(let url):
            let fd = open(url.path, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
            let size = Int(info.st_size)
            guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return nil }
            defer { munmap(mapped, size) }
            _ = madvise(mapped, size, Int32(MADV_SEQUENTIAL))
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            nonisolated(unsafe) let base = mapped
            return body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)) { range in
                let lower = (max(range.lowerBound, 0) + page - 1) / page * page
                let upper = min(range.upperBound, size) / page * page
                if upper > lower { _ = madvise(base + lower, upper - lower, Int32(MADV_DONTNEED)) }
            }
        }
    }

    /// Calls `body` with all the text, read where it lies: a regular file memory-mapped (with
    /// `release`, as ``withBytes(_:)`` gives it), anything else (data, a pipe, an empty file) from
    /// memory, with `release` `nil`. With `convertingUTF16`, text with a UTF-16 byte order mark is
    /// converted to UTF-8 first (``UTF16Text``), so it is read from memory.
    ///
    /// - Throws: The system's error when the input cannot be read (``RouteParseError/Reason/unreadable(_:)``),
    ///   or what `body` throws.
    func withText<T>(format: RouteFormat, path: String?, convertingUTF16: Bool = false,
                     _ body: (UnsafeBufferPointer<UInt8>, ((Int) -> Void)?) throws(RouteParseError) -> T) throws(RouteParseError) -> T {
        let mapped = withBytes { bytes, release -> Result<T, RouteParseError>? in
            if convertingUTF16, bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
                return nil
            }
            return Result { () throws(RouteParseError) in try body(bytes, release) }
        }
        if let mapped, let mapped { return try mapped.get() }
        let data = try bytes(format: format, path: path)
        if convertingUTF16, let utf8 = UTF16Text.utf8(data) {
            return try utf8.withUnsafeBufferPointer { text in Result { () throws(RouteParseError) in try body(text, nil) } }.get()
        }
        return try data.withUnsafeBytes { raw in
            Result { () throws(RouteParseError) in try body(raw.bindMemory(to: UInt8.self), nil) }
        }.get()
    }

    /// A stream over the bytes.
    func stream(format: RouteFormat?, path: String?) throws(RouteParseError) -> InputStream {
        switch self {
        case .data(let data):
            return InputStream(data: data)
        case .file(let url):
            guard let stream = InputStream(url: url) else {
                throw RouteParseError(format: format, location: nil, path: path ?? url.path,
                                      reason: .unreadable("cannot open a stream"))
            }
            return stream
        }
    }

    private static func unreadable(_ code: Int32, _ format: RouteFormat?, _ path: String) -> RouteParseError {
        RouteParseError(format: format, location: nil, path: path, reason: .unreadable(String(cString: strerror(code))))
    }
}
