import Foundation
import RouteKitSupport

/// Collects a route's points as a reader finds them, and measures the legs between them on another core
/// while the reader goes on, so that reading and measuring overlap and the points are never copied to
/// grow an array.
///
/// Points go into chunks of at most ``chunkCapacity``. When one is filed (full, or when another
/// collector's chunks are spliced in after it), its legs (from the point before it to each of its points
/// in turn) are handed to a background queue, or measured at once when the reading keeps every core
/// busy itself (``readsOnEveryCore()``); each is one `Geodesic.lengthAndAzimuth(from:to:)`, as in
/// ``Route/measuredLegs(_:threads:)``, so the legs are the serial ones bit for bit whichever thread
/// measures them. ``finish()`` measures the last chunk's legs, and any chunk no background thread has
/// started (so a busy machine is no slower than measuring at the end), then moves points and legs into
/// arrays of exactly their size, freeing each chunk as it goes. Chunks after the first (every chunk of
/// a large file read on every core), and the arrays, are in huge pages where the system gives them
/// (``HugePageBuffer``).
///
/// A reader on another thread (``XMLReadAhead``) collects the second half of a file into a collector of
/// its own, measuring as it goes; ``append(contentsOf:)`` then takes its chunks as they are, and
/// measures the one leg that joins the two.
///
/// Used by one thread at a time (the reader's); the background work reads only filed chunks, which no
/// longer change, and writes only its own chunk's legs.
///
/// - Complexity: O(n) time, one geodesic per leg; memory: the points and legs (72 bytes a point),
///   plus one chunk while they are moved into their arrays.
final class RoutePointCollector: @unchecked Sendable {
    /// Points per chunk at most: 131,072 (7 MiB of points, 2 MiB of legs: whole huge pages but one
    /// half of one).
    static let chunkCapacity = 1 << 17

    /// A filed run of points, and (when measuring) the legs ending at them.
    private struct Chunk {
        /// `count` points, from the start of a buffer of ``chunkCapacity``.
        var points: HugePageBuffer<RoutePoint>
        var count: Int
        /// The point before the first, whose leg ends at this chunk's first point; `nil` for a
        /// collector's first chunk.
        var previous: RoutePoint?
        /// The legs ending at each point after `previous` (`count` of them, or `count - 1` without
        /// `previous`); `nil` when not measuring.
        var legs: HugePageBuffer<Route.Leg>?
        /// The leg from the last point of the collector this chunk was spliced after to its first point,
        /// measured when it was spliced (see ``RoutePointCollector/append(contentsOf:)``).
        var join: Route.Leg?
    }

    /// Whether the legs are measured (``finish()`` returns them).
    let measuresLegs: Bool
    /// Whether a filed chunk's legs are measured at once on the thread that filed it rather than on
    /// the background queue (``readsOnEveryCore()``).
    private var measuresAsFiled = false
    /// Whether new chunks are in huge pages: from the second (most routes fill only part of the first).
    private var usesHugePages = false
    private var chunks: [Chunk] = []
    /// Whether each filed chunk's legs have been taken by a thread.
    private var claimed: [Bool] = []
    private let lock = NSLock()
    private let group = DispatchGroup()
    /// The chunk being filled.
    private var current: HugePageBuffer<RoutePoint>? = nil
    private var currentCount = 0
    /// The last point collected.
    private var last: RoutePoint? = nil
    /// Points collected.
    private(set) var count = 0

    /// - Parameter measuresLegs: Whether to measure the legs (``finish()`` returns them).
    init(measuresLegs: Bool) {
        self.measuresLegs = measuresLegs
    }

    deinit {
        // Background work reads the chunks: let it end first.
        group.wait()
        for chunk in chunks {
            chunk.points.start.deinitialize(count: chunk.count)
            chunk.points.deallocate()
            chunk.legs?.deallocate()
        }
        if let current {
            current.start.deinitialize(count: currentCount)
            current.deallocate()
        }
    }

