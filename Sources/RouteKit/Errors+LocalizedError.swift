import Foundation

// RouteKit's errors as `LocalizedError`, so that `error.localizedDescription` (Foundation's text for
// any `Error`) is the error's `description` - one line naming the file, line and column, or the
// setting - rather than "The operation could not be completed". The text is English, not localized.
// Every public error type of the library targets conforms (`LocalizedErrorTests` checks it).

extension RouteParseError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension FlightPlanError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension GroupFlightError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension CameraScriptError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension RiderGroupError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension FlightCheck.Unplannable: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension RouteProfile.TooManyBins: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension AtomicFile.WriteError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
