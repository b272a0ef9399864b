/// The JSON path of the value at a byte offset (`features[0].geometry.coordinates[1][0]`), worked out
/// by scanning the text before it: for an error the parser finds before any reader has walked the
/// tree (a number out of range), so that the message names the path as the reader's own errors do.
///
/// The path is spelled as ``JSONPath`` spells paths (`features[0].properties["my key"]`); a key is
/// its text between the quotes, escapes left as written. The text before `offset`
/// must be the start of valid JSON (as it is where ``JSONParser`` stopped).
///
/// - Complexity: O(offset) time, O(depth) memory; run only when a message needs it.
package enum JSONPathAtOffset {
    private struct Frame {
        var isArray: Bool
        var key: String? = nil
        var index = 0
        var expectingKey = false
    }

    /// The path to the value starting at `offset` in `bytes`; `""` for the top-level value.
    package static func path(to offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var frames: [Frame] = []
        var k = 0
        let end = min(offset, bytes.count)
        while k < end {
            switch bytes[k] {
            case UInt8(ascii: "\""):
                let start = k + 1
                k = start
                while k < bytes.count, bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
                if var top = frames.last, !top.isArray, top.expectingKey {
                    top.key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(k, bytes.count)]), as: UTF8.self)
                    top.expectingKey = false
                    frames[frames.count - 1] = top
                }
            case UInt8(ascii: "{"): frames.append(Frame(isArray: false, expectingKey: true))
            case UInt8(ascii: "["): frames.append(Frame(isArray: true))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !frames.isEmpty { frames.removeLast() }
            case UInt8(ascii: ","):
                if !frames.isEmpty {
                    if frames[frames.count - 1].isArray { frames[frames.count - 1].index += 1 } else { frames[frames.count - 1].expectingKey = true }
                }
            default: break
            }
            k += 1
        }
        var path = JSONPath()
        for frame in frames {
            if frame.isArray {
                path = path.appending(index: frame.index)
            } else if let key = frame.key {
                path = path.appending(key: key)
            }
        }
        return path.description
    }
}
