import RouteKit

/// `route-fly info ROUTE [--json]`
struct InfoOptions: Equatable {
    var routePath: String
    var json = false
    var input = InputArguments()

    static func parse(_ arguments: [String]) throws(UsageError) -> InfoOptions {
        var options = InfoOptions(routePath: "")
        options.routePath = try ArgumentScanner.routeAndOptions(arguments, subcommand: "info") { name, inline, scanner throws(UsageError) in
            if InputArguments.names.contains(name) {
                try options.input.parse(name, inline: inline, scanner: &scanner)
            } else if name == "--json" {
                guard inline == nil else { throw scanner.unknown(name) }
                options.json = true
            } else {
                throw scanner.unknown(name)
            }
        }
        return options
    }

    func run() throws {
        let result: RouteFile.Result
        do {
            result = try input.read(routePath)
        } catch let error as RouteParseError {
            // `info` flies nothing: a file of waypoints alone is summarised (sample and plan still refuse it).
            switch error.reason {
            case .noRoute, .noLine:
                guard var summary = RouteSummary(waypoints: error.waypoints, format: error.format) else { throw error }
                summary.notes = [error.message]
                printDiagnostic("\(routePath == "-" ? "<stdin>" : routePath): note: \(error.message); summarising the waypoints")
                try writeStandardOutput(Array((json ? summary.json : summary.text).utf8))
                return
            default:
                throw error
            }
        }
        var summary = RouteSummary(result.route)
        summary.format = result.format
        summary.notes = result.notes + result.warnings.map { "warning: " + $0 }
        if let d = summary.duration, d < 0 {
            let note = "the last timed point is \(FixedDecimal.string(-d, places: 3)) s before the first: the file's clock goes backwards (see 'route-fly check')"
            summary.notes.append(note)
            printDiagnostic("\(routePath == "-" ? "<stdin>" : routePath): note: \(note)")
        }
        try writeStandardOutput(Array((json ? summary.json : summary.text).utf8))
    }
}
