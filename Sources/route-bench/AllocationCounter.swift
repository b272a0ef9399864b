#if canImport(Glibc)
import Glibc

// Allocation counting for the benchmarks.
//
// Swift heap allocations (class instances, array and string buffers, boxes, existential boxes)
// all go through the runtime's `swift_allocObject`, which calls through the exported function
// pointer `_swift_allocObject` when it has been replaced (the runtime's instrumentation hook, also
// used by memory tools). `countingAllocations` swaps in a function that counts calls and forwards to
// the original, and puts everything back when its body returns. Raw `malloc` calls made outside Swift
// objects are not seen by this counter. The counter is not atomic: count only single-threaded code.
//
// The hook is installed for the counted body alone because replacing it switches the runtime into its
// instrumentation mode (`_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`),
// where `swift_retain` goes through an adapter that does not skip the tagged pointers of bridged
// string literals (Swift 6.3 on Linux). Foundation's `String(format:)` retains one, and the adapter's
// increments land in the literal's bytes in the binary's writable `.rodata` (seen with a watchpoint:
// "sampling" printed as "sampping"). Leaving the mode after the body keeps such code out of it.

typealias AllocateObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

nonisolated(unsafe) var swiftAllocationCount = 0
nonisolated(unsafe) var originalAllocateObject: AllocateObject?

/// The runtime's allocation hook and its instrumentation-mode flag, or `nil` where not exported.
nonisolated(unsafe) private let runtimeHooks: (hook: UnsafeMutablePointer<AllocateObject?>, mode: UnsafeMutablePointer<UInt8>)? = {
    guard let hook = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_swift_allocObject"),
          let mode = dlsym(UnsafeMutableRawPointer(bitPattern: 0),
                           "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
    else { return nil }
    return (hook.assumingMemoryBound(to: AllocateObject?.self), mode.assumingMemoryBound(to: UInt8.self))
}()

/// Whether allocations can be counted here (the runtime exports its hook).
func installAllocationCounter() -> Bool { runtimeHooks?.hook.pointee != nil }

/// The number of Swift heap allocations made while running `body` (-1 when they cannot be counted),
/// and its result.
func countingAllocations<T>(_ body: () -> T) -> (allocations: Int, result: T) {
    guard let hooks = runtimeHooks, let original = hooks.hook.pointee else { return (-1, body()) }
    let mode = hooks.mode.pointee
    originalAllocateObject = original
    hooks.hook.pointee = { metadata, size, alignmentMask in
        swiftAllocationCount &+= 1
        return originalAllocateObject!(metadata, size, alignmentMask)
    }
    let before = swiftAllocationCount
    let result = body()
    let count = swiftAllocationCount - before
    hooks.hook.pointee = original
    hooks.mode.pointee = mode
    return (count, result)
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
