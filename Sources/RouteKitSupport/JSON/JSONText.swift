/// JSON string literals for everything RouteKit writes (RFC 8259 section 7): camera scripts, CZML,
/// route-fly's `info` and `check` JSON.
package enum JSONText {
    /// `text` as a JSON string: quoted, with `"` and `\` escaped and control characters as `\uXXXX`.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