    /// Says that the reader keeps every core busy itself, a large file read on two cores at once
    /// (``XMLReadAhead``): each chunk's legs are then measured as it is filed, on the reading thread (a
    /// third thread would only take turns with the two reading, and leave a core idle at the end
    /// whenever one half finished first), and every chunk is in huge pages, the one being filled too.
    func readsOnEveryCore() {
        measuresAsFiled = true
        usesHugePages = true
        guard let small = current else { return }
        let large = HugePageBuffer<RoutePoint>(capacity: Self.chunkCapacity, hugePages: true)
        large.start.moveInitialize(from: small.start, count: currentCount)
        small.deallocate()
        current = large
    }

    /// Files the chunk being filled, its legs measured now (``readsOnEveryCore()``) or on the background
    /// queue: for a reader on another thread that has read its last point.
    func fileCurrentChunk() {
        file(measuringLater: true)
    }

    func append(_ point: RoutePoint) {
        if currentCount == Self.chunkCapacity { file(measuringLater: true) }
        if current == nil { current = HugePageBuffer(capacity: Self.chunkCapacity, hugePages: usesHugePages) }
        (current!.start + currentCount).initialize(to: point)
        currentCount += 1
        count += 1
        last = point
    }

    /// Moves every point `other` collected to the end of this collector, in order, with the legs it
    /// measured and the one leg from this collector's last point to its first. Its chunks are taken as
    /// they are, not copied: O(chunks), plus the legs of any chunk `other` had not measured yet. `other`
    /// must measure legs when this one does, and is empty afterwards.
    func append(contentsOf other: RoutePointCollector) {
        precondition(other.measuresLegs == measuresLegs, "collectors that measure legs and collectors that do not are not spliced")
        file(measuringLater: true)
        other.file(measuringLater: false)
        if measuresLegs { other.measureRemainingLegs() }
        var spliced = other.chunks
        if measuresLegs, let last, let first = spliced.first.map({ $0.points.start.pointee }) {
            spliced[0].join = Self.leg(from: last.coordinate, to: first.coordinate)
        }
        lock.lock()
        claimed.append(contentsOf: repeatElement(true, count: spliced.count))
        lock.unlock()
        chunks.append(contentsOf: spliced)
        count += other.count
        last = other.last ?? last
        other.chunks = []
        other.count = 0
        other.last = nil
    }

