import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// Every reader on the same route, each next to its limit, in this one run: the pipeline's points are
/// written (into the temporary directory, deleted after) as GPX (the given file itself), KML (a
/// `gx:Track`), TCX, GeoJSON (a `LineString`), CSV and an encoded polyline, and each file is read as
/// `route-fly info` reads it (``RouteFile/read(path:format:options:)``: parse and measure), the median
/// of 3 runs. Its limit is the least any reader of that file must do, the median of 3 runs too: one
/// pass over the memory-mapped bytes converting every decimal number in them to a `Double` (for the
/// polyline: decoding every 5-bit chunk), with no checks at all. For GPX the limit program
/// `scan_bytes.swift` of ../shared/bench (`full`: lat, lon, ele and time of each `trkpt`) is run too.
///
/// - Returns: The lines to print, one per format: MB; the read's wall and CPU seconds and MB per CPU
///   second; the same for the limit; read time / limit time, wall and CPU.
func benchmarkReaders(points: [RoutePoint], gpxPath: String) -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("route-bench-readers-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var lines = ["  format       MB  read: s wall  s CPU MB/s CPU  limit: s wall s CPU MB/s CPU  ratio: wall CPU"]
    for format in [RouteFormat.gpx, .kml, .tcx, .geojson, .csv, .polyline] {
        let path: String
        if format == .gpx {
            path = gpxPath
        } else {
            path = directory.appendingPathComponent("route.\(format.rawValue)").path
            guard FileManager.default.createFile(atPath: path, contents: RouteText.file(points, format: format)) else {
                lines.append("  \(format): cannot write \(path)")
                continue
            }
        }
        lines.append(readerLine(format, path: path))
    }
    return lines
}

/// One format's line: its file read three times and scanned three times (wall and CPU seconds: the
/// reader measures legs on a second core, the limit scan uses one).
private func readerLine(_ format: RouteFormat, path: String) -> String {
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let mb = Double(bytes) / 1e6
    var failure: String? = nil
    let read = medianTimes {
        do { _ = try RouteFile.read(path: path, format: format) } catch { failure = "\(error)" }
    }
    if let failure { return "  \(format): read failed: \(failure)" }
    let limit = medianTimes { _ = MappedFile.limitScan(path, polyline: format == .polyline) }
    return "  " + format.description.padding(toLength: 9, withPad: " ", startingAt: 0)
        + String(format: "%6.1f %8.3f %6.3f %7.0f %8.3f %6.3f %7.0f  %5.1f %5.1f", mb, read.wall, read.cpu, mb / read.cpu,
                 limit.wall, limit.cpu, mb / limit.cpu, read.wall / limit.wall, read.cpu / limit.cpu)
}

/// The median wall and CPU seconds of three runs of `body`.
private func medianTimes(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<3 {
        let cpuBefore = cpuNow()
        walls.append(measureSeconds(body))
        cpus.append(cpuNow() - cpuBefore)
    }
    return (median(walls), median(cpus))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// A file mapped read-only for the limit scans.
enum MappedFile {
    /// Scans `path`'s bytes once: every decimal number converted to a `Double` (or, for a polyline,
    /// every chunk decoded), summed so that the work is not optimised away. `nil` when unreadable.
    static func limitScan(_ path: String, polyline: Bool) -> Double? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let count = Int(info.st_size)
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        defer { munmap(base, count) }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
        return polyline ? polylineSum(bytes) : numberSum(bytes)
    }

    /// The sum of every `-?digits(.digits)?` in `bytes`, each converted as a limit parser does
    /// (19 significant digits, one division by a power of ten).
    private static func numberSum(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var sum = 0.0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            guard b &- 0x30 < 10 else { i += 1; continue }
            let negative = i > 0 && bytes[i - 1] == 0x2D
            var mantissa: UInt64 = 0
            var fraction = -1
            while i < n {
                let c = bytes[i]
                if c &- 0x30 < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                    if fraction >= 0 { fraction += 1 }
                } else if c == 0x2E, fraction < 0 {
                    fraction = 0
                } else {
                    break
                }
                i += 1
            }
            let value = Double(mantissa) / powersOfTen[max(0, min(fraction, 22))]
            sum += negative ? -value : value
        }
        return sum
    }

    private static let powersOfTen: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { v, _ in v * 10 } }

    /// The sum of the zig-zag decoded values of an encoded polyline (Google's algorithm).
    private static func polylineSum(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var sum: Int64 = 0
        var value: Int64 = 0
        var shift: Int64 = 0
        for b in bytes where b >= 63 {
            let chunk = Int64(b - 63)
            value |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 {
                sum &+= (value & 1) != 0 ? ~(value >> 1) : value >> 1
                value = 0
                shift = 0
            }
        }
        return Double(sum)
    }
}
