/// A titled group of options in a subcommand's help (`FLIGHT OPTIONS`, `LIMITS`), in the order the help
/// lists them.
struct OptionSection<Arguments> {
    /// The heading, upper case (`FLIGHT OPTIONS`).
    var title: String
    /// Words after the heading, in parentheses (`for route points without elevation`), or `nil`.
    var note: String? = nil
    var options: [OptionDeclaration<Arguments>]
    /// A paragraph after the options, or `nil`.
    var footer: String? = nil

    /// The same section on a structure that holds these arguments at `path`.
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Arguments>) -> OptionSection<Outer> {
        OptionSection<Outer>(title: title, note: note, options: options.map { $0.lifted(path) }, footer: footer)
    }

    /// The section as the help prints it: the heading, then each option's spellings and value name in
    /// the options' column and its help (with its default) wrapped beside it (``HelpLayout``).
    var help: String {
        var lines = ["\(title)\(note.map { " (\($0))" } ?? ""):"]
        for option in options {
            lines += HelpLayout.entry("  " + option.label, option.helpWithDefault)
        }
        if let footer { lines += HelpLayout.wrap(footer, width: HelpLayout.lineWidth - 2).map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    /// The section in a usage line: `[flight options]`, `[limits]`.
    var usage: String { "[\(title.lowercased())]" }
}
