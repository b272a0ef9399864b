/// Writes poses as CSV: a header line, then one row per frame, `\n` line ends.
///
/// Columns (DESIGN.md output contract):
///
/// | column | unit | decimals |
/// |---|---|---|
/// | `frame` | frame number from 0 | 0 |
/// | `time` | seconds from the start | 6 |
/// | `latitude`, `longitude` | degrees (WGS 84) of the camera's centre; longitude in -180...180 (or continuous: `LongitudeSequence`) | 8 |
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
/// Longitudes: in -180...180 with ``angles`` wrapped; with ``AngleContinuity/continuous`` the centre's
/// is unwrapped from frame to frame and the eye's and riders' lie within 180 degrees of the centre's
/// (`LongitudeSequence`), so a flight across the antimeridian has no 360-degree jump for a renderer that
/// keys or interpolates the columns.
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
/// With a ``group`` (a group flight), four columns per rider follow last, rider by rider in
/// ``RiderGroup/riders`` order: `<name>_latitude`, `<name>_longitude` (degrees, 8 decimals; longitude in
/// -180...180, or beside the centre's when continuous), `<name>_elevation` (metres, 3 decimals, on ``heights`` like `center_elevation`) and
/// `<name>_active` (`1` while the rider is recording, `0` before its first and after its last recorded
/// time, when the position is held at its route's start or end). `<name>` is the rider's name with every
/// character outside `A-Za-z0-9_` replaced by `_`, and `_2`, `_3`, … appended when that would repeat
/// another column (`RiderGroup.columnPrefixes`). On the ellipsoid, a rider's elevation is its height
/// above sea level plus the EGM96 undulation **under the rider** (from ``geoid``), not under the centre:
/// riders kilometres apart sit on different undulations; without a ``geoid`` the pose's undulation at
/// the centre is used (0 when the flight was sampled without one). A pose that lacks a rider leaves its
/// four cells empty.
///
/// With ``includesRouteValues``, the route's values at each frame follow (`RouteReadingFields`):
/// `route_distance` (metres along the route, gaps not counted, 3 decimals), `route_progress` (0...1, 6),
/// `route_time` (the recorded instant, ISO 8601 UTC to the millisecond), `route_elevation` (the route's own
/// height there, metres on ``heights``, 3), `speed` (m/s over 10 s of recorded time, 3), `heart_rate`
/// (beats per minute, 1) and `cadence` (per minute, 1); a value the route does not record is an empty
/// cell. For a group flight they come per rider, after its four columns (`<name>_route_distance` …).
///
/// The decimal separator is always `.` (`FixedDecimal`). About 60 bytes per pose (100 with the eye),
/// plus about 40 per rider.
package struct CSVPoseWriter: PoseWriter, Sendable {
    /// The header line, without its line end.
    package static let header = "frame,time,latitude,longitude,heading,pitch,distance,center_elevation"
    /// The extra columns of the eye.
    package static let eyeHeader = "eye_latitude,eye_longitude,eye_altitude"

    /// Whether the eye columns are written.
    package var includesEye: Bool
    /// The vertical datum of `center_elevation` and `eye_altitude`. Default ``VerticalDatum/ellipsoidal``.
    package var heights: VerticalDatum
    /// Wrapped or continuous headings.
    package var angles: AngleContinuity
    /// The framing written in the last three columns, or `nil` for none.
    package var framing: CameraFraming?
    /// For a group flight, the riders whose four columns each follow, in order; `nil` for a single route.
    package var group: RiderGroup?
    /// The geoid for riders' ellipsoidal heights (the undulation under each rider), or `nil`: the
    /// pose's undulation at the centre is used.
    package var geoid: Geoid?
    private var headings: HeadingSequence
    private var longitudes: LongitudeSequence

    /// Whether the route's values at each frame follow the standard columns (`RouteReadingFields`:
    /// `route_distance`, `route_progress`, `route_time`, `route_elevation`, `speed`, `heart_rate`,
    /// `cadence`; for a group flight, the same seven per rider after its four). Default `false`, so that
    /// the default columns stay as they were.
    package var includesRouteValues = false

    /// The extra columns of the framing.
    package static let framingHeader = "vertical_fov,viewport_width,viewport_height"
    /// The suffixes of each rider's columns, in order (after `<name>_`).
    package static let riderColumnSuffixes = ["latitude", "longitude", "elevation", "active"]

    package init(includesEye: Bool = false, heights: VerticalDatum = .ellipsoidal, angles: AngleContinuity = .wrapped,
                framing: CameraFraming? = nil, group: RiderGroup? = nil, geoid: Geoid? = nil) {
        self.includesEye = includesEye
        self.heights = heights
        self.angles = angles
        self.framing = framing
        self.group = group
        self.geoid = geoid
        self.headings = HeadingSequence(angles)
        self.longitudes = LongitudeSequence(angles)
    }

    /// The header line's columns, in order.
    package var columns: [String] {
        var header = CSVPoseWriter.header
        if includesEye { header += "," + CSVPoseWriter.eyeHeader }
        if framing != nil { header += "," + CSVPoseWriter.framingHeader }
        if includesRouteValues && group == nil { header += "," + RouteReadingFields.names.joined(separator: ",") }
        let base = header.split(separator: ",").map(String.init)
        guard let group else { return base }
        let suffixes = CSVPoseWriter.riderColumnSuffixes + (includesRouteValues ? RouteReadingFields.names : [])
        return base + group.columnPrefixes(suffixes: suffixes, reserved: Set(base)).flatMap { prefix in
            suffixes.map { prefix + "_" + $0 }
        }
    }

    package func begin(into out: inout [UInt8]) {
        out.append(text: columns.joined(separator: ","))
        out.append(UInt8(ascii: "\n"))
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        out.append(text: String(pose.frame))
        out.append(comma)
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(comma)
        FixedDecimal.append(pose.camera.centerCoordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(comma)
        FixedDecimal.append(longitudes.nextCenter(pose.camera.centerCoordinate.longitude), places: PosePrecision.coordinate, to: &out)
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
                FixedDecimal.append(longitudes.beside(eye.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
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
        if includesRouteValues && group == nil {
            RouteReadingFields.appendCSVCells(of: pose.routeReading, heights: heights, geoid: geoid,
                                              fallbackUndulation: pose.geoidUndulation, to: &out)
        }
        if let group {
            for index in group.riders.indices {
                out.append(comma)
                guard let rider = pose.position(ofRider: index) else {
                    out.append(contentsOf: [comma, comma, comma])
                    if includesRouteValues { RouteReadingFields.appendCSVCells(of: nil, heights: heights, geoid: geoid, fallbackUndulation: 0, to: &out) }
                    continue
                }
                FixedDecimal.append(rider.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(comma)
                FixedDecimal.append(longitudes.beside(rider.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
                out.append(comma)
                FixedDecimal.append(rider.height(on: heights, geoid: geoid, fallbackUndulation: pose.geoidUndulation),
                                    places: PosePrecision.distance, to: &out)
                out.append(comma)
                out.append(UInt8(ascii: rider.isActive ? "1" : "0"))
                if includesRouteValues {
                    RouteReadingFields.appendCSVCells(of: rider.reading, heights: heights, geoid: geoid,
                                                      fallbackUndulation: pose.geoidUndulation, to: &out)
                }
            }
        }
        out.append(UInt8(ascii: "\n"))
    }

    package func end(into out: inout [UInt8]) {}
}
