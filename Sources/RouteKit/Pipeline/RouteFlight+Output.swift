import Foundation
import RouteKitGeodesy

extension RouteFlight {
    /// How a flight is sampled and written: the options `route-fly sample` takes for its output.
    public struct Output: Sendable {
        /// The pose format.
        public var format: PoseFormat
        /// Frames per second, more than 0: frame i is at i / framesPerSecond seconds, both ends included.
        public var framesPerSecond: Double
        /// The datum of CSV and GeoJSON heights (`center_elevation`, `eye_altitude`): above the WGS 84
        /// ellipsoid (the default, as RFC 7946 says) or above mean sea level (EGM96). KML is always above
        /// sea level, CZML and Earth Studio above the ellipsoid.
        public var heights: VerticalDatum
        /// Whether the eye's position is written, or `nil` for the default: written for every preset but
        /// ``FlightOptions/Preset/wwdc`` and for scripts.
        public var eye: Bool?
        /// Headings (and CSV and MapLibre longitudes) wrapped, or continuous from frame to frame.
        public var angles: AngleContinuity
        /// CSV: the route's values at each frame as extra columns (GeoJSON, CZML and MapLibre always
        /// carry them).
        public var routeValueColumns: Bool
        /// CSV: the field of view and viewport columns.
        public var framingColumns: Bool
        /// KML and KMZ: a `Camera` at the eye or a `LookAt` at the centre.
        public var kmlView: KMLView
        /// MapLibre frames: the web map's `maxPitch`, degrees (a flight that pitches more is refused by
        /// `MapLibrePoseWriter/firstPose(beyondLimitsOf:in:sampler:framing:)`).
        public var maximumPitch: Double
        /// Group flights in CZML: how much of each rider's track Cesium draws behind the rider (its path's
        /// `trailTime`), seconds of clock time (> 0, default 120), or `nil` for the whole race so far
        /// (CesiumJS then spends 100 ms and more of JavaScript a frame on a long race).
        public var riderTrail: Double?

        /// The output in `format` at `framesPerSecond` (default 30), with every other setting at its default.
        public init(format: PoseFormat = .csv, framesPerSecond: Double = 30) {
            self.format = format
            self.framesPerSecond = framesPerSecond
            heights = .ellipsoidal
            eye = nil
            angles = .wrapped
            routeValueColumns = false
            framingColumns = false
            kmlView = .camera
            maximumPitch = MapLibrePoseWriter.defaultMaximumPitch
            riderTrail = PoseWriterContext.defaultRiderTrail
        }
    }

    /// The sampler for `framesPerSecond`, with the EGM96 geoid that puts heights on their datums.
    ///
    /// - Throws: ``OptionError`` when the flight cannot be sampled at `framesPerSecond` (not a finite
    ///   number more than 0, or more than ``PoseSampler/maximumFrameCount`` frames); ``GeoidError`` when
    ///   the EGM96 grid cannot be opened.
    public func sampler(framesPerSecond: Double) throws -> PoseSampler {
        var sampler = try Self.checkedSampler(framesPerSecond: framesPerSecond, duration: flight.duration)
        sampler.geoid = try Geoid.egm96()
        return sampler
    }

    /// Whether `output` writes the eye: its own choice, else every preset's default but wwdc's.
    package func includesEye(_ output: Output) -> Bool {
        output.eye ?? (options.script != nil || options.flight.preset.includesEyeByDefault)
    }

    /// Everything the writers need beside the poses, for `output` sampled by `sampler`: the route, the
    /// framing, the datum, the ground, and under recorded timing the recorded clock (each frame of CZML
    /// and GPX stamped with the recorded instant of the route point it looks at).
    package func writerContext(for output: Output, sampler: PoseSampler) -> PoseWriterContext {
        var context = PoseWriterContext(route: route, framesPerSecond: sampler.framesPerSecond,
                                        frameCount: sampler.frameCount(forDuration: flight.duration),
                                        framing: options.flight.framing, eyeModel: .tangentPlane)
        context.heights = output.heights
        context.geoid = sampler.geoid
        context.terrain = terrain
        context.angles = output.angles
        context.routeValueColumns = output.routeValueColumns
        context.kmlView = output.kmlView
        context.maximumPitch = output.maximumPitch
        if options.script == nil, let (epoch, scale) = options.flight.recordedClock(for: route) {
            context.epoch = epoch
            context.timeScale = scale
            if output.format == .czml || output.format == .gpx,
               let clock = RecordedFrameClock(flight: flight, framesPerSecond: sampler.framesPerSecond,
                                              frameCount: context.frameCount, scale: scale) {
                context.stamp(with: clock)
            }
        }
        return context
    }

    /// Samples the flight and writes every pose as `output` says to `destination`: the bytes
    /// `route-fly sample` writes for the same route and options.
    ///
    /// - Parameters:
    ///   - output: Format, frame rate, datum and the format's own settings.
    ///   - destination: Standard output, or a file written atomically (nothing is left on failure).
    ///   - progress: Called after each pose with the number written so far, on the calling thread.
    /// - Returns: Frames written and frames whose distance was clamped.
    /// - Throws: ``OptionError`` (a frame rate that is not finite and more than 0, more than
    ///   ``PoseSampler/maximumFrameCount`` frames, a maximum pitch outside 0...85°, a rider trail that is
    ///   not more than 0), ``GeoidError`` (the EGM96 grid), ``AtomicFile/WriteError`` (the file).
    /// - Complexity: O(f log k) for f frames and k keyframes; O(1) memory beyond a 1 MiB buffer.
    @discardableResult
    public func write(_ output: Output, to destination: PoseOutput.Destination,
                      progress: ((Int) -> Void)? = nil) throws -> PoseSampler.Summary {
        try Self.check(output)
        let sampler = try sampler(framesPerSecond: output.framesPerSecond)
        return try PoseOutput.write(flight, sampler: sampler, eye: includesEye(output) ? .tangentPlane : nil,
                                    format: output.format, context: writerContext(for: output, sampler: sampler),
                                    framingColumns: output.framingColumns, to: destination, progress: progress)
    }
}
