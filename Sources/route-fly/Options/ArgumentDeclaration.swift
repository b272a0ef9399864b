/// A subcommand's positional arguments, declared once: their label in the usage line and the help
/// (`<route>...`), their help, and how they are read and checked.
struct ArgumentDeclaration<Arguments> {
    /// The label, as the usage line and the ARGUMENTS section print it (`<route>` or `<route>...`).
    var label: String
    /// What the arguments are, for the help.
    var help: String
    /// Reads the positional arguments (in the order given) into the arguments, or throws a usage error
    /// naming the subcommand.
    var apply: (_ arguments: inout Arguments, _ positionals: [String], _ subcommand: String) throws(UsageError) -> Void

    /// One or more route files into `path` (``OptionParser/routes(_:subcommand:)``).
    static func routes(_ path: WritableKeyPath<Arguments, [String]>, help: String) -> Self {
        Self(label: "<route>...", help: help) { arguments, positionals, subcommand throws(UsageError) in
            arguments[keyPath: path] = try OptionParser.routes(positionals, subcommand: subcommand)
        }
    }

    /// Exactly one route file into `path` (``OptionParser/route(_:subcommand:)``).
    static func route(_ path: WritableKeyPath<Arguments, String>, help: String) -> Self {
        Self(label: "<route>", help: help) { arguments, positionals, subcommand throws(UsageError) in
            arguments[keyPath: path] = try OptionParser.route(positionals, subcommand: subcommand)
        }
    }

    /// The ARGUMENTS section of the help: the label in the options' column, the help beside it.
    var helpSection: String {
        (["ARGUMENTS:"] + HelpLayout.entry("  " + label, help)).joined(separator: "\n")
    }
}
