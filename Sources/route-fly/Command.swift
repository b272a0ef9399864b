import Foundation
import RouteKit

/// A usage error: what the user typed that the tool cannot accept. Exit status 64.
struct UsageError: Error, Equatable {
    var message: String
    /// The subcommand whose usage line to print, if known.
    var subcommand: String?
}

/// A parsed command line.
enum Command {
    case help(String?)  // nil: the tool's overview
    case version
    /// A subcommand with its arguments read (``Subcommands``).
    case run(any Subcommand)

    /// Parses the arguments (without the program name). Pure: tests call it directly.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            // A usage error, not the overview on standard output: a script that lost its arguments must
            // not go on as if it had run.
            throw UsageError(message: "No subcommand given: one of \(Subcommands.names.dropLast().joined(separator: ", ")).")
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            guard rest.isEmpty else { throw UsageError(message: "Unexpected argument '\(rest[0])' after '--version'.") }
            return .version
        case "help":
            return try help(rest)
        default:
            guard let subcommand = Subcommands.named(first) else { throw unknown(first) }
            if rest.contains("-h") || rest.contains("--help") { return .help(first) }
            return .run(try subcommand.parse(rest))
        }
    }

    /// `help [<subcommand>]`.
    private static func help(_ rest: [String]) throws(UsageError) -> Command {
        guard let name = rest.first else { return .help(nil) }
        guard Subcommands.names.contains(name) else { throw unknown(name) }
        guard rest.count == 1 else { throw UsageError(message: "Unexpected argument '\(rest[1])' after 'help \(name)'.") }
        return .help(name)
    }

    /// The error for a first argument that is no subcommand.
    private static func unknown(_ first: String) -> UsageError {
        if first.hasPrefix("-") { return UsageError(message: "Unknown option '\(first)'.") }
        return UsageError(message: "Unknown subcommand '\(first)'. Expected one of: \(Subcommands.names.joined(separator: ", "))."
                          + Suggestion.didYouMean(first, among: Subcommands.names))
    }

    func run() throws {
        switch self {
        case .help(let name):
            try writeStandardOutput(Array(Usage.help(name).utf8))
        case .version:
            try writeStandardOutput(Array("route-fly \(Usage.version)\n".utf8))
        case .run(let subcommand):
            try subcommand.run()
        }
    }
}
