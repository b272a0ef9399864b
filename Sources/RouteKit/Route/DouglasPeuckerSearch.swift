import Foundation

/// The working state of ``Route/douglasPeucker(_:elevations:tolerance:threads:splitAbove:)`` over one
/// segment: the coordinates, their Earth-centred positions, the geodesic cache and the `keep` flags.
///
/// Ranges write `keep` only strictly inside themselves, so ranges searched side by side never touch the
/// same index; each point's cache entry is written only by the range that contains it. That is why the
/// value may cross threads (`@unchecked Sendable`). It borrows `coordinates` and `keep`, and owns the
/// cache and positions until ``deallocate()``.
struct DouglasPeuckerSearch: @unchecked Sendable {
    let coordinates: UnsafeBufferPointer<LocationCoordinate2D>
    /// One height per coordinate (metres, `nil` where unknown), or empty to measure in the plane.
    let heights: [Double?]
    let tolerance: Double
    let keep: UnsafeMutableBufferPointer<Bool>
    /// For each point, the last geodesic computed to it from a range's start (and that start).
    private let fromStart: UnsafeMutableBufferPointer<(start: Int, inverse: Geodesic.Inverse)>
    /// Earth-centred positions, for the chord estimates that spare most exact geodesics.
    private let positions: UnsafeMutableBufferPointer<SIMD3<Double>>

    /// Allocates the cache and the positions (O(n)); call ``deallocate()`` when done.
    init(coordinates: UnsafeBufferPointer<LocationCoordinate2D>, heights: [Double?], tolerance: Double,
         keep: UnsafeMutableBufferPointer<Bool>) {
        let n = coordinates.count
        self.coordinates = coordinates
        self.heights = heights
        self.tolerance = tolerance
        self.keep = keep
        fromStart = .allocate(capacity: n)
        fromStart.initialize(repeating: (-1, Geodesic.Inverse(distance: 0, initialAzimuth: 0, finalAzimuth: 0)))
        positions = .allocate(capacity: n)
        for k in 0..<n { positions[k] = ChordGeodesic.position(of: coordinates[k]) }
    }

    func deallocate() {
        fromStart.deallocate()
        positions.deallocate()
    }

    /// The heights of `i`, `j` and `k`, metres, when all three are known and heights are measured.
    @inline(__always)
    private func heights(_ i: Int, _ j: Int, _ k: Int) -> (Double, Double, Double)? {
        if !heights.isEmpty, let ei = heights[i], let ej = heights[j], let ek = heights[k] { return (ei, ej, ek) }
        return nil
    }

    /// The exact distance of `k` from the chord `i -> j` (the geodesic from `i` cached), metres.
    @inline(__always)
    private func exactDistance(_ i: Int, _ j: Int, _ chord: Geodesic.Inverse, _ k: Int) -> Double {
        // A left sub-range keeps its start, so the geodesic from it to k is often known.
        if fromStart[k].start != i {
            fromStart[k] = (i, Geodesic.wgs84.inverse(from: coordinates[i], to: coordinates[k]))
        }
        if let (ei, ej, ek) = heights(i, j, k) {
            let offset = Route.chordOffset(fromStart[k].inverse, chord: chord)
            // Height of the chord at k: interpolated by the fraction of the chord's length along it.
            let dz = ek - (ei + (ej - ei) * offset.fraction)
            return (offset.distance * offset.distance + dz * dz).squareRoot()
        }
        return Route.distanceFromChord(fromStart[k].inverse, chord: chord)
    }

    /// The first point farthest from the chord `i -> j` among `lo..<hi` and its distance, when
    /// that distance is above the tolerance; else `-1, -1` or any distance up to the tolerance.
    ///
    /// Each point's distance is first estimated with a bound (``Route/boundedDistance``); only the
    /// points whose bound reaches both the tolerance and the largest lower bound can be the
    /// answer, and only they are measured exactly, in order: the answer is the full scan's.
    func farthest(_ i: Int, _ j: Int, _ chord: Geodesic.Inverse, _ lo: Int, _ hi: Int) -> (Double, Int) {
        var largest = -1.0, farthest = -1
        guard lo < hi else { return (largest, farthest) }
        let upper = UnsafeMutableBufferPointer<Double>.allocate(capacity: hi - lo)
        defer { upper.deallocate() }
        var lowest = -Double.infinity  // the largest lower bound
        let frame = ChordGeodesic(from: coordinates[i])
        let chordAzimuth = chord.initialAzimuth * .pi / 180
        let chordDirection = (sin: sin(chordAzimuth), cos: cos(chordAzimuth))
        for k in lo..<hi {
            guard let frame, let estimate = frame.estimate(to: positions[k]),
                  let (d, error) = Route.boundedDistance(estimate, chord: chord, direction: chordDirection,
                                                         heights: heights(i, j, k)) else {
                upper[k - lo] = .infinity
                continue
            }
            upper[k - lo] = d + error
            lowest = max(lowest, d - error)
        }
        for k in lo..<hi where upper[k - lo] >= lowest && upper[k - lo] > tolerance {
            let d = exactDistance(i, j, chord, k)
            if d > largest { largest = d; farthest = k }
        }
        return (largest, farthest)
    }

    /// Splits `i...j` once, if its farthest point is beyond the tolerance: marks and returns that point.
    /// With `parts` > 1 the search is split in that many parts run side by side.
    func split(_ i: Int, _ j: Int, parts: Int) -> Int? {
        let chord = Geodesic.wgs84.inverse(from: coordinates[i], to: coordinates[j])
        var best = (-1.0, -1)
        if parts <= 1 {
            best = farthest(i, j, chord, i + 1, j)
        } else {
            let found = UnsafeMutableBufferPointer<(Double, Int)>.allocate(capacity: parts)
            defer { found.deallocate() }
            nonisolated(unsafe) let results = found
            DispatchQueue.concurrentPerform(iterations: parts) { p in
                let count = j - i - 1
                results[p] = farthest(i, j, chord, i + 1 + count * p / parts, i + 1 + count * (p + 1) / parts)
            }
            // Left to right, replacing only on a strictly larger distance: the serial choice.
            for p in 0..<parts where results[p].0 > best.0 { best = results[p] }
        }
        guard best.0 > tolerance else { return nil }
        keep[best.1] = true
        return best.1
    }

    /// Simplifies the range `i...j` on this thread, iteratively.
    func serial(_ range: (Int, Int)) {
        var stack = [range]
        while let (i, j) = stack.popLast() {
            guard j > i + 1, let k = split(i, j, parts: 1) else { continue }
            stack.append((i, k))
            stack.append((k, j))
        }
    }

    /// Simplifies `0...n-1` on `threads` cores: ranges longer than `splitAbove` points one search at a
    /// time on all cores, the rest whole ranges side by side.
    func run(threads: Int, splitAbove: Int) {
        let n = coordinates.count
        guard threads > 1 else { return serial((0, n - 1)) }
        var large = [(0, n - 1)], small: [(Int, Int)] = []
        while let (i, j) = large.popLast() {
            guard j > i + 1 else { continue }
            guard j - i > splitAbove else { small.append((i, j)); continue }
            guard let k = split(i, j, parts: threads) else { continue }
            large.append((i, k))
            large.append((k, j))
        }
        let ranges = small
        DispatchQueue.concurrentPerform(iterations: ranges.count) { r in serial(ranges[r]) }
    }
}
