import Foundation

extension RouteFile.Result {
    /// This result with its route's pieces chained (``Route/joiningPieces()``, the rules
    /// on ``RoutePieces``), and a note saying the order flown and the jumps saved; itself, without a
    /// note, when the file order is already the chain. O(n) plus ``RoutePieces``'s O(p²) geodesics.
    package func joiningPieces() -> RouteFile.Result {
        let pieces = RoutePieces(route)
        guard pieces.chainDiffersFromFileOrder else { return self }
        var joined = self
        joined.route = route.joiningPieces(pieces)
        func metres(_ v: Double) -> String { FixedDecimal.string(v, places: 1) }
        joined.notes.append("the \(route.segments.count) pieces are flown chained \(pieces.chainingRule), as pieces "
                            + pieces.chain.map(\.description).joined(separator: ", ")
                            + ": \(metres(pieces.chainJumpLength)) m of jumps between them instead of \(metres(pieces.fileJumpLength)) m in file order"
                            + "; point numbers below count in that order")
        return joined
    }

    /// The findings that warn about the jumps between the route's pieces, as ``RouteCheck/pieceFindings(_:threshold:)``
    /// words them (threshold ``RouteCheck/Options/pieceGap``'s default), for a command that flies the
    /// route. Empty for a route of one piece, and for pieces whose times show the file order is the
    /// recording's (`RouteCheck.isInRecordedOrder(_:)`: the jumps are where the recorder was off,
    /// flown as gaps on purpose; the route check still reports each as a `piece-gap`).
    ///
    /// One cause, one finding: past ``listedPieceWarnings`` jumps the rest are counted in one last
    /// finding, not listed (a file of 20,000 two-point segments printed 19,997 lines).
    package var pieceWarnings: [Finding] {
        guard route.segments.count > 1, !RouteCheck.isInRecordedOrder(route) else { return [] }
        let findings = RouteCheck.pieceFindings(route, threshold: RouteCheck.Options().pieceGap)
        guard findings.count > Self.listedPieceWarnings else { return findings }
        let rest = findings.count - Self.listedPieceWarnings
        return Array(findings.prefix(Self.listedPieceWarnings))
            + [Finding(.warning, .pieceGap, "\(rest) more pieces start far from the end of the piece before (not listed)")]
    }

    /// Jumps between pieces listed one by one at most: 20, as the route check lists findings of one code.
    package static let listedPieceWarnings = 20
}
