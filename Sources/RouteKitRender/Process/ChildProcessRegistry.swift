import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process groups of the children that are running, kept where a signal handler can read them
/// (a fixed array of `pid_t`, written under a lock, read without one), so that a program ending on a
/// signal can kill them: the library installs no handlers (route-fly's `SignalCleanup` does and calls
/// ``killAll()``).
enum ChildProcessRegistry {
    /// The most children alive at once.
    static let capacity = 256

    /// Process ids; 0 marks a free slot.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()

    private static let lock = NSLock()

    /// Records a running child (the leader of its own process group).
    /// - Returns: `false` when ``capacity`` children are already recorded.
    static func insert(_ pid: pid_t) -> Bool {
        lock.withLock {
            guard let free = (0..<capacity).first(where: { slots[$0] == 0 }) else { return false }
            slots[free] = pid
            return true
        }
    }

    /// Forgets a child that was reaped.
    static func remove(_ pid: pid_t) {
        lock.withLock {
            for slot in 0..<capacity where slots[slot] == pid { slots[slot] = 0 }
        }
    }

    /// The recorded children, in no particular order.
    static var live: [pid_t] {
        lock.withLock { (0..<capacity).map { slots[$0] }.filter { $0 != 0 } }
    }

    /// Sends SIGKILL to every recorded child's process group. Async-signal-safe: it only reads the
    /// slots and calls `kill(2)`.
    static func killAll() {
        for slot in 0..<capacity {
            let pid = slots[slot]
            if pid > 0 { kill(-pid, SIGKILL) }
        }
    }
}
