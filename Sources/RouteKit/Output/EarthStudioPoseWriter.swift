import Foundation

/// Writes poses as Google Earth Studio's 3D camera export JSON (the file Earth Studio writes for
/// compositing tools), with the envelope real exports have, so that importers of those exports (Blender
/// add-ons, After Effects scripts) read RouteKit's flights.
///
/// Google publishes no schema. The members and their meaning are those of published exports (Stack
/// Overflow question 68705448, Cesium community forum thread 43144) and of what public Blender importers
/// read (docs/renderers.md#earth-studio-exports):
///
/// ```json
/// {"name":"…","width":1920,"height":1080,"frameRate":30,"numFrames":600,"durationSeconds":20.000000,
///  "fovVertical":36.8699,"fovHorizontal":59.4929,"format":"routekit-earth-studio-camera",
///  "cameraFrames":[
///  {"frame":0,"time":0.000000,"position":{"x":…,"y":…,"z":…},"rotation":{"x":…,"y":…,"z":…},
///   "coordinate":{"latitude":…,"longitude":…,"altitude":…},"fovVertical":36.8699},
///  …
///  ],
///  "trackPoints":[{"name":"Start","visible":true,"position":{…},"coordinate":{…,"position":{"attributes":[…]}}},
///   {"name":"End",…}],
///  "route":{"type":"MultiLineString","coordinates":[[…],…]},"terrain":{…}}
/// ```
///
/// Field by field:
/// - `name`: the route's name, else `"RouteKit camera flight"`;
/// - `width`, `height`: the frame size in pixels (``CameraFraming`` viewport, integers);
/// - `frameRate`: frames per second (6 decimals);
/// - `numFrames`: the number of frame **intervals**, as real exports count them: `cameraFrames` has
///   `numFrames + 1` entries (a 2 s export at 30 fps has `numFrames` 60 and 61 camera frames);
/// - `durationSeconds`: `numFrames / frameRate` (6 decimals);
/// - `fovVertical`, `fovHorizontal`, `format` (RouteKit's own additions): the vertical field of view and
///   the horizontal one, `2 atan(tan(fovVertical / 2) * width / height)`, degrees (4 decimals); the
///   constant `"routekit-earth-studio-camera"`;
/// - `cameraFrames`: one object per pose, in frame order:
///   - `frame` (from 0) and `time` (seconds from the start, 6 decimals) (RouteKit);
///   - `position`: the eye in Earth-centred, Earth-fixed (ECEF, WGS 84) coordinates, metres (3 decimals):
///     X towards 0 N 0 E, Y towards 0 N 90 E, Z towards the north pole;
///   - `rotation`: Euler angles in degrees (6 decimals) of the rotation from the camera's axes (x right,
///     y down, z forward) to ECEF axes, `Rx(x) * Ry(y) * Rz(z)` (`CameraAttitude.earthStudioRotation`,
///     internal; the convention reproduces published exports). The first frame has `x` in `0..<360` (as
///     published exports do: a camera looking down sits near 180), `y` in `-90...90` and `z` in
///     `-180..<180`; every later angle is unwrapped from the frame before (`AngleUnwrapper`), so no
///     channel ever jumps by 360 inside a flight (Blender keys Euler angles per channel);
///   - `coordinate`: the eye's `latitude` and `longitude` (degrees, 8 decimals, longitude in -180...180)
///     and `altitude` (metres above the ellipsoid as RouteKit computes the eye, 3 decimals);
///   - `fovVertical`: the vertical field of view, degrees (constant over the flight);
/// - `trackPoints`: two named points, `"Start"` and `"End"`: the route's first and last points at their
///   elevation (above sea level, made ellipsoidal with ``PoseWriterContext/geoid`` when there is one), or
///   the centre of the first and last frames when the route is not known; each as real exports write
///   them: `name`, `visible` (`true`), `position` (ECEF metres) and a `coordinate` with Earth Studio's
///   normalised form `position.attributes` (`EarthStudioAttributes`: what imagiscope's EarthStudioTools
///   and GES-utils read) beside RouteKit's flat `latitude`, `longitude`, `altitude` (above the
///   ellipsoid, as the camera frames' are). Importers abort when this list is missing or empty.
/// - `route` (RouteKit's own, when the route is known): every route point as a GeoJSON `MultiLineString`,
///   heights above the ellipsoid, one line per segment (`EarthStudioRouteLine`), for Blender import scripts.
/// - `terrain` (RouteKit's own, when the flight was planned over a terrain model,
///   ``PoseWriterContext/terrain``): the ground around the route as a grid of ellipsoidal heights
///   (`EarthStudioTerrainGrid`).
/// - Group flights (``PoseWriterContext/group``): the riders are not written (Earth Studio's export has
///   no moving objects; `trackPoints` stay the route's start and end). Use CZML or KML for the riders.
///
/// Streaming: constant memory, about 330 bytes per pose (plus about 40 bytes a route point and, with a
/// terrain model, about 0.5 MB of ground at the end). Deterministic bytes.
package struct EarthStudioPoseWriter: PoseWriter, Sendable {
    /// Frame rate, frame count and framing of the flight.
    package var context: PoseWriterContext
    private var count = 0
    private var unwrap = (x: AngleUnwrapper(), y: AngleUnwrapper(), z: AngleUnwrapper())
    private var firstCenter: (LocationCoordinate2D, Double)? = nil
    private var lastCenter: (LocationCoordinate2D, Double)? = nil

    package init(context: PoseWriterContext) {
        self.context = context
    }

    /// The horizontal field of view, degrees: `2 atan(tan(fovVertical / 2) * aspect)`.
    package var horizontalFieldOfView: Double { context.framing.horizontalFieldOfView }

    /// `numFrames`: frame intervals, one less than the poses written.
    package var intervalCount: Int { context.frameCount - 1 }

    package func begin(into out: inout [UInt8]) {
        out.append(text: "{\"name\":")
        out.append(text: JSONText.quoted(context.route?.name ?? "RouteKit camera flight"))
        out.append(text: ",\"width\":")
        FixedDecimal.append(context.framing.viewportWidth, places: 0, to: &out)
        out.append(text: ",\"height\":")
        FixedDecimal.append(context.framing.viewportHeight, places: 0, to: &out)
        out.append(text: ",\"frameRate\":")
        FixedDecimal.append(context.framesPerSecond, places: 6, to: &out)
        out.append(text: ",\"numFrames\":\(intervalCount),\"durationSeconds\":")
        FixedDecimal.append(Double(intervalCount) / context.framesPerSecond, places: PosePrecision.time, to: &out)
        out.append(text: ",\"fovVertical\":")
        FixedDecimal.append(context.framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"fovHorizontal\":")
        FixedDecimal.append(horizontalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"format\":\"routekit-earth-studio-camera\",\n\"cameraFrames\":[")
    }

    /// The rotation of the next frame: the first in the ranges published exports use, the rest unwrapped.
    mutating func rotation(_ attitude: CameraAttitude) -> SIMD3<Double> {
        var r = attitude.earthStudioRotation
        if count == 0 {
            r[0] = Angles.normalizedHeading(r[0])
            r[2] = r[2] >= 180 ? r[2] - 360 : r[2]
        }
        return SIMD3(unwrap.x.next(r[0]), unwrap.y.next(r[1]), unwrap.z.next(r[2]))
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let attitude = CameraAttitude(pose: pose, eye: context.eye(of: pose))
        let r = rotation(attitude)
        out.append(text: count == 0 ? "\n" : ",\n")
        count += 1
        if firstCenter == nil { firstCenter = (pose.camera.centerCoordinate, pose.centerEllipsoidalHeight) }
        lastCenter = (pose.camera.centerCoordinate, pose.centerEllipsoidalHeight)
        out.append(text: "{\"frame\":\(pose.frame),\"time\":")
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(text: ",")
        Self.appendPlace(ecef: attitude.eyeECEF, coordinate: attitude.eye.coordinate, altitude: attitude.eye.altitude, to: &out)
        out.append(text: ",\"rotation\":{\"x\":")
        FixedDecimal.append(r[0], places: 6, to: &out)
        out.append(text: ",\"y\":")
        FixedDecimal.append(r[1], places: 6, to: &out)
        out.append(text: ",\"z\":")
        FixedDecimal.append(r[2], places: 6, to: &out)
        out.append(text: "},\"fovVertical\":")
        FixedDecimal.append(context.framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    package func end(into out: inout [UInt8]) {
        out.append(text: "\n],\n\"trackPoints\":[")
        for (i, point) in trackPoints.enumerated() {
            out.append(text: i == 0 ? "\n{\"name\":" : ",\n{\"name\":")
            out.append(text: JSONText.quoted(point.name))
            out.append(text: ",\"visible\":true,")
            let p = EarthCenteredFrame.position(of: point.coordinate, height: point.height)
            Self.appendPlace(ecef: SIMD3(p.x, p.y, p.z), coordinate: point.coordinate, altitude: point.height,
                             attributes: true, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(text: "\n]")
        if let route = context.route {
            out.append(text: ",\n\"route\":")
            EarthStudioRouteLine.append(route, height: routeHeight, to: &out)
            if let terrain = context.terrain, let grid = EarthStudioTerrainGrid(around: route, model: terrain, geoid: context.geoid) {
                out.append(text: ",\n\"terrain\":")
                grid.append(to: &out)
            }
        }
        out.append(text: "}\n")
    }

    /// A route point's height above the ellipsoid, metres: its elevation (0 when it has none) plus the
    /// geoid undulation there (``PoseWriterContext/geoid``; 0 without one).
    func routeHeight(_ point: RoutePoint) -> Double {
        (point.elevation ?? 0) + (context.geoid?.undulation(at: point.coordinate) ?? 0)
    }

    /// `"Start"` and `"End"`: the route's first and last points at their heights above the ellipsoid, else
    /// the centres of the first and last frames; none before a frame is written without a route.
    var trackPoints: [(name: String, coordinate: LocationCoordinate2D, height: Double)] {
        if let route = context.route, let first = route.points.first, let last = route.points.last {
            return [("Start", first.coordinate, routeHeight(first)), ("End", last.coordinate, routeHeight(last))]
        } else if let firstCenter, let lastCenter {
            return [("Start", firstCenter.0, firstCenter.1), ("End", lastCenter.0, lastCenter.1)]
        }
        return []
    }

    /// Appends `"position":{x,y,z},"coordinate":{latitude,longitude,altitude}`; with `attributes`, the
    /// coordinate also carries Earth Studio's normalised form (``EarthStudioAttributes``).
    static func appendPlace(ecef: SIMD3<Double>, coordinate: LocationCoordinate2D, altitude: Double,
                            attributes: Bool = false, to out: inout [UInt8]) {
        out.append(text: "\"position\":{\"x\":")
        FixedDecimal.append(ecef[0], places: PosePrecision.distance, to: &out)
        out.append(text: ",\"y\":")
        FixedDecimal.append(ecef[1], places: PosePrecision.distance, to: &out)
        out.append(text: ",\"z\":")
        FixedDecimal.append(ecef[2], places: PosePrecision.distance, to: &out)
        out.append(text: "},\"coordinate\":{\"latitude\":")
        FixedDecimal.append(coordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"longitude\":")
        FixedDecimal.append(Angles.normalizedLongitude(coordinate.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"altitude\":")
        FixedDecimal.append(altitude, places: PosePrecision.distance, to: &out)
        if attributes {
            out.append(text: ",\"position\":")
            EarthStudioAttributes.append(coordinate: coordinate, altitude: altitude, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
