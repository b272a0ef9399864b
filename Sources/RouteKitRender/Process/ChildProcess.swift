import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running as a child of this process, in a process group of its own, that never outlives
/// its owner.
///
/// Started with `posix_spawn(3)`: standard input and output are wired to `/dev/null` or to a
/// descriptor of ours, standard error is collected in ``standardErrorTail`` (the last 64 KiB), and
/// extra descriptors become the child's descriptors 3, 4, … in order (Chromium's
/// `--remote-debugging-pipe` reads 3 and writes 4). Every other descriptor is closed in the child,
/// signal dispositions are reset to their defaults and none is blocked, whatever this process does.
///
/// The child leads its own process group, so ``terminate(gracePeriod:)`` reaches the processes it
/// starts too (Chromium's renderer and GPU processes). A child that is still running when its owner
/// lets go of the ``ChildProcess`` is terminated by `deinit`; a program that ends on a signal calls
/// ``killAllLive()`` from its handler (route-fly's `SignalCleanup` does; the library installs none).
///
///     let child = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: ["-version"])
///     let ending = child.wait()          // .exited(0)
package final class ChildProcess: @unchecked Sendable {
    /// Where the child's standard input or output is connected.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A descriptor of this process, duplicated into the child; the caller keeps (and closes) its own.
        case descriptor(Int32)
    }

    /// The program, as given to the initialiser.
    package let executable: String
    /// The child's process id, which is also its process group id.
    package let processID: pid_t

    private let lock = NSLock()
    private var termination: Termination?
    private let errorTail = OutputTail()
    /// Set when the standard error reader saw the end of the stream.
    private let errorDrained = Completion<Void>()

    /// Starts `executable`.
    ///
    /// - Parameters:
    ///   - executable: A path, or a bare name looked up on the `PATH` (`posix_spawnp`).
    ///   - arguments: The arguments after the program name (`argv[1...]`).
    ///   - environment: The child's whole environment; `nil` passes this process's on.
    ///   - standardInput: Descriptor 0 of the child.
    ///   - standardOutput: Descriptor 1 of the child.
    ///   - extraDescriptors: Descriptors of ours that become the child's 3, 4, … in this order.
    /// - Throws: ``ChildProcessError`` when the program cannot be started (not found, not executable,
    ///   too many children: at most 256 live at once).
    package init(
        executable: String, arguments: [String], environment: [String: String]? = nil,
        standardInput: Stream = .null, standardOutput: Stream = .null, extraDescriptors: [Int32] = []
    ) throws(ChildProcessError) {
        self.executable = executable
        let (errorRead, errorWrite) = try Descriptors.socketPair()
        let spawned: pid_t
        do {
            let wiring = Spawn.Wiring(standardInput: standardInput, standardOutput: standardOutput,
                                      standardError: errorWrite, extra: extraDescriptors)
            spawned = try Spawn.start(executable, arguments: arguments, environment: environment, wiring: wiring)
        } catch {
            close(errorRead)
            close(errorWrite)
            throw error
        }
        close(errorWrite)
        processID = spawned
        guard ChildProcessRegistry.insert(spawned) else {
            kill(-spawned, SIGKILL)
            var status: Int32 = 0
            waitpid(spawned, &status, 0)
            close(errorRead)
            throw ChildProcessError(executable: executable, reason: "too many child processes (at most \(ChildProcessRegistry.capacity))")
        }
        startCollectingStandardError(from: errorRead)
    }

    deinit {
        if lock.withLock({ termination == nil }) { terminate(gracePeriod: 2) }
    }

    /// The last 64 KiB the child (and the processes it started) wrote to standard error, as text.
    package var standardErrorTail: String { errorTail.text }

    /// Whether the child has not exited yet.
    package var isRunning: Bool { lock.withLock { termination == nil } && !hasExited() }

    /// Waits until the child exits and reaps it; then kills whatever is left of its process group.
    /// - Returns: How it ended; the same value on every later call.
    @discardableResult
    package func wait() -> Termination {
        if let termination = lock.withLock({ termination }) { return termination }
        var info = siginfo_t()
        while waitid(P_PID, id_t(processID), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        return reap()
    }

    /// Waits at most `timeout` seconds for the child to exit.
    /// - Returns: How it ended, or `nil` when it is still running.
    package func wait(timeout: TimeInterval) -> Termination? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        repeat {
            if let termination = lock.withLock({ termination }) { return termination }
            if hasExited() { return reap() }
            usleep(5_000)
        } while Date() < deadline
        return nil
    }

    /// Ends the child: SIGTERM to its process group, then SIGKILL when it has not exited after
    /// `gracePeriod` seconds. Returns at once when it already ended.
    /// - Parameter gracePeriod: Seconds between SIGTERM and SIGKILL, ≥ 0.
    /// - Returns: How it ended.
    @discardableResult
    package func terminate(gracePeriod: TimeInterval = 5) -> Termination {
        sendToGroup(SIGTERM)
        if let ending = wait(timeout: gracePeriod) { return ending }
        sendToGroup(SIGKILL)
        return wait()
    }

    /// Sends a signal to the child's process group, unless the child was reaped already.
    /// - Parameter number: A signal number, such as `SIGTERM`.
    package func sendToGroup(_ number: Int32) {
        lock.withLock { if termination == nil { _ = kill(-processID, number) } }
    }

    /// Waits up to `timeout` seconds for standard error to reach its end (all writers gone), so that
    /// ``standardErrorTail`` holds the last words of a child that exited.
    func drainStandardError(timeout: TimeInterval) { _ = errorDrained.wait(timeout: timeout) }

    /// The process ids of the children alive now (each the leader of its process group), for
    /// diagnostics and tests.
    package static var liveProcessIDs: [pid_t] { ChildProcessRegistry.live }

    /// Sends SIGKILL to the process group of every live child. Async-signal-safe: a signal handler may
    /// call it (it reads a fixed array and calls `kill(2)`), provided the program touched
    /// ``liveProcessIDs`` once before installing the handler, so that the array exists.
    package static func killAllLive() { ChildProcessRegistry.killAll() }

    // MARK: Steps

    /// Whether the child exited (a zombie waiting to be reaped), without reaping it.
    private func hasExited() -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(processID), &info, WEXITED | WNOHANG | WNOWAIT)
        return result != 0 || info.si_signo == SIGCHLD  // an error (ECHILD): nothing left to wait for
    }

    /// Kills the rest of the child's process group while the exited leader still holds its id (so the
    /// id cannot have been reused), then reaps the leader and forgets it.
    private func reap() -> Termination {
        lock.withLock {
            if let termination { return termination }
            kill(-processID, SIGKILL)
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(processID, &status, 0) } while result < 0 && errno == EINTR
            let ending = result == processID ? Termination(waitStatus: status) : .unknown
            termination = ending
            ChildProcessRegistry.remove(processID)
            return ending
        }
    }

    /// A thread that reads standard error into the tail until every writer closed it.
    private func startCollectingStandardError(from fd: Int32) {
        let tail = errorTail, drained = errorDrained
        let reader = Thread {
            while Descriptors.readSome(fd, into: { tail.append($0) }) {}
            close(fd)
            drained.complete(())
        }
        reader.name = "RouteKit stderr of \(URL(fileURLWithPath: executable).lastPathComponent)"
        reader.start()
    }
}
