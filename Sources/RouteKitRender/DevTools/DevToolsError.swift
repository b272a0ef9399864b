/// Why a DevTools command failed.
public enum DevToolsError: Error, Sendable, CustomStringConvertible {
    /// No reply came within the timeout.
    case timedOut(method: String, seconds: Double)
    /// Chromium answered with an error (an unknown method, a bad parameter, a closed target).
    case commandFailed(method: String, code: Int, message: String)
    /// Chromium exited or closed its end of the pipe; `details` says how it ended and ends with the
    /// tail of its standard error.
    case browserExited(method: String, details: String)
    /// The page's script threw (or a promise it returned was rejected); the message is the
    /// exception's, as the page's console would show it.
    case javaScriptException(message: String)
    /// A reply that does not have the shape the protocol documents.
    case unexpectedReply(method: String, detail: String)

    public var description: String {
        switch self {
        case .timedOut(let method, let seconds):
            "Chromium did not answer '\(method)' within \(Self.seconds(seconds))"
        case .commandFailed(let method, let code, let message):
            "Chromium refused '\(method)': \(message) (code \(code))"
        case .browserExited(let method, let details):
            "Chromium ended during '\(method)': \(details)"
        case .javaScriptException(let message):
            "the page's script failed: \(message)"
        case .unexpectedReply(let method, let detail):
            "Chromium's reply to '\(method)' is not what the protocol documents: \(detail)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
