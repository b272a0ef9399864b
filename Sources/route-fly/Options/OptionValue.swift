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

    /// A finite decimal number in `range` (an infinite bound: no bound that side). The error states
    /// what the number is and the range: `metres, at least 0 and at most 10000`, then `, or ALTERNATIVE`.
    func number(in range: ClosedRange<Double>, _ what: String, or alternative: String? = nil) throws(UsageError) -> Double {
        guard let v = Self.decimal(text), v.isFinite, range.contains(v) else {
            throw invalid(Self.expectation(what, Self.bounds(range), or: alternative))
        }
        return v
    }

    /// A finite decimal number more than 0 and at most `limit` (infinite: no upper bound). The error
    /// states what the number is and the bounds: `seconds, more than 0 and at most 1000000000`.
    func positive(atMost limit: Double, _ what: String, or alternative: String? = nil) throws(UsageError) -> Double {
        guard let v = Self.decimal(text), v.isFinite, v > 0, v <= limit else {
            throw invalid(Self.expectation(what, Self.bounds(above: 0, atMost: limit), or: alternative))
        }
        return v
    }

    /// A whole number in `range`; the error states what it is and the range.
    func integer(in range: ClosedRange<Int>, _ what: String, note: String = "") throws(UsageError) -> Int {
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(n) else {
            throw invalid(Self.expectation(what, Self.bounds(Double(range.lowerBound)...Double(range.upperBound))) + note)
        }
        return n
    }

    /// `what, bounds`, then `, or alternative` when there is one.
    static func expectation(_ what: String, _ bounds: String, or alternative: String? = nil) -> String {
        "\(what), \(bounds)" + (alternative.map { ", or \($0)" } ?? "")
    }

    /// A closed range in words: `at least 0.01 and at most 179` (`at least 1` without an upper bound).
    static func bounds(_ range: ClosedRange<Double>) -> String {
        let lower = range.lowerBound.isInfinite ? nil : "at least \(number(range.lowerBound))"
        let upper = range.upperBound.isInfinite ? nil : "at most \(number(range.upperBound))"
        return [lower, upper].compactMap { $0 }.joined(separator: " and ")
    }

    /// A range open below in words: `more than 0 and at most 1` (`more than 0` without an upper bound).
    static func bounds(above lower: Double, atMost upper: Double) -> String {
        "more than \(number(lower))" + (upper.isInfinite ? "" : " and at most \(number(upper))")
    }

    /// A closed range as the help states it: `0.01 to 179`.
    static func span(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    /// A bound as the errors print it: up to three decimals, trailing zeros dropped (`0.001`, `89.9`,
    /// `10000000`).
    static func number(_ value: Double) -> String { CheckOptions.shown(value) }

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

    /// A file that is read where it lies (GDAL opens it by name, and may read its neighbours): not
    /// standard input.
    func inputFileName(_ what: String) throws(UsageError) -> String {
        guard text != "-" else { throw error("The \(what) is read from a file, not from standard input ('-'): give its path.") }
        return try fileName(what)
    }

    /// Frames per second: a number (`29.97`) or ffmpeg's rational form (`30000/1001`), more than 0 and at
    /// most `limit`.
    func framesPerSecond(atMost limit: Double) throws(UsageError) -> Double {
        let range = 1e-3...limit
        let expectation = Self.expectation("frames per second", Self.bounds(range)) + " (a number, or a ratio such as 30000/1001)"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Self.decimal(parts[0]), let d = Self.decimal(parts[1]),
                  n.isFinite, d.isFinite, d > 0, range.contains(n / d) else { throw invalid(expectation) }
            return n / d
        }
        guard let v = Self.decimal(text), v.isFinite, range.contains(v) else { throw invalid(expectation) }
        return v
    }

    /// A decimal number as people write it (`12`, `-0.5`, `1e3`, spaces around it allowed), or `nil`:
    /// `Double(_:)` alone would also take hexadecimal (`0x10`), `inf` and `nan`.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        return Double(trimmed)
    }
}
