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

    static func parse(_ arguments: [String]) throws(UsageError) -> ProfileOptions {
        var options = ProfileOptions(routePath: "")
        options.routePath = try ArgumentScanner.routeAndOptions(arguments, subcommand: "profile") { name, inline, scanner throws(UsageError) in
            if InputArguments.names.contains(name) {
                try options.input.parse(name, inline: inline, scanner: &scanner)
                return
            }
            if GroundArguments.names.contains(name) {
                try options.ground.parse(name, inline: inline, scanner: &scanner)
                return
            }
            switch name {
            case "--bin":
                let v = try scanner.value(for: name, inline: inline, valueName: "metres")
                options.binWidth = try scanner.number(v, option: name, valueName: "metres", range: 1...1e7,
                                                      expectation: "a bin width in metres, at least 1")
            case "--format":
                let v = try scanner.value(for: name, inline: inline, valueName: "format")
                options.format = try scanner.choice(v, option: name, valueName: "format", Format.self)
            case "--name":
                options.name = try scanner.value(for: name, inline: inline, valueName: "name")
            case "-o", "--output":
                options.outputPath = try scanner.fileName(for: name, inline: inline)
            default:
                throw scanner.unknown(name)
            }
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
