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
                                        isRepeatable: isRepeatable) { outer, value throws(UsageError) in
            try apply(&outer[keyPath: path], value)
        }
    }

    /// The name the option is known by: its first long spelling.
    var canonicalName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}
