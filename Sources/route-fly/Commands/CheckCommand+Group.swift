import Foundation
import RouteKit

extension CheckOptions {
    /// `check A B C …`: every route's clock and geometry, then the group: its flight (planned with
    /// `--group-preset`), the flight's motion, and what only a group gets wrong (``GroupCheck``).
    /// Text: each route's report under its path, then the group's under `group`. JSON: `{"routes":
    /// [{"file", "findings", "summary"}…], "group": {"findings", "summary"}}`.
    func runGroup() throws {
        // Each route read once (standard input can be read only once), checked, then a rider.
        let checks = try routePaths.map { path in try checked(path, flightless: true) }
        let reports = checks.map(\.report)
        var checkedRoutes = checks.makeIterator()
        let riders = try group.group(routePaths: routePaths) { _ in checkedRoutes.next()!.route }
        let options = flight.options
        // Clocks a known fault puts apart, said with the '--offset' that fixes them (even when the flight
        // cannot be planned: a rider 20 years early makes it too long).
        var findings = GroupCheck.clockFindings(for: riders, wording: GroupArguments.offsetWording)
        var flightSummary: FlightCheck.Summary? = nil
        do {
            let planned = try groupPlanner(preset: group.groupPreset).plan(for: riders)
            var checkOptions = flightCheck
            checkOptions.verticalFieldOfView = options.framing.verticalFieldOfView
            if PoseSampler(framesPerSecond: checkOptions.framesPerSecond).tooManyFrames(duration: planned.duration) != nil {
                findings.append(FlightCheck.unplannable(ErrorPresentation.describe(.tooManyFrames(duration: planned.duration, framesPerSecond: checkOptions.framesPerSecond))))
            } else {
                let checked = FlightCheck.check(planned.flight, options: checkOptions)
                findings += GroupCheck.check(planned, framing: options.framing, framesPerSecond: checkOptions.framesPerSecond) + checked.findings
                flightSummary = checked.summary
            }
        } catch {
            findings.append(FlightCheck.unplannable("\(error)"))
        }
        var routes = reports[0].route
        routes.points = reports.reduce(0) { $0 + $1.route.points }
        routes.segments = reports.reduce(0) { $0 + $1.route.segments }
        routes.timedPoints = reports.reduce(0) { $0 + $1.route.timedPoints }
        let groupReport = CheckReport(findings: findings, route: routes, flight: flightSummary)
        let limit = all ? nil : CheckOptions.listLimit
        let text: String
        if json {
            let each = zip(routePaths, reports).map { path, report in
                "{\"file\":\(JSONText.quoted(path)),\(report.json(limit: limit).dropFirst().dropLast())"
            }
            text = "{\"routes\":[\(each.joined(separator: ","))],\"group\":\(groupReport.json(limit: limit).dropLast())}\n"
        } else {
            text = zip(routePaths, reports).map { path, report in
                report.text(path: shownPath(path), limit: limit, listAllHint: " ('--all' lists every one)")
            }.joined() + groupReport.text(path: "group", limit: limit, listAllHint: " ('--all' lists every one)")
        }
        try writeStandardOutput(Array(text.utf8))
        if (reports + [groupReport]).contains(where: { $0.fails(strict: strict) }) { throw ExitStatus(code: 2) }
    }
}
