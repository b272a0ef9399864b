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
    ///   - progress: Called after each pose is written with the number written so far (1, 2, …), on the
    ///     calling thread; for a progress display. Default none.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written, or when a pose holds a
    ///   non-finite number (a defect: writers never write `nan` or `inf`); nothing is left behind.
    @discardableResult
    package static func write(
        _ flight: ScriptedFlight, sampler: PoseSampler, eye: EyePosition.Model?, format: PoseFormat,
        route: Route? = nil, framing: CameraFraming = CameraFraming(), epoch: Date = PoseWriterContext.defaultEpoch,
        heights: VerticalDatum = .ellipsoidal, to destination: Destination, progress: ((Int) -> Void)? = nil
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        var context = PoseWriterContext(
            route: route, framesPerSecond: sampler.framesPerSecond,
            frameCount: sampler.frameCount(forDuration: flight.duration), framing: framing, epoch: epoch,
            eyeModel: eye ?? .tangentPlane)
        context.heights = heights
        return try write(flight, sampler: sampler, eye: eye, format: format, context: context, to: destination,
                         progress: progress)
    }

    /// Samples a scripted flight and writes every pose with a context the caller filled in (angles,
    /// time scale, KML view, maximum pitch); its frame rate and count must be the sampler's.
    ///
    /// - Parameters:
    ///   - flight: The resolved flight (camera and centre elevation timelines).
    ///   - sampler: The frame rate and distance floor.
    ///   - eye: How to place the eye, or `nil` to leave it out (CSV and GeoJSON then have no eye columns).
    ///   - format: The output format (``PoseFormat/kmz`` zips the KML as it streams).
    ///   - context: Route, frame rate and count, framing, epoch and time scale, angles, KML view, maximum
    ///     pitch.
    ///   - framingColumns: Whether CSV appends the field of view and viewport columns.
    ///   - destination: Standard output, or a file written atomically.
    ///   - progress: Called after each pose is written with the number written so far (1, 2, …), on the
    ///     calling thread; for a progress display. Default none.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written (nothing is left behind).
    @discardableResult
    package static func write(
        _ flight: ScriptedFlight, sampler: PoseSampler, eye: EyePosition.Model?, format: PoseFormat,
        context: PoseWriterContext, framingColumns: Bool = false, to destination: Destination,
        progress: ((Int) -> Void)? = nil
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        try write(format: format, includesEye: eye != nil, framingColumns: framingColumns,
                  context: context.sampling(flight, with: sampler, eye: eye, for: format), to: destination,
                  progress: progress) { body in
            sampler.forEachPose(of: flight, eye: eye, body)
        }
    }

    /// Samples a scripted flight and streams every pose through `writer` (a ``FlightPageWriter``, or any
    /// writer of the caller's).
    /// - Parameters:
    ///   - flight: The resolved flight.
    ///   - sampler: The frame rate and distance floor.
    ///   - eye: How to place the eye, or `nil` to leave it out.
    ///   - writer: The writer, fresh (``PoseWriter/begin(into:)`` not yet called).
    ///   - destination: Standard output, or a file written atomically.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written (nothing is left behind).
    @discardableResult
    package static func write(
        _ flight: ScriptedFlight, sampler: PoseSampler, eye: EyePosition.Model?, writer: any PoseWriter,
        to destination: Destination
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        try write(writer: writer, zipped: false, to: destination) { body in
            sampler.forEachPose(of: flight, eye: eye, body)
        }
    }

    /// Writes the poses `poses` feeds in `format`, calling `progress` (if any) after each with the
    /// number written so far.
    static func write(
        format: PoseFormat, includesEye: Bool, framingColumns: Bool = false, context: PoseWriterContext? = nil,
        to destination: Destination, progress: ((Int) -> Void)? = nil,
        poses: ((CameraPose) -> Bool) -> PoseSampler.Summary
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        let writer = format.makeWriter(includesEye: includesEye, framingColumns: framingColumns, context: context)
        return try write(writer: writer, zipped: format == .kmz, to: destination, progress: progress, poses: poses)
    }

    /// Streams the poses `poses` feeds through `writer` into `destination` (zipped as KMZ's `doc.kml`
    /// when `zipped`), calling `progress` (if any) after each with the number written so far.
    static func write(
        writer: any PoseWriter, zipped: Bool, to destination: Destination, progress: ((Int) -> Void)? = nil,
        poses: ((CameraPose) -> Bool) -> PoseSampler.Summary
    ) throws(AtomicFile.WriteError) -> PoseSampler.Summary {
        var writer = writer
        let file: AtomicFile
        switch destination {
        case .standardOutput: file = AtomicFile.standardOutput()
        case .file(let path): file = try AtomicFile(path: path)
        }
        let chunk = 1 << 20
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4096)
        var failure: AtomicFile.WriteError? = nil
        // KMZ: the KML bytes go through a deflating ZIP entry on their way to the file.
        let archive = zipped ? KMZArchive() : nil
        var zipped: [UInt8] = []
        func flush(last: Bool = false) {
            guard failure == nil else { return }
            var bytes = buffer
            if let archive {
                zipped.removeAll(keepingCapacity: true)
                if !archive.append(buffer, into: &zipped) {
                    failure = AtomicFile.WriteError(path: file.path, reason: "the KML document is larger than a ZIP entry without Zip64 holds (4 GiB); write .kml, or lower the frame rate")
                    return
                }
                if last { archive.finish(into: &zipped) }
                bytes = zipped
            }
            buffer.removeAll(keepingCapacity: true)
            guard !bytes.isEmpty else { return }
            do { try file.write(bytes) } catch { failure = error }
        }
        if let archive { try file.write(archive.header()) }
        writer.begin(into: &buffer)
        var written = 0
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
            written += 1
            progress?(written)
            return failure == nil
        }
        if let failure {
            file.abort()
            throw failure
        }
        // The ending may be long (a KML group flight's rider tracks): it comes in pieces.
        var tail: [UInt8] = []
        writer.end(into: &tail) { piece in
            buffer.append(contentsOf: piece)
            piece.removeAll(keepingCapacity: true)
            if buffer.count >= chunk { flush() }
        }
        buffer.append(contentsOf: tail)
        flush(last: true)
        if let failure { file.abort(); throw failure }
        try file.commit()
        return summary
    }
}
