/// Reads one subcommand's arguments with its option declarations.
///
/// Accepted forms: `--name value`, `--name=value`, `-o value`, flags alone, positional arguments
/// anywhere, `-` as a positional (standard input), and `--` before a positional that starts with `-`.
/// Every option but a repeatable one may be given once (all its spellings count as one). Errors are ``UsageError``s naming
/// what was typed: an unknown option (with a "did you mean"), a missing value, a value on a flag, a
/// repeated option, or whatever the declaration's reader throws for its value.
enum OptionParser {
    /// Reads `tokens` into `arguments` and returns the positional arguments in order.
    ///
    /// Complexity: O(tokens × options) (options are looked up by name in a list of at most about 70).
    static func parse<Arguments>(_ tokens: [String], subcommand: String, sections: [OptionSection<Arguments>],
                                 into arguments: inout Arguments) throws(UsageError) -> [String] {
        let options = sections.flatMap(\.options)
        var positionals: [String] = []
        var seen: [String: String] = [:]  // canonical name -> the spelling typed
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "-" || !token.hasPrefix("-") {
                positionals.append(token)
                continue
            }
            if token == "--" {
                if index < tokens.count { positionals.append(tokens[index]); index += 1 }
                continue
            }
            var name = token
            var inline: String? = nil
            if token.hasPrefix("--"), let eq = token.firstIndex(of: "=") {
                name = String(token[..<eq])
                inline = String(token[token.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(message: "Unknown option '\(name)'." + Suggestion.didYouMean(name, among: options.flatMap(\.names)),
                                 subcommand: subcommand)
            }
            if !option.isRepeatable, let earlier = seen[option.canonicalName] {
                let also = earlier != name ? " (or '\(earlier)')" : ""
                throw UsageError(message: "The option '\(name)'\(also) was given more than once.", subcommand: subcommand)
            }
            seen[option.canonicalName] = name
            var text = ""
            if let valueName = option.valueName {
                if let inline {
                    text = inline
                } else {
                    guard index < tokens.count else {
                        throw UsageError(message: "Missing value for '\(name) <\(valueName)>'.", subcommand: subcommand)
                    }
                    text = tokens[index]
                    index += 1
                }
            } else if inline != nil {
                throw UsageError(message: "'\(name)' takes no value.", subcommand: subcommand)
            }
            try option.apply(&arguments, OptionValue(name: name, valueName: option.valueName, text: text, subcommand: subcommand))
        }
        return positionals
    }

    /// The positional `<route>...` of a subcommand that takes one or more route files (standard input,
    /// `-`, at most once).
    static func routes(_ positionals: [String], subcommand: String) throws(UsageError) -> [String] {
        guard !positionals.isEmpty else {
            throw UsageError(message: "Missing expected argument '<route>'.", subcommand: subcommand)
        }
        guard !positionals.contains("") else { throw UsageError(message: "A route file name is empty.", subcommand: subcommand) }
        guard positionals.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError(message: "Standard input ('-') can be read only once.", subcommand: subcommand)
        }
        return positionals
    }

    /// The one positional `<route>` of a subcommand that takes a single route file.
    static func route(_ positionals: [String], subcommand: String) throws(UsageError) -> String {
        guard let route = positionals.first else {
            throw UsageError(message: "Missing expected argument '<route>'.", subcommand: subcommand)
        }
        guard positionals.count == 1 else {
            throw UsageError(message: "Unexpected argument '\(positionals[1])': '\(subcommand)' takes one route file.", subcommand: subcommand)
        }
        guard !route.isEmpty else { throw UsageError(message: "The route file name is empty.", subcommand: subcommand) }
        return route
    }
}
