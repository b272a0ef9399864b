#if canImport(Glibc)
import Glibc
#endif

/// How route-fly asks the C allocator to give memory back.
///
/// glibc serves a block larger than its mmap threshold with its own mapping, returned to the system
/// when freed, but raises the threshold to the size of each such block freed (up to 32 MiB), after
/// which blocks of that size come from an arena and stay in the process when freed, and an arena
/// per thread keeps another thread's freed blocks from being reused. A route's large arrays (the
/// points read on two cores, each in chunks of a few MiB, the reading tables) then add up to tens of
/// MiB of freed memory to the peak resident set (measured on a 1M-point GPX: `sample` 208 MB with the
/// moving threshold, 181 MB with it fixed at 1 MiB; `info` 159 and 129 MB; no change in time).
enum MemoryReturn {
    /// `M_MMAP_THRESHOLD` of glibc's `<malloc.h>` (not in Swift's Glibc module).
    private static let mmapThreshold: Int32 = -3

    /// Fixes the threshold at 1 MiB for the rest of the process (`mallopt(3)`, looked up by name: a
    /// C library without it is left as it is).
    static func install() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThreshold, 1 << 20)
        #endif
    }
}
