/// A namespace prefix of up to ``capacity`` bytes (`gpxtpx`, `ns3`, …), held inline: a byte scanner
/// that holds one is copied without reference counting, as it is for every track point it is asked
/// to read (an array here cost a retain and a release a point, about 3 % of the reading thread).
///
/// A longer prefix has no value (`init` returns `nil`): the scanner then leaves points that use it to
/// the general path, which reads them the same, more slowly.
struct XMLNamePrefix: Equatable {
    /// The longest prefix held, bytes.
    static let capacity = 32

    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private let count: Int

    /// The prefix `bytes`, or `nil` when it is longer than ``capacity``.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        count = bytes.count
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
    }

    /// `body` given the prefix's bytes, valid only during the call.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var bytes = storage
        return withUnsafeBytes(of: &bytes) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    static func == (a: XMLNamePrefix, b: XMLNamePrefix) -> Bool {
        a.count == b.count && a.storage.0 == b.storage.0 && a.storage.1 == b.storage.1
            && a.storage.2 == b.storage.2 && a.storage.3 == b.storage.3
    }
}
