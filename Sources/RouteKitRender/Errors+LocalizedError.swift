import Foundation

// RouteKitRender's errors as `LocalizedError`, so that `error.localizedDescription` (Foundation's
// text for any `Error`) is the error's `description` rather than "The operation could not be
// completed". The text is English, not localized. Every public error type of the target conforms
// (`LocalizedErrorTests` checks it).

extension ChildProcessError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension ProgramNotFoundError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension VideoEncoderError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension DevToolsError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension RenderError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
