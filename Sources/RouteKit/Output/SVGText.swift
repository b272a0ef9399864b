import Foundation

/// Small helpers shared by RouteKit's SVG pictures (``ProfileSVG``, ``FlightSVG``); text is escaped
/// with ``XMLText/escaped(_:)``.
enum SVGText {
    /// A coordinate or length in user units, 2 decimals (fixed, locale-independent).
    static func n(_ v: Double) -> String { FixedDecimal.string(v, places: 2) }
}
