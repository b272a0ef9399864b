import Foundation
import RouteKit

/// `route-fly profile ROUTE [--bin M] [--format json|hike-json|csv|svg] [--name NAME] [-o FILE]`
struct ProfileOptions: Equatable {
    /// What `profile` writes.
    enum Format: String, CaseIterable, Equatable {
        case json, hikeJSON = "hike-json", csv, svg
    }

    /// The route files, in the order given (one or more).
    var routePaths: [String]
    var input = InputArguments()
    var ground = GroundArguments()
    var binWidth = RouteProfile.Options().binWidth
    var format: Format? = nil
    var name: String? = nil
    var outputPath: String? = nil

    /// Every option of `profile`, section by section, for the parser and the help.
    static var sections: [OptionSection<ProfileOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            .value("--bin", valueName: "metres", help: "Bin width, at least 1.", default: "\(CheckOptions.shown(RouteProfile.Options().binWidth)), the Landmarks Hikes tutorial's bins") { a, v throws(UsageError) in
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
        var options = ProfileOptions(routePaths: [])
        let positionals = try OptionParser.parse(arguments, subcommand: "profile", sections: sections, into: &options)
        options.routePaths = try OptionParser.routes(positionals, subcommand: "profile")
        if options.format == nil, let outputPath = options.outputPath, outputPath != "-" {
            let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
            guard ["", "json", "csv", "svg"].contains(ext) else {
                throw UsageError(message: "The output file '\(outputPath)' has the extension '.\(ext)', which is no format profile writes: expected .json, .csv or .svg, or name the format with '--format' (\(Format.allCases.map(\.rawValue).joined(separator: ", "))).", subcommand: "profile")
            }
        }
        if options.routePaths.count > 1, options.name != nil {
            throw UsageError(message: "'--name' names one route; with several, each takes the route's own name (or its file's base name).", subcommand: "profile")
        }
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

    /// Profiles every route, then writes them all at once (a bad route writes nothing). Several routes:
    /// `json`, an array of the profiles, each with a leading `"file"` member; `hike-json`, one Hike array;
    /// `csv`, one table with a leading `file` column; `svg`, the graphs one under another.
    func run() throws {
        try OutputGuard.refuse(output: outputPath, inputs: routePaths.map { .init(path: $0, role: "input route") } + ground.inputs,
                               subcommand: "profile")
        let profiles = try routePaths.map { path in try profile(of: path) }
        var bytes: [UInt8]
        if profiles.count == 1 {
            bytes = profiles[0].bytes
        } else {
            switch resolvedFormat {
            case .json:
                let objects = zip(routePaths, profiles).map { path, p in
                    "{\"file\":\(JSONText.quoted(path)),\(String(decoding: p.bytes.dropFirst(), as: UTF8.self))"
                }
                bytes = Array(("[\n" + objects.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: ",\n") + "\n]\n").utf8)
            case .hikeJSON:
                // Each profile is a one-element array: "[\n  {...}\n]\n"; join their elements.
                let elements = profiles.map { p in
                    let text = String(decoding: p.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    return String(text.dropFirst().dropLast()).trimmingCharacters(in: .newlines)
                }
                bytes = Array(("[\n" + elements.joined(separator: ",\n") + "\n]\n").utf8)
            case .csv:
                var lines: [String] = []
                for (path, p) in zip(routePaths, profiles) {
                    let rows = String(decoding: p.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
                    if lines.isEmpty { lines.append("file," + rows[0]) }
                    lines += rows.dropFirst().map { Self.csvField(path) + "," + $0 }
                }
                bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            case .svg:
                bytes = Self.stacked(profiles.map(\.bytes))
            }
        }
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(bytes, to: outputPath)
        } else {
            try writeStandardOutput(bytes)
        }
    }

    /// A CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// SVG documents one under another in one document (each keeps its own size).
    static func stacked(_ documents: [[UInt8]]) -> [UInt8] {
        var y = 0.0, width = 0.0
        var inner: [String] = []
        for document in documents {
            var text = String(decoding: document, as: UTF8.self)
            if let prolog = text.range(of: "?>") { text = String(text[prolog.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) }
            let size = { (name: String) -> Double in
                text.firstMatch(of: try! Regex("\(name)=\"([0-9.]+)\"")).flatMap { Double($0.output[1].substring ?? "") } ?? 0
            }
            let (w, h) = (size("width"), size("height"))
            inner.append(text.replacingOccurrences(of: "<svg ", with: "<svg y=\"\(FixedDecimal.string(y, places: 2))\" ", options: [], range: text.range(of: "<svg ")))
            y += h
            width = max(width, w)
        }
        let (w, h) = (FixedDecimal.string(width, places: 2), FixedDecimal.string(y, places: 2))
        return Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
                      + inner.joined(separator: "\n") + "\n</svg>\n").utf8)
    }

    /// One route's profile in the chosen format, its notes printed on standard error.
    private func profile(of routePath: String) throws -> (bytes: [UInt8], name: String) {
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
        switch resolvedFormat {
        case .json: return (Array(profile.json.utf8), title)
        case .csv: return (Array(profile.csv.utf8), title)
        case .svg: return (ProfileSVG.render(profile, title: title), title)
        case .hikeJSON:
            for note in profile.hikeFillNotes { printDiagnostic("\(shownPath(routePath)): note: \(note)") }
            return (Array(profile.hikeJSON(name: title).utf8), title)
        }
    }
}
