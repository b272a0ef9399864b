import Foundation

/// A map from grid cells (integer column `x`, row `y`) to values: an open-addressing hash table with
/// linear probing and a multiplicative hash of the two integers, built once and then only read.
///
/// Used by ``RouteGround`` for its cells, where a lookup is on every query's path (15 or more per
/// query): Swift's `Dictionary` hashes with a seeded SipHash through `Hasher`, several times the cost
/// of this table's one multiply and mask.
///
/// - Complexity: O(1) expected per lookup and insertion (the table is kept at most half full).
struct GridCellTable<Value: Sendable>: Sendable {
    private struct Slot {
        var x: Int
        var y: Int
        var value: Value
    }

    private var slots: [Slot?]
    private var mask: Int
    private(set) var count = 0

    /// An empty table sized for `capacity` cells without growing.
    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [Slot?](repeating: nil, count: size)
        mask = size - 1
    }

    /// The slot of `(x, y)`: where it is, or the empty slot where it would go.
    private func index(_ x: Int, _ y: Int) -> Int {
        // Fibonacci hashing of each coordinate, mixed; the high bits are the best mixed.
        var h = UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 31
        var i = Int(truncatingIfNeeded: h) & mask
        while let slot = slots[i], slot.x != x || slot.y != y { i = (i + 1) & mask }
        return i
    }

    /// The value of cell `(x, y)`, or `nil` when it has none.
    subscript(x: Int, y: Int) -> Value? {
        slots[index(x, y)]?.value
    }

    /// Calls `update` with the cell's value (`nil` when it has none) and stores what it returns.
    mutating func update(x: Int, y: Int, _ update: (Value?) -> Value) {
        if 2 * (count + 1) > slots.count { grow() }
        let i = index(x, y)
        if slots[i] == nil { count += 1 }
        slots[i] = Slot(x: x, y: y, value: update(slots[i]?.value))
    }

    /// Every cell and its value, in no particular order.
    func forEach(_ body: (_ x: Int, _ y: Int, _ value: Value) -> Void) {
        for slot in slots { if let slot { body(slot.x, slot.y, slot.value) } }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot?](repeating: nil, count: old.count * 2)
        mask = slots.count - 1
        for slot in old { if let slot { slots[index(slot.x, slot.y)] = slot } }
    }
}
