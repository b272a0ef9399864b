/// Text for XML 1.0 documents written by RouteKit (KML, GPX).
package enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and every character XML 1.0 forbids (control
    /// characters other than tab, line feed and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD, so
    /// that the result is valid element content and attribute value (XML 1.0, section 2.2 `Char`).
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
