import Foundation

/// Where a route's points stand in the file they were read from, for messages that name one point as
/// `path:line:column` (``RouteFile/Result/withoutOutliers(input:displayPath:)``).
///
/// A point is found by counting, not by parsing again: GPX, the `n`-th `<trkpt` start tag (or `<rtept`,
/// for a file without track points); CSV, the `n`-th non-empty line after the first (the header). The
/// count must equal the route's number of points, else nothing is located (a file whose points the
/// reader skipped or joined: the messages then name the point's index and position only).
enum PointLocator {
    /// Line and column (1-based, the column in bytes) of the points at `indices` among `count` points.
    ///
    /// - Complexity: O(file size) time, one pass (two for a GPX of route points); memory O(`indices`):
    ///   only the points asked for are kept, and a mapped file's pages are released behind the scan.
    static func locations(of indices: Set<Int>, count: Int, format: RouteFormat, in input: RouteInput) -> [Int: (line: Int, column: Int)] {
        guard !indices.isEmpty, format == .gpx || format == .csv else { return [:] }
        let found: Found? = input.withBytes { bytes, release in
            if format == .gpx {
                let tracks = tagStarts(Array("<trkpt".utf8), keeping: indices, in: bytes, release: release)
                return tracks.count == count ? tracks : tagStarts(Array("<rtept".utf8), keeping: indices, in: bytes, release: release)
            }
            // The header line is not a point: point k is the (k + 1)th line holding more than white space.
            let lines = lineStarts(keeping: Set(indices.map { $0 + 1 }), in: bytes, release: release)
            return Found(count: lines.count - 1, kept: Dictionary(uniqueKeysWithValues: lines.kept.map { ($0.key - 1, $0.value) }))
        }
        guard let found, found.count == count else { return [:] }
        return found.kept
    }

    /// How many places a scan found, and those of the ones asked for, by their number (from 0).
    private struct Found {
        var count = 0
        var kept: [Int: (line: Int, column: Int)] = [:]

        mutating func add(line: Int, column: Int, keeping indices: Set<Int>) {
            if indices.contains(count) { kept[count] = (line, column) }
            count += 1
        }
    }

    /// Every how many bytes a scan releases the pages behind it.
    private static let releaseStride = 8 << 20

    /// The occurrences of `tag` followed by white space, `>` or `/`: how many, and the line and column
    /// of those whose number is in `indices`.
    private static func tagStarts(_ tag: [UInt8], keeping indices: Set<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                                  release: ((Int) -> Void)?) -> Found {
        var found = Found()
        var line = 1, lineStart = 0, i = 0, nextRelease = releaseStride
        let n = bytes.count
        let followers: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">"), UInt8(ascii: "/")]
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
                if let release, i >= nextRelease {
                    release(i - (1 << 20))
                    nextRelease = i + releaseStride
                }
            } else if b == tag[0], i + tag.count < n, (0..<tag.count).allSatisfy({ bytes[i + $0] == tag[$0] }),
                      followers.contains(bytes[i + tag.count]) {
                found.add(line: line, column: i - lineStart + 1, keeping: indices)
            }
            i += 1
        }
        return found
    }

    /// The lines holding more than white space (column 1): how many, and the line of those whose
    /// number is in `indices`.
    private static func lineStarts(keeping indices: Set<Int>, in bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?) -> Found {
        var found = Found()
        var line = 1, blank = true, nextRelease = releaseStride
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "\n") {
                if !blank { found.add(line: line, column: 1, keeping: indices) }
                line += 1
                blank = true
                if let release, i >= nextRelease {
                    release(i - (1 << 20))
                    nextRelease = i + releaseStride
                }
            } else if b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") && b != UInt8(ascii: "\r") {
                blank = false
            }
        }
        if !blank { found.add(line: line, column: 1, keeping: indices) }
        return found
    }
}
