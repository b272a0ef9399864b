/// The tool's own help and usage lines; each subcommand's come from its declaration (``Subcommand``).
enum Usage {
    static let version = "0.2.0"

    /// The usage line of the subcommand called `name`, or the tool's for any other name.
    static func usageLine(_ name: String) -> String {
        Subcommands.named(name)?.usageLine ?? "route-fly help [<subcommand>]"
    }

    /// The help page of the subcommand called `name`, or the tool's overview for `nil` (or `help`).
    static func help(_ name: String?) -> String {
        name.flatMap(Subcommands.named)?.help ?? overview
    }

    /// The tool's overview: its options and every subcommand with its abstract.
    static var overview: String {
        let subcommands = Subcommands.all.flatMap { HelpLayout.entry("  " + $0.name, $0.abstract) }
        return """
            OVERVIEW: Fly a map camera along a GPS route and write one camera pose per frame.

            USAGE: route-fly <subcommand> [options]

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
            \(subcommands.joined(separator: "\n"))

              See 'route-fly help <subcommand>' for detailed help.

            Routes: GPX, KML, GeoJSON, CSV, TCX and encoded polylines ('-' reads standard input).
            Units: degrees, metres, seconds. Exit status: 0 success, 1 bad input or failure, 2 an error
            finding from check, 64 usage error.

            """
    }
}
