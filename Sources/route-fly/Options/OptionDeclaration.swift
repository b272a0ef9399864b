/// One command-line option, declared once: its spellings, its value's name, its help, its default and how
/// its value is read and checked.
///
/// ``OptionParser`` reads the arguments with the declarations and ``Usage`` prints the help from the same
/// declarations, so the two cannot drift apart: an option the help lists is an option the parser takes,
/// with the value name, default and limits the help states.
struct OptionDeclaration<Arguments> {
    /// The spellings, as the help lists them (`["-o", "--output"]`, `["--eye", "--no-eye"]`). They are
    /// one option: giving two of them is giving it twice.
    var names: [String]
    /// The value's name in the help and in errors (`seconds`, `WxH`), or `nil` for a flag.
    var valueName: String?
    /// What the option does, for the help, without its default.
    var help: String
    /// The default in words (`30`, `from the -o extension`), shown as `(default: …)`, or `nil`.
    var defaultValue: String?
    /// `true` for an option that may be given more than once (each value is applied in turn).
    var isRepeatable = false
    /// `true` for an option the subcommand cannot run without (`render -o`): the usage line shows it
    /// without brackets, and the subcommand's check refuses its absence.
    var isRequired = false
    /// Reads the value (an empty text for a flag) into the arguments, or throws a usage error that
    /// quotes it and says what was expected.
    var apply: (_ arguments: inout Arguments, _ value: OptionValue) throws(UsageError) -> Void

    /// An option that takes a value.
    static func value(_ names: String..., valueName: String, help: String, default defaultValue: String? = nil,
                      _ apply: @escaping (inout Arguments, OptionValue) throws(UsageError) -> Void) -> Self {
        Self(names: names, valueName: valueName, help: help, defaultValue: defaultValue, apply: apply)
    }

    /// An option that takes a value and may be given more than once.
    static func repeatable(_ names: String..., valueName: String, help: String,
                           _ apply: @escaping (inout Arguments, OptionValue) throws(UsageError) -> Void) -> Self {
        Self(names: names, valueName: valueName, help: help, defaultValue: nil, isRepeatable: true, apply: apply)
    }

    /// A flag: an option without a value (a value given as `--flag=x` is refused).
    static func flag(_ names: String..., help: String, _ apply: @escaping (inout Arguments, OptionValue) -> Void) -> Self {
        Self(names: names, valueName: nil, help: help, defaultValue: nil, apply: { arguments, value in apply(&arguments, value) })
    }

    /// The same option on a structure that holds these arguments at `path` (the flight options inside
    /// `sample`'s options, say).
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Arguments>) -> OptionDeclaration<Outer> {
        let apply = self.apply
        return OptionDeclaration<Outer>(names: names, valueName: valueName, help: help, defaultValue: defaultValue,
                                        isRepeatable: isRepeatable, isRequired: isRequired) { outer, value throws(UsageError) in
            try apply(&outer[keyPath: path], value)
        }
    }

    /// The name the option is known by: its first long spelling.
    var canonicalName: String { names.first { $0.hasPrefix("--") } ?? names[0] }

    /// The same option, marked as one the subcommand cannot run without (``isRequired``).
    func required() -> Self {
        var option = self
        option.isRequired = true
        return option
    }

    /// The spellings and the value's name, as the help lists them: `-o, --output <file>`.
    var label: String { names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "") }

    /// The help with the default, as the help prints it: `… (default: 30).`
    var helpWithDefault: String {
        guard let defaultValue else { return help }
        var text = help
        if text.hasSuffix(".") { text.removeLast() }
        return text + " (default: \(defaultValue))."
    }

    /// The option in a usage line: its short spelling if it has one, else its spellings joined by `|`
    /// (`--eye|--no-eye`), with the value's name, `...` when repeatable, in brackets unless required:
    /// `[-o <file>]`, `[--offset <NAME=SECONDS> ...]`, `-o <file>`.
    var usage: String {
        let short = names.first { !$0.hasPrefix("--") }
        var text = (short ?? names.joined(separator: "|")) + (valueName.map { " <\($0)>" } ?? "")
        if isRepeatable { text += " ..." }
        return isRequired ? text : "[\(text)]"
    }
}