    /// Files the chunk being filled (if it has points) and, when `measuringLater`, starts measuring its
    /// legs on the background queue.
    private func file(measuringLater: Bool) {
        guard let current, currentCount > 0 else { return }
        let chunk = Chunk(points: current, count: currentCount, previous: chunks.last.map { $0.points.start[$0.count - 1] },
                          legs: measuresLegs ? HugePageBuffer(capacity: Self.chunkCapacity, hugePages: usesHugePages) : nil)
        self.current = nil
        currentCount = 0
        usesHugePages = true
        let index = chunks.count
        chunks.append(chunk)
        guard measuresLegs else { return }
        let measuresNow = measuringLater && measuresAsFiled
        lock.lock()
        claimed.append(measuresNow)
        lock.unlock()
        if measuresNow { return Self.measure(chunk) }
        guard measuringLater else { return }
        // The chunk's buffers stay valid until `finish()` or `deinit` has waited for the group.
        // Weak: a reader that gives up (the scanner handing over to libxml2) drops its collector, and
        // then the chunks not yet started are not measured.
        DispatchQueue.global().async(group: group) { [weak self] in
            guard let self, claim(index) else { return }
            Self.measure(chunk)
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

    /// Measures, on this thread, the legs of every filed chunk no thread has taken, and waits for the
    /// others.
    /// (The chunk being filled when the read ends is one of them, so each is split between the cores.)
    private func measureRemainingLegs() {
        for index in chunks.indices where claim(index) {
            let chunk = chunks[index]
            Parallel.forEachRange(count: chunk.count, parts: chunk.count >= 16_384 ? Parallel.coreCount : 1) { range in
                Self.measure(chunk, points: range)
            }
        }
        group.wait()
    }

    /// The legs ending at each of `chunk`'s points after its `previous` (the first has none without
    /// it), written from the start of its leg buffer.
    private static func measure(_ chunk: Chunk) {
        measure(chunk, points: 0..<chunk.count)
    }

    /// The legs ending at `chunk`'s points in `range`, written where ``measure(_:)`` writes them.
    private static func measure(_ chunk: Chunk, points range: Range<Int>) {
        guard let legs = chunk.legs?.start else { return }
        let points = chunk.points.start
        // The leg ending at point k is legs[k - skipped]: without `previous`, the first point has none.
        let skipped = chunk.previous == nil ? 1 : 0
        guard range.upperBound > skipped else { return }
        for k in max(range.lowerBound, skipped)..<range.upperBound {
            // The coordinates alone: a whole point is copied with memmove.
            let from = k == 0 ? chunk.previous!.coordinate : points[k - 1].coordinate
            (legs + (k - skipped)).initialize(to: leg(from: from, to: points[k].coordinate))
        }
    }

    private static func leg(from: LocationCoordinate2D, to: LocationCoordinate2D) -> Route.Leg {
        let line = Geodesic.wgs84.lengthAndAzimuth(from: from, to: to)
        return Route.Leg(distance: line.distance, heading: Angles.normalizedHeading(line.azimuth), isGap: false)
    }

    /// The points, and (when measuring) the `count - 1` legs between consecutive points as
    /// ``Route/measuredLegs(_:threads:)`` gives them. Call once.
    ///
    /// From a chunk's worth of points, the chunks are moved into the arrays on all cores at once, each
    /// chunk's points and legs to where they belong (the new arrays' pages are faulted in as they are
    /// written, which costs as much as the copy).
    func finish() -> (points: [RoutePoint], legs: [Route.Leg]?) {
        file(measuringLater: false)
        if measuresLegs { measureRemainingLegs() }
        let filed = chunks
        chunks = []
        // Where each chunk's points and legs start in the arrays.
        var pointOffsets: [Int] = [], legOffsets: [Int] = []
        var pointOffset = 0, legOffset = 0
        for chunk in filed {
            pointOffsets.append(pointOffset)
            legOffsets.append(legOffset)
            pointOffset += chunk.count
            legOffset += (chunk.join == nil ? 0 : 1) + (chunk.previous == nil ? chunk.count - 1 : chunk.count)
        }
        let total = count
        let parts = total >= Self.chunkCapacity ? Parallel.coreCount : 1
        var legs: [Route.Leg]? = nil
        let points = [RoutePoint](unsafeUninitializedCapacity: total) { pointBuffer, pointsInitialized in
            HugePageBuffer.advise(pointBuffer)
            let moveLegs = measuresLegs
            legs = [Route.Leg](unsafeUninitializedCapacity: moveLegs ? max(total - 1, 0) : 0) { legBuffer, legsInitialized in
                HugePageBuffer.advise(legBuffer)
                nonisolated(unsafe) let pointBase = pointBuffer.baseAddress, legBase = legBuffer.baseAddress
                Parallel.forEachRange(count: filed.count, parts: parts) { range in
                    for k in range {
                        Self.move(filed[k], points: pointBase! + pointOffsets[k], legs: moveLegs ? legBase! + legOffsets[k] : nil)
                    }
                }
                legsInitialized = moveLegs ? legOffset : 0
            }
            pointsInitialized = pointOffset
        }
        return (points, measuresLegs ? legs : nil)
    }

    /// Moves `chunk`'s points to `points` and (when given) its legs, its joining leg first, to `legs`,
    /// freeing its buffers.
    private static func move(_ chunk: Chunk, points: UnsafeMutablePointer<RoutePoint>, legs: UnsafeMutablePointer<Route.Leg>?) {
        points.moveInitialize(from: chunk.points.start, count: chunk.count)
        chunk.points.deallocate()
        guard var legs, let measured = chunk.legs else { return }
        if let join = chunk.join {
            legs.initialize(to: join)
            legs += 1
        }
        legs.moveInitialize(from: measured.start, count: chunk.previous == nil ? chunk.count - 1 : chunk.count)
        measured.deallocate()
    }
}
