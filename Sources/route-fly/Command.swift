import Foundation
import RouteKit

/// A usage error: what the user typed that the tool cannot accept. Exit status 64.
struct UsageError: Error, Equatable {
    var message: String
    /// The subcommand whose usage line to print, if known.
    var subcommand: String?
}

/// A parsed command line.
enum Command: Equatable {
    case help(String?)  // nil: the tool's overview
    case version
    case sample(SampleOptions)
    case info(InfoOptions)
    case plan(PlanOptions)
    case check(CheckOptions)
    case profile(ProfileOptions)
    case preview(PreviewOptions)

    /// Parses the arguments (without the program name). Pure: tests call it directly.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            guard rest.isEmpty else { throw UsageError(message: "Unexpected argument '\(rest[0])' after '--version'.") }
            return .version
        case "help":
            guard let name = rest.first else { return .help(nil) }
            guard Usage.subcommands.contains(name) else {
                throw UsageError(message: "Unknown subcommand '\(name)'.")
            }
            return .help(name)
        case "sample":
            if rest.contains("-h") || rest.contains("--help") { return .help("sample") }
            return .sample(try SampleOptions.parse(rest))
        case "info":
            if rest.contains("-h") || rest.contains("--help") { return .help("info") }
            return .info(try InfoOptions.parse(rest))
        case "plan":
            if rest.contains("-h") || rest.contains("--help") { return .help("plan") }
            return .plan(try PlanOptions.parse(rest))
        case "check":
            if rest.contains("-h") || rest.contains("--help") { return .help("check") }
            return .check(try CheckOptions.parse(rest))
        case "profile":
            if rest.contains("-h") || rest.contains("--help") { return .help("profile") }
            return .profile(try ProfileOptions.parse(rest))
        case "preview":
            if rest.contains("-h") || rest.contains("--help") { return .help("preview") }
            return .preview(try PreviewOptions.parse(rest))
        default:
            if first.hasPrefix("-") { throw UsageError(message: "Unknown option '\(first)'.") }
            throw UsageError(message: "Unknown subcommand '\(first)'. Expected one of: \(Usage.subcommands.joined(separator: ", ")).")
        }
    }

    func run() throws {
        switch self {
        case .help(let name):
            try writeStandardOutput(Array(Usage.help(name).utf8))
        case .version:
            try writeStandardOutput(Array("route-fly \(Usage.version)\n".utf8))
        case .sample(let options):
            try options.run()
        case .info(let options):
            try options.run()
        case .plan(let options):
            try options.run()
        case .check(let options):
            try options.run()
        case .profile(let options):
            try options.run()
        case .preview(let options):
            try options.run()
        }
    }
}

/// Splits `--name value`, `--name=value` and positional arguments for one subcommand.
struct ArgumentScanner {
    var subcommand: String
    private var tokens: [String]
    private var index = 0

    init(_ tokens: [String], subcommand: String) {
        self.tokens = tokens
        self.subcommand = subcommand
    }

    enum Token { case option(String, inlineValue: String?), positional(String) }

    mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        index += 1
        if token == "-" || !token.hasPrefix("-") { return .positional(token) }
        if token == "--" {
            return index < tokens.count ? { defer { index += 1 }; return .positional(tokens[index]) }() : next()
        }
        if token.hasPrefix("--"), let eq = token.firstIndex(of: "=") {
            return .option(String(token[..<eq]), inlineValue: String(token[token.index(after: eq)...]))
        }
        return .option(token, inlineValue: nil)
    }

    /// The value of an option: inline (`--fps=30`) or the next token.
    mutating func value(for option: String, inline: String?, valueName: String) throws(UsageError) -> String {
        if let inline { return inline }
        guard index < tokens.count else {
            throw UsageError(message: "Missing value for '\(option) <\(valueName)>'.", subcommand: subcommand)
        }
        defer { index += 1 }
        return tokens[index]
    }

    /// A finite number in `range`, or a usage error quoting the token.
    func number(_ text: String, option: String, valueName: String, range: ClosedRange<Double>,
                expectation: String) throws(UsageError) -> Double {
        guard let v = Self.decimal(text), v.isFinite, range.contains(v) else {
            throw UsageError(message: "The value '\(text)' is invalid for '\(option) <\(valueName)>': expected \(expectation).",
                             subcommand: subcommand)
        }
        return v
    }
}

extension ArgumentScanner {
    /// Options that are one option under two spellings, for the "given more than once" check.
    static let aliases = ["-o": "--output", "--no-eye": "--eye"]

