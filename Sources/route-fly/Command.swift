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
    case render(RenderOptions)

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
                throw UsageError(message: "Unknown subcommand '\(name)'." + Suggestion.didYouMean(name, among: Usage.subcommands))
            }
            guard rest.count == 1 else { throw UsageError(message: "Unexpected argument '\(rest[1])' after 'help \(name)'.") }
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
        case "render":
            if rest.contains("-h") || rest.contains("--help") { return .help("render") }
            return .render(try RenderOptions.parse(rest))
        default:
            if first.hasPrefix("-") { throw UsageError(message: "Unknown option '\(first)'.") }
            throw UsageError(message: "Unknown subcommand '\(first)'. Expected one of: \(Usage.subcommands.joined(separator: ", "))."
                             + Suggestion.didYouMean(first, among: Usage.subcommands))
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
        case .render(let options):
            try options.run()
        case .preview(let options):
            try options.run()
        }
    }
}
