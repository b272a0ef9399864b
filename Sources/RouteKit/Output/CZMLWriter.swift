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
/// {"id":"route","name":"Route","polyline":{"positions":{"cartographicDegrees":[lon,lat,0,…]},
///  "clampToGround":true,"width":3,"material":{"solidColor":{"color":{"rgba":[255,64,0,255]}}}}},
///                                                   (only when the route is known; one packet per segment,
///                                                    ids "route", "route-2", …)
/// {"id":"camera","name":"Camera","availability":"START/STOP"},
/// {"id":"camera","position":{"epoch":"START","interpolationAlgorithm":"LINEAR","interpolationDegree":1,
///  "cartographicDegrees":[t,lon,lat,h, …]},"orientation":{"epoch":"START","interpolationAlgorithm":"LINEAR",
///  "interpolationDegree":1,"unitQuaternion":[t,x,y,z,w, …]}},
/// … more "camera" packets, up to ``samplesPerPacket`` samples each …
/// ]
/// ```
///
/// - `START` is ``PoseWriterContext/epoch`` and `STOP` is `START` + ``PoseWriterContext/duration`` times
///   ``PoseWriterContext/timeScale``, ISO 8601 UTC with 6 fraction digits at most; `t` is the pose's
///   time times `timeScale`, in seconds since `START` (6 decimals), and the clock's `multiplier` is
///   `timeScale`, so the flight plays at its own speed while its samples sit at the route's recorded
///   instants (with recorded timing the caller passes the route's first time, less the intro, as the
///   epoch and the speedup as the scale: the camera lines up with other time-tagged data).
/// - `position`: the **eye** (``PoseWriterContext/eyeModel`` when the pose has none): longitude (-180...180)
///   and latitude in degrees (8 decimals), height above the WGS 84 ellipsoid in metres (3 decimals).
///   `LINEAR` interpolation (degree 1) cannot overshoot the samples (Cesium converts cartographic samples
///   to Earth-fixed Cartesian positions and interpolates those, so the antimeridian needs no care).
/// - `orientation`: the rotation from the camera's body axes to Earth-fixed (ECEF) axes as a unit
///   quaternion `[x, y, z, w]` (``quaternionPlaces`` = 9 decimals). Body axes: **x forward**
///   along the exact line of sight from the eye to the centre, **y left**, **z up** (the top of the
///   picture); no roll. The construction (east-north-up frame at the eye, then heading and tilt of the line
///   of sight) and the quaternion formula are in `CameraAttitude` (internal). To aim a Cesium camera from it:
///   `direction = R * (1,0,0)`, `up = R * (0,0,1)`, `right = -R * (0,1,0)`. Consecutive quaternions are
///   kept in the same hemisphere (q and -q are the same rotation), so interpolation takes the short way.
/// - Streaming: a sampled property may be split over several packets with the same `id`; the client
///   merges their samples (CZML-Structure: packets are processed in order, later ones add to earlier
///   ones). Position and orientation samples are therefore held for at most ``samplesPerPacket`` poses
///   and written as one packet: constant memory.
///
/// Deterministic bytes: fixed decimals, the fixed default epoch, no current date.
public struct CZMLWriter: PoseWriter, Sendable {
    /// The flight's span, epoch and route.
    public var context: PoseWriterContext
    /// Poses per sampled packet (> 0). Default 500.
    public var samplesPerPacket: Int

    /// Decimal places of quaternion components (9: about 1e-7 degrees).
    public static let quaternionPlaces = 9

    private var positions: [UInt8] = []
    private var orientations: [UInt8] = []
    private var pending = 0
    private var previousQuaternion: SIMD4<Double>? = nil

    public init(context: PoseWriterContext, samplesPerPacket: Int = 500) {
        precondition(samplesPerPacket > 0, "samplesPerPacket must be > 0")
        self.context = context
        self.samplesPerPacket = samplesPerPacket
    }

    private var start: String { ISO8601.string(from: context.epoch) }
    private var stop: String { ISO8601.string(from: context.absoluteTime(of: context.duration)) }

    public func begin(into out: inout [UInt8]) {
        let interval = "\(start)/\(stop)"
        out.append(text: "[\n{\"id\":\"document\",\"name\":")
        out.append(text: JSONText.quoted(context.route?.name ?? "RouteKit camera flight"))
        out.append(text: ",\"version\":\"1.0\",\"clock\":{\"interval\":\"\(interval)\",\"currentTime\":\"\(start)\",")
        out.append(text: "\"multiplier\":\(FixedDecimal.string(context.timeScale, places: context.timeScale == context.timeScale.rounded() ? 0 : 6)),\"range\":\"CLAMPED\",\"step\":\"SYSTEM_CLOCK_MULTIPLIER\"}}")
        if let route = context.route {
            for (index, segment) in route.segments.enumerated() {
                out.append(text: ",\n{\"id\":\"\(index == 0 ? "route" : "route-\(index + 1)")\",\"name\":\"Route\",")
                out.append(text: "\"polyline\":{\"positions\":{\"cartographicDegrees\":[")
                for (i, point) in route.points[segment].enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    FixedDecimal.append(normalizedLongitude(point.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
                    out.append(UInt8(ascii: ","))
                    FixedDecimal.append(point.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                    out.append(text: ",0")
                }
                out.append(text: "]},\"clampToGround\":true,\"width\":3,")
                out.append(text: "\"material\":{\"solidColor\":{\"color\":{\"rgba\":[255,64,0,255]}}}}}")
            }
        }
        out.append(text: ",\n{\"id\":\"camera\",\"name\":\"Camera\",\"availability\":\"\(interval)\"}")
    }

    public mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let attitude = CameraAttitude(pose: pose, eye: context.eye(of: pose))
        let comma = UInt8(ascii: ",")
        if pending > 0 { positions.append(comma); orientations.append(comma) }
        let t = pose.time * context.timeScale
        FixedDecimal.append(t, places: PosePrecision.time, to: &positions)
        positions.append(comma)
        FixedDecimal.append(normalizedLongitude(attitude.eye.coordinate.longitude), places: PosePrecision.coordinate, to: &positions)
        positions.append(comma)
        FixedDecimal.append(attitude.eye.coordinate.latitude, places: PosePrecision.coordinate, to: &positions)
        positions.append(comma)
        FixedDecimal.append(attitude.eye.altitude, places: PosePrecision.distance, to: &positions)

        var q = attitude.bodyToEarthQuaternion
        if let previous = previousQuaternion, (q * previous).sum() < 0 { q = -q }
        previousQuaternion = q
        FixedDecimal.append(t, places: PosePrecision.time, to: &orientations)
        for i in 0..<4 {
            orientations.append(comma)
            FixedDecimal.append(q[i], places: CZMLWriter.quaternionPlaces, to: &orientations)
        }
        pending += 1
        if pending >= samplesPerPacket { flush(into: &out) }
    }

    public mutating func end(into out: inout [UInt8]) {
        flush(into: &out)
        out.append(text: "\n]\n")
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
        out.append(text: "]}}")
        positions.removeAll(keepingCapacity: true)
        orientations.removeAll(keepingCapacity: true)
        pending = 0
    }
}

