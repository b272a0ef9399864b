import RouteKit

/// `route-fly info ROUTE [--json]`
struct InfoOptions: Equatable {
    var routePath: String
    var json = false
    var input = InputArguments()

    static func parse(_ arguments: [String]) throws(UsageError) -> InfoOptions {
        var scanner = ArgumentScanner(arguments, subcommand: "info")
        var route: String? = nil
        var json = false
        var input = InputArguments()
        var seen = Set<String>()
        while let token = scanner.next() {
            switch token {
            case .positional(let p):
                guard route == nil else {
                    throw UsageError(message: "Unexpected argument '\(p)': 'info' takes one route file.", subcommand: "info")
                }
                route = p
            case .option(let name, let inline):
                if InputArguments.names.contains(name) {
                    guard !seen.contains(name) else {
                        throw UsageError(message: "The option '\(name)' was given more than once.", subcommand: "info")
                    }
                    seen.insert(name)
                    try input.parse(name, inline: inline, scanner: &scanner)
                    continue
                }
                guard name == "--json", inline == nil else {
                    throw UsageError(message: "Unknown option '\(name)'.", subcommand: "info")
                }
                guard !json else { throw UsageError(message: "The option '--json' was given more than once.", subcommand: "info") }
                json = true
            }
        }
        guard let route else { throw UsageError(message: "Missing expected argument '<route>'.", subcommand: "info") }
        return InfoOptions(routePath: route, json: json, input: input)
    }

    func run() throws {
        let result = try input.read(routePath)
        var summary = RouteSummary(result.route)
        summary.format = result.format
        summary.notes = result.notes
        writeStandardOutput(Array((json ? summary.json : summary.text).utf8))
    }
}
