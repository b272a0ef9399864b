#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended.
package enum Termination: Hashable, Sendable, CustomStringConvertible {
    /// It exited with this status (0 is success).
    case exited(Int32)
    /// A signal ended it (`SIGTERM` is 15, `SIGKILL` 9).
    case signalled(Int32)
    /// Another part of the program reaped it (for instance with `SIGCHLD` ignored), so its status is lost.
    case unknown

    /// From a `waitpid(2)` status.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Whether it exited with status 0.
    package var isSuccess: Bool { self == .exited(0) }

    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
        SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
        SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
    ]

    package var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let number): "ended by signal \(number)" + (Self.signalNames[number].map { " (\($0))" } ?? "")
        case .unknown: "ended (status unknown)"
        }
    }
}
