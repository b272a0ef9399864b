import Foundation
import RouteKitSupport

/// Samples a camera timeline at a fixed frame rate: the frame-exact, reproducible heart of RouteKit.
///
/// Frame `i` is taken at time `i / fps` seconds, for `i = 0 ... floor(duration * fps)`: the first frame
/// is at 0 and the last lands exactly on the end when `duration * fps` is whole (20 s at 30 fps gives
/// 601 frames, the last at 20.0). Times are computed as `Double(i) / fps`, never by accumulating a step,
/// so frame 600 is exactly 20.0 and no error builds up over long flights.
///
/// Every pose is a camera a map can show: its heading is in `0..<360`, its longitude in `-180...180`, its
/// latitude in `-90...90` (clamped), and its distance at least ``minimumDistance``. A cubic keyframe track
/// can overshoot its keyframes (Catmull-Rom velocities): the WWDC23 recipe's 24000 m and 18000 m
/// distance keyframes after an initial camera millions of metres away swing below zero. MapKit clamps
/// its camera to the distances it allows; RouteKit clamps to ``minimumDistance`` and reports how many
/// frames it clamped (`SampledFlight/clampedFrameCount`) so the tool can say so.
public struct PoseSampler: Sendable {
    /// Frames per second (> 0; may be fractional, e.g. 29.97).
    public var framesPerSecond: Double
    /// The smallest camera distance a pose may have, metres (> 0). Default 1 m.
    public var minimumDistance: Double
    /// The geoid that relates the plan's heights (above sea level) to the WGS 84 ellipsoid, or `nil`
    /// to take them as equal (undulation 0). With a geoid every pose carries the undulation at its
    /// centre and eye (``CameraPose/geoidUndulation``, ``EyePosition/geoidUndulation``), and the eye is
    /// placed from the centre's ellipsoidal height, so it is exact in space.
    public var geoid: Geoid?

    /// A sampler at `framesPerSecond` (finite, > 0) that keeps every distance at least
    /// `minimumDistance` metres (finite, > 0). Values outside those ranges do not trap: ``problem`` says
    /// what is wrong, ``tooManyFrames(duration:)`` returns it, and the sampler samples no frame.
    public init(framesPerSecond: Double, minimumDistance: Double = 1) {
        self.framesPerSecond = framesPerSecond
        self.minimumDistance = minimumDistance
    }

    /// What makes this sampler unusable, or `nil`: a frame rate or a minimum distance that is not a
    /// finite number more than 0.
    public var problem: String? {
        if !(framesPerSecond > 0 && framesPerSecond.isFinite) {
            return "the frame rate \(framesPerSecond) is invalid (expected frames per second, finite and more than 0)"
        }
        if !(minimumDistance > 0 && minimumDistance.isFinite) {
            return "the minimum distance \(minimumDistance) m is invalid (expected metres, finite and more than 0)"
        }
        return nil
    }

    /// Poses and what sampling had to correct.
    package struct SampledFlight: Sendable {
        /// One pose per frame, in frame order.
        package var poses: [CameraPose]
        /// Frames whose planned distance was below ``PoseSampler/minimumDistance`` (or not a number)
        /// and were clamped to it.
        package var clampedFrameCount: Int
    }

    /// The most frames one flight may be sampled into: 20 million (a day at 60 fps is 5.2 million).
    /// Beyond it a flight is a mistake (a recorded year flown in real time), not a video.
    public static let maximumFrameCount = 20_000_000

    /// Why a flight of `duration` seconds is too long to sample at this frame rate, or `nil` when it
    /// is not (more than ``maximumFrameCount`` frames, or not a finite duration).
    public func tooManyFrames(duration: Double) -> String? {
        if let problem { return problem }
        guard !(duration * framesPerSecond <= Double(PoseSampler.maximumFrameCount)) else { return nil }
        let length = duration.isFinite && duration < 1e9 ? FixedDecimal.string(duration, places: 3) + " s" : String(format: "%.2e s", duration)
        return "the flight lasts \(length): at \(FixedDecimal.string(framesPerSecond, places: 3)) fps that is more than \(PoseSampler.maximumFrameCount) frames"
    }

    /// The number of frames for a flight of `duration` seconds: `floor(duration * fps) + 1`, at most
    /// ``maximumFrameCount`` + 1; 0 when the sampler has a ``problem``.
    ///
    /// A product within 1e-9 (relative) of a whole number counts as whole, so that 20 s at 29.97 fps or
    /// 0.1 s steps that do not add up exactly in binary still end on the last frame.
    public func frameCount(forDuration duration: Double) -> Int {
        guard problem == nil else { return 0 }
        let product = max(duration, 0) * framesPerSecond
        let nearest = product.rounded()
        let last = abs(product - nearest) <= 1e-9 * max(1, nearest) ? nearest : product.rounded(.down)
        // Beyond the frame budget the count is capped, not trapped on (``tooManyFrames(duration:)``
        // refuses such a flight first).
        return Int(min(last, Double(PoseSampler.maximumFrameCount))) + 1
    }

