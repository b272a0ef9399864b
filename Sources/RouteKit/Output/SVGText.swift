import Foundation

/// Small helpers shared by RouteKit's SVG pictures (``ProfileSVG``, ``FlightSVG``).
enum SVGText {
    /// `text` escaped for XML character data and attribute values (`&`, `<`, `>`, `"`, `'`), with
    /// characters XML 1.0 forbids (C0 controls other than tab, LF, CR) dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate or length in user units, 2 decimals (fixed, locale-independent).
    static func n(_ v: Double) -> String { FixedDecimal.string(v, places: 2) }
}
