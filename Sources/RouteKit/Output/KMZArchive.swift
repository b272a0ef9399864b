import CZlib
import Foundation

/// Streams one file into a ZIP archive: a KMZ is a ZIP whose first entry is the KML document
/// (`doc.kml`), compressed with DEFLATE (KML 2.2 reference, "KMZ Files";
/// https://developers.google.com/kml/documentation/kmzarchives).
///
/// The container is written by this type following the ZIP file format specification (PKWARE
/// APPNOTE.TXT 6.3, sections 4.3.7 local file header, 4.3.9 data descriptor, 4.3.12 central directory
/// header, 4.3.16 end of central directory record); the compression and the CRC-32 are zlib's (`deflate`
/// with raw 15-bit windows, `crc32`), from Debian's `zlib1g-dev`. Because the entry's size and CRC are
/// known only at the end, the local header has general purpose flag bit 3 and a data descriptor follows
/// the data (APPNOTE 4.4.4), as streaming zip writers do.
///
/// Deterministic bytes: the entry's date is fixed at 1980-01-01 00:00 (the earliest DOS date).
/// Limit: ZIP without the Zip64 extension holds at most 4 GiB - 1 bytes; ``append(_:into:)`` reports when
/// the document grows past it. Constant memory (zlib's state, about 256 KiB, and what each call returns).
package final class KMZArchive {
    /// The entry's name inside the archive.
    public let entryName: String
    private var stream: UnsafeMutablePointer<z_stream>
    private var crc: UInt = 0
    private var uncompressed: UInt64 = 0
    private var compressed: UInt64 = 0
    private var finished = false

    /// The most bytes one entry may hold without Zip64: 4 GiB - 1.
    public static let maximumSize: UInt64 = 0xFFFF_FFFF

    /// Starts an archive of one deflated entry called `entryName` (default `doc.kml`).
    public init(entryName: String = "doc.kml") {
        self.entryName = entryName
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed (\(status))")
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    private static let dosTime: UInt16 = 0
    private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1  // 1980-01-01
    private static let flags: UInt16 = 0x0008  // bit 3: sizes and CRC in the data descriptor

    /// The local file header, written before the entry's data.
    public func header() -> [UInt8] {
        var out: [UInt8] = []
        Self.put32(0x0403_4b50, &out)
        Self.put16(20, &out)  // version needed: 2.0 (deflate)
        Self.put16(Self.flags, &out)
        Self.put16(8, &out)  // deflate
        Self.put16(Self.dosTime, &out)
        Self.put16(Self.dosDate, &out)
        Self.put32(0, &out); Self.put32(0, &out); Self.put32(0, &out)  // crc, sizes: in the descriptor
        Self.put16(UInt16(entryName.utf8.count), &out)
        Self.put16(0, &out)
        out.append(contentsOf: Array(entryName.utf8))
        return out
    }

    /// Compresses `bytes` of the entry and appends what zlib emits to `out`.
    /// - Returns: `false` when the entry has grown past ``maximumSize`` (the archive is then unusable).
    @discardableResult
    public func append(_ bytes: [UInt8], into out: inout [UInt8]) -> Bool {
        uncompressed += UInt64(bytes.count)
        guard uncompressed <= Self.maximumSize else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            crc = crc32(crc, base, uInt(buffer.count))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
            stream.pointee.avail_in = uInt(buffer.count)
            deflateLoop(flush: Z_NO_FLUSH, into: &out)
        }
        return true
    }

    /// Ends the entry: the rest of the compressed data, the data descriptor, the central directory and
    /// the end record.
    public func finish(into out: inout [UInt8]) {
        precondition(!finished, "KMZArchive.finish called twice")
        finished = true
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        deflateLoop(flush: Z_FINISH, into: &out)
        let crc32Value = UInt32(truncatingIfNeeded: crc)
        let csize = UInt32(truncatingIfNeeded: compressed), usize = UInt32(truncatingIfNeeded: uncompressed)
        Self.put32(0x0807_4b50, &out)
        Self.put32(crc32Value, &out); Self.put32(csize, &out); Self.put32(usize, &out)
        let localHeaderSize = UInt64(30 + entryName.utf8.count)
        let directoryOffset = localHeaderSize + compressed + 16
        var directory: [UInt8] = []
        Self.put32(0x0201_4b50, &directory)
        Self.put16(20, &directory)  // made by: 2.0, MS-DOS attributes
        Self.put16(20, &directory)
        Self.put16(Self.flags, &directory)
        Self.put16(8, &directory)
        Self.put16(Self.dosTime, &directory)
        Self.put16(Self.dosDate, &directory)
        Self.put32(crc32Value, &directory); Self.put32(csize, &directory); Self.put32(usize, &directory)
        Self.put16(UInt16(entryName.utf8.count), &directory)
        Self.put16(0, &directory); Self.put16(0, &directory)  // extra, comment
        Self.put16(0, &directory); Self.put16(0, &directory)  // disk, internal attributes
        Self.put32(0, &directory)  // external attributes
        Self.put32(0, &directory)  // local header offset
        directory.append(contentsOf: Array(entryName.utf8))
        out.append(contentsOf: directory)
        Self.put32(0x0605_4b50, &out)
        Self.put16(0, &out); Self.put16(0, &out)
        Self.put16(1, &out); Self.put16(1, &out)
        Self.put32(UInt32(directory.count), &out)
        Self.put32(UInt32(truncatingIfNeeded: directoryOffset), &out)
        Self.put16(0, &out)
    }

    private func deflateLoop(flush: Int32, into out: inout [UInt8]) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { c -> (Int32, Int) in
                stream.pointee.next_out = c.baseAddress
                stream.pointee.avail_out = uInt(c.count)
                let status = deflate(stream, flush)
                return (status, c.count - Int(stream.pointee.avail_out))
            }
            out.append(contentsOf: chunk[0..<produced])
            compressed += UInt64(produced)
            if flush == Z_FINISH { if status == Z_STREAM_END { return } }
            else if stream.pointee.avail_in == 0 && produced < chunk.count { return }
            precondition(status == Z_OK || status == Z_BUF_ERROR || status == Z_STREAM_END, "zlib deflate failed (\(status))")
        }
    }

    private static func put16(_ v: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xff)); out.append(UInt8(v >> 8))
    }

    private static func put32(_ v: UInt32, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> UInt32(shift)) & 0xff)) }
    }
}
