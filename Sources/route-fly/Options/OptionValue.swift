import Foundation
import RouteKit

/// An option as the user gave it: the spelling typed, the value's text, and the subcommand (for the usage
/// line printed with an error). Its readers check the text and word the error when it is wrong.
struct OptionValue {
    /// The spelling typed (`-o`, `--no-eye`).
    var name: String
    /// The value's name from the declaration (`seconds`), or `nil` for a flag.
    var valueName: String?
    /// The value's text; empty for a flag.
    var text: String
    var subcommand: String

    /// A usage error for this value: `The value 'x' is invalid for '--name <value>': expected ….`
    func invalid(_ expectation: String) -> UsageError {
        UsageError(message: "The value '\(text)' is invalid for '\(name) <\(valueName ?? "value")>': expected \(expectation).",
                   subcommand: subcommand)
    }

    /// A usage error about this option, in the caller's words.
    func error(_ message: String) -> UsageError { UsageError(message: message, subcommand: subcommand) }

    /// A finite decimal number in `range`.
    func number(in range: ClosedRange<Double>, _ expectation: String) throws(UsageError) -> Double {
        guard let v = Self.decimal(text), v.isFinite, range.contains(v) else { throw invalid(expectation) }
        return v
    }

    /// A finite decimal number more than 0 and at most `limit`.
    func positive(atMost limit: Double, _ expectation: String) throws(UsageError) -> Double {
        let v = try number(in: 0...limit, expectation)
        guard v > 0 else { throw invalid(expectation) }
        return v
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>, _ expectation: String) throws(UsageError) -> Int {
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(n) else { throw invalid(expectation) }
        return n
    }

    /// One of `T`'s raw values, matched case-insensitively, or an error listing them (with a "did you
    /// mean" when one is close).
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(UsageError) -> T where T.RawValue == String {
        if let c = T(rawValue: text) ?? T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return c }
        let names = T.allCases.map(\.rawValue)
        throw error("The value '\(text)' is invalid for '\(name) <\(valueName ?? "value")>': expected one of \(names.joined(separator: ", "))."
                    + Suggestion.didYouMean(text, among: names))
    }

    /// A file name, refusing an empty one (`what`: "output file", "script file").
    func fileName(_ what: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw error("The \(what) name is empty.") }
        return text
    }

    /// Frames per second: a number (`29.97`) or ffmpeg's rational form (`30000/1001`), more than 0 and at
    /// most `limit`.
    func framesPerSecond(atMost limit: Double) throws(UsageError) -> Double {
        let expectation = "frames per second, more than 0 and at most \(FixedDecimal.string(limit, places: 0)) (a number, or a ratio such as 30000/1001)"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Self.decimal(parts[0]), let d = Self.decimal(parts[1]),
                  n.isFinite, d.isFinite, d > 0, (1e-3...limit).contains(n / d) else { throw invalid(expectation) }
            return n / d
        }
        return try number(in: 1e-3...limit, expectation)
    }

    /// A decimal number as people write it (`12`, `-0.5`, `1e3`, spaces around it allowed), or `nil`:
    /// `Double(_:)` alone would also take hexadecimal (`0x10`), `inf` and `nan`.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        return Double(trimmed)
    }
}
