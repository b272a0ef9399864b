import Foundation

/// Reads whole elements of one kind (a GPX `<trkpt>`, a TCX `<Trackpoint>`) from bytes, keeping what
/// it reads, for ``XMLReadAhead`` on another thread. A delegate makes one from its own element reader
/// (``XMLRouteDelegate/makeRawElementReader()``) and later takes what it read
/// (``XMLRouteDelegate/adoptRawElements(from:)``).
protocol XMLRawElementReader: AnyObject {
    /// The bytes every element it reads starts with (`<trkpt`), before white space or `>`.
    var elementStart: [UInt8] { get }
    /// Reads the element starting at `i` and keeps it, returning the index after its end tag; or
    /// returns `nil` having kept nothing (the element is not of the shape it reads).
    func read(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> Int?
    /// Called on the reading thread after the last element it reads, for what is left to do there.
    func finishReading()
}

/// The second half of a large file's points, read on another core while ``XMLFastScanner`` reads the
/// first half.
///
/// It starts at the first `elementStart` after a point of the input (`start`) and reads elements of
/// the plain shape one after another, separated by white space only, stopping at anything else (and
/// at `end`, after the last element it read). Nothing it reads is used unless the scanner, reading on,
/// arrives at exactly `start` and would offer the delegate a raw element there with a reader of the
/// same configuration: then the scanner would itself have read the same elements, each followed by
/// white space the delegate ignores, so it takes them (``XMLRouteDelegate/adoptRawElements(from:)``)
/// and goes on from `end`. Otherwise (`start` lay inside other markup, the segment is one the delegate
/// reads event by event, the reader's configuration changed on the way) the work is thrown away, and
/// the result is still the serial one (`XMLReadAheadTests` splits files at every byte and at every tag).
///
/// The thread is always joined (``finish()``, ``cancel()``) before the scan returns and its bytes are
/// unmapped.
///
/// - Complexity: O(n) in the bytes it reads; memory: the elements it keeps until taken.
final class XMLReadAhead: @unchecked Sendable {
    /// Where a read-ahead starts.
    enum Policy: Equatable {
        /// For inputs of at least ``minimumBytes`` on a machine of two cores or more: at the middle
        /// of what is left.
        case automatic
        /// Never (one thread).
        case never
        /// At the first element start at or after this byte offset, whatever the input's size (tests).
        case from(Int)
    }

    /// Inputs smaller than this are read on one thread: 8 MiB (about 30,000 GPX points).
    static let minimumBytes = 8 << 20
    /// The most white space between two elements read ahead (the scanner's text runs are far longer).
    private static let maximumSpace = 4096

    /// Where the elements read ahead start (an `elementStart`).
    let start: Int
    /// The index after the last element read ahead; `start` when none. Valid after ``finish()``.
    private(set) var end: Int
    /// What read them.
    let reader: XMLRawElementReader
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var cancelled = false

    private init(start: Int, reader: XMLRawElementReader) {
        self.start = start
        self.end = start
        self.reader = reader
    }

    /// Starts reading ahead in `p[0..<n]` for a scan now at `i`, as `policy` says; `nil` when it does
    /// not (too small, one core, no element start found).
    ///
    /// - Parameter release: Drops the pages of a byte range of a mapped file from the resident set
    ///   (``RouteInput/withBytes(_:)``); `nil` for data in memory.
    static func begin(_ p: UnsafePointer<UInt8>, _ n: Int, scanAt i: Int, policy: Policy,
                      reader: XMLRawElementReader, release: (@Sendable (Range<Int>) -> Void)?) -> XMLReadAhead? {
        let from: Int
        switch policy {
        case .never:
            return nil
        case .automatic:
            guard n - i >= minimumBytes, Parallel.coreCount >= 2 else { return nil }
            from = i + (n - i) / 2
        case .from(let offset):
            from = max(offset, i + 1)
        }
        guard let start = firstElementStart(reader.elementStart, p, n, from: from) else { return nil }
        let ahead = XMLReadAhead(start: start, reader: reader)
        nonisolated(unsafe) let bytes = p
        DispatchQueue.global().async(group: ahead.group) {
            ahead.readElements(bytes, n, release: release)
        }
        return ahead
    }

    /// The first `pattern` followed by white space or `>` at or after `from`.
    private static func firstElementStart(_ pattern: [UInt8], _ p: UnsafePointer<UInt8>, _ n: Int, from: Int) -> Int? {
        var k = from
        while k < n {
            guard let found = memchr(p + k, Int32(pattern[0]), n - k) else { return nil }
            let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
            let after = at + pattern.count
            if after < n, memcmp(p + at, pattern, pattern.count) == 0, XMLByteCursor.isSpace(p[after]) || p[after] == 0x3E { return at }
            k = at + 1
        }
        return nil
    }

    /// The thread's work: elements while they follow one another, releasing pages behind it.
    private func readElements(_ p: UnsafePointer<UInt8>, _ n: Int, release: (@Sendable (Range<Int>) -> Void)?) {
        let pattern = reader.elementStart
        var i = start
        var read = 0
        var released = start
        while let after = reader.read(p, n, at: i) {
            end = after
            read += 1
            var k = after
            while k < n, k - after <= Self.maximumSpace, XMLByteCursor.isSpace(p[k]) { k += 1 }
            guard k + pattern.count < n, memcmp(p + k, pattern, pattern.count) == 0 else { break }
            i = k
            if read & 4095 == 0 {
                if isCancelled { break }
                if let release, i - released >= 8 << 20 {
                    release(released..<(i - (1 << 20)))
                    released = i - (1 << 20)
                }
            }
        }
        if !isCancelled { reader.finishReading() }
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Waits for the thread to finish; ``end`` is then final.
    func finish() {
        group.wait()
    }

    /// Stops the thread (at its next check) and waits for it; what it read is dropped with it.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
        group.wait()
    }
}
