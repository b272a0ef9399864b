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
    /// - Complexity: O(file size).
    static func locations(of indices: Set<Int>, count: Int, format: RouteFormat, in input: RouteInput) -> [Int: (line: Int, column: Int)] {
        guard !indices.isEmpty else { return [:] }
        let starts: [(line: Int, column: Int)]? = input.withBytes { bytes, _ in
            switch format {
            case .gpx:
                let tracks = tagStarts(Array("<trkpt".utf8), in: bytes)
                return tracks.count == count ? tracks : tagStarts(Array("<rtept".utf8), in: bytes)
            case .csv: return Array(lineStarts(in: bytes).dropFirst())
            default: return []
            }
        }
        guard let starts, starts.count == count else { return [:] }
        return Dictionary(uniqueKeysWithValues: indices.map { ($0, starts[$0]) })
    }

    /// The line and column of each occurrence of `tag` followed by white space, `>` or `/`.
    private static func tagStarts(_ tag: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
        var found: [(line: Int, column: Int)] = []
        var line = 1, lineStart = 0, i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            } else if b == tag[0], i + tag.count < n, (0..<tag.count).allSatisfy({ bytes[i + $0] == tag[$0] }),
                      [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[i + tag.count]) {
                found.append((line, i - lineStart + 1))
            }
            i += 1
        }
        return found
    }

    /// The line number (column 1) of each line holding more than white space.
    private static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
        var found: [(line: Int, column: Int)] = []
        var line = 1, blank = true
        for b in bytes {
            if b == UInt8(ascii: "\n") {
                if !blank { found.append((line, 1)) }
                line += 1
                blank = true
            } else if b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") && b != UInt8(ascii: "\r") {
                blank = false
            }
        }
        if !blank { found.append((line, 1)) }
        return found
    }
}
