import Foundation

/// Uninitialized memory for `capacity` values, for buffers of several MiB written once from start
/// to end, backed where the kernel allows by its 2 MiB transparent huge pages.
///
/// Memory in 4 KiB pages costs a page fault per page on first write (the kernel takes, charges and
/// zeroes each page), which for tens of MiB costs about as much as the writing. With huge pages one
/// fault in 512 remains. Linux gives an anonymous mapping huge pages on fault, for each 2 MiB-aligned
/// range wholly inside it, when the mapping is advised so (`madvise(MADV_HUGEPAGE)`, honoured when
/// `/sys/kernel/mm/transparent_hugepage/enabled` is `always` or `madvise`). Elsewhere, or when the
/// kernel says no, the memory is ordinary: nothing but speed depends on it. A huge page is resident
/// whole once written, so a buffer should fill whole huge pages (see ``hugePageSize``).
///
/// Measured on a 1M-point GPX (`route-fly info`, 2 cores): page faults 40,000 to 8,000, CPU time
/// down about a tenth.
package struct HugePageBuffer<Element>: @unchecked Sendable {
    /// The first value's place.
    package let start: UnsafeMutablePointer<Element>
    /// How many values fit.
    package let capacity: Int
    /// The size of the mapping (whole huge pages), or 0 for memory from the allocator.
    private let mappedBytes: Int

    /// The size of a transparent huge page on x86-64, and on arm64 with 4 KiB base pages: 2 MiB.
    package static var hugePageSize: Int { 2 << 20 }

    /// Memory for `capacity` values: a mapping of its own that starts on a huge page boundary, is a
    /// whole number of huge pages and is advised to use them when `hugePages` (and the system has
    /// `mmap`), else from the allocator (for small buffers, where a huge page would be mostly unused).
    /// Free it with ``deallocate()``.
    /// - Complexity: O(1): up to four system calls; the pages are taken when first written.
    package init(capacity: Int, hugePages: Bool) {
        self.capacity = capacity
        let bytes = (max(capacity * MemoryLayout<Element>.stride, 1) + Self.hugePageSize - 1) / Self.hugePageSize * Self.hugePageSize
        if hugePages, let base = Self.mapHugePages(bytes: bytes) {
            start = base.bindMemory(to: Element.self, capacity: capacity)
            mappedBytes = bytes
        } else {
            start = .allocate(capacity: capacity)
            mappedBytes = 0
        }
    }

    /// Frees the memory (its values must be deinitialized, or trivial).
    package func deallocate() {
        #if canImport(Glibc)
        if mappedBytes > 0 { return _ = munmap(UnsafeMutableRawPointer(start), mappedBytes) }
        #endif
        start.deallocate()
    }

    /// Prepares `buffer`, memory another allocator owns (a new array's storage) that is about to be
    /// written whole: the whole huge pages in it are advised to be huge, and the pages outside them
    /// are taken at once, in one call for each end (`MADV_POPULATE_WRITE`, Linux 5.14; older kernels
    /// fault them in as before) rather than a fault for every 4 KiB page as they are written.
    package static func advise(_ buffer: UnsafeMutableBufferPointer<Element>) {
        #if canImport(Glibc)
        guard let base = buffer.baseAddress else { return }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE))), huge = UInt(hugePageSize)
        let first = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (UInt(bitPattern: base) + UInt(buffer.count * MemoryLayout<Element>.stride)) & ~(page - 1)
        guard end > first else { return }
        let hugeFirst = (first + huge - 1) & ~(huge - 1), hugeEnd = end & ~(huge - 1)
        guard hugeEnd > hugeFirst else { return populate(first..<end) }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: hugeFirst), Int(hugeEnd - hugeFirst), Int32(MADV_HUGEPAGE))
        populate(first..<hugeFirst)
        populate(hugeEnd..<end)
        #endif
    }

    #if canImport(Glibc)
    /// Takes the pages of `range` (page-aligned addresses) for writing now; see ``advise(_:)``.
    private static func populate(_ range: Range<UInt>) {
        // MADV_POPULATE_WRITE of <linux/mman.h> (not in Swift's Glibc module).
        let populateWrite: Int32 = 23
        guard !range.isEmpty else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.count), populateWrite)
    }
    #endif

    /// A mapping of `bytes` (a multiple of the huge page size) starting on a huge page boundary,
    /// advised to use them; `nil` when there is none.
    private static func mapHugePages(bytes: Int) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        // Map a huge page more than needed, then unmap what lies before the first boundary in it and
        // after the buffer's end.
        let size = hugePageSize
        guard let mapped = mmap(nil, bytes + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: mapped)
        let first = (address + UInt(size) - 1) & ~UInt(size - 1)
        let head = Int(first - address)
        if head > 0 { munmap(mapped, head) }
        if size - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: first + UInt(bytes)), size - head) }
        let base = UnsafeMutableRawPointer(bitPattern: first)
        _ = madvise(base, bytes, Int32(MADV_HUGEPAGE))
        return base
        #else
        return nil
        #endif
    }
}
