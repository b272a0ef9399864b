/// Writes poses as an RFC 7946 GeoJSON FeatureCollection.
///
/// - one `Point` Feature per pose, in frame order, at `[longitude, latitude]` of the camera's centre
///   (RFC 7946 section 3.1.1 order; 8 decimals). Every longitude, positions and `eye_longitude` alike,
///   is in -180...180 whatever ``angles`` says: RFC 7946 positions are CRS84 longitudes (section 4) and
///   a line across the antimeridian is cut there rather than run past 180 (section 3.1.9), so GeoJSON
///   readers take no unwrapped longitudes; only `heading` follows ``angles``;
/// - each Feature's `properties`: `frame`, `time` (seconds, 6 decimals), `heading` (degrees clockwise
///   from true north, 0..<360 or continuous as ``angles`` says, 4 decimals), `pitch` (degrees from
///   straight down, 4 decimals), `distance` (metres, 3 decimals) and `center_elevation` (metres, 3
///   decimals: the height of the centre on ``heights``). `heading` and `pitch` are the camera's at its
///   **centre** (MapKit's `MapCamera` definition), not at the eye (seen from the eye they differ by the
///   Earth's curvature over the ground offset, up to about 2.4 degrees at 50 km);
/// - a top-level foreign member `camera` (RFC 7946 section 6.1), written first:
///   `{"verticalFieldOfView": degrees (4 decimals), "horizontalFieldOfView": degrees, "viewport":
///   [width, height] (pixels), "framesPerSecond": fps (6 decimals)}`;
/// - a top-level `bbox` `[west, south, east, north]` of the centres' path
///   (``BoundingBox/init(path:)``: `west > east` when the flight crosses the antimeridian, RFC 7946
///   section 5.2). It is written after `features`, so that the file streams in constant memory
///   (JSON members are unordered);
/// - with ``includesEye``, also `eye_latitude`, `eye_longitude` (degrees, 8 decimals) and `eye_altitude`
///   (metres on ``heights``, 3 decimals);
/// - heights: ``heights`` is the datum of `center_elevation` and `eye_altitude`, the WGS 84 ellipsoid by
///   default (RFC 7946 section 4: altitudes are heights above the WGS 84 ellipsoid) or mean sea level
///   (EGM96); the FeatureCollection states it in a foreign member `"heights"` (`"ellipsoidal"` or
///   `"orthometric"`), written after `features`;
/// - when the pose carries a ``CameraPose/routeReading`` (a flight sampled with its route), the route's
///   values at that frame: `route_distance`, `route_progress`, `route_time`, `route_elevation` (on
///   ``heights``), `speed`, `heart_rate`, `cadence`, as `RouteReadingFields` writes them (a value the
///   route does not record is left out);
/// - when the ``route`` is known, one more Feature **after** the Points: the route as a `LineString`
///   (a `MultiLineString` when it has several segments, or crosses the antimeridian, where it is cut as
///   RFC 7946 section 3.1.9 asks: ``antimeridianParts(_:)``), `[longitude, latitude]` positions (8
///   decimals, longitudes in -180...180), with properties `{"role":"route"}` and the
///   route's `name` when it has one. The Points keep their indices and properties. This is what
///   ``GeoJSONReader`` reads back (it skips Points); the `bbox` then covers the centres and the route
///   (their path accumulated one after the other).
/// - with a ``group`` (a group flight), after each pose's Point one `Point` Feature per rider in
///   ``RiderGroup/riders`` order, at the rider's `[longitude, latitude]` (8 decimals), with properties
///   `role` (`"rider"`), `rider` (its name), `rider_index` (from 0), `frame`, `time` (the pose's), `active`
///   (`false` before the rider's first and after its last recorded time, when its position is held at its
///   route's start or end) and `elevation` (metres, 3 decimals, on ``heights``; on the ellipsoid with the
///   undulation under the rider from ``geoid``, else the pose's at its centre), then the rider's route
///   values (`route_distance` … `cadence`, as for a single route's pose). After the route line, each
///   rider's route as a `LineString` (or `MultiLineString`, as for the route) with properties `role`
///   (`"rider-route"`), `rider` and `rider_index`. A group flight of f frames and r riders thus has
///   `f × (1 + r)` Points and `r` lines (plus the route's when known). The `bbox` covers them all.
///
/// One Feature per line, so that files diff well; no dates, fixed decimals: deterministic bytes.
package struct GeoJSONPoseWriter: PoseWriter, Sendable {
    private var bounds = BoundingBox.PathAccumulator()
    private var count = 0
    /// Whether the eye properties are written.
    package var includesEye: Bool
    /// The route, written as a line Feature after the poses, or `nil`.
    package var route: Route?
    /// The vertical datum of `center_elevation` and `eye_altitude`. Default ``VerticalDatum/ellipsoidal``.
    package var heights: VerticalDatum
    /// Wrapped or continuous headings.
    package var angles: AngleContinuity
    /// The viewport and field of view, written as the `camera` member.
    package var framing: CameraFraming
    /// Frames per second, written in the `camera` member.
    package var framesPerSecond: Double
    /// For a group flight, the riders: a Point per rider and pose, and each rider's route; `nil` for a
    /// single route.
    package var group: RiderGroup?
    /// The geoid for riders' ellipsoidal elevations (the undulation under each rider), or `nil`.
    package var geoid: Geoid?
    private var headings: HeadingSequence
    private let riderNames: [String]

    package init(includesEye: Bool = false, route: Route? = nil, heights: VerticalDatum = .ellipsoidal,
                angles: AngleContinuity = .wrapped, framing: CameraFraming = CameraFraming(),
                framesPerSecond: Double = 30, group: RiderGroup? = nil, geoid: Geoid? = nil) {
        self.group = group
        self.geoid = geoid
        self.riderNames = group?.riders.map { JSONText.quoted($0.name) } ?? []
        self.includesEye = includesEye
        self.route = route
        self.heights = heights
        self.angles = angles
        self.framing = framing
        self.framesPerSecond = framesPerSecond
        self.headings = HeadingSequence(angles)
    }

    package func begin(into out: inout [UInt8]) {
        out.append(text: "{\"type\":\"FeatureCollection\",\"camera\":{\"verticalFieldOfView\":")
        FixedDecimal.append(framing.verticalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"horizontalFieldOfView\":")
        FixedDecimal.append(framing.horizontalFieldOfView, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"viewport\":[")
        FixedDecimal.append(framing.viewportWidth, places: 0, to: &out)
        out.append(UInt8(ascii: ","))
        FixedDecimal.append(framing.viewportHeight, places: 0, to: &out)
        out.append(text: "],\"framesPerSecond\":")
        FixedDecimal.append(framesPerSecond, places: 6, to: &out)
        out.append(text: "},\"features\":[")
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        bounds.add(pose.camera.centerCoordinate)
        out.append(text: count == 0 ? "\n" : ",\n")
        count += 1
        out.append(text: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
        FixedDecimal.append(pose.camera.centerCoordinate.longitude, places: PosePrecision.coordinate, to: &out)
        out.append(UInt8(ascii: ","))
        FixedDecimal.append(pose.camera.centerCoordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: "]},\"properties\":{\"frame\":")
        out.append(text: String(pose.frame))
        out.append(text: ",\"time\":")
        FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
        out.append(text: ",\"heading\":")
        FixedDecimal.append(headings.next(pose.camera.heading), places: PosePrecision.angle, to: &out)
        out.append(text: ",\"pitch\":")
        FixedDecimal.append(pose.camera.pitch, places: PosePrecision.angle, to: &out)
        out.append(text: ",\"distance\":")
        FixedDecimal.append(pose.camera.distance, places: PosePrecision.distance, to: &out)
        out.append(text: ",\"center_elevation\":")
        FixedDecimal.append(pose.centerHeight(on: heights), places: PosePrecision.distance, to: &out)
        if includesEye, let eye = pose.eye {
            out.append(text: ",\"eye_latitude\":")
            FixedDecimal.append(eye.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
            out.append(text: ",\"eye_longitude\":")
            FixedDecimal.append(eye.coordinate.longitude, places: PosePrecision.coordinate, to: &out)
            out.append(text: ",\"eye_altitude\":")
            FixedDecimal.append(eye.altitude(on: heights), places: PosePrecision.distance, to: &out)
        }
        if let reading = pose.routeReading {
            RouteReadingFields.appendJSONMembers(of: reading, heights: heights, geoid: geoid,
                                                 fallbackUndulation: pose.geoidUndulation, to: &out)
        }
        out.append(text: "}}")
        guard group != nil else { return }
        for rider in pose.riders where riderNames.indices.contains(rider.rider) {
            bounds.add(rider.coordinate)
            out.append(text: ",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
            FixedDecimal.append(Angles.normalizedLongitude(rider.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
            out.append(UInt8(ascii: ","))
            FixedDecimal.append(rider.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
            out.append(text: "]},\"properties\":{\"role\":\"rider\",\"rider\":")
            out.append(text: riderNames[rider.rider])
            out.append(text: ",\"rider_index\":\(rider.rider),\"frame\":\(pose.frame),\"time\":")
            FixedDecimal.append(pose.time, places: PosePrecision.time, to: &out)
            out.append(text: rider.isActive ? ",\"active\":true,\"elevation\":" : ",\"active\":false,\"elevation\":")
            FixedDecimal.append(rider.height(on: heights, geoid: geoid, fallbackUndulation: pose.geoidUndulation),
                                places: PosePrecision.distance, to: &out)
            if let reading = rider.reading {
                RouteReadingFields.appendJSONMembers(of: reading, heights: heights, geoid: geoid,
                                                     fallbackUndulation: pose.geoidUndulation, to: &out)
            }
            out.append(text: "}}")
        }
    }

    /// Appends a Feature holding `route` as a LineString (MultiLineString for several parts), then
    /// `properties` (JSON members without braces), and adds its points to the bounds.
    private mutating func appendLine(_ route: Route, properties: String, into out: inout [UInt8]) {
        out.append(text: count == 0 ? "\n" : ",\n")
        count += 1
        // Each segment, cut at the antimeridian (RFC 7946 section 3.1.9).
        let lines = route.segments.flatMap { segment -> [[LocationCoordinate2D]] in
            antimeridianParts(route.points[segment].map(\.coordinate))
        }
        let multiple = lines.count > 1
        out.append(text: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"")
        out.append(text: multiple ? "MultiLineString\",\"coordinates\":[" : "LineString\",\"coordinates\":")
        for (s, line) in lines.enumerated() {
            if s > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            // RFC 7946 section 3.1.4: a LineString has two or more positions; repeat a lone point.
            let coordinates = line.count == 1 ? [line[0], line[0]] : line
            for (i, c) in coordinates.enumerated() {
                bounds.add(c)
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                FixedDecimal.append(Angles.normalizedLongitude(c.longitude), places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: ","))
                FixedDecimal.append(c.latitude, places: PosePrecision.coordinate, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        if multiple { out.append(UInt8(ascii: "]")) }
        out.append(text: "},\"properties\":{" + properties + "}}")
    }

    package mutating func end(into out: inout [UInt8]) {
        if let route {
            var properties = "\"role\":\"route\""
            if let name = route.name { properties += ",\"name\":" + JSONText.quoted(name) }
            appendLine(route, properties: properties, into: &out)
        }
        if let group {
            for (index, rider) in group.riders.enumerated() {
                appendLine(rider.route, properties: "\"role\":\"rider-route\",\"rider\":\(riderNames[index]),\"rider_index\":\(index)",
                           into: &out)
            }
        }
        out.append(text: "\n],\"heights\":\"" + heights.rawValue + "\"")
        if let box = bounds.boundingBox {
            out.append(text: ",\"bbox\":[")
            for (i, v) in box.geoJSONArray.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                FixedDecimal.append(v, places: PosePrecision.coordinate, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(text: "}\n")
    }
}