    /// The time of frame `i`, seconds: `i / fps`.
    public func time(ofFrame frame: Int) -> Double { Double(frame) / framesPerSecond }

    /// Samples a timeline into one normalised pose per frame, in frame order.
    ///
    /// - Returns: ``frameCount(forDuration:)`` poses.
    /// - Complexity: O(f log n) for f frames and n keyframes on the longest track.
    public func poses(of timeline: KeyframeTimeline<MapCamera>) -> [CameraPose] {
        sample(timeline).poses
    }

    /// Samples a timeline, clamping distances and latitudes as the type's discussion says.
    ///
    /// - Complexity: O(f log n) for f frames and n keyframes on the longest track; O(f) memory.
    package func sample(_ timeline: KeyframeTimeline<MapCamera>) -> SampledFlight {
        var poses: [CameraPose] = []
        poses.reserveCapacity(frameCount(forDuration: timeline.duration))
        let summary = forEachPose(of: timeline) { poses.append($0); return true }
        return SampledFlight(poses: poses, clampedFrameCount: summary.clampedFrameCount)
    }

    /// Degrees of latitude past a pole, or of pitch outside its range, that are held at the bound
    /// without being counted in ``Summary/outOfRangeFrameCount``: rounding in the keyframe arithmetic
    /// (a cubic between equal values evaluates to within a few ulps of them), a millionth of a degree
    /// (about 0.1 m), far below what any renderer shows.
    public static let overshootTolerance = 1e-6

    /// What a pass over the frames did.
    public struct Summary: Hashable, Sendable {
        /// Frames produced.
        public var frameCount: Int
        /// Frames whose distance was clamped to ``PoseSampler/minimumDistance``.
        public var clampedFrameCount: Int
        /// Frames whose centre latitude left -90...90 or whose pitch left `0...`
        /// ``MapCamera/maximumPitch`` by more than ``PoseSampler/overshootTolerance`` (a script's cubic
        /// or spring overshooting) and was held at the bound, and the first such frame's time, seconds.
        public var outOfRangeFrameCount: Int = 0
        public var firstOutOfRangeTime: Double? = nil
        /// Frames whose centre elevation left -12 000...100 000 m (`PointValueLimits.elevation`), kept as flown, and
        /// the first such frame's time, seconds.
        public var implausibleElevationFrameCount: Int = 0
        public var firstImplausibleElevationTime: Double? = nil
    }

    /// Calls `body` with each pose in frame order, without storing them (constant memory, for
    /// streaming output). `body` returns `false` to stop early.
    ///
    /// - Complexity: O(f log n) time, O(1) memory.
    public func forEachPose(of timeline: KeyframeTimeline<MapCamera>, _ body: (CameraPose) -> Bool) -> Summary {
        forEachPose(of: timeline, centerElevation: nil, eye: nil, duration: timeline.duration, body)
    }

    /// Samples a scripted flight (camera and centre elevation), computing each pose's eye with `eye`
    /// (``EyePosition/Model``) when it is not `nil`. Frames run to ``ScriptedFlight/duration``.
    ///
    /// - Complexity: O(f log n) time, O(1) memory.
    /// Each pose carries its ``CameraPose/routeReading`` when the flight has a route
    /// (`ScriptedFlight/routeTracking`, `RouteTracker`).
    public func forEachPose(of flight: ScriptedFlight, eye: EyePosition.Model?, _ body: (CameraPose) -> Bool) -> Summary {
        guard let odometer = flight.route else {
            return forEachPose(of: flight.camera, centerElevation: flight.centerElevation, eye: eye, duration: flight.duration, body)
        }
        var tracker = RouteTracker(odometer: odometer, tracking: flight.routeTracking)
        return forEachPose(of: flight.camera, centerElevation: flight.centerElevation, eye: eye, duration: flight.duration) { pose in
            var pose = pose
            pose.routeReading = tracker.reading(at: pose.time, camera: pose.camera)
            return body(pose)
        }
    }

    /// The pose of a scripted flight at any `time` (seconds from its start, within
    /// 0 to ``ScriptedFlight/duration``), as a frame there would have it (normalised, distance clamped,
    /// the eye placed with `eye`), without a route reading: for writers that add samples between frames
    /// (`PoseWriterContext/poseBetweenFrames`). `frame` is the frame at or before `time`.
    ///
    /// - Complexity: O(log n) for n keyframes on the longest track.
    public func pose(of flight: ScriptedFlight, eye: EyePosition.Model?, at time: Double) -> CameraPose {
        let frame = Int((time * framesPerSecond).rounded(.down))
        return pose(of: flight.camera, centerElevation: flight.centerElevation, eye: eye, frame: frame, time: time).pose
    }

