import Foundation
import RouteKit

extension SampleOptions {
    /// `sample A B C …`: every route a rider on one clock (their recorded times, with `--offset`), the
    /// camera planned by `--group-preset`, and every rider's position written beside each pose.
    func runGroup() throws {
        try OutputGuard.refuse(output: outputPath, inputs: routePaths.map { .init(path: $0, role: "input route") } + ground.inputs,
                               subcommand: "sample")
        let riders = try group.group(routePaths: routePaths, input: input, ground: ground, warnIfMissing: true)
        Progress.shared.set("planning the group flight")
        let planned = try GroupArguments.plan(riders, planner: groupPlanner(preset: group.groupPreset), routePaths: routePaths)
        let options = flight.options
        let shown = routePaths.map(shownPath).joined(separator: ", ")
        for note in planned.notes { printDiagnostic("\(shown): note: \(note)") }
        var sampler = PoseSampler(framesPerSecond: fps)
        sampler.geoid = try Geoid.egm96()
        try checkFrames(duration: planned.duration, sampler: sampler, shown: shown, longestStep: nil)
        let format = resolvedFormat
        let maximumPitch = output.maximumPitch(formatName: formatName)
        if format == .maplibre, let (pose, limit) = MapLibreCameraWriter.firstPose(beyondLimitsOf: maximumPitch, in: planned.flight,
                                                                                      sampler: sampler, framing: options.framing) {
            throw CommandFailure(description: "\(shown): error: " + webMapLimitMessage(pose, limit, maximumPitch: maximumPitch, preview: false))
        }
        var context = PoseWriterContext(framesPerSecond: sampler.framesPerSecond,
                                        frameCount: sampler.frameCount(forDuration: planned.duration),
                                        framing: options.framing, eyeModel: .tangentPlane)
        context.group = riders
        context.heights = heights
        context.geoid = sampler.geoid
        context.angles = output.angles
        context.routeValueColumns = output.routeColumns
        context.kmlView = output.kmlView
        context.riderTrail = output.riderTrail
        context.maximumPitch = maximumPitch
        // Time-tagged formats stamp each frame with the group clock's instant (the riders' recorded
        // UTC), running on at the mean pace through the fly-in and pull-out.
        context.epoch = planned.clock.start
        context.timeScale = planned.speedup
        context.epochSeconds = { [planned] t in planned.timestamp(atFlightTime: t) }
        let clock = planned.clock
        context.riderSpans = riders.riders.indices.map { r in
            clock.instant(atClockTime: clock.startTime(ofRider: r))...clock.instant(atClockTime: clock.endTime(ofRider: r))
        }
        Progress.shared.set("writing frames", total: context.frameCount)
        let summary = try PoseOutput.write(planned, sampler: sampler, eye: (eye ?? true) ? .tangentPlane : nil, format: format,
                                           context: context, framingColumns: output.fovColumns,
                                           to: outputPath.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput,
                                           progress: { Progress.shared.update($0) })
        Progress.shared.stop()
        printSamplingWarnings(summary, sampler: sampler, routePath: routePaths[0], preset: nil,
                              initialDistance: planned.flight.initialCamera.distance)
    }
}
