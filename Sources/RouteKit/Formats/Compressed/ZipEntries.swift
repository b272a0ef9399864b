import CZlib
import Foundation

/// The files in a ZIP archive (a KMZ), read from its central directory, each extracted on demand.
///
/// Layout from the ZIP file format specification (PKWARE APPNOTE.TXT 6.3: 4.3.16 end of central
/// directory record, signature 0x06054b50; 4.3.12 central directory header, 0x02014b50; 4.3.7 local file
/// header, 0x04034b50). Methods read: 0 (stored) and 8 (DEFLATE, through ``Inflation``). Every entry read
/// is checked against the CRC-32 and size its central directory header records (4.4.7, 4.4.9), so a
/// damaged archive is refused rather than read as other numbers. Not read: Zip64, encryption, archives
/// split over several disks.
struct ZipEntries {
    /// One file in the archive.
    struct Entry: Equatable {
        /// Its path inside the archive, e.g. `doc.kml` or `files/track.kml`.
        var name: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        var compressedSize: Int
        /// The size the archive declares (checked against the limit before inflating).
        var uncompressedSize: Int
        var localHeaderOffset: Int
        /// The CRC-32 (ISO 3309, zlib's `crc32`) of its uncompressed bytes, as the archive records it.
        var crc32: UInt32 = 0
    }

    /// What is wrong with the archive, in words.
    struct Malformed: Error { var why: String }

    let bytes: Data
    /// The entries in central-directory order.
    let entries: [Entry]

    /// Reads the central directory of the archive in `bytes`.
    ///
    /// - Throws: ``Malformed`` when no end-of-central-directory record is found or an entry lies outside
    ///   the bytes. - Complexity: O(n) to find the record, O(entries) after.
    init(_ bytes: Data) throws(Malformed) {
        self.bytes = Data(bytes)
        let b = self.bytes
        // The record is 22 bytes plus a comment of at most 65535 bytes, at the end.
        let lowest = max(0, b.count - 22 - 65535)
        guard b.count >= 22, let end = stride(from: b.count - 22, through: lowest, by: -1).first(where: { Self.u32(b, $0) == 0x0605_4b50 }) else {
            throw Malformed(why: "no ZIP end-of-central-directory record (a truncated download?)")
        }
        let count = Int(Self.u16(b, end + 10))
        var at = Int(Self.u32(b, end + 16))
        var found: [Entry] = []
        for _ in 0..<count {
            guard at + 46 <= b.count, Self.u32(b, at) == 0x0201_4b50 else {
                throw Malformed(why: "the ZIP central directory is cut short at byte \(at)")
            }
            let nameLength = Int(Self.u16(b, at + 28)), extra = Int(Self.u16(b, at + 30)), comment = Int(Self.u16(b, at + 32))
            guard at + 46 + nameLength <= b.count else { throw Malformed(why: "a ZIP entry name runs past the end") }
            let name = String(decoding: b[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            found.append(Entry(name: name, method: Self.u16(b, at + 10), compressedSize: Int(Self.u32(b, at + 20)),
                               uncompressedSize: Int(Self.u32(b, at + 24)), localHeaderOffset: Int(Self.u32(b, at + 42)),
                               crc32: Self.u32(b, at + 16)))
            at += 46 + nameLength + extra + comment
        }
        entries = found
    }

    /// The bytes of `entry`, at most `limit` of them.
    ///
    /// - Throws: ``Inflation/Failure``: `tooLarge` when the declared or the actual size passes `limit`,
    ///   `unsupported` for a method other than stored or DEFLATE, `corrupt` for data outside the archive
    ///   or not matching its CRC-32 and size.
    func contents(of entry: Entry, limit: Int) throws(Inflation.Failure) -> Data {
        if entry.uncompressedSize > limit { throw .tooLarge(limit: limit) }
        let at = entry.localHeaderOffset
        guard at + 30 <= bytes.count, Self.u32(bytes, at) == 0x0403_4b50 else {
            throw .corrupt("the local header of \(entry.name) is missing")
        }
        let start = at + 30 + Int(Self.u16(bytes, at + 26)) + Int(Self.u16(bytes, at + 28))
        guard start + entry.compressedSize <= bytes.count else { throw .corrupt("\(entry.name) runs past the end of the archive") }
        let data = bytes[start..<(start + entry.compressedSize)]
        let contents: Data
        switch entry.method {
        case 0: contents = Data(data)
        case 8: contents = try Inflation.inflateRaw(Data(data), limit: limit)
        default:
            let name = Self.methodNames[entry.method].map { " (\($0))" } ?? ""
            throw .unsupported("\(entry.name) is compressed with ZIP method \(entry.method)\(name), which is not read "
                               + "(only stored and DEFLATE entries are): unzip it and give the .kml, or save the archive again with Google Earth")
        }
        try Self.check(contents, against: entry)
        return contents
    }

    /// - Throws: ``Inflation/Failure/corrupt(_:)`` when `contents` is not the size or the CRC-32 the
    ///   archive records for `entry`.
    private static func check(_ contents: Data, against entry: Entry) throws(Inflation.Failure) {
        guard contents.count == entry.uncompressedSize else {
            throw .corrupt("\(entry.name) holds \(contents.count) bytes where the archive records \(entry.uncompressedSize)")
        }
        let crc = contents.withUnsafeBytes { raw in
            UInt32(CZlib.crc32_z(0, raw.bindMemory(to: UInt8.self).baseAddress, raw.count))
        }
        guard crc == entry.crc32 else {
            throw .corrupt("\(entry.name) has the CRC-32 \(Self.hex(crc)) where the archive records \(Self.hex(entry.crc32))")
        }
    }

    /// Names of the ZIP methods met besides stored and DEFLATE (APPNOTE 4.4.5).
    private static let methodNames: [UInt16: String] = [9: "Deflate64", 12: "BZIP2", 14: "LZMA", 93: "Zstandard", 95: "XZ",
                                                        98: "PPMd", 99: "AES encryption"]

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    private static func u16(_ b: Data, _ i: Int) -> UInt16 {
        UInt16(b[b.startIndex + i]) | UInt16(b[b.startIndex + i + 1]) << 8
    }

    private static func u32(_ b: Data, _ i: Int) -> UInt32 {
        UInt32(u16(b, i)) | UInt32(u16(b, i + 2)) << 16
    }
}
