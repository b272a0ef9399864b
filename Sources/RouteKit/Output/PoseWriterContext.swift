import Foundation

/// What a pose writer may need to know before the first pose: the flight's length, its frame rate, how it
/// is framed, the route it follows and the instant it starts.
///
/// Formats with a header that depends on the whole flight (a CZML clock spanning it, an Earth Studio
/// frame count) read it from here, so that every writer still streams in constant memory. Writers that
/// need none of it (CSV) ignore it.
///
/// Determinism: the default ``epoch`` is the fixed instant ``defaultEpoch`` (2000-01-01T00:00:00Z), never
/// the current date, so the same flight always gives the same bytes. A caller that knows when the flight
/// "happens" (e.g. the route's recorded start time, for recorded timing) passes it explicitly.
package struct PoseWriterContext: Sendable {
    /// The route the flight follows, when known. KML, CZML and GeoJSON write it as a line beside the
    /// poses; `nil` leaves the line out.
    package var route: Route?
    /// For a group flight, the riders whose positions each pose carries (``CameraPose/riders``), so that
    /// writers can name them and draw their routes; `nil` for a single route.
    package var group: RiderGroup? = nil
    /// For a group flight whose poses are stamped with the group clock (``epochSeconds``), each rider's
    /// recorded span on that clock, in rider order (``RiderClock/startTime(ofRider:)`` to
    /// ``RiderClock/endTime(ofRider:)``): CZML gives it as the rider's `recording` interval exactly. `nil`: the
    /// span of the frames where the rider is active.
    package var riderSpans: [ClosedRange<Date>]? = nil
    /// Frames per second of the poses (> 0); frame `i` is at `i / framesPerSecond` seconds.
    package var framesPerSecond: Double
    /// The number of poses that will be written (>= 1).
    package var frameCount: Int
    /// The viewport (pixels) and vertical field of view (degrees) the poses were framed for.
    package var framing: CameraFraming
    /// The instant of frame 0 (time 0). Pose `time` seconds are added to it for the absolute times of
    /// GPX `time` and the CZML clock. Default ``defaultEpoch``.
    package var epoch: Date
    /// How to place the eye of a pose that has none (``CameraPose/eye`` is `nil`): KML, CZML and Earth
    /// Studio need the eye. Default ``EyePosition/Model/tangentPlane``.
    package var eyeModel: EyePosition.Model
    /// How CSV, GeoJSON and MapLibre headings are written: wrapped to `0..<360` (default) or continuous
    /// from frame to frame (``AngleContinuity``).
    package var angles: AngleContinuity = .wrapped
    /// Seconds of ``epoch`` time per second of flight (> 0, default 1): with recorded timing and a speedup,
    /// the speedup, so that CZML and GPX absolute times are the route's recorded times
    /// (``absoluteTime(of:)``).
    package var timeScale: Double = 1
    /// Seconds after ``epoch`` that a pose time stands for, when that is not simply `time × timeScale`:
    /// a group flight's eased clock (``GroupFlight/timestamp(atFlightTime:)``), so that every rider's
    /// samples sit at its recorded instants. Must increase with the time. `nil` (default): `time × timeScale`.
    package var epochSeconds: (@Sendable (Double) -> Double)? = nil
    /// The flight's pose at any time between frames (seconds of flight time, within the flight), for
    /// writers that add samples where a renderer's interpolation between frames would stray from the
    /// flight: CZML (``CZMLPoseWriter``). `nil` (default): frames only.
    /// ``PoseOutput`` sets it from the sampler when it writes CZML.
    package var poseBetweenFrames: (@Sendable (Double) -> CameraPose)? = nil
    /// For a group flight in CZML, how much of each rider's track Cesium draws behind the rider (its
    /// `path`'s `trailTime`): seconds of clock time (> 0), or `nil` for the whole flight so far (the
    /// whole race: CesiumJS then spends 100 ms and more of JavaScript a frame on a long race). Default
    /// ``defaultRiderTrail``.
    package var riderTrail: Double? = PoseWriterContext.defaultRiderTrail
    /// What a KML tour's `gx:FlyTo`s fly to (default ``KMLView/camera``).
    package var kmlView: KMLView = .camera
    /// The geoid that turns the route's elevations (above sea level) into heights above the ellipsoid
    /// where a writer places route points in Earth-fixed space (Earth Studio's track points), and riders'
    /// elevations into ellipsoidal heights with the undulation under each rider (CSV, GeoJSON, CZML); `nil`:
    /// sea level is taken as the ellipsoid for route points, and riders use the pose's undulation at its
    /// centre (``CameraPose/geoidUndulation``).
    package var geoid: Geoid? = nil
    /// The ground model (a digital elevation model) the flight was planned over, when there is one: Earth
    /// Studio files then carry the ground around the route (`EarthStudioTerrainGrid`) for Blender. `nil`:
    /// no ground.
    package var terrain: (any ElevationModel)? = nil
    /// The highest pitch a web-map camera may have, degrees (MapLibre's default `maxPitch` 60); the MapLibre
    /// writer records it, ``MapLibrePoseWriter/firstPose(above:in:sampler:)`` finds poses above it.
    package var maximumPitch: Double = MapLibrePoseWriter.defaultMaximumPitch
    /// The vertical datum of the heights CSV and GeoJSON write (`center_elevation`, `eye_altitude`).
    /// KML (sea level), CZML, Earth Studio (the ellipsoid) and GPX (sea level) always use their own
    /// format's datum. Default ``VerticalDatum/ellipsoidal``.
    package var heights: VerticalDatum = .ellipsoidal
    /// Whether CSV appends the route's values at each frame (``CSVPoseWriter/includesRouteValues``).
    /// GeoJSON, MapLibre and CZML always write them when the poses carry them. Default `false`.
    package var routeValueColumns = false

    /// The default ``riderTrail``: 120 s of clock time.
    package static let defaultRiderTrail = 120.0

    /// 2000-01-01T00:00:00Z: the documented, fixed default ``epoch`` (946684800 s after the Unix epoch).
    package static let defaultEpoch = Date(timeIntervalSince1970: 946_684_800)

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - route: The route flown, or `nil`.
    ///   - framesPerSecond: Frames per second, > 0.
    ///   - frameCount: Poses to be written, >= 1.
    ///   - framing: Viewport and field of view (default ``CameraFraming/init(viewportWidth:viewportHeight:verticalFieldOfView:margin:)``'s defaults).
    ///   - epoch: The instant of time 0 (default ``defaultEpoch``).
    ///   - eyeModel: How missing eyes are computed (default ``EyePosition/Model/tangentPlane``).
    package init(route: Route? = nil, framesPerSecond: Double, frameCount: Int, framing: CameraFraming = CameraFraming(),
                epoch: Date = PoseWriterContext.defaultEpoch, eyeModel: EyePosition.Model = .tangentPlane) {
        precondition(framesPerSecond > 0 && framesPerSecond.isFinite, "framesPerSecond must be > 0")
        self.route = route
        self.framesPerSecond = framesPerSecond
        self.frameCount = max(frameCount, 1)
        self.framing = framing
        self.epoch = epoch
        self.eyeModel = eyeModel
    }

    /// Seconds from the first frame to the last, `(frameCount - 1) / framesPerSecond` (>= 0): the span
    /// the poses cover (a flight's nominal duration can be up to one frame longer).
    package var duration: Double { Double(frameCount - 1) / framesPerSecond }

    /// A context for poses already in hand (their count; the frame rate from their times, else 30 fps).
    package init(poses: [CameraPose], route: Route? = nil, framing: CameraFraming = CameraFraming()) {
        var fps = 30.0
        if poses.count >= 2, let last = poses.last, last.time > 0 { fps = Double(last.frame) / last.time }
        self.init(route: route, framesPerSecond: fps, frameCount: poses.count, framing: framing)
    }

    /// Seconds after ``epoch`` of a pose time: ``epochSeconds``, else `time * timeScale`.
    package func seconds(of time: Double) -> Double {
        epochSeconds?(time) ?? time * timeScale
    }

    /// Stamps every frame with its recorded instant (``RecordedFrameClock``): ``epoch`` becomes the
    /// clock's start and ``epochSeconds`` its offsets; ``timeScale`` (the clock multiplier CZML
    /// writes) stays the speedup.
    package mutating func stamp(with clock: RecordedFrameClock) {
        epoch = clock.start
        epochSeconds = { [clock] t in clock.seconds(atFlightTime: t) }
    }

    /// Seconds elapsed from the first frame's instant to the instant of a pose time, as a clock that
    /// counts every SI second counts them: ``seconds(of:)`` differences plus the UTC leap seconds
    /// inserted in between (``LeapSeconds``), which `Date` (POSIX time) does not count. CesiumJS adds
    /// CZML sample offsets to the epoch this way (its `JulianDate` keeps TAI), so an offset written from
    /// `Date` differences alone would put every sample after a leap second one second early.
    package func elapsedSeconds(of time: Double) -> Double {
        seconds(of: time) - seconds(of: 0)
            + Double(LeapSeconds.inserted(after: absoluteTime(of: 0), upTo: absoluteTime(of: time)))
    }

    /// The absolute instant of a pose time: ``epoch`` plus ``seconds(of:)``.
    package func absoluteTime(of time: Double) -> Date {
        epoch.addingTimeInterval(seconds(of: time))
    }

    /// The pose's eye: its own, or one computed with ``eyeModel``, with the geoid undulation under it
    /// (from ``geoid``, else the centre's), so that its ``EyePosition/elevation`` is above sea level
    /// whichever way it was placed.
    func eye(of pose: CameraPose) -> EyePosition {
        if let eye = pose.eye { return eye }
        var eye = pose.camera.eye(centerElevation: pose.centerEllipsoidalHeight, model: eyeModel)
        eye.geoidUndulation = geoid?.undulation(at: eye.coordinate) ?? pose.geoidUndulation
        return eye
    }

    /// This context with ``poseBetweenFrames`` taken from `flight` and `sampler` when `format` samples
    /// between frames (CZML) and the caller gave none; unchanged otherwise.
    func sampling(_ flight: ScriptedFlight, with sampler: PoseSampler, eye: EyePosition.Model?,
                  for format: PoseFormat) -> PoseWriterContext {
        guard format == .czml, poseBetweenFrames == nil else { return self }
        var context = self
        context.poseBetweenFrames = { time in sampler.pose(of: flight, eye: eye, at: time) }
        return context
    }
}
