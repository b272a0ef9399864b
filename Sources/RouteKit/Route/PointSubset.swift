/// The indices of the points of a route that carry one value (an elevation, a heart rate), in order:
/// stored as a count when every point does, as GPS tracks mostly have it, else as a list.
///
/// - Complexity: O(n) to build; O(1) to read; memory O(1) for every point, else 8 bytes an index.
struct PointSubset: Sendable {
    /// `nil`: every point, `0..<count`.
    private let list: [Int]?
    /// How many points carry the value.
    let count: Int

    /// The points of `points` for which `carries` is true.
    init(_ points: [RoutePoint], where carries: (RoutePoint) -> Bool) {
        if points.allSatisfy(carries) {
            list = nil
            count = points.count
        } else {
            let list = points.indices.filter { carries(points[$0]) }
            self.list = list
            count = list.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The index of the `k`th point carrying the value (`0 <= k < count`).
    subscript(k: Int) -> Int { list?[k] ?? k }
}
