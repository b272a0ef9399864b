import Foundation

/// Writes camera poses one at a time into a byte buffer, so that flights of any length stream to a
/// file in constant memory.
///
/// A writer is driven as `begin`, then `write` once per pose in frame order, then `end`. Each call
/// appends to `out`; the caller flushes `out` whenever it likes (``PoseOutput`` does, every 1 MiB).
package protocol PoseWriter {
    /// Appends what comes before the first pose (a header, an opening bracket).
    mutating func begin(into out: inout [UInt8])
    /// Appends one pose.
    mutating func write(_ pose: CameraPose, into out: inout [UInt8])
    /// Appends what comes after the last pose.
    mutating func end(into out: inout [UInt8])
    /// Appends what comes after the last pose, handing `out` to `flush` (which empties it) whenever it
    /// has grown large, so that a long ending (a KML group flight's rider tracks) streams too. The
    /// default calls ``end(into:)``.
    mutating func end(into out: inout [UInt8], flush: (inout [UInt8]) -> Void)
}

extension PoseWriter {
    package mutating func end(into out: inout [UInt8], flush: (inout [UInt8]) -> Void) {
        end(into: &out)
    }
}

extension PoseWriter {
    /// Encodes a whole array of poses. O(f) for f poses.
    package mutating func encode(_ poses: [CameraPose]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 * (poses.count + 1))
        begin(into: &out)
        for pose in poses { write(pose, into: &out) }
        end(into: &out)
        return out
    }
}

/// The output formats of sampled poses.
public enum PoseFormat: String, CaseIterable, Sendable {
    /// Comma-separated values, one row per frame (`CSVPoseWriter`).
    case csv
    /// An RFC 7946 FeatureCollection, one Point feature per frame, then the route as a line
    /// (`GeoJSONPoseWriter`).
    case geojson
    /// A KML 2.2 Google Earth tour, one `gx:FlyTo` to a `Camera` (or `LookAt`) per frame, and the route
    /// (`KMLPoseWriter`).
    case kml
    /// The KML tour zipped as `doc.kml` in a KMZ archive (`KMZArchive`).
    case kmz
    /// A CZML document for CesiumJS: a clock and a sampled eye position and orientation (`CZMLPoseWriter`).
    case czml
    /// Google Earth Studio's 3D camera export JSON (`EarthStudioPoseWriter`).
    case earthStudio = "earth-studio"
    /// Web-map cameras for MapLibre GL JS, Mapbox GL JS and deck.gl (`MapLibrePoseWriter`).
    case maplibre
    /// The camera centre's path as a GPX 1.1 track with a time per frame (`GPXPoseWriter`).
    case gpx
    /// A picture of the flight over its route (`FlightSVG`), for a quick look.
    case svg

    /// Other names a format answers to: `mapbox` and `deckgl` are ``maplibre`` (the same camera).
    package static let aliases: [String: PoseFormat] = ["mapbox": .maplibre, "deckgl": .maplibre, "deck.gl": .maplibre]

    /// The format called `name` (case-insensitive; a raw value or one of `aliases`), if any.
    public init?(name: String) {
        let lower = name.lowercased()
        if let f = PoseFormat(rawValue: lower) ?? PoseFormat.aliases[lower] { self = f } else { return nil }
    }

    /// Every format name accepted, in order: raw values, then aliases.
    package static var names: [String] { allCases.map(\.rawValue) + ["mapbox", "deckgl"] }

    /// The extensions ``init(pathExtension:)`` knows, in order.
    package static let pathExtensions = ["csv", "geojson", "json", "kml", "kmz", "czml", "gpx", "svg"]

