import Foundation

/// Writes camera poses one at a time into a byte buffer, so that flights of any length stream to a
/// file in constant memory.
///
/// A writer is driven as `begin`, then `write` once per pose in frame order, then `end`. Each call
/// appends to `out`; the caller flushes `out` whenever it likes (``PoseOutput`` does, every 1 MiB).
public protocol PoseWriter {
    /// Appends what comes before the first pose (a header, an opening bracket).
    mutating func begin(into out: inout [UInt8])
    /// Appends one pose.
    mutating func write(_ pose: CameraPose, into out: inout [UInt8])
    /// Appends what comes after the last pose.
    mutating func end(into out: inout [UInt8])
}

extension PoseWriter {
    /// Encodes a whole array of poses. O(f) for f poses.
    public mutating func encode(_ poses: [CameraPose]) -> [UInt8] {
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

    /// A fresh writer for this format, with or without the eye's position.
    public func makeWriter(includesEye: Bool = false) -> any PoseWriter {
        switch self {
        case .csv: return CSVPoseWriter(includesEye: includesEye)
        case .geojson: return GeoJSONPoseWriter(includesEye: includesEye)
        }
    }

    /// Encodes poses in this format. The bytes are deterministic (fixed decimals, no dates, no locale).
    public func encode(_ poses: [CameraPose]) -> [UInt8] {
        var writer = makeWriter()
        return writer.encode(poses)
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
