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

    /// Every option of `plan`, section by section, for the parser and the help.
    static var sections: [OptionSection<PlanOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            CommonOptions.output(\.outputPath, help: "Write to <file> (atomically) instead of standard output."),
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        FlightArguments.section.lifted(\.flight),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    static func parse(_ arguments: [String]) throws(UsageError) -> PlanOptions {
        var options = PlanOptions(routePath: "")
        let positionals = try OptionParser.parse(arguments, subcommand: "plan", sections: sections, into: &options)
        options.routePath = try OptionParser.route(positionals, subcommand: "plan")
        try options.flight.validate(withScript: false, subcommand: "plan")
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
