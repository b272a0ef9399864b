import Foundation
import RouteKitGeodesy

extension GroupFlight {
    /// Samples the group flight and writes every pose with every rider's position beside it, as
    /// `output` says, to `destination`: the bytes `route-fly sample A B C …` writes for the same riders
    /// and options.
    ///
    /// Time-tagged formats (CZML, GPX) stamp each frame with the group clock's instant (the riders'
    /// recorded UTC), running on at the mean pace through the fly-in and the pull-out. The eye is written
    /// unless `output.eye` is `false`.
    ///
    /// - Parameters:
    ///   - output: Format, frame rate, datum and the format's own settings.
    ///   - framing: The viewport and field of view the flight was planned for (the planner's
    ///     `options.framing`).
    ///   - destination: Standard output, or a file written atomically (nothing is left on failure).
    ///   - progress: Called after each pose with the number written so far, on the calling thread.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``RouteFlight/OptionError`` (as ``RouteFlight/write(_:to:progress:)``), ``GeoidError`` (the
    ///   EGM96 grid), ``AtomicFile/WriteError`` (the file).
    /// - Complexity: O(f (log k + r log n)) for f frames, k keyframes and r riders of n points; O(r)
    ///   memory besides a 1 MiB buffer.
    @discardableResult
    public func write(_ output: RouteFlight.Output, framing: CameraFraming, to destination: PoseOutput.Destination,
                      progress: ((Int) -> Void)? = nil) throws -> PoseSampler.Summary {
        try RouteFlight.check(output)
        var sampler = try RouteFlight.checkedSampler(framesPerSecond: output.framesPerSecond, duration: duration)
        sampler.geoid = try Geoid.egm96()
        return try PoseOutput.write(self, sampler: sampler, eye: (output.eye ?? true) ? .tangentPlane : nil,
                                    format: output.format,
                                    context: writerContext(for: output, sampler: sampler, framing: framing),
                                    framingColumns: output.framingColumns, to: destination, progress: progress)
    }

    /// Everything the writers need beside the poses: the riders, the datum, the format's settings, and
    /// the group clock that stamps each frame.
    package func writerContext(for output: RouteFlight.Output, sampler: PoseSampler,
                               framing: CameraFraming) -> PoseWriterContext {
        var context = PoseWriterContext(framesPerSecond: sampler.framesPerSecond,
                                        frameCount: sampler.frameCount(forDuration: duration),
                                        framing: framing, eyeModel: .tangentPlane)
        context.group = clock.group
        context.heights = output.heights
        context.geoid = sampler.geoid
        context.angles = output.angles
        context.routeValueColumns = output.routeValueColumns
        context.kmlView = output.kmlView
        context.riderTrail = output.riderTrail
        context.maximumPitch = output.maximumPitch
        context.epoch = clock.start
        context.timeScale = speedup
        context.epochSeconds = { [self] t in timestamp(atFlightTime: t) }
        let clock = clock
        context.riderSpans = clock.group.riders.indices.map { r in
            clock.instant(atClockTime: clock.startTime(ofRider: r))...clock.instant(atClockTime: clock.endTime(ofRider: r))
        }
        return context
    }
}
