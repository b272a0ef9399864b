/// Writes poses as CSV: a header line, then one row per frame, `\n` line ends.
///
/// Columns (DESIGN.md output contract):
///
/// | column | unit | decimals |
/// |---|---|---|
/// | `frame` | frame number from 0 | 0 |
/// | `time` | seconds from the start | 6 |
/// | `latitude`, `longitude` | degrees (WGS 84) of the camera's centre; longitude in -180...180 | 8 |
/// | `heading` | degrees clockwise from true north, 0..<360 | 4 |
/// | `pitch` | degrees from straight down | 4 |
/// | `distance` | metres from the eye to the centre | 3 |
///
/// The decimal separator is always `.` (``FixedDecimal``). About 60 bytes per pose.
public struct CSVPoseWriter: PoseWriter, Sendable {
    /// The header line, without its line end.
    public static let header = "frame,time,latitude,longitude,heading,pitch,distance"

    public init() {}

    public func begin(into out: inout [UInt8]) {
        out.append(text: CSVPoseWriter.header)
        out.append(UInt8(ascii: "\n"))
    }

    public func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        out.append(text: String(pose.frame))
        out.append(comma)
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.centerCoordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.centerCoordinate.longitude, places: PosePrecision.coordinate, to: &out)
        out.append(comma)
        FixedDecimal.append(PosePrecision.printableHeading(pose.camera.heading), places: PosePrecision.angle, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.pitch, places: PosePrecision.angle, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.distance, places: PosePrecision.distance, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    public func end(into out: inout [UInt8]) {}
}
