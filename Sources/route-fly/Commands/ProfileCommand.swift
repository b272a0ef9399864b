import Foundation
import RouteKit

/// `route-fly profile`: each route summarised per distance bin (its usage line and help are derived
/// from this declaration: ``Subcommand``).
struct ProfileOptions: Equatable, Subcommand {
    static let name = "profile"
    static let abstract = "Summarise a route per distance bin: elevation, pace, heart rate, time and climb."
    static let discussion = """
        Per bin: the [low, high] ranges of elevation (m), pace (s/km, over 2 points on each side) and heart
        rate (bpm), moving and stopped time (a leg is stopped below 0.5 m/s), ascent and descent (changes of
        at least 3 m, to ignore GPS noise).
        """
    static var arguments: ArgumentDeclaration<ProfileOptions> { .routes(\.routePaths, help: "One or more route files, each profiled in turn, or '-' for standard input.") }

    /// What `profile` writes.
    enum Format: String, CaseIterable, Equatable {
        case json, hikeJSON = "hike-json", csv, svg
    }

    /// The route files, in the order given (one or more).
    var routePaths: [String] = []
    var input = InputArguments()
    var ground = GroundArguments()
    var binWidth = RouteProfile.Options().binWidth
    var format: Format? = nil
    /// `--name`: the hike's name.
    var hikeName: String? = nil
    var outputPath: String? = nil

    /// The metres `--bin` takes.
    static let binWidthRange = 1.0...1e7

    /// Every option of `profile`, section by section, for the parser and the help.
    static var sections: [OptionSection<ProfileOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            .value("--bin", valueName: "metres", help: "Bin width, from \(OptionValue.number(binWidthRange.lowerBound)) to \(OptionValue.number(binWidthRange.upperBound)).", default: "\(CheckOptions.shown(RouteProfile.Options().binWidth)), the Landmarks Hikes tutorial's bins") { a, v throws(UsageError) in
                a.binWidth = try v.number(in: binWidthRange, "a bin width in metres") },
            .value("--format", valueName: "format", help: "json, hike-json (the tutorial's Hike array: name, id, distance, difficulty, observations), csv, or svg (the tutorial's capsule graph).", default: "from the -o extension (.csv, .svg), else json") { a, v throws(UsageError) in
                a.format = try v.choice(Format.self) },
            .value("--name", valueName: "name", help: "The hike's name.", default: "the route's, else the file's base name") { a, v in
                a.hikeName = v.text },
            CommonOptions.output(\.outputPath, help: "Write to <file> (atomically) instead of standard output."),
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    func validate() throws(UsageError) {
        if format == nil, let outputPath, outputPath != "-" {
            let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
            guard ["", "json", "csv", "svg"].contains(ext) else {
                throw UsageError(message: "The output file '\(outputPath)' has the extension '.\(ext)', which is no format profile writes: expected .json, .csv or .svg, or name the format with '--format' (\(Format.allCases.map(\.rawValue).joined(separator: ", "))).", subcommand: Self.name)
            }
        }
        if routePaths.count > 1, hikeName != nil {
            throw UsageError(message: "'--name' names one route; with several, each takes the route's own name (or its file's base name).", subcommand: Self.name)
        }
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

    /// Profiles every route, then writes them all at once (a bad route writes nothing). Several routes:
    /// `json`, an array of the profiles, each with a leading `"file"` member; `hike-json`, one Hike array;
    /// `csv`, one table with a leading `file` column; `svg`, the graphs one under another.
    func run() throws {
        try OutputGuard.refuse(output: outputPath, inputs: routePaths.map { .init(path: $0, role: "input route") } + ground.inputs,
                               subcommand: Self.name)
        let profiles = try routePaths.map { path in try profile(of: path) }
        let single = profiles.count == 1 ? profiles[0].profile : nil
        let files = zip(routePaths, profiles).map { (file: $0, profile: $1.profile) }
        let bytes: [UInt8]
        switch resolvedFormat {
        case .json: bytes = Array((single?.json ?? RouteProfile.json(files)).utf8)
        case .csv: bytes = Array((single?.csv ?? RouteProfile.csv(files)).utf8)
        case .hikeJSON: bytes = Array(RouteProfile.hikeJSON(profiles.map { ($0.profile, $0.title) }).utf8)
        case .svg: bytes = single.map { ProfileSVG.render($0, title: profiles[0].title) } ?? ProfileSVG.render(profiles.map { ($0.profile, $0.title) })
        }
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(bytes, to: outputPath)
        } else {
            try writeStandardOutput(bytes)
        }
    }

    /// One route's profile and its title (`--name`, the route's, else the file's base name); the
    /// notes it needs are printed on standard error.
    private func profile(of routePath: String) throws -> (profile: RouteProfile, title: String) {
        let route = try ground.apply(to: try input.read(routePath).route, routePath: routePath, warnIfMissing: true).route
        var profile: RouteProfile
        do {
            profile = try RouteProfile(route, options: .init(binWidth: binWidth))
        } catch {
            throw CommandFailure(description: "\(shownPath(routePath)): error: \(error) ('--bin')")
        }
        if let bad = profile.nonFiniteValue {
            throw CommandFailure(description: "\(shownPath(routePath)): error: the profile's \(bad) is not a finite number, so nothing was written (a defect in RouteKit; please report it with the input)")
        }
        let fileName = routePath == "-" ? "Route" : URL(fileURLWithPath: routePath).deletingPathExtension().lastPathComponent
        if resolvedFormat == .hikeJSON {
            for note in profile.hikeFillNotes { printDiagnostic("\(shownPath(routePath)): note: \(note)") }
        }
        // Every format carries the same title: the JSON's `name` too.
        profile.name = hikeName ?? route.name ?? fileName
        return (profile, profile.name!)
    }
}
