import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Streams a sampled flight into a file or standard output, in constant memory, flushing every 1 MiB.
public enum PoseOutput {
    /// Where the bytes go.
    public enum Destination {
        /// Standard output (file descriptor 1).
        case standardOutput
        /// A file written atomically (``AtomicFile``).
        case file(String)
    }

    /// Samples `timeline` with `sampler` and writes every pose in `format` to `destination`.
    ///
    /// - Returns: The number of frames written and how many had their distance clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written (nothing is left behind).
    /// - Complexity: O(f log n) time for f frames and n keyframes; O(1) memory (a 1 MiB buffer).
    @discardableResult
    public static func write(
        _ timeline: KeyframeTimeline<MapCamera>, sampler: PoseSampler, format: PoseFormat, to destination: Destination
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        let context = PoseWriterContext(framesPerSecond: sampler.framesPerSecond,
                                        frameCount: sampler.frameCount(forDuration: timeline.duration))
        return try write(format: format, includesEye: false, context: context, to: destination) { body in
            sampler.forEachPose(of: timeline, body)
        }
    }

    /// Samples a scripted flight and writes every pose, with the eye's position when `eye` is given.
    ///
    /// - Parameters:
    ///   - flight: The resolved flight (camera and centre elevation timelines).
    ///   - sampler: The frame rate and distance floor.
    ///   - eye: How to place the eye, or `nil` to leave it out (CSV and GeoJSON then have no eye columns).
    ///   - format: The output format.
    ///   - route: The route flown; GeoJSON, KML and CZML write it beside the poses (default none).
    ///   - framing: The viewport and field of view the flight was planned for (Earth Studio writes them).
    ///   - epoch: The instant of frame 0 for GPX times and the CZML clock (default
    ///     ``PoseWriterContext/defaultEpoch``, 2000-01-01T00:00:00Z).
    ///   - heights: The vertical datum of CSV and GeoJSON heights (``PoseWriterContext/heights``).
    ///   - destination: Standard output, or a file written atomically.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written, or when a pose holds a
    ///   non-finite number (a defect: writers never write `nan` or `inf`); nothing is left behind.
    @discardableResult
    public static func write(
        _ flight: ScriptedFlight, sampler: PoseSampler, eye: EyePosition.Model?, format: PoseFormat,
        route: Route? = nil, framing: CameraFraming = CameraFraming(), epoch: Date = PoseWriterContext.defaultEpoch,
        heights: VerticalDatum = .ellipsoidal, to destination: Destination
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        var context = PoseWriterContext(
            route: route, framesPerSecond: sampler.framesPerSecond,
            frameCount: sampler.frameCount(forDuration: flight.duration), framing: framing, epoch: epoch,
            eyeModel: eye ?? .tangentPlane)
        context.heights = heights
        return try write(format: format, includesEye: eye != nil, context: context, to: destination) { body in
            sampler.forEachPose(of: flight, eye: eye, body)
        }
    }

    private static func write(
        format: PoseFormat, includesEye: Bool, context: PoseWriterContext? = nil, to destination: Destination,
        poses: ((CameraPose) -> Bool) -> PoseSampler.Summary
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        let file: AtomicFile
        switch destination {
        case .standardOutput: file = AtomicFile.standardOutput()
        case .file(let path): file = try AtomicFile(path: path)
        }
        let chunk = 1 << 20
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4096)
        var writer = format.makeWriter(includesEye: includesEye, context: context)
        var failure: AtomicFile.WriteError? = nil
        func flush() {
            guard failure == nil, !buffer.isEmpty else { return }
            do { try file.write(buffer) } catch { failure = error }
            buffer.removeAll(keepingCapacity: true)
        }
        writer.begin(into: &buffer)
        let summary = poses { pose in
            // A non-finite number is a defect, never a value to write: stop, and leave no file.
            if let field = pose.nonFiniteField {
                failure = AtomicFile.WriteError(
                    path: file.path,
                    reason: "frame \(pose.frame): the \(field) is not a finite number, so no file was written "
                        + "(a defect in RouteKit; please report it with the input)")
                return false
            }
            writer.write(pose, into: &buffer)
            if buffer.count >= chunk { flush() }
            return failure == nil
        }
        if let failure {
            file.abort()
            throw failure
        }
        writer.end(into: &buffer)
        flush()
        if let failure { throw failure }
        try file.commit()
        return summary
    }
}
