/// Undoes the escapes of a JSON string (RFC 8259 section 7) in a polyline copied out of a JSON document.
enum PolylineJSONText {
    /// The text with `\\`, `\"`, `\/` and `\uXXXX` (a code unit in the polyline alphabet, U+003F...U+007E)
    /// replaced by the character they stand for; `nil` when a backslash starts anything else (then the
    /// text was not escaped as JSON) or when there is no escape at all and no change to make is asked
    /// for. An unescaped `"` is also `nil` (a JSON string cannot hold one).
    /// - Complexity: O(n).
    static func unescape<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> [UInt8]? where Text.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == 0x22 { return nil }
            guard c == 0x5C else { out.append(c); i += 1; continue }
            guard i + 1 < text.endIndex else { return nil }
            switch text[i + 1] {
            case 0x5C, 0x22, 0x2F:
                out.append(text[i + 1]); i += 2
            case UInt8(ascii: "u"):
                guard i + 6 <= text.endIndex,
                      let v = UInt8(String(decoding: text[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                      (63...126).contains(v) else { return nil }
                out.append(v); i += 6
            default:
                return nil
            }
        }
        return out
    }
}
