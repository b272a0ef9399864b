/// Why a child process could not be started.
public struct ChildProcessError: Error, Sendable, CustomStringConvertible {
    /// The program, as given.
    public var executable: String
    /// The system's reason, in words.
    public var reason: String

    public var description: String {
        executable.isEmpty ? "cannot start a program: \(reason)" : "cannot start '\(executable)': \(reason)"
    }
}
