/// Options several subcommands declare alike: `-o`, `-q`, `-h`, `--script`, `--fps`.
enum CommonOptions {
    /// `-o, --output <file>` into `path` (an empty name is refused).
    static func output<A>(_ path: WritableKeyPath<A, String?>, help: String) -> OptionDeclaration<A> {
        .value("-o", "--output", valueName: "file", help: help) { a, v throws(UsageError) in
            a[keyPath: path] = try v.fileName("output file")
        }
    }

    /// `-q, --quiet`: errors only on standard error.
    static func quiet<A>() -> OptionDeclaration<A> {
        .flag("-q", "--quiet", help: "Errors only: no notes, warnings or progress line on standard error.") { _, _ in
            Diagnostics.quiet = true
        }
    }

    /// `-h, --help`, listed for the help; ``Command/parse(_:)`` answers it before options are read.
    static func help<A>() -> OptionDeclaration<A> {
        .flag("-h", "--help", help: "Show help information.") { _, _ in }
    }

    /// `--script <file>` into `path`.
    static func script<A>(_ path: WritableKeyPath<A, String?>, help: String) -> OptionDeclaration<A> {
        .value("--script", valueName: "file", help: help) { a, v throws(UsageError) in
            a[keyPath: path] = try v.fileName("script file")
        }
    }

    /// `--fps <fps>` into `path`: a number or a ratio, more than 0 and at most `limit`.
    static func framesPerSecond<A>(_ path: WritableKeyPath<A, Double>, limit: Double = 1000, help: String,
                                   default defaultValue: String = "30") -> OptionDeclaration<A> {
        .value("--fps", valueName: "fps", help: help + " From 0.001 to \(OptionValue.number(limit)).", default: defaultValue) { a, v throws(UsageError) in
            a[keyPath: path] = try v.framesPerSecond(atMost: limit)
        }
    }
}
