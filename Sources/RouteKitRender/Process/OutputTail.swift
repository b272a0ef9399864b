import Foundation

/// The last bytes a child process wrote to a stream, in a ring buffer of fixed capacity, for error
/// messages: a program that fails usually says why at the end of its standard error.
///
/// Thread-safe: a reader thread appends while the owner reads ``text``.
final class OutputTail: @unchecked Sendable {
    /// The most bytes kept (older bytes are dropped first).
    let capacity: Int
    private var storage: [UInt8]
    /// Where the next byte goes in `storage`.
    private var next = 0
    /// How many bytes of `storage` hold output (at most `capacity`).
    private var count = 0
    private let lock = NSLock()

    /// - Parameter capacity: bytes kept, more than 0 (64 KiB by default).
    init(capacity: Int = 64 * 1024) {
        precondition(capacity > 0, "an output tail keeps at least one byte")
        self.capacity = capacity
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// Appends bytes, dropping the oldest ones beyond ``capacity``.
    /// - Complexity: O(min(`bytes.count`, ``capacity``)).
    func append(_ bytes: UnsafeRawBufferPointer) {
        lock.withLock {
            for byte in bytes.suffix(capacity) {
                storage[next] = byte
                next = (next + 1) % capacity
            }
            count = min(capacity, count + bytes.count)
        }
    }

    /// The kept bytes, oldest first.
    var bytes: [UInt8] {
        lock.withLock {
            let start = (next - count + capacity) % capacity
            return Array((storage[start...] + storage[..<start]).prefix(count))
        }
    }

    /// The kept bytes as text (invalid UTF-8, such as a character cut at the start, is replaced),
    /// without surrounding blank lines.
    var text: String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
