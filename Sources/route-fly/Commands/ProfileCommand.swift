import Foundation
import RouteKit

/// `route-fly profile ROUTE [--bin M] [--format json|hike-json|csv|svg] [--name NAME] [-o FILE]`
struct ProfileOptions: Equatable {
    /// What `profile` writes.
    enum Format: String, CaseIterable, Equatable {
        case json, hikeJSON = "hike-json", csv, svg
    }

    var routePath: String
    var input = InputArguments()
    var ground = GroundArguments()
    var binWidth = 375.0
    var format: Format? = nil
    var name: String? = nil
    var outputPath: String? = nil

    /// Every option of `profile`, section by section, for the parser and the help.
    static var sections: [OptionSection<ProfileOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            .value("--bin", valueName: "metres", help: "Bin width, at least 1.", default: "375, the Landmarks Hikes tutorial's 0.375 km") { a, v throws(UsageError) in
                a.binWidth = try v.number(in: 1...1e7, "a bin width in metres, at least 1") },
            .value("--format", valueName: "format", help: "json, hike-json (the tutorial's Hike array: name, id, distance, difficulty, observations), csv, or svg (the tutorial's capsule graph).", default: "from the -o extension (.csv, .svg), else json") { a, v throws(UsageError) in
                a.format = try v.choice(Format.self) },
            .value("--name", valueName: "name", help: "The hike's name.", default: "the route's, else the file's base name") { a, v in
                a.name = v.text },
            CommonOptions.output(\.outputPath, help: "Write to <file> (atomically) instead of standard output."),
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    static func parse(_ arguments: [String]) throws(UsageError) -> ProfileOptions {
        var options = ProfileOptions(routePath: "")
        let positionals = try OptionParser.parse(arguments, subcommand: "profile", sections: sections, into: &options)
        options.routePath = try OptionParser.route(positionals, subcommand: "profile")
        return options
    }

    /// `--format`, else the `-o` extension (`.svg`, `.csv`, `.json`), else JSON.
    var resolvedFormat: Format {
        if let format { return format }
        switch outputPath.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "svg": return .svg
        case "csv": return .csv
        default: return .json
        }
    }

    func run() throws {
        try OutputGuard.refuse(output: outputPath, inputs: [.init(path: routePath, role: "input route")] + ground.inputs,
                               subcommand: "profile")
        let route = try ground.apply(to: try input.read(routePath).route, routePath: routePath, warnIfMissing: true).route
        let profile: RouteProfile
        do {
            profile = try RouteProfile(route, options: .init(binWidth: binWidth))
        } catch {
            throw CommandFailure(description: "\(shownPath(routePath)): error: \(error) ('--bin')")
        }
        if let bad = profile.nonFiniteValue {
            throw CommandFailure(description: "\(shownPath(routePath)): error: the profile's \(bad) is not a finite number, so nothing was written (a defect in RouteKit; please report it with the input)")
        }
        // The hike's name: --name, the route's, else the file's base name.
        let fileName = routePath == "-" ? "Route" : URL(fileURLWithPath: routePath).deletingPathExtension().lastPathComponent
        let title = name ?? route.name ?? fileName
        let bytes: [UInt8]
        switch resolvedFormat {
        case .json: bytes = Array(profile.json.utf8)
        case .csv: bytes = Array(profile.csv.utf8)
        case .svg: bytes = ProfileSVG.render(profile, title: title)
        case .hikeJSON:
            for note in profile.hikeFillNotes { printDiagnostic("\(shownPath(routePath)): note: \(note)") }
            bytes = Array(profile.hikeJSON(name: title).utf8)
        }
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(bytes, to: outputPath)
        } else {
            try writeStandardOutput(bytes)
        }
    }
}
