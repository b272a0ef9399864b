import Foundation
import Testing
@testable import route_fly

/// route-fly declares each subcommand once (``Subcommand``) and derives its usage line and help from
/// the declaration. These tests hold what the built tool prints to what its parser does: the help the
/// binary prints is the derived page; the usage line names every option of the first section and every
/// other section of the help, and nothing else; the parser takes no option the help does not list; an
/// option the usage line shows as required is refused when missing; and the bounds a numeric option's
/// error states are the bounds the parser applies.
@Suite struct CommandDeclarationTests {
    static let subcommands = ["sample", "render", "preview", "plan", "info", "check", "profile"]

    /// The help page the built binary prints for `subcommand --help`.
    static func printedHelp(_ subcommand: String) throws -> String {
        let r = try runRouteFly([subcommand, "--help"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(subcommand) --help: \(r.stderr)")
        return r.stdout
    }

    /// The option lines of a help page by section: (title, [(spellings, value name)]).
    static func sections(of help: String) -> [(title: String, options: [(names: [String], valueName: String?)])] {
        var sections: [(title: String, options: [(names: [String], valueName: String?)])] = []
        for line in help.split(separator: "\n") {
            if let heading = line.firstMatch(of: /^([A-Z][A-Z ]+?)(?: \([^)]*\))?:$/) {
                sections.append((String(heading.output.1), []))
            } else if let match = line.firstMatch(of: /^  ((?:-{1,2}[a-z][a-z0-9-]*(?:, )?)+)(?: <([^>]+)>)?(?: {2,}|$)/), !sections.isEmpty {
                sections[sections.count - 1].options.append((match.output.1.split(separator: ", ").map(String.init), match.output.2.map(String.init)))
            }
        }
        return sections.filter { !$0.options.isEmpty }
    }

    /// The USAGE line of a help page, split into its words and bracketed groups.
    static func usageItems(of help: String) throws -> [String] {
        let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
        return line.dropFirst("USAGE: ".count).matches(of: /\[[^\]]+\]|-{1,2}[a-z-]+ <[^>]+>|\S+/).map { String($0.output) }
    }

    @Test(arguments: subcommands)
    func theBinaryPrintsTheDerivedHelp(subcommand: String) throws {
        let declared = try #require(Subcommands.named(subcommand))
        let help = try Self.printedHelp(subcommand)
        #expect(help == declared.help)
        #expect(try runRouteFly(["help", subcommand]).stdout == declared.help)
        #expect(help.contains("\nUSAGE: \(declared.usageLine)\n"))
        // A usage error prints the same line.
        let error = try runRouteFly([subcommand, "--no-such-option"])
        #expect(error.status == 64 && error.stderr.contains("\nUsage: \(declared.usageLine)\n"), "\(error.stderr)")
    }

    /// The usage line lists each option of the help's first section (but `--help`) and names each other
    /// section, in the help's order; it lists nothing else.
    @Test(arguments: subcommands)
    func theUsageLineIsTheHelpsOptionsAndSections(subcommand: String) throws {
        let help = try Self.printedHelp(subcommand)
        let sections = Self.sections(of: help)
        let items = try Self.usageItems(of: help)
        #expect(Array(items.prefix(3)) == ["route-fly", subcommand, subcommand == "plan" ? "<route>" : "<route>..."])
        var expected: [String] = []
        for option in sections[0].options where option.names != ["-h", "--help"] {
            let short = option.names.first { !$0.hasPrefix("--") }
            expected.append((short ?? option.names.joined(separator: "|")) + (option.valueName.map { " <\($0)>" } ?? ""))
        }
        expected += sections.dropFirst().map { $0.title.lowercased() }
        let listed = items.dropFirst(3).map { $0.hasPrefix("[") ? String($0.dropFirst().dropLast()) : $0 }
        #expect(listed == expected, "\(subcommand): usage \(listed), help \(expected)")
    }

