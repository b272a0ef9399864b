import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `route-fly` says on standard error besides errors: notes and warnings (silenced by `--quiet`),
/// and a progress line for long runs when standard error is a terminal.
enum Diagnostics {
    /// `--quiet` (`-q`): errors only. Set once while the arguments are parsed, before anything runs.
    nonisolated(unsafe) static var quiet = false
}

/// Writes a note or warning line to standard error, unless `--quiet`.
func printDiagnostic(_ line: String) {
    guard !Diagnostics.quiet else { return }
    Progress.shared.clearLine()
    printError(line)
}

/// A progress line on standard error (`route-fly: writing frames 1200/6000 (20 %), 4 s`), redrawn twice
/// a second, shown only when standard error is a terminal, `--quiet` is off, and the run has lasted 2 s
/// (short runs print nothing). A background thread draws it; the work only updates the phase and counts.
final class Progress: @unchecked Sendable {
    static let shared = Progress()

    private let lock = NSLock()
    private var phase = ""
    private var done = 0
    private var total = 0
    private var showsRate = false
    private var started = Date()
    private var phaseStarted = Date()
    private var shown = false
    private var running = false
    private let enabled: Bool

    private init() {
        enabled = isatty(2) == 1 || ProcessInfo.processInfo.environment["ROUTE_FLY_PROGRESS"] == "always"
    }

    /// Starts the clock and the drawing thread (idempotent).
    func start() {
        guard enabled, !Diagnostics.quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        running = true
        started = Date()
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                lock.lock()
                guard running else { lock.unlock(); return }
                let elapsed = Date().timeIntervalSince(started)
                if elapsed >= 2, !phase.isEmpty {
                    var line = "route-fly: \(phase)"
                    if total > 0 { line += " \(done)/\(total) (\(done * 100 / total) %)" }
                    line += ", \(Int(elapsed)) s"
                    if showsRate, done > 0, total > done {
                        let rate = Double(done) / max(Date().timeIntervalSince(phaseStarted), 0.001)
                        line += String(format: ", %.2f frames/s, ", rate) + describeSeconds((Double(total - done) / rate).rounded()) + " left"
                    }
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
                    shown = true
                }
                lock.unlock()
            }
        }
        thread.start()
    }

    /// Names what is being done now (`reading the route`), with a count to go when known.
    func set(_ phase: String, total: Int = 0, showsRate: Bool = false) {
        lock.lock()
        self.phase = phase
        self.total = total
        self.showsRate = showsRate
        phaseStarted = Date()
        done = 0
        lock.unlock()
    }

    /// Updates the count done.
    func update(_ done: Int) {
        lock.lock()
        self.done = done
        lock.unlock()
    }

    /// Erases the progress line, if one is shown, so another line can be written.
    func clearLine() {
        lock.lock()
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); shown = false }
        lock.unlock()
    }

    /// Stops drawing and erases the line.
    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        clearLine()
    }
}