    /// Reads one subcommand's arguments: exactly one positional `<route>`, and options, each at most once
    /// (aliases count as one), each handed to `handle` with the scanner to read its value from.
    ///
    /// - Returns: The route argument.
    /// - Throws: ``UsageError``: a second positional argument, a repeated option, a missing route, or
    ///   whatever `handle` throws (it throws for an unknown option).
    static func routeAndOptions(
        _ arguments: [String], subcommand: String,
        _ handle: (_ name: String, _ inline: String?, _ scanner: inout ArgumentScanner) throws(UsageError) -> Void
    ) throws(UsageError) -> String {
        var scanner = ArgumentScanner(arguments, subcommand: subcommand)
        var route: String? = nil
        var seen = Set<String>()
        while let token = scanner.next() {
            switch token {
            case .positional(let p):
                guard route == nil else {
                    throw UsageError(message: "Unexpected argument '\(p)': '\(subcommand)' takes one route file.", subcommand: subcommand)
                }
                route = p
            case .option(let name, let inline):
                if name == "--quiet" || name == "-q" {
                    try scanner.flag(name, inline: inline)
                    Diagnostics.quiet = true
                    continue
                }
                let canonical = aliases[name] ?? name
                guard seen.insert(canonical).inserted else {
                    let also = aliases.first { $0.value == canonical && $0.key != name }?.key ?? (canonical != name ? canonical : nil)
                    throw UsageError(message: "The option '\(name)'\(also.map { " (or '\($0)')" } ?? "") was given more than once.", subcommand: subcommand)
                }
                try handle(name, inline, &scanner)
            }
        }
        guard let route else { throw UsageError(message: "Missing expected argument '<route>'.", subcommand: subcommand) }
        guard !route.isEmpty else { throw UsageError(message: "The route file name is empty.", subcommand: subcommand) }
        return route
    }

    /// Refuses a value on a flag (`--json=yes`).
    func flag(_ name: String, inline: String?) throws(UsageError) {
        guard inline == nil else { throw UsageError(message: "'\(name)' takes no value.", subcommand: subcommand) }
    }

    /// A file name option's value, refusing an empty one.
    mutating func fileName(for name: String, inline: String?, what: String = "output file") throws(UsageError) -> String {
        let v = try value(for: name, inline: inline, valueName: "file")
        guard !v.isEmpty else { throw UsageError(message: "The \(what) name is empty.", subcommand: subcommand) }
        return v
    }

    /// An unknown option.
    func unknown(_ name: String) -> UsageError {
        UsageError(message: "Unknown option '\(name)'.\(Suggestion.didYouMean(name, among: Usage.optionNames(subcommand)))",
                   subcommand: subcommand)
    }

    /// A decimal number as people write it (`12`, `-0.5`, `1e3`, spaces around it allowed), or `nil`:
    /// `Double(_:)` alone would also take hexadecimal (`0x10`), `inf` and `nan`.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        return Double(trimmed)
    }

    /// Frames per second: a number (`29.97`) or ffmpeg's rational form (`30000/1001`), in 0.001...1000.
    func framesPerSecond(_ text: String, option: String) throws(UsageError) -> Double {
        let expectation = "frames per second, more than 0 and at most 1000 (a number, or a ratio such as 30000/1001)"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            let bad = UsageError(message: "The value '\(text)' is invalid for '\(option) <fps>': expected \(expectation).", subcommand: subcommand)
            guard let n = Self.decimal(parts[0]), let d = Self.decimal(parts[1]),
                  n.isFinite, d.isFinite, d > 0, (1e-3...1000).contains(n / d) else { throw bad }
            return n / d
        }
        return try number(text, option: option, valueName: "fps", range: 1e-3...1000, expectation: expectation)
    }

    /// One of `T`'s raw values, matched case-insensitively, or a usage error listing them (with a
    /// "did you mean" when one is close).
    func choice<T: RawRepresentable & CaseIterable>(_ text: String, option: String, valueName: String,
                                                     _ type: T.Type) throws(UsageError) -> T where T.RawValue == String {
        if let c = T(rawValue: text) ?? T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return c }
        let names = T.allCases.map(\.rawValue)
        throw UsageError(message: "The value '\(text)' is invalid for '\(option) <\(valueName)>': expected one of \(names.joined(separator: ", "))."
                         + Suggestion.didYouMean(text, among: names), subcommand: subcommand)
    }
}
