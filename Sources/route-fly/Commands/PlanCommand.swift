import Foundation
import RouteKit

/// `route-fly plan ROUTE [flight options] [-o FILE]`: prints the camera script that `sample` would fly
/// with the same options, as JSON (docs/camera-script.md), to edit and fly with `sample --script`.
struct PlanOptions: Equatable {
    var routePath: String
    var input = InputArguments()
    var flight = FlightArguments()
    var outputPath: String? = nil

    static func parse(_ arguments: [String]) throws(UsageError) -> PlanOptions {
        var scanner = ArgumentScanner(arguments, subcommand: "plan")
        var route: String? = nil
        var options = PlanOptions(routePath: "")
        var seen = Set<String>()
        while let token = scanner.next() {
            switch token {
            case .positional(let p):
                guard route == nil else {
                    throw UsageError(message: "Unexpected argument '\(p)': 'plan' takes one route file.", subcommand: "plan")
                }
                route = p
            case .option(let name, let inline):
                let canonical = name == "-o" ? "--output" : name
                if seen.contains(canonical) {
                    throw UsageError(message: "The option '\(name)' was given more than once.", subcommand: "plan")
                }
                seen.insert(canonical)
                if FlightArguments.names.contains(name) {
                    try options.flight.parse(name, inline: inline, scanner: &scanner)
                } else if InputArguments.names.contains(name) {
                    try options.input.parse(name, inline: inline, scanner: &scanner)
                } else if name == "-o" || name == "--output" {
                    let v = try scanner.value(for: name, inline: inline, valueName: "file")
                    guard !v.isEmpty else { throw UsageError(message: "The output file name is empty.", subcommand: "plan") }
                    options.outputPath = v
                } else {
                    throw UsageError(message: "Unknown option '\(name)'.", subcommand: "plan")
                }
            }
        }
        guard let route else { throw UsageError(message: "Missing expected argument '<route>'.", subcommand: "plan") }
        options.routePath = route
        try options.flight.validate(subcommand: "plan")
        return options
    }

    func run() throws {
        if let outputPath, outputPath != "-", isSameFile(outputPath, routePath) {
            throw UsageError(message: "The output file '\(outputPath)' is the input route: writing it would destroy the route. Choose another output file.", subcommand: "plan")
        }
        let route = try input.read(routePath).route
        let plan: FlightPlan
        do {
            plan = try FlightPlanner(options: flight.options).plan(for: route)
        } catch {
            throw CommandFailure(description: "\(routePath): error: \(error)")
        }
        for note in plan.notes { printError("\(routePath): note: \(note)") }
        let text = try plan.script.encodedJSON()
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(Array(text.utf8), to: outputPath)
        } else {
            writeStandardOutput(Array(text.utf8))
        }
    }
}
