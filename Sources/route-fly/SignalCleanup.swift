import Foundation
import RouteKit
import RouteKitRender
#if canImport(Glibc)
import Glibc
#endif

/// Removes the output file's temporary twin and kills the child processes (Chromium, ffmpeg) when a
/// signal ends route-fly: the library writes outputs through ``AtomicFile`` and reports its temporary
/// file (``AtomicFile/temporaryFileObserver``), and keeps its children where a handler can reach them
/// (``ChildProcess/killAllLive()``); the handlers installed here, for the signals that end a process
/// by default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXFSZ), unlink
/// the file, kill the children's process groups and re-raise the signal with its default action, so
/// the exit status still says which signal. SIGKILL cannot be caught.
enum SignalCleanup {
    /// Installs the handlers and follows the temporary file. Call once, at startup.
    static func install() {
        AtomicFile.temporaryFileObserver = { path in
            // A C string, so that the handler stays async-signal-safe (no Swift allocation there).
            let old = pendingTemporaryPath
            pendingTemporaryPath = path.flatMap { strdup($0) }
            if let old { free(old) }
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
        for signalNumber in signals {
            signal(signalNumber) { received in
                if let path = pendingTemporaryPath { unlink(path) }
                ChildProcess.killAllLive()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}

/// The temporary file to remove if a signal arrives.
nonisolated(unsafe) private var pendingTemporaryPath: UnsafeMutablePointer<CChar>? = nil
