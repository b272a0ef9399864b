import Foundation

/// Writes poses as web-map cameras: per frame `{center: [lon, lat], zoom, bearing, pitch, elevation}`,
/// ready for MapLibre GL JS `map.jumpTo(camera)` (with or without terrain, as below), Mapbox GL JS's
/// `jumpTo` and deck.gl's `viewState` (`longitude`, `latitude`, `zoom`, `bearing`, `pitch`).
///
/// ```json
/// {"format":"routekit-web-map-camera","viewport":[1920,1080],"fov":36.8699,"maxPitch":60,
///  "framesPerSecond":30.000000,"earthRadius":6371008.8,"tileSize":512,
///  "frames":[
///  {"frame":0,"time":0.000000,"center":[14.36,45.74],"zoom":11.234567,"bearing":0.0000,"pitch":0.0000,
///   "elevation":560.000},
///  …
///  ]}
/// ```
///
/// - `center`: the camera's centre, `[longitude, latitude]`, degrees (8 decimals; longitude in
///   -180...180, or with ``PoseWriterContext/angles`` continuous unwrapped from frame to frame, so a flight
///   across the antimeridian goes on to 181, 182 …, which MapLibre draws where it draws -179, -178 …;
///   the frame's other longitudes, riders' and the route point's, then lie within 180 of it:
///   `LongitudeSequence`);
/// - `bearing`: the heading, degrees clockwise from north (4 decimals; `0..<360`, or continuous as
///   ``PoseWriterContext/angles`` says); `pitch`: degrees from straight down (4 decimals). Both are
///   measured at the centre, as the web maps measure theirs;
/// - `zoom` (6 decimals): the zoom at which the web map's eye is the camera ``MapCamera/distance`` from
///   the centre, for the viewport height `H` (CSS pixels) and vertical field of view `fov`:
///   `ctc = 0.5 H / tan(fov / 2)` (pixels from the eye to the centre), and, since a Web Mercator world
///   is `512 * 2^zoom` pixels around and a metre at latitude `phi` is `512 * 2^zoom / (2 pi R cos phi)`
///   pixels, `zoom = log2(ctc * 2 pi R cos(phi) / (512 * distance))` with `R` = 6371008.8 m.
///   Source: MapLibre GL JS (`earthRadius` in `lng_lat.ts`; the transform's `cameraToCenterDistance`,
///   `worldSize` and `pixelsPerMeter`; 512-pixel tiles), as collected in docs/renderers.md#web-map-cameras.
///   MapLibre's default `fov` is 36.87 degrees (2 atan(1/3)), RouteKit's default too; deck.gl's default
///   `altitude` 1.5 is the same field of view. A map shown at another size or field of view must be given
///   the `viewport` and `fov` written here.
/// - `elevation`: the height of the centre (the ground the camera looks at, ``CameraPose/centerElevation``),
///   metres above sea level (3 decimals): MapLibre GL JS 5's `JumpToOptions.elevation`, the height of the
///   centre above its sea-level map. With MapLibre's 3D terrain and the map option
///   `centerClampedToGround: false`, `jumpTo` keeps it and the camera is this one, the line of sight
///   through the centre at its height; with the default `centerClampedToGround: true` MapLibre replaces it
///   at every drawn frame by its own terrain's height under the centre, or by 0 without terrain, so the
///   same frames draw a flat map as if it were absent. A map without terrain and with
///   `centerClampedToGround: false` must be given the frames without it (the flat map would be drawn that
///   far below the centre). Source: MapLibre GL JS 5.3 `Camera.jumpTo`, `Map._render` (the map option
///   `centerClampedToGround`, added with `elevation` in maplibre-gl-js pull request 4851);
/// - `maxPitch`: ``PoseWriterContext/maximumPitch``, which no frame exceeds (the caller checks with
///   ``firstPose(above:in:sampler:)``): set the map's `maxPitch` to at least this.
///
/// Group flights (``PoseWriterContext/group``): the header gets `"riders":["NAME", …]` (the riders'
/// names in ``RiderGroup/riders`` order, after `tileSize`), and each frame, after `elevation`,
/// `"riders":[[lon, lat], …]` (every rider's position, degrees, 8 decimals, in rider order) and
/// `"active":[true, …]` (`false` before a rider's first and after its last recorded time, when its
/// position is held at its route's start or end; a rider missing from a pose is `null` and `false`).
/// Positions have no heights (a map with terrain draws them on its ground). Each frame then has `"readings":[{…}, …]`:
/// every rider's route values, as for a single route's `route` below (`null` for a rider missing from
/// the pose).
///
/// When the pose carries its route's values (``CameraPose/routeReading``), every frame ends with
/// `"route":{"point":[lon, lat], "route_distance": …}`: the point on the route at this frame (where a
/// marker for the rider goes) and the values `RouteReadingFields` names, `route_elevation` above sea
/// level.
///
/// Streaming: constant memory, about 110 bytes per pose. Deterministic bytes.
package struct MapLibrePoseWriter: PoseWriter, Sendable {
    /// Frame rate, framing, angles and maximum pitch.
    package var context: PoseWriterContext
    private var count = 0
    private var bearings: HeadingSequence
    private var longitudes: LongitudeSequence

    /// MapLibre GL JS's Earth radius, metres (the mean radius, `earthRadius` in its `lng_lat.ts`).
    package static let earthRadius = 6371008.8
    /// Web Mercator tile size in pixels, by which MapLibre defines zoom.
    package static let tileSize = 512.0
    /// MapLibre GL JS's and deck.gl's default `maxPitch`, degrees.
    package static let defaultMaximumPitch = 60.0
    /// The highest `maxPitch` MapLibre GL JS accepts, degrees (Mapbox GL JS's default).
    package static let highestMaximumPitch = 85.0

    package init(context: PoseWriterContext) {
        self.context = context
        self.bearings = HeadingSequence(context.angles)
        self.longitudes = LongitudeSequence(context.angles)
    }

    /// The web-map zoom that puts the eye `distance` metres from a centre at `latitude` degrees, for a
    /// viewport `height` pixels high with a vertical field of view `fov` degrees (formula in the type's
    /// discussion). Finite for distances > 0 and latitudes within (-90, 90).
    package static func zoom(distance: Double, latitude: Double, viewportHeight height: Double, verticalFieldOfView fov: Double) -> Double {
        let ctc = 0.5 * height / tan(fov * .pi / 360)
        let cosLat = max(cos(latitude * .pi / 180), 1e-12)
        return log2(ctc * 2 * .pi * earthRadius * cosLat / (tileSize * max(distance, 1e-9)))
    }

    /// The first pose whose pitch exceeds `maximumPitch` degrees (by more than the 4 printed decimals),
    /// or `nil`. O(f) time for f frames, constant memory.
    package static func firstPose(above maximumPitch: Double, in flight: ScriptedFlight, sampler: PoseSampler) -> CameraPose? {
        firstPose(beyondLimitsOf: maximumPitch, in: flight, sampler: sampler, framing: nil)?.pose
    }

    /// The latitude beyond which Web Mercator does not go, degrees: `atan(sinh(pi))` = 85.0511287798
    /// (the square world of MapLibre GL JS's and Mapbox GL JS's `LngLat` and transform; their `jumpTo`
    /// clamps a centre beyond it).
    package static let maximumLatitude = atan(sinh(Double.pi)) * 180 / .pi

    /// The highest zoom MapLibre GL JS accepts (its `maxZoom` may be raised to 24; the default is 22).
    package static let maximumZoom = 24.0

    /// What keeps a pose from being shown as it is by a web map.
    package enum Limit: Equatable, Sendable {
        /// The pitch (degrees) is above the map's `maxPitch`.
        case pitch(Double)
        /// The centre latitude (degrees) is beyond ``maximumLatitude``.
        case latitude(Double)
        /// The zoom is above ``maximumZoom`` (the camera is closer than the map can come).
        case zoom(Double)
    }

    /// The first pose a web map cannot show as it is, and why, or `nil`: a pitch above `maximumPitch`
    /// degrees, a centre beyond ``maximumLatitude``, or (with `framing`) a zoom above ``maximumZoom``.
    /// O(f) time for f frames, constant memory.
    package static func firstPose(beyondLimitsOf maximumPitch: Double, in flight: ScriptedFlight, sampler: PoseSampler,
                                 framing: CameraFraming?) -> (pose: CameraPose, limit: Limit)? {
        var found: (CameraPose, Limit)? = nil
        _ = sampler.forEachPose(of: flight, eye: nil) { pose in
            let camera = pose.camera
            if camera.pitch > maximumPitch + 0.00005 {
                found = (pose, .pitch(camera.pitch))
            } else if abs(camera.centerCoordinate.latitude) > maximumLatitude {
                found = (pose, .latitude(camera.centerCoordinate.latitude))
            } else if let framing {
                let z = zoom(distance: camera.distance, latitude: camera.centerCoordinate.latitude,
                             viewportHeight: framing.viewportHeight, verticalFieldOfView: framing.verticalFieldOfView)
                if z > maximumZoom + 0.0000005 { found = (pose, .zoom(z)) }
            }
            return found == nil
        }
        return found
    }

    package func begin(into out: inout [UInt8]) {
        let f = context.framing
        out.append(text: "{\"format\":\"routekit-web-map-camera\",\"viewport\":[")
        FixedDecimal.append(f.viewportWidth, places: 0, to: &out)
        out.append(UInt8(ascii: ","))
        FixedDecimal.append(f.viewportHeight, places: 0, to: &out)
        out.append(text: "],\"fov\":")
        FixedDecimal.append(f.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"maxPitch\":")
        FixedDecimal.append(context.maximumPitch, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"framesPerSecond\":")
        FixedDecimal.append(context.framesPerSecond, places: 6, to: &out)
        out.append(text: ",\"earthRadius\":6371008.8,\"tileSize\":512,")
        if let group = context.group {
            out.append(text: "\"riders\":[" + group.riders.map { JSONText.quoted($0.name) }.joined(separator: ",") + "],")
        }
        out.append(text: "\n\"frames\":[")
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        out.append(text: count == 0 ? "\n" : ",\n")
        count += 1
        let c = pose.camera.centerCoordinate
        out.append(text: "{\"frame\":\(pose.frame),\"time\":")
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(text: ",\"center\":[")
        FixedDecimal.append(longitudes.nextCenter(c.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(UInt8(ascii: ","))
        FixedDecimal.append(c.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: "],\"zoom\":")
        let zoom = MapLibrePoseWriter.zoom(distance: pose.camera.distance, latitude: c.latitude,
                                             viewportHeight: context.framing.viewportHeight,
                                             verticalFieldOfView: context.framing.verticalFieldOfView)
        FixedDecimal.append(zoom, places: 6, to: &out)
        out.append(text: ",\"bearing\":")
        FixedDecimal.append(bearings.next(pose.camera.heading), places: PosePrecision.angle, to: &out)
        out.append(text: ",\"pitch\":")
        FixedDecimal.append(pose.camera.pitch, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"elevation\":")
        FixedDecimal.append(pose.centerElevation, places: PosePrecision.distance, to: &out)
        if let group = context.group {
            out.append(text: ",\"riders\":[")
            var active = ",\"active\":["
            for index in group.riders.indices {
                if index > 0 { out.append(UInt8(ascii: ",")); active += "," }
                guard let rider = pose.position(ofRider: index) else {
                    out.append(text: "null")
                    active += "false"
                    continue
                }
                out.append(UInt8(ascii: "["))
                FixedDecimal.append(longitudes.beside(rider.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                FixedDecimal.append(rider.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: "]"))
                active += rider.isActive ? "true" : "false"
            }
            out.append(text: "]" + active + "]")
            out.append(text: ",\"readings\":[")
            for index in group.riders.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if let rider = pose.position(ofRider: index), let reading = rider.reading {
                    appendReading(reading, into: &out)
                } else {
                    out.append(text: "null")
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        if let reading = pose.routeReading {
            out.append(text: ",\"route\":")
            appendReading(reading, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"point":[lon,lat],"route_distance":…}`: the reading's point (8 decimals, its longitude beside the
    /// frame's centre) and its values, heights above sea level (as the web map's terrain is).
    private func appendReading(_ reading: RouteReading, into out: inout [UInt8]) {
        out.append(text: "{\"point\":[")
        FixedDecimal.append(longitudes.beside(reading.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(UInt8(ascii: ","))
        FixedDecimal.append(reading.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(UInt8(ascii: "]"))
        RouteReadingFields.appendJSONMembers(of: reading, heights: .orthometric, geoid: nil, fallbackUndulation: 0, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    package func end(into out: inout [UInt8]) {
        out.append(text: "\n]}\n")
    }
}
