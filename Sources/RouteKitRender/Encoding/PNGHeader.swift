/// The size a PNG image declares in its header (the IHDR chunk, which the PNG specification puts
/// first: <https://www.w3.org/TR/png-3/#11IHDR>).
struct PNGHeader: Hashable {
    /// Pixels.
    var width: Int, height: Int

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads the signature and the IHDR chunk; `nil` when `bytes` does not start like a PNG image.
    /// - Complexity: O(1): 24 bytes are read.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 24, Array(bytes[0..<8]) == Self.signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func bigEndian(_ start: Int) -> Int { bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = bigEndian(16)
        height = bigEndian(20)
    }
}
