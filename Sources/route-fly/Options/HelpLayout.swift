/// The help's layout (swift-argument-parser's): a label in a column 26 characters wide and its text
/// wrapped beside it, 104 characters a line.
enum HelpLayout {
    static var helpColumn: Int { 26 }
    static var lineWidth: Int { 104 }

    /// One entry: `label` (already indented) padded to the column and `text` wrapped beside it; a label
    /// too wide for the column stands on a line of its own.
    static func entry(_ label: String, _ text: String) -> [String] {
        var wrapped = wrap(text, width: lineWidth - helpColumn)
        var lines: [String] = []
        if label.count <= helpColumn - 2 {
            lines.append(label.padding(toLength: helpColumn, withPad: " ", startingAt: 0) + wrapped.removeFirst())
        } else {
            lines.append(label)
        }
        return lines + wrapped.map { String(repeating: " ", count: helpColumn) + $0 }
    }

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
