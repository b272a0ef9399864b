import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An output file written whole or not at all.
///
/// Bytes go to a temporary file beside the destination (`.NAME.routekit-PID-RANDOM.tmp`), which is
/// renamed over the destination only by `commit()`, after everything was written and synced
/// (POSIX `rename(2)` replaces a file in one step). `abort()` and a thrown error remove the
/// temporary file, so a failed run leaves no file behind; a program that wants the same when a signal
/// ends it installs handlers and follows the file with `temporaryFileObserver` (route-fly does, for
/// the signals that end a process by default; SIGKILL cannot be caught). Writing to a symbolic link writes the file it points to; an
/// existing file keeps its permission bits.
///
/// A destination that exists and is not a regular file — a FIFO, a device such as `/dev/null`, a
/// terminal — is written directly (it cannot be replaced, and must not be: it stays what it is).
/// `standardOutput()` writes file descriptor 1 the same way.
public final class AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The destination, as the user typed it.
        public var path: String
        /// The system's reason, in words.
        public var reason: String
        public var description: String {
            path == "<stdout>" ? "error: cannot write to standard output: \(reason)"
                : "\(path): error: cannot write the file: \(reason)"
        }
    }

    /// The destination as the user typed it.
    package let path: String
    private let target: String
    /// The temporary file, or `nil` when writing directly (a FIFO, a device, standard output).
    private let temporary: String?
    private var fd: Int32
    /// The permissions the file gets: the replaced file's, else a new file's under the umask.
    private var mode: mode_t = 0o644
    /// Whether ``commit()`` closes `fd` (not for standard output).
    private let ownsDescriptor: Bool

    private init(path: String, target: String, fd: Int32, ownsDescriptor: Bool) {
        self.path = path
        self.target = target
        self.temporary = nil
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
    }

    /// Standard output (file descriptor 1), written directly; errors name it `<stdout>`.
    package static func standardOutput() -> AtomicFile {
        AtomicFile(path: "<stdout>", target: "<stdout>", fd: 1, ownsDescriptor: false)
    }

    /// Opens `path` for writing: a temporary file beside it, or the file itself when it exists and is
    /// not a regular file (FIFO, device).
    /// - Throws: ``WriteError`` when `path` is a directory or cannot be written.
    package init(path: String) throws(WriteError) {
        self.path = path
        self.ownsDescriptor = true
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            self.target = path
            self.temporary = nil
            self.fd = fd
            return
        }
        var target = path
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let replaced = stat(target, &info) == 0
        if replaced {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw WriteError(path: path, reason: "it is a directory (expected a file name)")
            }
            mode = info.st_mode & 0o7777
        }
        self.target = target
        let url = URL(fileURLWithPath: target)
        let temporary = url.deletingLastPathComponent().path + "/." + url.lastPathComponent
            + ".routekit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        self.temporary = temporary
        // Read and write for all, less the user's umask (as the kernel applies it), like any new file.
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        AtomicFile.registerForCleanup(temporary)
        if !replaced, fstat(fd, &info) == 0 { mode = info.st_mode & 0o7777 }
    }

    deinit { if fd >= 0 && ownsDescriptor { abort() } }

    /// Appends bytes to the temporary file.
    /// - Throws: ``WriteError`` (the temporary file is removed).
    package func write(_ bytes: [UInt8]) throws(WriteError) {
        var offset = 0
        var failure: String? = nil
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if let failure {
            abort()
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Syncs the temporary file and renames it over the destination (a direct destination is only
    /// closed).
    /// - Throws: ``WriteError`` (the temporary file is removed, the destination left as it was).
    package func commit() throws(WriteError) {
        guard let temporary else {
            if ownsDescriptor, fd >= 0, close(fd) != 0 {
                fd = -1
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            if ownsDescriptor { fd = -1 }
            return
        }
        var failure: String? = nil
        if fchmod(fd, mode) != 0 || fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        fd = -1
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            AtomicFile.registerForCleanup(nil)
            throw WriteError(path: path, reason: failure)
        }
        AtomicFile.registerForCleanup(nil)
    }

    /// Removes the temporary file; the destination is left as it was.
    package func abort() {
        if fd >= 0 && ownsDescriptor { close(fd) }
        if ownsDescriptor { fd = -1 }
        guard let temporary else { return }
        unlink(temporary)
        AtomicFile.registerForCleanup(nil)
    }

    /// Writes `bytes` to `path` atomically in one call.
    package static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    // MARK: Cleanup on signals

    /// Told the path of the temporary file being written (or of a temporary folder: RouteKitRender's PNG
    /// sequences), and `nil` when it is gone (renamed or removed), so that a program can remove it if a
    /// signal ends the process: the library installs
    /// no signal handlers (route-fly's `SignalCleanup` does). Set it once, before writing; it is
    /// called on the writing thread.
    nonisolated(unsafe) package static var temporaryFileObserver: ((String?) -> Void)? = nil

    private static func registerForCleanup(_ temporary: String?) {
        temporaryFileObserver?(temporary)
    }
}
