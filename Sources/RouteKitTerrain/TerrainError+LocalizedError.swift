import Foundation

// `error.localizedDescription` (Foundation's text for any `Error`) gives the error's `description`,
// `PATH: error: SENTENCE`, rather than "The operation could not be completed". English, not localized.
extension TerrainError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