    /// The format a file name's extension asks for, case-insensitive (`.csv`, `.geojson` or `.json`,
    /// `.kml`, `.kmz`, `.czml`, `.gpx`, `.svg`), if any. Earth Studio and MapLibre JSON have no extension of
    /// their own (`.json` stays GeoJSON).
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "csv": self = .csv
        case "geojson", "json": self = .geojson
        case "kml": self = .kml
        case "kmz": self = .kmz
        case "czml": self = .czml
        case "gpx": self = .gpx
        case "svg": self = .svg
        default: return nil
        }
    }

    /// A fresh writer for this format, with or without the eye's position (CSV and GeoJSON; the other
    /// formats always place the camera at its eye, or write the centre only, as their documentation
    /// says). ``kmz`` gets the KML writer: ``PoseOutput`` zips its bytes.
    ///
    /// - Parameters:
    ///   - includesEye: Whether CSV and GeoJSON write the eye's position.
    ///   - framingColumns: Whether CSV appends the field of view and viewport columns.
    ///   - context: What the writer needs before the first pose (route, frame rate and count, framing,
    ///     epoch). Without one, a one-frame, 30 fps context with no route is assumed: right for CSV and
    ///     GeoJSON, but CZML's clock and Earth Studio's frame count then say nothing true; pass one.
    package func makeWriter(includesEye: Bool = false, framingColumns: Bool = false, context: PoseWriterContext? = nil) -> any PoseWriter {
        let context = context ?? PoseWriterContext(framesPerSecond: 30, frameCount: 1)
        switch self {
        case .csv:
            var writer = CSVPoseWriter(includesEye: includesEye, heights: context.heights, angles: context.angles,
                                       framing: framingColumns ? context.framing : nil, group: context.group,
                                       geoid: context.geoid)
            writer.includesRouteValues = context.routeValueColumns
            return writer
        case .geojson:
            return GeoJSONPoseWriter(includesEye: includesEye, route: context.route, heights: context.heights,
                                     angles: context.angles, framing: context.framing,
                                     framesPerSecond: context.framesPerSecond, group: context.group,
                                     geoid: context.geoid)
        case .kml, .kmz: return KMLPoseWriter(context: context)
        case .czml: return CZMLPoseWriter(context: context)
        case .earthStudio: return EarthStudioPoseWriter(context: context)
        case .maplibre: return MapLibrePoseWriter(context: context)
        case .gpx: return GPXPoseWriter(context: context)
        case .svg: return SVGPoseWriter(context: context)
        }
    }

    /// Encodes poses in this format. The bytes are deterministic (fixed decimals, no dates, no locale).
    /// ``kmz`` gives the KML document (unzipped).
    ///
    /// - Parameters:
    ///   - poses: One pose per frame, in frame order.
    ///   - route: The route flown, written beside the poses by GeoJSON, KML and CZML (default none).
    ///   - framing: Viewport and field of view (Earth Studio's frame size and field of view).
    /// - Complexity: O(f) for f poses.
    public func encode(_ poses: [CameraPose], route: Route? = nil, framing: CameraFraming = CameraFraming()) -> [UInt8] {
        var writer = makeWriter(context: PoseWriterContext(poses: poses, route: route, framing: framing))
        return writer.encode(poses)
    }
}

/// Decimal places of each pose quantity in every text output (DESIGN.md output contract).
package enum PosePrecision {
    /// Seconds: 6 places (a microsecond).
    public static let time = 6
    /// Latitude and longitude in degrees: 8 places (about a millimetre).
    public static let coordinate = 8
    /// Heading and pitch in degrees: 4 places.
    public static let angle = 4
    /// Distance in metres: 3 places (a millimetre).
    public static let distance = 3

    /// The heading to print: normalised to `0..<360` and, if it would *round* to 360 at ``angle``
    /// decimals (359.99996 to 4 places), printed as 0 instead, so the text stays in `0..<360` too.
    public static func printableHeading(_ heading: Double) -> Double {
        let h = Angles.normalizedHeading(heading)
        let scale = pow(10, Double(angle))
        return (h * scale).rounded(.toNearestOrAwayFromZero) >= 360 * scale ? 0 : h
    }
}
