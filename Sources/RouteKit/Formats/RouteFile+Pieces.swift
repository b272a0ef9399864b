import Foundation

extension RouteFile.Result {
    /// This result with its route's pieces chained by nearest ends (``Route/joiningPieces()``, the rule
    /// on ``RoutePieces``), and a note saying the order flown and the jumps saved; itself, without a
    /// note, when the file order is already the chain. O(n) plus ``RoutePieces``'s O(p²) geodesics.
    public func joiningPieces() -> RouteFile.Result {
        let pieces = RoutePieces(route)
        guard pieces.chainDiffersFromFileOrder else { return self }
        var joined = self
        joined.route = route.joiningPieces(pieces)
        func metres(_ v: Double) -> String { FixedDecimal.string(v, places: 1) }
        joined.notes.append("the \(route.segments.count) pieces are flown chained by nearest ends, as pieces "
                            + pieces.chain.map(\.description).joined(separator: ", ")
                            + ": \(metres(pieces.chainJumpLength)) m of jumps between them instead of \(metres(pieces.fileJumpLength)) m in file order"
                            + "; point numbers below count in that order")
        return joined
    }

    /// The findings that warn about the jumps between the route's pieces, as ``RouteCheck/pieceFindings(_:threshold:)``
    /// words them (threshold ``RouteCheck/Options/pieceGap``'s default); empty for a route of one piece.
    public var pieceWarnings: [Finding] {
        RouteCheck.pieceFindings(route, threshold: RouteCheck.Options().pieceGap)
    }
}
