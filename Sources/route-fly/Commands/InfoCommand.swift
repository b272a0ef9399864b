import RouteKit

/// `route-fly info`: a summary of each route file (its usage line and help are derived from this
/// declaration: ``Subcommand``).
struct InfoOptions: Equatable, Subcommand {
    static let name = "info"
    static let abstract = "Print a route's points, length, time span, bounding box and map rect."
    static var arguments: ArgumentDeclaration<InfoOptions> { .routes(\.routePaths, help: "One or more route files, each reported in turn, or '-' for standard input.") }

    /// The route files, in the order given (one or more).
    var routePaths: [String] = []
    var json = false
    var input = InputArguments()

    /// Every option of `info`, section by section, for the parser and the help.
    static var sections: [OptionSection<InfoOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            .flag("--json", help: "Print one JSON object: points, tracks, segments, routes, waypoints, length_m (metres along the segments), start_time, end_time (ISO 8601 UTC or null), duration_s (seconds or null), start, end ({latitude, longitude} in degrees), bbox ([west, south, east, north]; west > east across the antimeridian), map_rect ({x, y, width, height} in MapKit map points), then flown, timed_points, heading_start_to_end, format, notes.") { a, _ in
                a.json = true },
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        InputArguments.section.lifted(\.input),
    ] }

    /// One summary per route, written only once every route has been read (a bad one writes nothing).
    /// Several routes: in text, each under a `==> path <==` line (as `head` and `tail` head files); in
    /// JSON, an array of the summaries, each with a leading `"file"` member.
    func run() throws {
        let summaries = try routePaths.map { path in try summary(of: path) }
        let text: String
        if summaries.count == 1 {
            text = json ? summaries[0].json : summaries[0].text
        } else {
            let files = zip(routePaths, summaries).map { (file: $0, summary: $1) }
            text = json ? RouteSummary.json(files) : RouteSummary.text(files)
        }
        try writeStandardOutput(Array(text.utf8))
    }

    /// The summary of one route file, printing its notes on standard error.
    private func summary(of routePath: String) throws -> RouteSummary {
        let result: RouteFile.Result
        do {
            result = try input.read(routePath, screeningOutliers: false)  // info summarises the file as it is
        } catch let error as RouteParseError {
            // `info` flies nothing: a file of waypoints alone is summarised (sample and plan still refuse it).
            switch error.reason {
            case .noRoute, .noLine:
                guard var summary = RouteSummary(waypoints: error.waypoints, format: error.format) else { throw error }
                summary.notes = [error.message]
                printDiagnostic("\(routePath == "-" ? "<stdin>" : routePath): note: \(error.message); summarising the waypoints")
                return summary
            default:
                throw error
            }
        }
        var summary = RouteSummary(result.route)
        summary.format = result.format
        summary.notes = result.notes + result.warnings.map { "warning: " + $0 }
        if let s = summary.startTime, let e = summary.endTime, e < s {
            let note = "the last timed point is \(FixedDecimal.string(s.timeIntervalSince(e), places: 3)) s before the first: the file's clock goes backwards (see 'route-fly check'); the duration is the span from the earliest recorded time to the latest"
            summary.notes.append(note)
            printDiagnostic("\(routePath == "-" ? "<stdin>" : routePath): note: \(note)")
        }
        return summary
    }
}
