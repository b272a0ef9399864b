/// One `route-fly` subcommand, declared once: its name, what it does, its arguments and options, how it
/// checks them once read, and what it runs.
///
/// ``Subcommands`` lists them. Dispatch (``Command/parse(_:)``), the usage line, the help page and the
/// "did you mean" for a mistyped subcommand are all derived from these declarations, as
/// swift-argument-parser derives them from a `ParsableCommand`'s configuration.
protocol Subcommand {
    /// The name typed after `route-fly` (`sample`).
    static var name: String { get }
    /// One sentence: the OVERVIEW of its help, and its line in the tool's overview.
    static var abstract: String { get }
    /// Paragraphs between the OVERVIEW and the USAGE, already wrapped, or "".
    static var discussion: String { get }
    /// The positional arguments.
    static var arguments: ArgumentDeclaration<Self> { get }
    /// The options, section by section, in the order the help lists them. The first section, `OPTIONS`,
    /// is spelled out in the usage line option by option; the others are named there by their title.
    static var sections: [OptionSection<Self>] { get }
    /// Paragraphs after the options (what it writes, its exit status), already wrapped, or "".
    static var epilogue: String { get }

    /// The arguments before any is read: every option at its default.
    init()
    /// Checks the options and arguments together once all are read (options that need others, or that
    /// the routes given rule out); throws a ``UsageError`` naming the subcommand.
    mutating func validate() throws(UsageError)
    /// Runs the subcommand (reads, writes, prints), throwing what the shell prints (``RouteFly/run(_:)``).
    func run() throws
}

extension Subcommand {
    static var discussion: String { "" }
    static var epilogue: String { "" }
    mutating func validate() throws(UsageError) {}

    /// Reads `tokens` (the arguments after the subcommand's name): the options, then the positional
    /// arguments, then ``validate()``.
    static func parse(_ tokens: [String]) throws(UsageError) -> Self {
        var parsed = Self()
        let positionals = try OptionParser.parse(tokens, subcommand: name, sections: sections, into: &parsed)
        try arguments.apply(&parsed, positionals, name)
        try parsed.validate()
        return parsed
    }

    /// Every spelling of every option, in help order.
    static var optionNames: [String] { sections.flatMap(\.options).flatMap(\.names) }

    /// The usage line: `route-fly NAME ARGUMENTS`, each option of the first section (but `--help`),
    /// then each other section by its title.
    static var usageLine: String {
        let listed = sections.first.map { $0.options.filter { !$0.names.contains("--help") }.map(\.usage) } ?? []
        return (["route-fly", name, arguments.label] + listed + sections.dropFirst().map(\.usage)).joined(separator: " ")
    }

    /// The help page: OVERVIEW, the discussion, USAGE, ARGUMENTS, the option sections, the epilogue.
    static var help: String {
        let parts = ["OVERVIEW: \(abstract)", discussion, "USAGE: \(usageLine)",
                     arguments.helpSection, sections.map(\.help).joined(separator: "\n\n"), epilogue]
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }
}