    /// Every option name any subcommand's help lists: what the parser of a subcommand that does not list
    /// it must refuse as unknown.
    @Test func theParserTakesNoOptionItsHelpDoesNotList() throws {
        var listed: [String: Set<String>] = [:]
        for subcommand in Self.subcommands {
            listed[subcommand] = Set(Self.sections(of: try Self.printedHelp(subcommand)).flatMap(\.options).flatMap(\.names))
        }
        let every = listed.values.reduce(Set<String>()) { $0.union($1) }
        #expect(every.count > 80, "\(every.count) option names found in the helps")
        for subcommand in Self.subcommands {
            let declared = try #require(Subcommands.named(subcommand))
            #expect(Set(declared.optionNames) == listed[subcommand], "\(subcommand): the declarations and the printed help differ")
            for name in every.subtracting(listed[subcommand]!).sorted() {
                let message = Self.parseError([subcommand, "route.gpx", name, "1"])
                #expect(message?.hasPrefix("Unknown option '\(name)'.") == true, "\(subcommand) \(name): \(message ?? "accepted")")
            }
        }
    }

    /// An option the usage line shows without brackets (render's `-o <file>`) is one the subcommand
    /// refuses to run without.
    @Test(arguments: subcommands)
    func anOptionTheUsageLineRequiresIsRequired(subcommand: String) throws {
        let required = try Self.usageItems(of: try Self.printedHelp(subcommand)).dropFirst(3).filter { $0.hasPrefix("-") }
        #expect(required == (subcommand == "render" ? ["-o <file>"] : []))
        for _ in required {
            let r = try runRouteFly([subcommand, Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path])
            #expect(r.status == 64 && r.stderr.contains("needs '-o <file>'"), "\(r.stderr)")
        }
    }

    /// The usage error `Command.parse` throws for `arguments`, or `nil` when it parses.
    static func parseError(_ arguments: [String]) -> String? {
        do {
            _ = try Command.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }
}

extension CommandDeclarationTests {
    /// For every numeric option of every subcommand, the range its error states (`at least A and at
    /// most B`, `more than A and at most B`) is the one the parser applies: A and B themselves are taken
    /// (or A refused, for "more than"), and numbers just beyond them are refused.
    @Test(arguments: subcommands)
    func aNumericOptionsErrorStatesTheRangeItApplies(subcommand: String) throws {
        var checked: [String] = []
        for option in Self.sections(of: try Self.printedHelp(subcommand)).flatMap(\.options) where option.valueName != nil {
            let name = option.names.last!
            guard let error = Self.parseError([subcommand, "route.gpx", name, "-1e30"]),
                  let stated = error.firstMatch(of: /expected [^,]*, (at least|more than) (-?[0-9]+(?:\.[0-9]+)?)(?: and at most ([0-9]+(?:\.[0-9]+)?))?/) else { continue }
            let whole = error.contains("a whole number")
            let refused = { (value: Double) in
                let text = whole ? String(Int(value)) : "\(value)"
                return Self.parseError([subcommand, "route.gpx", name, text])?.contains("The value '\(text)' is invalid for '\(name) ") == true
            }
            func beyond(_ bound: Double, _ sign: Double) -> Double { bound + sign * (whole ? 1 : max(1e-6, abs(bound) * 1e-6)) }
            let lower = try #require(Double(stated.output.2))
            #expect(refused(lower) == (stated.output.1 == "more than"), "\(subcommand) \(name) \(lower): \(error)")
            #expect(refused(beyond(lower, -1)), "\(subcommand) \(name) below \(lower)")
            if let upperText = stated.output.3 {
                let upper = try #require(Double(upperText))
                #expect(!refused(upper), "\(subcommand) \(name) \(upper): \(error)")
                #expect(refused(beyond(upper, 1)), "\(subcommand) \(name) above \(upper)")
            }
            checked.append(name)
        }
        // The numeric options each subcommand has (13 flight options, 2 ground options, and its own).
        let least = ["sample": 19, "render": 18, "preview": 16, "plan": 15, "info": 0, "check": 35, "profile": 3][subcommand]!
        #expect(checked.count >= least, "\(subcommand): \(checked)")
    }
}