    /// One pose and what making it had to correct (see ``Summary``).
    private struct Sampled {
        var pose: CameraPose
        var clamped = false, outOfRange = false, implausible = false
    }

    /// The pose at `time` seconds, numbered `frame`: the timeline's value normalised, its distance clamped
    /// to ``minimumDistance``, the centre elevation and geoid undulation, and the eye when asked for.
    private func pose(of timeline: KeyframeTimeline<MapCamera>, centerElevation: KeyframeTimeline<Double>?,
                      eye: EyePosition.Model?, frame: Int, time t: Double) -> Sampled {
        let raw = timeline.value(time: t)
        var camera = raw.normalized
        let outOfRange = abs(raw.centerCoordinate.latitude) > 90 + Self.overshootTolerance
            || !(raw.pitch >= -Self.overshootTolerance && raw.pitch <= MapCamera.maximumPitch + Self.overshootTolerance)
        let clamped = !(camera.distance >= minimumDistance)
        if clamped { camera.distance = minimumDistance }
        let elevation = centerElevation?.value(time: t) ?? 0
        let undulation = geoid?.undulation(at: camera.centerCoordinate) ?? 0
        var pose = CameraPose(frame: frame, time: t, camera: camera, centerElevation: elevation,
                              geoidUndulation: undulation)
        if let eye {
            var position = camera.eye(centerElevation: elevation + undulation, model: eye)
            position.geoidUndulation = geoid?.undulation(at: position.coordinate) ?? 0
            pose.eye = position
        }
        return Sampled(pose: pose, clamped: clamped, outOfRange: outOfRange,
                       implausible: !PointValueLimits.elevation.contains(elevation))
    }

    /// Frames sampled at once: the first block split between the cores, each later one computed on one
    /// core while the caller takes the block before it (each pose depends on its time alone, so neither
    /// changes anything); the caller takes them in order.
    private static let blockFrames = 2048

    /// The poses of `frames`, in order, computed in `parts` ranges at once.
    private func poses(of timeline: KeyframeTimeline<MapCamera>, centerElevation: KeyframeTimeline<Double>?,
                       eye: EyePosition.Model?, frames: Range<Int>, parts: Int) -> [Sampled] {
        [Sampled](unsafeUninitializedCapacity: frames.count) { buffer, initialized in
            nonisolated(unsafe) let buffer = buffer
            Parallel.forEachRange(count: frames.count, parts: parts) { range in
                for k in range {
                    let frame = frames.lowerBound + k
                    (buffer.baseAddress! + k).initialize(to: pose(of: timeline, centerElevation: centerElevation, eye: eye,
                                                                  frame: frame, time: time(ofFrame: frame)))
                }
            }
            initialized = frames.count
        }
    }

    /// What the poses handed over had to correct, counted as ``Summary`` reports it.
    private struct Tally {
        var produced = 0, clamped = 0
        var outOfRange = 0, firstOutOfRange: Double? = nil
        var implausible = 0, firstImplausible: Double? = nil

        /// Hands `block` to `body` in order, counting; `false` once `body` asks to stop.
        mutating func take(_ block: [Sampled], _ body: (CameraPose) -> Bool) -> Bool {
            for sampled in block {
                let t = sampled.pose.time
                if sampled.outOfRange {
                    outOfRange += 1
                    if firstOutOfRange == nil { firstOutOfRange = t }
                }
                if sampled.clamped { clamped += 1 }
                if sampled.implausible {
                    implausible += 1
                    if firstImplausible == nil { firstImplausible = t }
                }
                produced += 1
                if !body(sampled.pose) { return false }
            }
            return true
        }

        var summary: Summary {
            Summary(frameCount: produced, clampedFrameCount: clamped, outOfRangeFrameCount: outOfRange,
                    firstOutOfRangeTime: firstOutOfRange, implausibleElevationFrameCount: implausible,
                    firstImplausibleElevationTime: firstImplausible)
        }
    }

    private func forEachPose(of timeline: KeyframeTimeline<MapCamera>, centerElevation: KeyframeTimeline<Double>?,
                             eye: EyePosition.Model?, duration: Double, _ body: (CameraPose) -> Bool) -> Summary {
        let count = frameCount(forDuration: duration)
        func block(from start: Int) -> Range<Int> { start..<min(count, start + Self.blockFrames) }
        var tally = Tally()
        var frames = block(from: 0)
        var sampled = poses(of: timeline, centerElevation: centerElevation, eye: eye, frames: frames,
                            parts: frames.count >= 512 ? 2 : 1)
        while !frames.isEmpty {
            let next = block(from: frames.upperBound)
            let (goesOn, following) = Parallel.both(
                { tally.take(sampled, body) },
                { next.isEmpty ? [] : poses(of: timeline, centerElevation: centerElevation, eye: eye, frames: next, parts: 1) })
            guard goesOn else { break }
            frames = next
            sampled = following
        }
        return tally.summary
    }
}
