import Foundation

/// Writes the camera centre's path as a GPX 1.1 track: one `trkpt` per pose, so that any GPX tool can
/// show, measure or replay where the camera looked and when.
///
/// Shape (GPX 1.1 schema, https://www.topografix.com/GPX/1/1/gpx.xsd):
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <gpx version="1.1" creator="RouteKit route-fly" xmlns="http://www.topografix.com/GPX/1/1" …>
/// <metadata><name>ROUTE NAME camera centre</name></metadata>
/// <trk><name>Camera centre</name><trkseg>
/// <trkpt lat="46.12345678" lon="14.12345678"><ele>550.000</ele><time>2000-01-01T00:00:00.000Z</time></trkpt>
/// …
/// </trkseg></trk>
/// </gpx>
/// ```
///
/// - `lat`, `lon`: the camera centre, degrees, 8 decimals; `lon` in `[-180, 180)` as the schema's
///   `longitudeType` requires (180 is written as -180);
/// - `ele`: ``CameraPose/centerElevation``, metres above sea level (EGM96, as GPX `ele` is read), 3
///   decimals (0 when the route has none);
/// - `time`: ``PoseWriterContext/absoluteTime(of:)`` of the pose's time (the epoch plus the time times
///   the time scale), ISO 8601 UTC with milliseconds.
///
/// Heading, pitch and distance have no GPX 1.1 element and are left out (use CSV or GeoJSON for them).
/// Group flights (``PoseWriterContext/group``): the riders are not written, only the camera centre (each
/// rider's own recording is its input file; CSV, GeoJSON, CZML and KML carry the riders' positions per
/// frame). No creation date is written, so the bytes are deterministic. Streaming: constant memory, about 110
/// bytes per pose. ``GPXReader`` reads the file back as a one-segment route of the centres.
package struct GPXPoseWriter: PoseWriter, Sendable {
    /// The epoch of the times, and the route's name.
    package var context: PoseWriterContext

    package init(context: PoseWriterContext) {
        self.context = context
    }

    package func begin(into out: inout [UInt8]) {
        out.append(text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="RouteKit route-fly" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

            """)
        if let name = context.route?.name {
            out.append(text: "<metadata><name>\(XMLText.escaped(name + " camera centre"))</name></metadata>\n")
        }
        out.append(text: "<trk><name>Camera centre</name><trkseg>\n")
    }

    package func write(_ pose: CameraPose, into out: inout [UInt8]) {
        let c = pose.camera.centerCoordinate
        out.append(text: "<trkpt lat=\"")
        FixedDecimal.append(c.latitude, places: PosePrecision.coordinate, to: &out)
        out.append(text: "\" lon=\"")
        FixedDecimal.append(GPXPoseWriter.printableLongitude(c.longitude), places: PosePrecision.coordinate, to: &out)
        out.append(text: "\"><ele>")
        FixedDecimal.append(pose.centerElevation, places: PosePrecision.distance, to: &out)
        out.append(text: "</ele><time>")
        out.append(text: ISO8601.string(from: context.absoluteTime(of: pose.time), fractionDigits: 3))
        out.append(text: "</time></trkpt>\n")
    }

    package func end(into out: inout [UInt8]) {
        out.append(text: "</trkseg></trk>\n</gpx>\n")
    }

    /// The longitude to print in `[-180, 180)`: normalised, and a value that would *print* as 180 at
    /// ``PosePrecision/coordinate`` decimals is printed as -180 (the same meridian).
    static func printableLongitude(_ longitude: Double) -> Double {
        let l = Angles.normalizedLongitude(longitude)
        let scale = pow(10, Double(PosePrecision.coordinate))
        return (l * scale).rounded(.toNearestOrAwayFromZero) >= 180 * scale ? l - 360 : l
    }
}
