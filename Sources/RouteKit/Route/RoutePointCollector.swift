import Foundation

/// Collects a route's points as a reader finds them, and measures the legs between them on another core
/// while the reader goes on, so that reading and measuring overlap and the points are never copied to
/// grow an array.
///
/// Points go into fixed chunks of ``chunkCapacity``. When one fills, its legs (from the previous
/// chunk's last point to each of its points in turn) are handed to a background queue; each is one
/// ``Geodesic/inverse(from:to:)``, as in ``Route/measuredLegs(_:threads:)``, so the legs are the serial
/// ones bit for bit whichever thread measures them. ``finish()`` measures the last chunk's legs, and any
/// chunk no background thread has started (so a busy machine is no slower than measuring at the end),
/// then moves points and legs into arrays of exactly their size, freeing each chunk as it goes.
///
/// Used by one thread (the reader's); the background work reads only full chunks, which no longer
/// change, and writes only its own chunk's legs.
///
/// - Complexity: O(n) time, one geodesic per leg; memory: the points and legs (72 bytes a point),
///   plus one chunk while they are moved into their arrays.
final class RoutePointCollector: @unchecked Sendable {
    /// Points per chunk: 65,536 (3.5 MiB of points, 1 MiB of legs).
    static let chunkCapacity = 1 << 16

    private let measuresLegs: Bool
    /// Full chunks, each ``chunkCapacity`` points.
    private var chunks: [UnsafeMutableBufferPointer<RoutePoint>] = []
    /// The legs ending at each full chunk's points (the first chunk's first point has none).
    private var legChunks: [UnsafeMutableBufferPointer<Route.Leg>] = []
    /// Whether each full chunk's legs have been taken by a thread.
    private var claimed: [Bool] = []
    private let lock = NSLock()
    private let group = DispatchGroup()
    /// The chunk being filled.
    private var current: UnsafeMutableBufferPointer<RoutePoint>? = nil
    private var currentCount = 0
    /// Points collected.
    private(set) var count = 0

    /// - Parameter measuresLegs: Whether to measure the legs (``finish()`` returns them).
    init(measuresLegs: Bool) {
        self.measuresLegs = measuresLegs
    }

    deinit {
        // Background work reads the chunks: let it end first.
        group.wait()
        for chunk in chunks { chunk.deinitialize().deallocate() }
        for legs in legChunks { legs.deallocate() }
        if let current {
            current.baseAddress!.deinitialize(count: currentCount)
            current.deallocate()
        }
    }

    func append(_ point: RoutePoint) {
        if currentCount == Self.chunkCapacity { seal() }
        if current == nil { current = .allocate(capacity: Self.chunkCapacity) }
        (current!.baseAddress! + currentCount).initialize(to: point)
        currentCount += 1
        count += 1
    }

    /// Moves every point `other` collected to the end of this collector, in order, freeing each of
    /// `other`'s chunks once copied (so the two never hold all those points twice). `other` measures
    /// no legs, and is empty afterwards.
    func append(contentsOf other: RoutePointCollector) {
        precondition(!other.measuresLegs, "a collector that measures legs is not moved")
        for chunk in other.chunks {
            for point in chunk { append(point) }
            chunk.deinitialize().deallocate()
        }
        other.chunks = []
        if let tail = other.current {
            for k in 0..<other.currentCount { append(tail[k]) }
            tail.baseAddress!.deinitialize(count: other.currentCount)
            tail.deallocate()
        }
        other.current = nil
        other.currentCount = 0
        other.count = 0
    }

    /// Files the full chunk and starts measuring its legs.
    private func seal() {
        chunks.append(current!)
        current = nil
        currentCount = 0
        guard measuresLegs else { return }
        let index = chunks.count - 1
        legChunks.append(.allocate(capacity: Self.chunkCapacity))
        lock.lock()
        claimed.append(false)
        lock.unlock()
        // The captured buffers stay valid until `finish()` or `deinit` has waited for the group.
        nonisolated(unsafe) let points = chunks[index]
        nonisolated(unsafe) let previous = index > 0 ? chunks[index - 1] : nil
        nonisolated(unsafe) let legs = legChunks[index]
        // Weak: a reader that gives up (the scanner handing over to libxml2) drops its collector, and
        // then the chunks not yet started are not measured.
        DispatchQueue.global().async(group: group) { [weak self] in
            guard let self, claim(index) else { return }
            Self.measure(points, count: Self.chunkCapacity, after: previous?.last, into: legs)
        }
    }

    /// Takes chunk `index`'s legs for the calling thread; `false` when another thread has them.
    private func claim(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !claimed[index] else { return false }
        claimed[index] = true
        return true
    }

    /// The legs ending at each of the first `count` points of `points` (from `previous` to the first),
    /// written from the start of `legs`; none for the first point when there is no `previous`.
    private static func measure(_ points: UnsafeMutableBufferPointer<RoutePoint>, count: Int, after previous: RoutePoint?,
                                into legs: UnsafeMutableBufferPointer<Route.Leg>) {
        var from = previous?.coordinate
        var written = 0
        for k in 0..<count {
            let to = points[k].coordinate
            if let from {
                let inverse = Geodesic.wgs84.inverse(from: from, to: to)
                (legs.baseAddress! + written).initialize(to: Route.Leg(distance: inverse.distance,
                                                                       heading: Angles.normalizedHeading(inverse.initialAzimuth), isGap: false))
                written += 1
            }
            from = to
        }
    }

    /// The points, and (when measuring) the `count - 1` legs between consecutive points as
    /// ``Route/measuredLegs(_:threads:)`` gives them. Call once.
    func finish() -> (points: [RoutePoint], legs: [Route.Leg]?) {
        let total = count
        var tailLegs: UnsafeMutableBufferPointer<Route.Leg>? = nil
        if measuresLegs {
            // The last chunk here, and any full chunk not yet started, while the others finish.
            tailLegs = .allocate(capacity: Self.chunkCapacity)
            if let current {
                Self.measure(current, count: currentCount, after: chunks.last?.last, into: tailLegs!)
            }
            for index in chunks.indices where claim(index) {
                Self.measure(chunks[index], count: Self.chunkCapacity, after: index > 0 ? chunks[index - 1].last : nil,
                             into: legChunks[index])
            }
            group.wait()
        }
        var legs: [Route.Leg]? = nil
        if let tailLegs {
            legs = [Route.Leg](unsafeUninitializedCapacity: max(total - 1, 0)) { buffer, initialized in
                var offset = 0
                for (index, chunk) in legChunks.enumerated() {
                    let n = index == 0 ? Self.chunkCapacity - 1 : Self.chunkCapacity
                    (buffer.baseAddress! + offset).moveInitialize(from: chunk.baseAddress!, count: n)
                    chunk.deallocate()
                    offset += n
                }
                legChunks = []
                let n = max(total - 1 - offset, 0)
                (buffer.baseAddress! + offset).moveInitialize(from: tailLegs.baseAddress!, count: n)
                tailLegs.deallocate()
                initialized = offset + n
            }
        }
        let points = [RoutePoint](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for chunk in chunks {
                (buffer.baseAddress! + offset).moveInitialize(from: chunk.baseAddress!, count: Self.chunkCapacity)
                chunk.deallocate()
                offset += Self.chunkCapacity
            }
            chunks = []
            if let current {
                (buffer.baseAddress! + offset).moveInitialize(from: current.baseAddress!, count: currentCount)
                current.deallocate()
                offset += currentCount
            }
            current = nil
            currentCount = 0
            initialized = offset
        }
        return (points, legs)
    }
}
