/// Text saved as UTF-16 with a byte order mark (Windows' "Unicode", Excel's "Unicode Text", some GPX
/// writers), converted to UTF-8 for readers that scan bytes.
enum UTF16Text {
    /// The UTF-8 bytes of `bytes` when they start with a UTF-16 byte order mark (`FF FE` little-endian,
    /// `FE FF` big-endian; the mark itself is dropped), else `nil`. An unpaired surrogate becomes U+FFFD;
    /// a trailing odd byte is ignored.
    /// - Complexity: O(n).
    static func utf8(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var it = bytes.makeIterator()
        guard let b0 = it.next(), let b1 = it.next(), (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF) else { return nil }
        let little = b0 == 0xFF
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        while let a = it.next(), let b = it.next() {
            units.append(little ? UInt16(a) | UInt16(b) << 8 : UInt16(a) << 8 | UInt16(b))
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
