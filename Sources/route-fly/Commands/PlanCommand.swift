import Foundation
import RouteKit

/// `route-fly plan`: prints the camera script that `sample` would fly with the same options, as JSON
/// (docs/camera-script.md), to edit and fly with `sample --script` (its usage line and help are derived
/// from this declaration: ``Subcommand``).
struct PlanOptions: Equatable, Subcommand {
    static let name = "plan"
    static let abstract = "Print the keyframe tracks of a flight as a JSON camera script."
    static let discussion = """
        The script is what 'sample' flies with the same options: edit it and fly it with
        'route-fly sample <route> --script <file>' (give the same --viewport and --fov). The format is
        described in docs/camera-script.md.
        """
    static var arguments: ArgumentDeclaration<PlanOptions> { .route(\.routePath, help: "A route file, or '-' for standard input.") }

    var routePath = ""
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

    func validate() throws(UsageError) {
        try flight.validate(withScript: false, subcommand: Self.name)
    }

    /// A named output file ends in `.json` (or has no extension): `plan -o flight.csv` is a mistake.
    private func refuseOutputExtension() throws(UsageError) {
        guard let outputPath, outputPath != "-" else { return }
        let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
        guard ext.isEmpty || ext == "json" else {
            throw UsageError(message: "The output file '\(outputPath)' should end in .json: 'plan' writes a JSON camera script "
                             + "(for camera poses in other formats, use 'route-fly sample').", subcommand: Self.name)
        }
    }

    func run() throws {
        try OutputGuard.refuse(output: outputPath, inputs: [.init(path: routePath, role: "input route")] + ground.inputs,
                               subcommand: Self.name)
        try refuseOutputExtension()
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
