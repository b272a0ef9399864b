import Foundation

extension PoseOutput {
    /// Samples a group flight and writes every pose with every rider's position (``CameraPose/riders``),
    /// as ``write(_:sampler:eye:format:context:framingColumns:to:progress:)`` writes a single route's.
    /// `context.group` should be the flight's riders, so that writers can name them and draw their routes.
    ///
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written, or when a pose holds a
    ///   non-finite number; nothing is left behind.
    /// - Complexity: O(f (log k + r log n)) time for f frames, k keyframes and r riders of n points; O(r)
    ///   memory besides a 1 MiB buffer.
    @discardableResult
    package static func write(
        _ group: GroupFlight, sampler: PoseSampler, eye: EyePosition.Model?, format: PoseFormat,
        context: PoseWriterContext, framingColumns: Bool = false, to destination: Destination,
        progress: ((Int) -> Void)? = nil
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        try write(format: format, includesEye: eye != nil, framingColumns: framingColumns,
                  context: context.sampling(group.flight, with: sampler, eye: eye, for: format), to: destination,
                  progress: progress) { body in
            sampler.forEachPose(of: group, eye: eye, body)
        }
    }

    /// Samples a group flight and streams every pose through `writer` (a ``FlightPageWriter``).
    @discardableResult
    package static func write(
        _ group: GroupFlight, sampler: PoseSampler, eye: EyePosition.Model?, writer: any PoseWriter,
        to destination: Destination
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        try write(writer: writer, zipped: false, to: destination) { body in
            sampler.forEachPose(of: group, eye: eye, body)
        }
    }

    /// Samples a flight into `writer` in memory: the bytes of a flight page that a browser is handed
    /// whole (``FlightPageWriter``), rather than a file. `poses` is the sampler's pass over the flight
    /// (`{ sampler.forEachPose(of: flight, eye: nil, $0) }`).
    ///
    /// - Complexity: O(f) time and memory for f frames.
    package static func bytes(writer: any PoseWriter, poses: ((CameraPose) -> Bool) -> PoseSampler.Summary)
        -> (bytes: [UInt8], summary: PoseSampler.Summary) {
        var writer = writer
        var bytes: [UInt8] = []
        writer.begin(into: &bytes)
        let summary = poses { writer.write($0, into: &bytes); return true }
        writer.end(into: &bytes)
        return (bytes, summary)
    }
}
