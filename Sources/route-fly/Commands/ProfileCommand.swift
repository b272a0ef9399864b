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
    var binWidth = 375.0
    var format: Format? = nil
    var name: String? = nil
    var outputPath: String? = nil

    static func parse(_ arguments: [String]) throws(UsageError) -> ProfileOptions {
        var scanner = ArgumentScanner(arguments, subcommand: "profile")
        var path: String? = nil
        var options = ProfileOptions(routePath: "")
        var seen = Set<String>()
        while let token = scanner.next() {
            switch token {
            case .positional(let p):
                guard path == nil else {
                    throw UsageError(message: "Unexpected argument '\(p)': 'profile' takes one route file.", subcommand: "profile")
                }
                path = p
            case .option(let name, let inline):
                let canonical = name == "-o" ? "--output" : name
                if seen.contains(canonical) {
                    throw UsageError(message: "The option '\(name)' was given more than once.", subcommand: "profile")
                }
                seen.insert(canonical)
                if InputArguments.names.contains(name) {
                    try options.input.parse(name, inline: inline, scanner: &scanner)
                    continue
                }
                switch name {
                case "--bin":
                    let v = try scanner.value(for: name, inline: inline, valueName: "metres")
                    options.binWidth = try scanner.number(v, option: name, valueName: "metres", range: 1...1e7,
                                                          expectation: "a bin width in metres, at least 1")
                case "--format":
                    let v = try scanner.value(for: name, inline: inline, valueName: "format")
                    guard let f = Format(rawValue: v) else {
                        throw UsageError(message: "The value '\(v)' is invalid for '--format <format>': expected one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")).", subcommand: "profile")
                    }
                    options.format = f
                case "--name":
                    options.name = try scanner.value(for: name, inline: inline, valueName: "name")
                case "-o", "--output":
                    let v = try scanner.value(for: name, inline: inline, valueName: "file")
                    guard !v.isEmpty else { throw UsageError(message: "The output file name is empty.", subcommand: "profile") }
                    options.outputPath = v
                default:
                    throw UsageError(message: "Unknown option '\(name)'.", subcommand: "profile")
                }
            }
        }
        guard let path else { throw UsageError(message: "Missing expected argument '<route>'.", subcommand: "profile") }
        options.routePath = path
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
        if let outputPath, outputPath != "-", isSameFile(outputPath, routePath) {
            throw UsageError(message: "The output file '\(outputPath)' is the input route: writing it would destroy the route. Choose another output file.", subcommand: "profile")
        }
        let route = try input.read(routePath).route
        let profile = RouteProfile(route, options: .init(binWidth: binWidth))
        // The hike's name: --name, the route's, else the file's base name.
        let fileName = routePath == "-" ? "Route" : URL(fileURLWithPath: routePath).deletingPathExtension().lastPathComponent
        let title = name ?? route.name ?? fileName
        let bytes: [UInt8]
        switch resolvedFormat {
        case .json: bytes = Array(profile.json.utf8)
        case .csv: bytes = Array(profile.csv.utf8)
        case .svg: bytes = ProfileSVG.render(profile, title: title)
        case .hikeJSON:
            for note in profile.hikeFillNotes { printError("\(routePath): note: \(note)") }
            bytes = Array(profile.hikeJSON(name: title).utf8)
        }
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(bytes, to: outputPath)
        } else {
            writeStandardOutput(bytes)
        }
    }
}
