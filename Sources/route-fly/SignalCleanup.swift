import Foundation
import RouteKit
import RouteKitRender
#if canImport(Glibc)
import Glibc
#endif

/// Removes the output file's temporary twin (a file, or the folder of a PNG sequence) and kills the child processes (Chromium, ffmpeg) when a
/// signal ends route-fly: the library writes outputs through ``AtomicFile`` and reports its temporary
/// file (`AtomicFile/temporaryFileObserver`), and keeps its children where a handler can reach them
/// (``ChildProcess/killAllLive()``); the handlers installed here, for the signals that end a process
/// by default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXFSZ) and that
/// the parent did not leave ignored (`nohup` ignores SIGHUP, a shell's background job SIGINT), unlink
/// the file, kill the children's process groups and re-raise the signal with its default action, so
/// the exit status still says which signal. SIGKILL cannot be caught.
enum SignalCleanup {
    /// Installs the handlers and follows the temporary file. Call once, at startup.
    static func install() {
        AtomicFile.temporaryFileObserver = { path in
            // A C string, so that the handler stays async-signal-safe (no Swift allocation there); a
            // folder is opened here, so that the handler only reads it (readdir fills the buffer
            // opendir allocated) and unlinks its entries.
            let old = pendingTemporaryPath, oldFolder = pendingTemporaryFolder
            pendingTemporaryFolder = nil
            pendingTemporaryPath = path.flatMap { strdup($0) }
            if let path, isFolder(path) { pendingTemporaryFolder = opendir(path) }
            if let old { free(old) }
            if let oldFolder { closedir(oldFolder) }
        }
        // The registry of children exists from now on, so the handler never creates it.
        _ = ChildProcess.liveProcessIDs
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXFSZ]
        // A parent may have started us with these blocked (a test runner, a job system): unblock them, or
        // a stop request would wait, pending, until the run ends.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signalNumber in signals { sigaddset(&mask, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        // A signal the parent had ignored stays ignored (nohup's SIGHUP, a background job's SIGINT and
        // SIGQUIT): catching it would end a run its user asked to survive it.
        for signalNumber in signals where !isIgnored(signalNumber) {
            signal(signalNumber) { received in
                if let path = pendingTemporaryPath {
                    if let folder = pendingTemporaryFolder {
                        // Another thread may add a frame meanwhile: empty the folder again until it goes.
                        for _ in 0..<5 where access(path, F_OK) == 0 {
                            SignalCleanup.removeEntries(of: folder)
                            if rmdir(path) != 0 { rewinddir(folder) }
                        }
                    } else if unlink(path) != 0 {
                        rmdir(path)
                    }
                }
                ChildProcess.killAllLive()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Whether `signalNumber` is ignored (`SIG_IGN`), as a parent may have left it for this process.
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Whether `path` names a folder (not following a final symbolic link).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Unlinks every entry of an open folder (its files: a PNG sequence's frames); async-signal-safe in
    /// practice: `readdir` on a stream no one else reads takes no lock another thread holds and
    /// allocates nothing, `unlinkat` is on POSIX's list.
    fileprivate static func removeEntries(of folder: OpaquePointer) {
        let fd = dirfd(folder)
        while let entry = readdir(folder) {
            withUnsafePointer(to: &entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: 256) { name in
                    // "." and ".." fail with EISDIR / EBUSY: harmless.
                    _ = unlinkat(fd, name, 0)
                }
            }
        }
    }
}

/// The temporary file (or folder) to remove if a signal arrives.
nonisolated(unsafe) private var pendingTemporaryPath: UnsafeMutablePointer<CChar>? = nil
/// The temporary folder, opened, when ``pendingTemporaryPath`` is one.
nonisolated(unsafe) private var pendingTemporaryFolder: OpaquePointer? = nil
