import Foundation

/// Checks that a finished video file is whole, because ffmpeg does not always say when it is not: on a
/// full disk, with `-movflags +faststart`, it has been seen to exit 0 after writing an MP4 without its
/// `moov` box (the index that makes it playable).
///
/// - MP4: the top-level boxes (ISO/IEC 14496-12 section 4.2: a 32-bit big-endian size, 1 for a 64-bit size
///   after the type, then a 4-character type) chain exactly to the file's end, and both `moov` and `mdat`
///   are among them.
/// - WebM: the file starts with the EBML header (`1A 45 DF A3`, RFC 8794), and the Segment after it
///   (`18 53 80 67`) has a known size that ends exactly at the file's end.
enum ContainerCheck {
    /// Why the file at `path`, written as `format`, is not whole, or `nil` when it is.
    static func problem(_ path: String, format: VideoFormat) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "it cannot be read back" }
        let bytes = [UInt8](data)
        switch format {
        case .mp4: return mp4Problem(bytes)
        case .webm: return webmProblem(bytes)
        case .pngSequence: return nil
        }
    }

    static func mp4Problem(_ bytes: [UInt8]) -> String? {
        var offset = 0
        var types: Set<String> = []
        while offset + 8 <= bytes.count {
            var size = Int(bigEndian: bytes, at: offset, count: 4)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if size == 1 {
                guard offset + 16 <= bytes.count else { return "its last box is cut short" }
                size = Int(bigEndian: bytes, at: offset + 8, count: 8)
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8, offset + size <= bytes.count else { return "its '\(type)' box runs past the end of the file (the file is cut short)" }
            types.insert(type)
            offset += size
        }
        guard offset == bytes.count else { return "it ends inside a box (the file is cut short)" }
        guard types.contains("moov"), types.contains("mdat") else { return "it has no \(types.contains("moov") ? "mdat" : "moov") box (the file is incomplete)" }
        return nil
    }

    static func webmProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 4, bytes[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] else { return "it does not start with an EBML header (the file is empty or cut short)" }
        guard let header = elementSize(bytes, at: 4) else { return "its EBML header is cut short" }
        let segment = 4 + header.length + header.size
        guard segment + 4 <= bytes.count, bytes[segment..<(segment + 4)] == [0x18, 0x53, 0x80, 0x67],
              let size = elementSize(bytes, at: segment + 4) else { return "it has no Segment after its header (the file is cut short)" }
        guard segment + 4 + size.length + size.size == bytes.count else { return "its Segment does not end at the end of the file (the file is cut short)" }
        return nil
    }

    /// An EBML variable-size integer at `offset` (RFC 8794 section 4): its length in bytes and value.
    static func elementSize(_ bytes: [UInt8], at offset: Int) -> (length: Int, size: Int)? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard offset + length <= bytes.count else { return nil }
        var value = Int(bytes[offset] & (0xFF >> length))
        for k in 1..<length { value = value << 8 | Int(bytes[offset + k]) }
        return (length, value)
    }
}

extension Int {
    /// The big-endian unsigned integer of `count` bytes at `offset`.
    init(bigEndian bytes: [UInt8], at offset: Int, count: Int) {
        var value = 0
        for k in 0..<count { value = value << 8 | Int(bytes[offset + k]) }
        self = value
    }
}
