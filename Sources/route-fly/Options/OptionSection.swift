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
    /// a column 24 characters wide and its help (with its default) wrapped beside it, 100 characters a
    /// line (swift-argument-parser's layout).
    var help: String {
        var lines = ["\(title)\(note.map { " (\($0))" } ?? ""):"]
        for option in options {
            let label = "  " + option.names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
            var text = option.help
            if let defaultValue = option.defaultValue {
                if text.hasSuffix(".") { text.removeLast() }
                text += " (default: \(defaultValue))."
            }
            var wrapped = Self.wrap(text, width: Self.lineWidth - Self.helpColumn)
            if label.count <= Self.helpColumn - 2 {
                lines.append(label.padding(toLength: Self.helpColumn, withPad: " ", startingAt: 0) + wrapped.removeFirst())
            } else {
                lines.append(label)
            }
            lines += wrapped.map { String(repeating: " ", count: Self.helpColumn) + $0 }
        }
        if let footer { lines += Self.wrap(footer, width: Self.lineWidth - 2).map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    static var helpColumn: Int { 26 }
    static var lineWidth: Int { 104 }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }
}
