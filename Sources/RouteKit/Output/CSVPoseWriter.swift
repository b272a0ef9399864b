/// Writes poses as CSV: a header line, then one row per frame, `\n` line ends.
///
/// Columns (DESIGN.md output contract):
///
/// | column | unit | decimals |
/// |---|---|---|
/// | `frame` | frame number from 0 | 0 |
/// | `time` | seconds from the start | 6 |
/// | `latitude`, `longitude` | degrees (WGS 84) of the camera's centre; longitude in -180...180 | 8 |
/// | `heading` | degrees clockwise from true north, 0..<360 (or continuous: ``AngleContinuity``), measured **at the centre** | 4 |
/// | `pitch` | degrees from straight down, measured **at the centre** (from the centre's vertical) | 4 |
/// | `distance` | metres from the eye to the centre | 3 |
/// | `center_elevation` | metres: the height of the centre (the ground it looks at) on ``heights`` | 3 |
///
/// `heading` and `pitch` are the camera's at its centre (MapKit's `MapCamera` definition), not at the eye.
/// Seen from the eye, the same line of sight has a heading and tilt that differ by the Earth's curvature
/// over the ground offset (up to about 2.4 degrees at 50 km); KML, CZML and Earth Studio write the eye's
/// values.
///
/// With ``includesEye``, three more columns follow: `eye_latitude`, `eye_longitude` (degrees, 8
/// decimals; the point on the ellipsoid under the eye) and `eye_altitude` (metres on ``heights``, 3
/// decimals). A pose without an eye leaves them empty.
///
/// Heights: ``heights`` is the vertical datum of `center_elevation` and `eye_altitude`: the WGS 84
/// ellipsoid by default (as RFC 7946 defines GeoJSON altitudes, and as Cesium and ECEF use), or mean
/// sea level (EGM96) with ``VerticalDatum/orthometric``.
///
/// With ``framing``, three constant columns follow last: `vertical_fov` (degrees, 4 decimals),
/// `viewport_width` and `viewport_height` (pixels, integers): what an importer needs to set the
/// camera's lens and aspect.
///
/// The decimal separator is always `.` (``FixedDecimal``). About 60 bytes per pose (100 with the eye).
public struct CSVPoseWriter: PoseWriter, Sendable {
    /// The header line, without its line end.
    public static let header = "frame,time,latitude,longitude,heading,pitch,distance,center_elevation"
    /// The extra columns of the eye.
    public static let eyeHeader = "eye_latitude,eye_longitude,eye_altitude"

    /// Whether the eye columns are written.
    public var includesEye: Bool
    /// The vertical datum of `center_elevation` and `eye_altitude`. Default ``VerticalDatum/ellipsoidal``.
    public var heights: VerticalDatum
    /// Wrapped or continuous headings.
    public var angles: AngleContinuity
    /// The framing written in the last three columns, or `nil` for none.
    public var framing: CameraFraming?
    private var headings: HeadingSequence

    /// The extra columns of the framing.
    public static let framingHeader = "vertical_fov,viewport_width,viewport_height"

    public init(includesEye: Bool = false, heights: VerticalDatum = .ellipsoidal, angles: AngleContinuity = .wrapped,
                framing: CameraFraming? = nil) {
        self.includesEye = includesEye
        self.heights = heights
        self.angles = angles
        self.framing = framing
        self.headings = HeadingSequence(angles)
    }

    /// The header line's columns, in order.
    public var columns: [String] {
        var header = CSVPoseWriter.header
        if includesEye { header += "," + CSVPoseWriter.eyeHeader }
        if framing != nil { header += "," + CSVPoseWriter.framingHeader }
        return header.split(separator: ",").map(String.init)
    }

    public func begin(into out: inout [UInt8]) {
        out.append(text: columns.joined(separator: ","))
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        out.append(text: String(pose.frame))
        out.append(comma)
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.centerCoordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.centerCoordinate.longitude, places: PosePrecision.coordinate, to: &out)
        out.append(comma)
        FixedDecimal.append(headings.next(pose.camera.heading), places: PosePrecision.angle, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.pitch, places: PosePrecision.angle, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.distance, places: PosePrecision.distance, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.centerHeight(on: heights), places: PosePrecision.distance, to: &out)
        if includesEye {
            out.append(comma)
            if let eye = pose.eye {
                FixedDecimal.append(eye.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(comma)
                FixedDecimal.append(eye.coordinate.longitude, places: PosePrecision.coordinate, to: &out)
                out.append(comma)
                FixedDecimal.append(eye.altitude(on: heights), places: PosePrecision.distance, to: &out)
            } else {
                out.append(comma)
            }
        }
        if let framing {
            out.append(comma)
            FixedDecimal.append(framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
            out.append(comma)
            FixedDecimal.append(framing.viewportWidth, places: 0, to: &out)
            out.append(comma)
            FixedDecimal.append(framing.viewportHeight, places: 0, to: &out)
        }
        out.append(UInt8(ascii: "\n"))
    }

    public func end(into out: inout [UInt8]) {}
}
