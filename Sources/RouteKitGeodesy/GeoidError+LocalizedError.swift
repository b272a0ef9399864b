import Foundation

// `error.localizedDescription` (Foundation's text for any `Error`) gives the error's `description`
// rather than "The operation could not be completed". The text is English, not localized.
extension GeoidError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
