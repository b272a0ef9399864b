import Foundation
import RouteKit

/// `route-fly plan ROUTE [flight options] [-o FILE]`: prints the camera script that `sample` would fly
/// with the same options, as JSON (docs/camera-script.md), to edit and fly with `sample --script`.
struct PlanOptions: Equatable {
    var routePath: String
    var input = InputArguments()
    var ground = GroundArguments()
    var flight = FlightArguments()
    var outputPath: String? = nil

    static func parse(_ arguments: [String]) throws(UsageError) -> PlanOptions {
        var options = PlanOptions(routePath: "")
        options.routePath = try ArgumentScanner.routeAndOptions(arguments, subcommand: "plan") { name, inline, scanner throws(UsageError) in
            if FlightArguments.names.contains(name) {
                try options.flight.parse(name, inline: inline, scanner: &scanner)
            } else if GroundArguments.names.contains(name) {
                try options.ground.parse(name, inline: inline, scanner: &scanner)
            } else if InputArguments.names.contains(name) {
                try options.input.parse(name, inline: inline, scanner: &scanner)
            } else if name == "-o" || name == "--output" {
                options.outputPath = try scanner.fileName(for: name, inline: inline)
            } else {
                throw scanner.unknown(name)
            }
        }
        try options.flight.validate(subcommand: "plan")
        return options
    }

    func run() throws {
        try OutputGuard.refuse(output: outputPath, inputs: [.init(path: routePath, role: "input route")] + ground.inputs,
                               subcommand: "plan")
        let (route, terrain) = try ground.apply(to: try input.read(routePath).route, routePath: routePath, warnIfMissing: true)
        let plan: FlightPlan
        do {
            plan = try planner(terrain: terrain).plan(for: route)
        } catch {
            throw CommandFailure(description: "\(shownPath(routePath)): error: \(ErrorPresentation.describePlanning(error))")
        }
        for note in plan.notes { printDiagnostic("\(shownPath(routePath)): note: \(note)") }
        let text = try plan.script.encodedJSON()
        if let outputPath, outputPath != "-" {
            try AtomicFile.write(Array(text.utf8), to: outputPath)
        } else {
            try writeStandardOutput(Array(text.utf8))
        }
    }
}
