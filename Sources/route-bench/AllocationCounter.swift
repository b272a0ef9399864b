#if canImport(Glibc)
import Glibc

// Allocation counting for the benchmarks.
//
// Swift heap allocations (class instances, array and string buffers, boxes, existential boxes)
// all go through the runtime's `swift_allocObject`, which calls through the exported function
// pointer `_swift_allocObject` when it has been replaced (the runtime's instrumentation hook, also
// used by memory tools). `installAllocationCounter()` swaps in a function that counts calls and
// forwards to the original. Raw `malloc` calls made outside Swift objects are not seen by this
// counter (glibc's `mallinfo2()` is not exported by the toolchain's Glibc module, and interposing
// `malloc` itself is reserved to the Swift runtime). The counter is not atomic: read it only around
// single-threaded code.

typealias AllocateObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

nonisolated(unsafe) var swiftAllocationCount = 0
nonisolated(unsafe) var originalAllocateObject: AllocateObject?

/// Replaces the runtime's `_swift_allocObject` hook with a counting one; `false` if not found.
func installAllocationCounter() -> Bool {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_swift_allocObject") else { return false }
    let hook = symbol.assumingMemoryBound(to: AllocateObject?.self)
    guard originalAllocateObject == nil, let original = hook.pointee else { return originalAllocateObject != nil }
    originalAllocateObject = original
    hook.pointee = { metadata, size, alignmentMask in
        swiftAllocationCount &+= 1
        return originalAllocateObject!(metadata, size, alignmentMask)
    }
    return true
}

/// The number of Swift heap allocations made while running `body`, and its result.
func countingAllocations<T>(_ body: () -> T) -> (allocations: Int, result: T) {
    let before = swiftAllocationCount
    let result = body()
    return (swiftAllocationCount - before, result)
}

nonisolated(unsafe) var allocationProbe: [Int] = []

/// `true` when the counter sees allocations (checked by allocating an array buffer that escapes
/// into a global, so the optimiser cannot remove it).
func allocationCountingWorks() -> Bool {
    let size = CommandLine.arguments.count + 16
    let (count, _) = countingAllocations { allocationProbe = Array(repeating: 1, count: size) }
    return count >= 1 && allocationProbe.count == size
}
#else
func installAllocationCounter() -> Bool { false }
func countingAllocations<T>(_ body: () -> T) -> (allocations: Int, result: T) { (-1, body()) }
func allocationCountingWorks() -> Bool { false }
#endif
