import Foundation

/// Writes poses as JSON **in the shape of** Google Earth Studio's 3D camera export (the JSON file Earth
/// Studio writes for compositing tools), so that scripts written for that export can read RouteKit's
/// flights too.
///
/// Google does not publish a schema. The per-frame members `cameraFrames[].position`, `.rotation` and
/// `.coordinate` are named as real exports name them (as quoted in Stack Overflow question 68705448 and
/// Cesium community forum thread 43144); the top-level members other than `cameraFrames` are RouteKit's
/// own. RouteKit has **not** verified that Earth Studio, or any importer of its exports, reads this file.
///
/// ```json
/// {"format":"routekit-earth-studio-camera","frameRate":30,"numFrames":601,"width":1920,"height":1080,
///  "fovVertical":36.8699,"fovHorizontal":59.4929,
///  "cameraFrames":[
///  {"frame":0,"time":0.000000,"position":{"x":…,"y":…,"z":…},"rotation":{"x":…,"y":…,"z":…},
///   "coordinate":{"latitude":…,"longitude":…,"altitude":…},"fovVertical":36.8699},
///  …
///  ]}
/// ```
///
/// Field by field:
/// - `format` (RouteKit): the constant `"routekit-earth-studio-camera"`, so a reader can tell this file
///   from a real export;
/// - `frameRate` (RouteKit): frames per second (6 decimals); `numFrames`: the number of entries in
///   `cameraFrames`;
/// - `width`, `height` (RouteKit): the frame size in pixels (``CameraFraming`` viewport, integers);
/// - `fovVertical`, `fovHorizontal` (RouteKit): the vertical field of view and the horizontal one derived
///   from it, `2 atan(tan(fovVertical / 2) * width / height)`, degrees (4 decimals);
/// - `cameraFrames`: one object per pose, in frame order:
///   - `frame` (from 0) and `time` (seconds from the start, 6 decimals) (RouteKit);
///   - `position`: the eye in Earth-centred, Earth-fixed (ECEF, WGS 84) coordinates, metres (3 decimals):
///     X towards 0 N 0 E, Y towards 0 N 90 E, Z towards the north pole;
///   - `rotation`: Euler angles in degrees (6 decimals) of the rotation from the camera's axes (x right,
///     y down, z forward) to ECEF axes, `Rx(x) * Ry(y) * Rz(z)`: the convention real exports follow as far
///     as two published examples show (`CameraAttitude.earthStudioRotation`, internal; inferred, not documented by
///     Google);
///   - `coordinate`: the eye's `latitude` and `longitude` (degrees, 8 decimals, longitude in -180...180)
///     and `altitude` (metres above the ellipsoid as RouteKit computes the eye, 3 decimals);
///   - `fovVertical`: the vertical field of view, degrees (constant over the flight).
///
/// Streaming: constant memory, about 330 bytes per pose. Deterministic bytes.
public struct EarthStudioWriter: PoseWriter, Sendable {
    /// Frame rate, frame count and framing of the flight.
    public var context: PoseWriterContext
    private var count = 0

    public init(context: PoseWriterContext) {
        self.context = context
    }

    /// The horizontal field of view, degrees: `2 atan(tan(fovVertical / 2) * aspect)`.
    public var horizontalFieldOfView: Double {
        let v = context.framing.verticalFieldOfView * .pi / 360
        return 2 * atan(tan(v) * context.framing.aspectRatio) * 180 / .pi
    }

    public func begin(into out: inout [UInt8]) {
        out.append(text: "{\"format\":\"routekit-earth-studio-camera\",\"frameRate\":")
        FixedDecimal.append(context.framesPerSecond, places: 6, to: &out)
        out.append(text: ",\"numFrames\":\(context.frameCount),\"width\":")
        FixedDecimal.append(context.framing.viewportWidth, places: 0, to: &out)
        out.append(text: ",\"height\":")
        FixedDecimal.append(context.framing.viewportHeight, places: 0, to: &out)
        out.append(text: ",\"fovVertical\":")
        FixedDecimal.append(context.framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"fovHorizontal\":")
        FixedDecimal.append(horizontalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\n\"cameraFrames\":[")
    }

    public mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let attitude = CameraAttitude(pose: pose, eye: context.eye(of: pose))
        out.append(text: count == 0 ? "\n" : ",\n")
        count += 1
        out.append(text: "{\"frame\":\(pose.frame),\"time\":")
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(text: ",\"position\":{\"x\":")
        FixedDecimal.append(attitude.eyeECEF[0], places: PosePrecision.distance, to: &out)
        out.append(text: ",\"y\":")
        FixedDecimal.append(attitude.eyeECEF[1], places: PosePrecision.distance, to: &out)
        out.append(text: ",\"z\":")
        FixedDecimal.append(attitude.eyeECEF[2], places: PosePrecision.distance, to: &out)
        let r = attitude.earthStudioRotation
        out.append(text: "},\"rotation\":{\"x\":")
        FixedDecimal.append(r[0], places: 6, to: &out)
        out.append(text: ",\"y\":")
        FixedDecimal.append(r[1], places: 6, to: &out)
        out.append(text: ",\"z\":")
        FixedDecimal.append(r[2], places: 6, to: &out)
        out.append(text: "},\"coordinate\":{\"latitude\":")
        FixedDecimal.append(attitude.eye.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"longitude\":")
        FixedDecimal.append(normalizedLongitude(attitude.eye.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(text: ",\"altitude\":")
        FixedDecimal.append(attitude.eye.altitude, places: PosePrecision.distance, to: &out)
        out.append(text: "},\"fovVertical\":")
        FixedDecimal.append(context.framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    public func end(into out: inout [UInt8]) {
        out.append(text: "\n]}\n")
    }
}
