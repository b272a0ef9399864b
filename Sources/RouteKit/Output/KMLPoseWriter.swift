import Foundation

/// Writes poses as a KML 2.2 document holding a Google Earth tour, and the route as a line.
///
/// Sources: the KML reference (https://developers.google.com/kml/documentation/kmlreference, sections
/// `#gxtour`, `#gxflyto`, `#camera`, `#linestring`, `#altitudemode`) and the touring guide
/// (https://developers.google.com/kml/documentation/touring). Shape:
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
/// <Document>
/// <name>ROUTE NAME or RouteKit camera flight</name>
/// <Placemark><name>ROUTE NAME or Route</name>        (only when the route is known)
/// <LineString><tessellate>1</tessellate><coordinates>lon,lat lon,lat …</coordinates></LineString>
/// </Placemark>                                         (a MultiGeometry of LineStrings for several segments)
/// <gx:Tour><name>Camera flight</name><gx:Playlist>
/// <gx:FlyTo><gx:duration>0.033333</gx:duration><gx:flyToMode>smooth</gx:flyToMode>
/// <Camera><longitude>…</longitude><latitude>…</latitude><altitude>…</altitude><heading>…</heading>
/// <tilt>…</tilt><roll>0</roll><altitudeMode>absolute</altitudeMode></Camera></gx:FlyTo>
/// … one gx:FlyTo per pose …
/// </gx:Playlist></gx:Tour>
/// </Document>
/// </kml>
/// ```
///
/// - One `gx:FlyTo` per pose, in frame order. `gx:duration` is the seconds since the previous pose, 6
///   decimals, rounded from the *cumulative* times: `round(t_i) - round(t_{i-1})` with times rounded to
///   the microsecond, so that the durations add up to the flight's last pose time exactly, however many
///   frames there are (0 for the first pose, which is a cut to the start), and
///   `gx:flyToMode` is `smooth`, so Google Earth flies through the poses without stopping (touring guide,
///   "FlyTo and flyToMode").
/// - `Camera` is the **eye**: `longitude` (-180...180) and `latitude` (degrees, 8 decimals), `altitude`
///   (metres, 3 decimals) with `altitudeMode` `absolute`, `heading` (0..<360, 4 decimals) and `tilt`
///   (0 = straight down, 4 decimals) of the exact line of sight from the eye to the centre, seen in the
///   eye's own local frame (computed by the internal `CameraAttitude`; they differ from the pose's heading and pitch, which are
///   defined at the centre, by the Earth's curvature over the ground offset), `roll` 0. A pose without an
///   eye gets one from ``PoseWriterContext/eyeModel``.
/// - With ``PoseWriterContext/kmlView`` ``KMLView/lookAt``, each `gx:FlyTo` holds a `LookAt` instead:
///   `longitude`, `latitude` of the **centre**, `altitude` 0 with `altitudeMode` `relativeToGround` (on
///   Google Earth's own terrain), `heading` (the pose's, 0..<360) and `tilt` (the pose's pitch), both
///   measured at the centre, and `range` (the camera distance, metres, 3 decimals). This suits routes
///   without heights.
/// - Heights: `absolute` means above sea level (KML 2.2 section 16.1; Google Earth's EGM96 geoid), so the
///   eye's altitude is written above sea level: ``EyePosition/elevation``, its height above the WGS 84
///   ellipsoid less the EGM96 undulation under it (exact when the poses were sampled with a ``Geoid``).
/// - The route line is drawn on the ground (`tessellate` 1, default `clampToGround`, no altitude), 8
///   decimals, longitudes normalised to -180...180. A route that crosses the antimeridian is written as
///   is (Google Earth joins consecutive points the short way).
///
/// - Group flights (``PoseWriterContext/group``): every `Camera` (or `LookAt`) holds a
///   `<gx:TimeStamp><when>T</when></gx:TimeStamp>` first (the KML 2.2 gx schema puts it in the view,
///   before `longitude`), with `T` = ``PoseWriterContext/absoluteTime(of:)`` of the pose's time (the epoch
///   plus the time times ``PoseWriterContext/timeScale``, ISO 8601 UTC), so that Google Earth's clock
///   follows the tour. After the tour, one Placemark per rider in ``RiderGroup/riders`` order, named after
///   the rider, with an inline `Style` in its colour and a `gx:Track` (touring guide and KML reference,
///   `#gxtrack`): `altitudeMode` `absolute`, then one `<when>` per pose (the same instants as the views),
///   then one `<gx:coord>lon lat alt</gx:coord>` per pose (degrees, 8 decimals; the rider's elevation above
///   sea level, 3 decimals), so that Google Earth draws every rider moving as the tour plays. The gx
///   schema puts all of a track's `when`s before all its `gx:coord`s, so the riders' positions are held
///   until the end: 24 bytes per rider and pose, plus 8 per pose for the times (3 riders × 100 000 frames:
///   about 8 MB); ``end(into:flush:)`` then writes them in pieces.
///
/// Streaming: constant memory for a single route; about 270 bytes per pose. Deterministic bytes (fixed
/// decimals, no dates). ``KMLReader`` reads the file back as the route (the Camera elements and rider
/// tracks are not a route).
package struct KMLPoseWriter: PoseWriter, Sendable {
    /// What the document holds besides the poses.
    package var context: PoseWriterContext
    /// The previous pose's time in whole microseconds.
    private var previousMicroseconds: Int64? = nil
    /// Group flights: the poses' times (seconds) and, per rider, `[lon, lat, elevation]` per pose.
    private var times: [Double] = []
    private var tracks: [[Double]]

    package init(context: PoseWriterContext) {
        self.context = context
        tracks = Array(repeating: [], count: context.group?.riders.count ?? 0)
    }

    package func begin(into out: inout [UInt8]) {
        out.append(text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append(text: "<kml xmlns=\"http://www.opengis.net/kml/2.2\" xmlns:gx=\"http://www.google.com/kml/ext/2.2\">\n")
        out.append(text: "<Document>\n<name>")
        out.append(text: XMLText.escaped(context.route?.name ?? "RouteKit camera flight"))
        out.append(text: "</name>\n")
        if let route = context.route {
            out.append(text: "<Placemark>\n<name>")
            out.append(text: XMLText.escaped(route.name ?? "Route"))
            out.append(text: "</name>\n")
            let multiple = route.segments.count > 1
            if multiple { out.append(text: "<MultiGeometry>\n") }
            for segment in route.segments {
                out.append(text: "<LineString><tessellate>1</tessellate><coordinates>")
                for (i, point) in route.points[segment].enumerated() {
                    if i > 0 { out.append(UInt8(ascii: i % 4 == 0 ? "\n" : " ")) }
                    let c = point.coordinate
                    FixedDecimal.append(Angles.normalizedLongitude(c.longitude), places: PosePrecision.coordinate, to: &out)
                    out.append(UInt8(ascii: ","))
                    FixedDecimal.append(c.latitude, places: PosePrecision.coordinate, to: &out)
                }
                out.append(text: "</coordinates></LineString>\n")
            }
            if multiple { out.append(text: "</MultiGeometry>\n") }
            out.append(text: "</Placemark>\n")
        }
        out.append(text: "<gx:Tour>\n<name>Camera flight</name>\n<gx:Playlist>\n")
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let microseconds = Int64((pose.time * 1e6).rounded())
        let interval = previousMicroseconds.map { max(microseconds - $0, 0) } ?? 0
        previousMicroseconds = max(microseconds, previousMicroseconds ?? microseconds)
        out.append(text: "<gx:FlyTo><gx:duration>")
        out.append(text: String(format: "%lld.%06lld", interval / 1_000_000, interval % 1_000_000))
        out.append(text: "</gx:duration><gx:flyToMode>smooth</gx:flyToMode>")
        var stamp = ""
        if let group = context.group {
            stamp = "<gx:TimeStamp><when>" + ISO8601.string(from: context.absoluteTime(of: pose.time)) + "</when></gx:TimeStamp>"
            times.append(pose.time)
            for index in group.riders.indices {
                // A pose without the rider holds its previous position (or the route's start).
                if let rider = pose.position(ofRider: index) {
                    tracks[index] += [rider.coordinate.longitude, rider.coordinate.latitude, rider.elevation]
                } else if tracks[index].count >= 3 {
                    tracks[index] += Array(tracks[index].suffix(3))
                } else {
                    let start = group.riders[index].route.points[0]
                    tracks[index] += [start.coordinate.longitude, start.coordinate.latitude, start.elevation ?? 0]
                }
            }
        }
        if context.kmlView == .lookAt {
            out.append(text: "<LookAt>" + stamp + "<longitude>")
            FixedDecimal.append(Angles.normalizedLongitude(pose.camera.centerCoordinate.longitude), places: PosePrecision.coordinate, to: &out)
            out.append(text: "</longitude><latitude>")
            FixedDecimal.append(pose.camera.centerCoordinate.latitude, places: PosePrecision.coordinate, to: &out)
            out.append(text: "</latitude><altitude>0</altitude><heading>")
            FixedDecimal.append(PosePrecision.printableHeading(pose.camera.heading), places: PosePrecision.angle, to: &out)
            out.append(text: "</heading><tilt>")
            FixedDecimal.append(pose.camera.pitch, places: PosePrecision.angle, to: &out)
            out.append(text: "</tilt><range>")
            FixedDecimal.append(pose.camera.distance, places: PosePrecision.distance, to: &out)
            out.append(text: "</range><altitudeMode>relativeToGround</altitudeMode></LookAt></gx:FlyTo>\n")
            return
        }
        let attitude = CameraAttitude(pose: pose, eye: context.eye(of: pose))
        out.append(text: "<Camera>" + stamp + "<longitude>")
        FixedDecimal.append(Angles.normalizedLongitude(attitude.eye.coordinate.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(text: "</longitude><latitude>")
        FixedDecimal.append(attitude.eye.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: "</latitude><altitude>")
        FixedDecimal.append(attitude.eye.elevation, places: PosePrecision.distance, to: &out)
        out.append(text: "</altitude><heading>")
        FixedDecimal.append(PosePrecision.printableHeading(attitude.heading), places: PosePrecision.angle, to: &out)
        out.append(text: "</heading><tilt>")
        FixedDecimal.append(attitude.tilt, places: PosePrecision.angle, to: &out)
        out.append(text: "</tilt><roll>0</roll><altitudeMode>absolute</altitudeMode></Camera></gx:FlyTo>\n")
    }

    package func end(into out: inout [UInt8]) {
        end(into: &out) { _ in }
    }

    package func end(into out: inout [UInt8], flush: (inout [UInt8]) -> Void) {
        out.append(text: "</gx:Playlist>\n</gx:Tour>\n")
        if let group = context.group {
            for (index, rider) in group.riders.enumerated() {
                let color = RiderPalette.kml(index)
                out.append(text: "<Placemark>\n<name>" + XMLText.escaped(rider.name) + "</name>\n")
                out.append(text: "<Style><IconStyle><color>\(color)</color><scale>0.8</scale><Icon>")
                out.append(text: "<href>https://maps.google.com/mapfiles/kml/shapes/shaded_dot.png</href></Icon></IconStyle>")
                out.append(text: "<LabelStyle><color>\(color)</color></LabelStyle>")
                out.append(text: "<LineStyle><color>\(color)</color><width>2</width></LineStyle></Style>\n")
                out.append(text: "<gx:Track><altitudeMode>absolute</altitudeMode>\n")
                for time in times {
                    out.append(text: "<when>" + ISO8601.string(from: context.absoluteTime(of: time)) + "</when>\n")
                    if out.count >= 1 << 20 { flush(&out) }
                }
                let track = tracks[index]
                var i = 0
                while i + 2 < track.count {
                    out.append(text: "<gx:coord>")
                    FixedDecimal.append(Angles.normalizedLongitude(track[i]), places: PosePrecision.coordinate, to: &out)
                    out.append(UInt8(ascii: " "))
                    FixedDecimal.append(track[i + 1], places: PosePrecision.coordinate, to: &out)
                    out.append(UInt8(ascii: " "))
                    FixedDecimal.append(track[i + 2], places: PosePrecision.distance, to: &out)
                    out.append(text: "</gx:coord>\n")
                    if out.count >= 1 << 20 { flush(&out) }
                    i += 3
                }
                out.append(text: "</gx:Track>\n</Placemark>\n")
            }
        }
        out.append(text: "</Document>\n</kml>\n")
    }
}
