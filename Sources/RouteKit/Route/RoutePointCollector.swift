import Foundation
import RouteKitSupport

/// Collects a route's points as a reader finds them, and measures the legs between them on another core
/// while the reader goes on, so that reading and measuring overlap and the points are never copied to
/// grow an array.
///
/// Points go into chunks of at most ``chunkCapacity``. When one is filed (full, or when another
/// collector's chunks are spliced in after it), its legs (from the point before it to each of its points
/// in turn) are handed to a background queue, or left to ``finish()`` when the reading keeps every core
/// busy itself (``readsOnEveryCore()``); each is one `Geodesic.lengthAndAzimuth(from:to:)`, as in
/// ``Route/measuredLegs(_:threads:)``, so the legs are the serial ones bit for bit whichever thread
/// measures them. ``finish()`` measures the last chunk's legs, and any chunk no background thread has
/// started (so a busy machine is no slower than measuring at the end), then moves points and legs into
/// arrays of exactly their size on every core, freeing each chunk as it goes; the legs of a chunk left to
/// it are measured straight into their array as its points are moved (16 bytes a point neither written
/// twice nor taken from the system twice). Chunks after the first (every chunk of a large file read on
/// every core), and the arrays, are in huge pages where the system gives them (``HugePageBuffer``).
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
        /// `previous`); `nil` when not measuring, or when ``RoutePointCollector/finish()`` measures them.
        var legs: HugePageBuffer<Route.Leg>?
        /// The leg from the last point of the collector this chunk was spliced after to its first point,
        /// measured when it was spliced (see ``RoutePointCollector/append(contentsOf:)``).
        var join: Route.Leg?
    }

    /// Whether the legs are measured (``finish()`` returns them).
    let measuresLegs: Bool
    /// Whether a filed chunk's legs are left to ``finish()`` rather than to the background queue
    /// (``readsOnEveryCore()``).
    private var measuresAtFinish = false
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

    /// Says that the reader reads on two cores at once, a large file (``XMLReadAhead``): every chunk is
    /// then in huge pages, the one being filled too, and on a machine of two cores each chunk's legs
    /// are left to ``finish()``, which measures them on every core as it moves the points (a thread
    /// measuring beside the two reading would only take turns with them).
    func readsOnEveryCore() {
        measuresAtFinish = Parallel.coreCount <= 2
        usesHugePages = true
        guard let small = current else { return }
        let large = HugePageBuffer<RoutePoint>(capacity: Self.chunkCapacity, hugePages: true)
        large.start.moveInitialize(from: small.start, count: currentCount)
        small.deallocate()
        current = large
    }

    /// Files the chunk being filled, its legs measured on the background queue (or left to ``finish()``,
    /// ``readsOnEveryCore()``): for a reader on another thread that has read its last point.
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
    /// legs on the background queue (unless ``finish()`` measures them).
    private func file(measuringLater: Bool) {
        guard let current, currentCount > 0 else { return }
        let chunk = Chunk(points: current, count: currentCount, previous: chunks.last.map { $0.points.start[$0.count - 1] },
                          legs: measuresLegs && !measuresAtFinish ? HugePageBuffer(capacity: Self.chunkCapacity, hugePages: usesHugePages) : nil)
        self.current = nil
        currentCount = 0
        usesHugePages = true
        let index = chunks.count
        chunks.append(chunk)
        guard measuresLegs else { return }
        lock.lock()
        claimed.append(measuresAtFinish)
        lock.unlock()
        guard measuringLater, !measuresAtFinish else { return }
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
        var first = max(range.lowerBound, skipped)
        if first == 0 {
            legs.initialize(to: leg(from: chunk.previous!.coordinate, to: points[0].coordinate))
            first = 1
        }
        guard first < range.upperBound else { return }
        Route.measureLegs(from: points + first - 1, count: range.upperBound - first, into: legs + (first - skipped))
    }

    private static func leg(from: LocationCoordinate2D, to: LocationCoordinate2D) -> Route.Leg {
        Route.Leg(Geodesic.wgs84.lengthAndAzimuth(from: from, to: to))
    }

    /// The points, and (when measuring) the `count - 1` legs between consecutive points as
    /// ``Route/measuredLegs(_:threads:)`` gives them. Call once.
    ///
    /// From a chunk's worth of points, the arrays are filled on all cores at once, each core taking one
    /// run of them: the points moved from their chunks, the legs moved or, for chunks left to it,
    /// measured (the new arrays' pages are faulted in as they are written, which costs as much as the
    /// copy). A chunk is freed as soon as the run that holds it whole is done with it.
    func finish() -> (points: [RoutePoint], legs: [Route.Leg]?) {
        file(measuringLater: false)
        if measuresLegs { measureRemainingLegs() }
        let filed = chunks
        chunks = []
        // Where each chunk's points start in the array; the leg ending at point g is leg g - 1.
        var offsets: [Int] = []
        var total = 0
        for chunk in filed {
            offsets.append(total)
            total += chunk.count
        }
        let parts = total >= Self.chunkCapacity ? Parallel.coreCount : 1
        let writesLegs = measuresLegs
        var legs: [Route.Leg]? = nil
        let points = [RoutePoint](unsafeUninitializedCapacity: total) { pointBuffer, pointsInitialized in
            HugePageBuffer.advise(pointBuffer)
            legs = [Route.Leg](unsafeUninitializedCapacity: writesLegs ? max(total - 1, 0) : 0) { legBuffer, legsInitialized in
                HugePageBuffer.advise(legBuffer)
                // Each run writes only its own points and the legs ending at them, and frees only the
                // chunks it holds whole; the chunks split between runs are freed after.
                let freed = UnsafeMutableBufferPointer<Bool>.allocate(capacity: filed.count)
                freed.initialize(repeating: false)
                nonisolated(unsafe) let pointBase = pointBuffer.baseAddress, legBase = writesLegs ? legBuffer.baseAddress : nil
                nonisolated(unsafe) let shared = freed
                Parallel.forEachRange(count: total, parts: parts) { run in
                    for k in filed.indices where offsets[k] < run.upperBound && offsets[k] + filed[k].count > run.lowerBound {
                        let part = max(run.lowerBound - offsets[k], 0)..<min(run.upperBound - offsets[k], filed[k].count)
                        Self.move(filed[k], part, to: pointBase! + offsets[k], legs: legBase, at: offsets[k])
                        if part.count == filed[k].count {
                            Self.free(filed[k])
                            shared[k] = true
                        }
                    }
                }
                for k in filed.indices where !freed[k] { Self.free(filed[k]) }
                freed.deallocate()
                legsInitialized = writesLegs ? max(total - 1, 0) : 0
            }
            pointsInitialized = total
        }
        return (points, measuresLegs ? legs : nil)
    }

    /// Moves `chunk`'s points in `range` to `points` (where the chunk's first point goes) and, when
    /// given the route's `legs`, writes the legs ending at them there: the chunk's point `j` is the
    /// route's point `offset + j`, and the leg ending at it is `legs[offset + j - 1]` (the route's first
    /// point has none).
    private static func move(_ chunk: Chunk, _ range: Range<Int>, to points: UnsafeMutablePointer<RoutePoint>,
                             legs: UnsafeMutablePointer<Route.Leg>?, at offset: Int) {
        if let legs { writeLegs(chunk, range, to: legs, at: offset) }
        (points + range.lowerBound).moveInitialize(from: chunk.points.start + range.lowerBound, count: range.count)
    }

    /// The legs ending at `chunk`'s points in `range`, written where ``move(_:_:to:legs:at:)`` says:
    /// the joining leg for a chunk spliced from another collector, the chunk's own measured legs, or,
    /// for a chunk left to ``finish()``, measured now from its points.
    private static func writeLegs(_ chunk: Chunk, _ range: Range<Int>, to legs: UnsafeMutablePointer<Route.Leg>, at offset: Int) {
        let points = chunk.points.start
        var j = range.lowerBound
        if j == 0, !range.isEmpty {
            j = 1
            if let previous = chunk.previous {
                (legs + offset - 1).initialize(to: chunk.legs?.start.pointee ?? leg(from: previous.coordinate, to: points[0].coordinate))
            } else if let join = chunk.join {
                (legs + offset - 1).initialize(to: join)
            }
        }
        guard j < range.upperBound else { return }
        if let measured = chunk.legs {
            // The leg ending at point j is measured[j - skipped]: without `previous`, point 0 has none.
            let skipped = chunk.previous == nil ? 1 : 0
            (legs + offset + j - 1).initialize(from: measured.start + (j - skipped), count: range.upperBound - j)
            return
        }
        Route.measureLegs(from: points + j - 1, count: range.upperBound - j, into: legs + offset + j - 1)
    }

    /// Frees `chunk`'s buffers (its points moved out, or trivial).
    private static func free(_ chunk: Chunk) {
        chunk.points.deallocate()
        chunk.legs?.deallocate()
    }
}
