import Foundation

/// Writes poses as a CZML document for CesiumJS: a clock spanning the flight and a `camera` entity with a
/// sampled eye position and a sampled orientation.
///
/// Sources: the czml-writer wiki (https://github.com/AnalyticalGraphicsInc/czml-writer/wiki), pages
/// `CZML-Structure`, `Packet`, `Clock`, `Position`, `CartographicDegreesValue`, `InterpolatableProperty`,
/// `Orientation` and `UnitQuaternionValue`. Shape (one packet per line):
///
/// ```json
/// [
/// {"id":"document","name":"…","version":"1.0","clock":{"interval":"START/STOP","currentTime":"START",
///  "multiplier":1,"range":"CLAMPED","step":"SYSTEM_CLOCK_MULTIPLIER"}},
/// {"id":"route","name":"Route","polyline":{"positions":{"cartographicDegrees":[lon,lat,h,…]},
///  "width":3,"material":{"solidColor":{"color":{"rgba":[255,64,0,255]}}}}},
///                                                   (only when the route is known; one packet per segment,
///                                                    ids "route", "route-2", …; h: the point's height on
///                                                    the ellipsoid when every point has one, else 0 and
///                                                    "clampToGround":true)
/// {"id":"camera","name":"Camera","availability":"START/STOP","properties":{"fov_vertical":{"number":36.8699}}},
/// {"id":"camera","position":{"epoch":"START","interpolationAlgorithm":"LINEAR","interpolationDegree":1,
///  "cartographicDegrees":[t,lon,lat,h, …]},"orientation":{"epoch":"START","interpolationAlgorithm":"LINEAR",
///  "interpolationDegree":1,"unitQuaternion":[t,x,y,z,w, …]}},
/// … more "camera" packets, the samples of up to ``samplesPerPacket`` frames each …
/// ]
/// ```
///
/// - `START` is ``PoseWriterContext/epoch`` and `STOP` is `START` + ``PoseWriterContext/duration`` times
///   ``PoseWriterContext/timeScale`` (or ``PoseWriterContext/epochSeconds``), ISO 8601 UTC with 6
///   fraction digits at most; `t` is the pose's instant in SI seconds since `START` (6 decimals;
///   ``PoseWriterContext/elapsedSeconds(of:)``: a leap second in between counts, as CesiumJS counts it
///   when it adds `t` to the epoch), and the clock's `multiplier` is `timeScale`, so the flight plays
///   at its own speed while its samples sit at the route's recorded instants (with recorded timing the
///   caller stamps each frame with its recorded instant, ``RecordedFrameClock``: the camera lines up
///   with other time-tagged data). Sample times increase strictly when the context's do.
/// - `position`: the **eye** (``PoseWriterContext/eyeModel`` when the pose has none): longitude (-180...180)
///   and latitude in degrees (8 decimals), height above the WGS 84 ellipsoid in metres (3 decimals).
///   `LINEAR` interpolation (degree 1) cannot overshoot the samples (Cesium converts cartographic samples
///   to Earth-fixed Cartesian positions and interpolates those, so the antimeridian needs no care).
/// - Samples between frames: one per frame, plus, where Cesium's interpolation between two frames would put
///   the look-at point more than 0.1 % of the camera distance off the flight's centre, more in between
///   (`CZMLInterpolation` (internal); needs ``PoseWriterContext/poseBetweenFrames``, which ``PoseOutput`` sets). The
///   route's values and riders stay one sample per frame.
/// - `orientation`: the rotation from the camera's body axes to Earth-fixed (ECEF) axes as a unit
///   quaternion `[x, y, z, w]` (``quaternionPlaces`` = 9 decimals). Body axes: **x forward**
///   along the exact line of sight from the eye to the centre, **y left**, **z up** (the top of the
///   picture); no roll. The construction (east-north-up frame at the eye, then heading and tilt of the line
///   of sight) and the quaternion formula are in `CameraAttitude` (internal). To aim a Cesium camera from it:
///   `direction = R * (1,0,0)`, `up = R * (0,0,1)`, `right = -R * (0,1,0)`. Consecutive quaternions are
///   kept in the same hemisphere (q and -q are the same rotation), so interpolation takes the short way.
/// - Streaming: a sampled property may be split over several packets with the same `id`; the client
///   merges their samples (CZML-Structure: packets are processed in order, later ones add to earlier
///   ones). Position and orientation samples are therefore held for at most ``samplesPerPacket`` frames
///   and written as one packet: constant memory.
///
/// - Group flights (``PoseWriterContext/group``): after the camera's first packet, each rider's route as
///   polylines (ids `course/INDEX`, `course/INDEX-2`, … per segment, not `rider/…`, so that the riders are
///   the entities whose ids start with `rider/`; heights as the single
///   route's above; 2 px wide, in the rider's colour at half opacity, alpha 128), then one entity per rider,
///   `{"id":"rider/INDEX","name":"RIDER NAME","availability":"START/STOP","point":{…},"label":{…},"path":{…}}`
///   (INDEX from 0, in ``RiderGroup/riders`` order): a point and a label in the rider's colour and a
///   `path`, the line Cesium draws behind a moving entity (`leadTime` 0, `trailTime`
///   ``PoseWriterContext/riderTrail`` seconds of clock time, 120 by default, or the whole flight;
///   `resolution` one frame). Its `position` is sampled like the camera's, one sample per pose, in packets
///   `{"id":"rider/INDEX","position":{…"backwardExtrapolationType":"HOLD","forwardExtrapolationType":"HOLD",
///   "cartographicDegrees":[t,lon,lat,h,…]}}` written with the camera's: longitude and latitude in degrees
///   (8 decimals) and the height above the WGS 84 **ellipsoid** (3 decimals): the rider's elevation plus the
///   EGM96 undulation under the rider (``PoseWriterContext/geoid``; without one, the pose's at its centre,
///   as the camera's eye uses). Every rider is available over the whole clock: the poses hold a rider at its
///   start before its recording and at its finish after (``RiderPosition/isActive`` false), and HOLD keeps
///   it there even at an instant past the samples, so the fly-in and pull-out show every rider waiting.
///   The last packet of each rider, after every sample, gives its recorded interval as the custom property
///   `recording`: `[{"interval":"FIRST/LAST","boolean":true}]` (``PoseWriterContext/riderSpans``, else the
///   instants of the first and last poses where the rider is active; `[]` when it never is), so
///   `entity.properties.recording.getValue(time)` is `true` while the rider records and `undefined` else.
///
/// - The route's values at each frame (``CameraPose/routeReading``; a rider's own, ``RiderPosition/reading``,
///   for a group flight) are custom `properties` of the `camera` entity (of each `rider/INDEX`), sampled
///   on the same epoch and written in the same packets as its position: `route_distance`,
///   `route_progress`, `route_elevation` (above sea level), `speed`, `heart_rate`, `cadence`, and
///   `route_time` as seconds after `START` (CZML samples numbers, not text). Read them in CesiumJS with
///   `entity.properties.route_distance.getValue(time)`.
///
/// - `fov_vertical`, a custom property of the `camera` entity: the vertical field of view the flight was
///   framed for (``PoseWriterContext/framing``), degrees (4 decimals). CesiumJS's `PerspectiveFrustum.fov`
///   is the *horizontal* angle when the view is wider than tall (`2 atan(tan(v / 2) × aspect)`), else the
///   vertical one: a player converts (the CesiumJS recipe, docs/renderers.md#cesiumjs-czml, `docs/cesium-recipe.js`).
///
/// Deterministic bytes: fixed decimals, the fixed default epoch, no current date.
package struct CZMLPoseWriter: PoseWriter, Sendable {
    /// The flight's span, epoch and route.
    package var context: PoseWriterContext
    /// Frames per sampled packet (> 0), with the samples added between them. Default 500.
    package var samplesPerPacket: Int

    /// Decimal places of quaternion components (9: about 1e-7 degrees).
    package static let quaternionPlaces = 9

    private var positions: [UInt8] = []
    private var orientations: [UInt8] = []
    private var pending = 0
    private var previousQuaternion: SIMD4<Double>? = nil
    /// The last frame's camera sample, for the samples added between frames.
    private var previousSample: CZMLInterpolation.Sample? = nil
    /// Per rider: its pending position samples, and the clock seconds of its first and last active pose.
    private var riderPositions: [[UInt8]]
    private var firstActive: [Double?]
    private var lastActive: [Double?]
    /// The route's values at each frame: the camera's, then each rider's.
    private var readings = CZMLReadingSamples()
    private var riderReadings: [CZMLReadingSamples]

    package init(context: PoseWriterContext, samplesPerPacket: Int = 500) {
        precondition(samplesPerPacket > 0, "samplesPerPacket must be > 0")
        self.context = context
        self.samplesPerPacket = samplesPerPacket
        let riders = context.group?.riders.count ?? 0
        riderPositions = Array(repeating: [], count: riders)
        firstActive = Array(repeating: nil, count: riders)
        lastActive = Array(repeating: nil, count: riders)
        riderReadings = Array(repeating: CZMLReadingSamples(), count: riders)
    }

    /// The first frame's instant: the clock's start and the epoch of every sampled property.
    private var start: String { ISO8601.string(from: context.absoluteTime(of: 0)) }
    private var stop: String { ISO8601.string(from: context.absoluteTime(of: context.duration)) }

    package func begin(into out: inout [UInt8]) {
        let interval = "\(start)/\(stop)"
        out.append(text: "[\n{\"id\":\"document\",\"name\":")
        out.append(text: JSONText.quoted(context.route?.name ?? "RouteKit camera flight"))
        out.append(text: ",\"version\":\"1.0\",\"clock\":{\"interval\":\"\(interval)\",\"currentTime\":\"\(start)\",")
        out.append(text: "\"multiplier\":\(FixedDecimal.string(context.timeScale, places: context.timeScale == context.timeScale.rounded() ? 0 : 6)),\"range\":\"CLAMPED\",\"step\":\"SYSTEM_CLOCK_MULTIPLIER\"}}")
        if let route = context.route {
            Self.appendPolylines(of: route, id: "route", name: "Route", width: 3, rgba: [255, 64, 0, 255], geoid: context.geoid, into: &out)
        }
        out.append(text: ",\n{\"id\":\"camera\",\"name\":\"Camera\",\"availability\":\"\(interval)\",\"properties\":{\"fov_vertical\":{\"number\":")
        FixedDecimal.append(context.framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: "}}}")
        if let group = context.group {
            let whole = context.seconds(of: context.duration) - context.seconds(of: 0)
            let trail = FixedDecimal.string(context.riderTrail ?? whole, places: PosePrecision.time)
            let resolution = FixedDecimal.string(context.timeScale / context.framesPerSecond, places: PosePrecision.time)
            for (index, rider) in group.riders.enumerated() {
                // The rider's course, faded and thinner than its trail, so the trail shows where it has been.
                var faded = RiderPalette.rgba(index)
                faded[3] = 128
                Self.appendPolylines(of: rider.route, id: "course/\(index)", name: rider.name + " (route)", width: 2,
                                     rgba: faded, geoid: context.geoid, into: &out)
            }
            for (index, rider) in group.riders.enumerated() {
                let color = "{\"rgba\":[" + RiderPalette.rgba(index).map(String.init).joined(separator: ",") + "]}"
                out.append(text: ",\n{\"id\":\"rider/\(index)\",\"name\":")
                out.append(text: JSONText.quoted(rider.name))
                out.append(text: ",\"availability\":\"\(interval)\"")
                out.append(text: ",\"point\":{\"pixelSize\":10,\"color\":\(color),\"outlineColor\":{\"rgba\":[255,255,255,255]},\"outlineWidth\":2}")
                out.append(text: ",\"label\":{\"text\":")
                out.append(text: JSONText.quoted(rider.name))
                out.append(text: ",\"font\":\"14px sans-serif\",\"horizontalOrigin\":\"LEFT\",\"pixelOffset\":{\"cartesian2\":[10,0]},")
                out.append(text: "\"fillColor\":\(color),\"outlineColor\":{\"rgba\":[255,255,255,255]},\"outlineWidth\":2,\"style\":\"FILL_AND_OUTLINE\"}")
                out.append(text: ",\"path\":{\"leadTime\":0,\"trailTime\":\(trail),\"resolution\":\(resolution),\"width\":2,")
                out.append(text: "\"material\":{\"solidColor\":{\"color\":\(color)}}}}")
            }
        }
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let sample = Self.cameraSample(of: pose, in: context)
        if let previous = previousSample, let between = context.poseBetweenFrames {
            let context = self.context
            for added in CZMLInterpolation.samples(between: previous, and: sample, sample: { Self.cameraSample(of: between($0), in: context) }) {
                appendCamera(added)
            }
        }
        appendCamera(sample)
        previousSample = sample
        let comma = UInt8(ascii: ",")
        let t = sample.seconds
        let epoch = context.absoluteTime(of: 0)
        if let reading = pose.routeReading { readings.add(reading, at: t, epoch: epoch) }
        for rider in pose.riders where riderPositions.indices.contains(rider.rider) {
            let r = rider.rider
            if let reading = rider.reading { riderReadings[r].add(reading, at: t, epoch: epoch) }
            if !riderPositions[r].isEmpty { riderPositions[r].append(comma) }
            FixedDecimal.append(t, places: PosePrecision.time, to: &riderPositions[r])
            riderPositions[r].append(comma)
            FixedDecimal.append(Angles.normalizedLongitude(rider.coordinate.longitude), places: PosePrecision.coordinate, to: &riderPositions[r])
            riderPositions[r].append(comma)
            FixedDecimal.append(rider.coordinate.latitude, places: PosePrecision.coordinate, to: &riderPositions[r])
            riderPositions[r].append(comma)
            FixedDecimal.append(rider.height(on: .ellipsoidal, geoid: context.geoid, fallbackUndulation: pose.geoidUndulation),
                                places: PosePrecision.distance, to: &riderPositions[r])
            if rider.isActive {
                if firstActive[r] == nil { firstActive[r] = pose.time }
                lastActive[r] = pose.time
            }
        }
        pending += 1
        if pending >= samplesPerPacket { flush(into: &out) }
    }

    package mutating func end(into out: inout [UInt8]) {
        flush(into: &out)
        for r in riderPositions.indices {
            out.append(text: ",\n{\"id\":\"rider/\(r)\",\"properties\":{\"recording\":[")
            if firstActive[r] != nil, let spans = context.riderSpans, spans.indices.contains(r) {
                out.append(text: "{\"interval\":\"" + ISO8601.string(from: spans[r].lowerBound) + "/" + ISO8601.string(from: spans[r].upperBound) + "\",\"boolean\":true}")
            } else if let first = firstActive[r], let last = lastActive[r] {
                out.append(text: "{\"interval\":\"" + ISO8601.string(from: context.absoluteTime(of: first)) + "/"
                    + ISO8601.string(from: context.absoluteTime(of: last)) + "\",\"boolean\":true}")
            }
            out.append(text: "]}}")
        }
        out.append(text: "\n]\n")
    }

    /// Appends a route as polyline packets, one per segment (ids `ID`, `ID-2`, …): at the points' heights
    /// on the ellipsoid when every point has one (sea level plus the EGM96 undulation under each point,
    /// from `geoid`; without one, sea level is taken as the ellipsoid), as the camera's eye is; else at 0
    /// and `clampToGround`, on the ground Cesium has (the bare ellipsoid without a terrain provider).
    /// `width` in pixels, `rgba` 0...255 each. O(n) for n points.
    private static func appendPolylines(of route: Route, id: String, name: String, width: Int, rgba: [Int],
                                        geoid: Geoid?, into out: inout [UInt8]) {
        let atHeights = route.points.allSatisfy { $0.elevation != nil }
        let color = rgba.map(String.init).joined(separator: ",")
        for (index, segment) in route.segments.enumerated() {
            out.append(text: ",\n{\"id\":" + JSONText.quoted(index == 0 ? id : "\(id)-\(index + 1)") + ",\"name\":" + JSONText.quoted(name) + ",")
            out.append(text: "\"polyline\":{\"positions\":{\"cartographicDegrees\":[")
            for (i, point) in route.points[segment].enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                FixedDecimal.append(Angles.normalizedLongitude(point.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                FixedDecimal.append(point.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                let height = atHeights ? point.elevation! + (geoid?.undulation(at: point.coordinate) ?? 0) : 0
                FixedDecimal.append(height, places: PosePrecision.distance, to: &out)
            }
            out.append(text: atHeights ? "]},\"width\":\(width)," : "]},\"clampToGround\":true,\"width\":\(width),")
            out.append(text: "\"material\":{\"solidColor\":{\"color\":{\"rgba\":[\(color)]}}}}}")
        }
    }

    /// The camera sample of a pose: its clock seconds after the document's start and its attitude.
    private static func cameraSample(of pose: CameraPose, in context: PoseWriterContext) -> CZMLInterpolation.Sample {
        CZMLInterpolation.Sample(time: pose.time, seconds: context.elapsedSeconds(of: pose.time), pose: pose,
                                 attitude: CameraAttitude(pose: pose, eye: context.eye(of: pose)))
    }

    /// Appends one camera sample to the pending position and orientation samples.
    private mutating func appendCamera(_ sample: CZMLInterpolation.Sample) {
        let comma = UInt8(ascii: ",")
        if !positions.isEmpty { positions.append(comma); orientations.append(comma) }
        let attitude = sample.attitude
        FixedDecimal.append(sample.seconds, places: PosePrecision.time, to: &positions)
        positions.append(comma)
        FixedDecimal.append(Angles.normalizedLongitude(attitude.eye.coordinate.longitude), places: PosePrecision.coordinate, to: &positions)
        positions.append(comma)
        FixedDecimal.append(attitude.eye.coordinate.latitude, places: PosePrecision.coordinate, to: &positions)
        positions.append(comma)
        FixedDecimal.append(attitude.eye.altitude, places: PosePrecision.distance, to: &positions)
        var q = sample.quaternion
        if let previous = previousQuaternion, (q * previous).sum() < 0 { q = -q }
        previousQuaternion = q
        FixedDecimal.append(sample.seconds, places: PosePrecision.time, to: &orientations)
        for i in 0..<4 {
            orientations.append(comma)
            FixedDecimal.append(q[i], places: CZMLPoseWriter.quaternionPlaces, to: &orientations)
        }
    }

    private mutating func flush(into out: inout [UInt8]) {
        guard pending > 0 else { return }
        let epoch = start
        out.append(text: ",\n{\"id\":\"camera\",\"position\":{\"epoch\":\"\(epoch)\",\"interpolationAlgorithm\":\"LINEAR\",")
        out.append(text: "\"interpolationDegree\":1,\"cartographicDegrees\":[")
        out.append(contentsOf: positions)
        out.append(text: "]},\"orientation\":{\"epoch\":\"\(epoch)\",\"interpolationAlgorithm\":\"LINEAR\",")
        out.append(text: "\"interpolationDegree\":1,\"unitQuaternion\":[")
        out.append(contentsOf: orientations)
        out.append(text: "]}")
        readings.flush(epoch: epoch, into: &out)
        out.append(UInt8(ascii: "}"))
        for r in riderPositions.indices where !riderPositions[r].isEmpty {
            out.append(text: ",\n{\"id\":\"rider/\(r)\",\"position\":{\"epoch\":\"\(epoch)\",\"interpolationAlgorithm\":\"LINEAR\",")
            out.append(text: "\"backwardExtrapolationType\":\"HOLD\",\"forwardExtrapolationType\":\"HOLD\",")
            out.append(text: "\"interpolationDegree\":1,\"cartographicDegrees\":[")
            out.append(contentsOf: riderPositions[r])
            out.append(text: "]}")
            riderReadings[r].flush(epoch: epoch, into: &out)
            out.append(UInt8(ascii: "}"))
            riderPositions[r].removeAll(keepingCapacity: true)
        }
        positions.removeAll(keepingCapacity: true)
        orientations.removeAll(keepingCapacity: true)
        pending = 0
    }
}

