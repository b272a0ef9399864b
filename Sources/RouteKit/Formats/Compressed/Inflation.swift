import CZlib
import Foundation

/// Decompresses DEFLATE data (RFC 1951), raw or in a gzip member (RFC 1952), through zlib's `inflate`,
/// never past a stated size: a zip bomb (kilobytes that inflate to gigabytes) is refused as soon as its
/// output passes the limit, so memory stays bounded by it.
///
/// zlib's window bits (zlib manual, `inflateInit2`): -15 reads raw DEFLATE (a ZIP entry, PKWARE
/// APPNOTE 4.4.5 method 8); 15 + 16 reads a gzip header and trailer, and checks the CRC-32.
enum Inflation {
    /// Why inflating stopped.
    enum Failure: Error, Equatable {
        /// The output passed `limit` bytes.
        case tooLarge(limit: Int)
        /// zlib refused the data (its message), or it ended early.
        case corrupt(String)
        /// The data is compressed or encrypted in a way not read here (a ZIP method other than stored
        /// and DEFLATE); says which, and the way out.
        case unsupported(String)
    }

    /// The bytes of the gzip member at the start of `bytes` (members after the first are read too,
    /// as `gunzip` reads them).
    ///
    /// - Throws: ``Failure``. - Complexity: O(n + m) time, O(m) memory, m the output (at most `limit`).
    static func gunzip(_ bytes: Data, limit: Int) throws(Failure) -> Data {
        var output = Data()
        var rest = bytes[...]
        repeat {
            let used = try inflate(rest, windowBits: 15 + 16, limit: limit, into: &output)
            rest = rest.dropFirst(used)
        } while rest.starts(with: [0x1F, 0x8B])
        return output
    }

    /// The bytes of raw DEFLATE data (a ZIP entry).
    ///
    /// - Throws: ``Failure``. - Complexity: O(n + m) time, O(m) memory, m the output (at most `limit`).
    static func inflateRaw(_ bytes: Data, limit: Int) throws(Failure) -> Data {
        var output = Data()
        _ = try inflate(bytes[...], windowBits: -15, limit: limit, into: &output)
        return output
    }

    /// Inflates one stream from the start of `input` onto `output`; returns how many input bytes it used.
    private static func inflate(_ input: Data.SubSequence, windowBits: Int32, limit: Int,
                                into output: inout Data) throws(Failure) -> Int {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let source = Array(input)
        var status: Int32 = Z_OK
        var failure: Failure?
        source.withUnsafeBufferPointer { inBytes in
            stream.next_in = UnsafeMutablePointer(mutating: inBytes.baseAddress)
            stream.avail_in = uInt(inBytes.count)
            while status == Z_OK {
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                if output.count + produced > limit { failure = .tooLarge(limit: limit); return }
                output.append(contentsOf: buffer[0..<produced])
                if status == Z_BUF_ERROR && stream.avail_in == 0 { failure = .corrupt("the compressed data ends early"); return }
                if status == Z_BUF_ERROR { status = Z_OK }
            }
            if status != Z_STREAM_END {
                let why = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                failure = .corrupt(why)
            }
        }
        if let failure { throw failure }
        return source.count - Int(stream.avail_in)
    }
}
