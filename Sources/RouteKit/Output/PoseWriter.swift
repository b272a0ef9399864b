import Foundation

/// The output formats of sampled poses.
public enum PoseFormat: String, CaseIterable, Sendable {
    /// Comma-separated values, one row per frame (``CSVPoseWriter``).
    case csv
    /// An RFC 7946 FeatureCollection, one Point feature per frame (``GeoJSONPoseWriter``).
    case geojson

    /// The format a file name's extension asks for (`.csv`, `.geojson` or `.json`), if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "csv": self = .csv
        case "geojson", "json": self = .geojson
        default: return nil
        }
    }

    /// Encodes poses in this format. The bytes are deterministic (fixed decimals, no dates, no locale).
    public func encode(_ poses: [CameraPose]) -> [UInt8] {
        switch self {
        case .csv: return CSVPoseWriter().encode(poses)
        case .geojson: return GeoJSONPoseWriter().encode(poses)
        }
    }
}

/// Decimal places of each pose quantity in every text output (DESIGN.md output contract).
public enum PosePrecision {
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
        let h = normalizedHeading(heading)
        let scale = pow(10, Double(angle))
        return (h * scale).rounded(.toNearestOrAwayFromZero) >= 360 * scale ? 0 : h
    }
}
