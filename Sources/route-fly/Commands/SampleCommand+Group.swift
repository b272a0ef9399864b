import Foundation
import RouteKit

extension SampleOptions {
    /// `sample A B C …`: every route a rider on one clock (their recorded times, with `--offset`), the
    /// camera planned by `--group-preset`, and every rider's position written beside each pose.
    func runGroup() throws {
        try OutputGuard.refuse(output: outputPath, inputs: routePaths.map { .init(path: $0, role: "input route") } + ground.inputs,
                               subcommand: Self.name)
        let riders = try group.group(routePaths: routePaths, input: input, ground: ground, warnIfMissing: true)
        Progress.shared.set("planning the group flight")
        let planned = try GroupArguments.plan(riders, planner: groupPlanner(preset: group.groupPreset), routePaths: routePaths)
        let options = flight.options
        let shown = routePaths.map(shownPath).joined(separator: ", ")
        for note in planned.notes { printDiagnostic("\(shown): note: \(note)") }
        var sampler = PoseSampler(framesPerSecond: fps)
        sampler.geoid = try Geoid.egm96()
        try checkGroupFrames(duration: planned.duration, sampler: sampler, riders: riders, shown: shown)
        try checkFrames(duration: planned.duration, sampler: sampler, shown: shown, longestStep: nil)
        let format = resolvedFormat
        let maximumPitch = output.maximumPitch(formatName: formatName)
        if format == .maplibre, let (pose, limit) = MapLibrePoseWriter.firstPose(beyondLimitsOf: maximumPitch, in: planned.flight,
                                                                                      sampler: sampler, framing: options.framing) {
            throw CommandFailure(description: "\(shown): error: " + webMapLimitMessage(pose, limit, maximumPitch: maximumPitch, preview: false))
        }
        var poseOutput = routeFlightOutput
        poseOutput.riderTrail = output.riderTrail
        Progress.shared.set("writing frames", total: sampler.frameCount(forDuration: planned.duration))
        let summary = try planned.write(poseOutput, framing: options.framing,
                                        to: outputPath.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput,
                                        progress: { Progress.shared.update($0) })
        Progress.shared.stop()
        printSamplingWarnings(summary, sampler: sampler, routePath: routePaths[0], preset: nil,
                              initialDistance: planned.flight.initialCamera.distance)
    }

    /// Refuses a group flight over the frame budget whose riders' clocks do not overlap, naming them:
    /// the span between them is what makes the flight long (``checkFrames`` handles the others).
    func checkGroupFrames(duration: Double, sampler: PoseSampler, riders: RiderGroup, shown: String) throws {
        guard sampler.frameCount(forDuration: duration) > maxFrames, let clock = try? riders.clock() else { return }
        let gaps = GroupArguments.clockGaps(clock)
        guard !gaps.isEmpty else { return }
        let frames = (duration * fps).rounded(.down) + 1
        throw CommandFailure(description: "\(shown): error: the riders' clocks do not overlap: \(gaps.joined(separator: "; ")). On one clock the flight lasts \(describeSeconds(duration)): \(FixedDecimal.string(frames, places: 0)) frames at \(FixedDecimal.string(fps, places: 3)) fps, more than the frame budget of \(maxFrames) ('--offset NAME=SECONDS' puts a rider on the others' clock; '--max-frames N' raises the budget, '--fps' lowers the count)")
    }
}
