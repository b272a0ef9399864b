import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file or nothing: the bytes go to a temporary file beside the destination, which is
/// renamed over it only when everything was written. A failed run leaves no file (and no temporary
/// file) behind, and an existing file is replaced in one step (POSIX `rename(2)` is atomic).
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: cannot write the file: \(reason)" }
    }

    /// Writes `bytes` to `path` atomically.
    /// - Throws: ``WriteError`` naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".routekit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var offset = 0
        var failure: String? = nil
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }
}
