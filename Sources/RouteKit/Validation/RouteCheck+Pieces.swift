import Foundation

extension RouteCheck {
    /// The findings about the jumps between `route`'s pieces (segments): one `pieces-out-of-order` when
    /// the chain (``RoutePieces``: by the pieces' times when all have one, else by nearest ends) is much shorter than the file order
    /// (``RoutePieces/seemsOutOfOrder(threshold:)``) and the file order is not the recording's
    /// (`isInRecordedOrder(_:)`), listing the jumps longer than `threshold` (the first 10, then a count) (a command line adds its option that chains them);
    /// otherwise one `piece-gap` per such jump. Empty for a route of one piece.
    ///
    /// - Parameters:
    ///   - route: The route, pieces in file order.
    ///   - threshold: Metres over which a jump is reported (> 0).
    /// - Complexity: O(p²) geodesics for p pieces (see ``RoutePieces/init(_:)``).
    package static func pieceFindings(_ route: Route, threshold: Double) -> [Finding] {
        guard route.segments.count > 1 else { return [] }
        let points = route.points
        func metres(_ v: Double) -> String { FixedDecimal.string(v, places: 1) }
        let pieces = RoutePieces(route)
        let long = pieces.jumps.enumerated().filter { $0.element.length > threshold }
        guard !long.isEmpty else { return [] }
        if pieces.seemsOutOfOrder(threshold: threshold), !isInRecordedOrder(route) {
            let first = long[0].element.index
            // Every jump up to 10, then a count (a file of hundreds of pieces stays one readable sentence).
            var listed = long.prefix(10).map { "\(metres($0.element.length)) m from piece \($0.offset) to piece \($0.offset + 1) (point \($0.element.index))" }
            if long.count > 10 { listed.append("and \(long.count - 10) more jumps over \(metres(threshold)) m") }
            let shownChain = pieces.chain.prefix(20).map(\.description) + (pieces.chain.count > 20 ? ["…"] : [])
            let order = shownChain.joined(separator: ", ")
            return [Finding(.warning, .piecesOutOfOrder, index: first, time: .recorded(points[first].time),
                "The \(route.segments.count) pieces seem out of order: in file order the flight jumps \(listed.joined(separator: ", ")), "
                + "\(metres(pieces.fileJumpLength)) m of jumps in all; chained \(pieces.chainingRule) (pieces \(order)) the jumps add up to "
                + "\(metres(pieces.chainJumpLength)) m: chained so, each piece is flown once.")]
        }
        return long.map { jump in
            let i = jump.element.index
            return Finding(.warning, .pieceGap, index: i, time: .recorded(points[i].time),
                "Piece \(jump.offset + 1) starts \(metres(jump.element.length)) m from the end of piece \(jump.offset) (point \(i), more than \(metres(threshold)) m).")
        }
    }

    /// Whether every piece has times at both ends and each starts no earlier than the one before it
    /// ends: then the file order is the order of the recording, whatever the jumps. O(p).
    static func isInRecordedOrder(_ route: Route) -> Bool {
        var previousEnd: Date? = nil
        for range in route.segments {
            guard let start = route.points[range.lowerBound].time, let end = route.points[range.upperBound - 1].time else { return false }
            if let previousEnd, start < previousEnd { return false }
            previousEnd = end
        }
        return true
    }
}
