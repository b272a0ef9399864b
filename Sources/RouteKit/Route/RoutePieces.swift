import Foundation

/// The order of a route's pieces (its segments: GPX `trkseg`s, GeoJSON `LineString`s and the lines of a
/// `MultiLineString`, KML `LineString`s and `gx:Track`s, TCX tracks) and the jumps between them.
///
/// A route saved in pieces out of order, some reversed, is flown in file order: back and forth along
/// the jumps between pieces. `chainedByNearestEnds(_:)` finds the order a drawing tool most likely
/// meant; ``jumps`` measures the file order's jumps; `seemsOutOfOrder` says when the chain is much
/// shorter; ``Route/joiningPieces()`` flies the chain.
///
/// **The chaining rule.** From each end of each piece, a chain is grown greedily: the free piece with
/// the end nearest to the chain's last point is appended, reversed when its far end (its last point) is
/// the nearer one. Of these chains, the one whose jumps add up to the least is chosen; of chains within 1 mm of
/// each other (a chain and the same chain flown the other way round), the one that reverses fewer
/// pieces, then the one that starts earlier in file order (a piece's first point before its last). Distances are geodesics on WGS 84
/// (``LocationCoordinate2D/distance(to:)``, Karney's algorithm through the geodesy layer). Above
/// ``maximumStartsTried`` pieces only the chain from the file's first piece, forwards, is grown;
/// above ``maximumChainedPieces``, none (the file order stands).
///
/// **The clock comes first.** When every piece carries a time, the chain respects them instead: the
/// pieces in the order of their earliest times (file order among equal ones), each reversed only when
/// its own times run newest-first (more of the steps between its timed points go back than forward), so
/// the chain never makes the recorded times run backwards; its jumps are those of that order (a nearer
/// end is never a reason to reverse a timed piece or move it before an earlier one). Pieces of which
/// some carry times and some do not are chained by nearest ends.
package struct RoutePieces: Sendable {
    /// A piece in a chain: its index in ``Route/segments`` and whether it is flown last point first.
    package struct Link: Hashable, Sendable {
        package var segment: Int
        package var isReversed: Bool
    }

    /// The jumps of the file order: for each segment boundary, the geodesic length in metres from the
    /// last point of a piece to the first point of the next, and the index of that first point.
    /// `segments.count - 1` values.
    package let jumps: [(length: Double, index: Int)]
    /// The chain (see the rules on ``RoutePieces``: by times when every piece has one, else by nearest
    /// ends); the file order for a single piece.
    package let chain: [Link]
    /// The chain's jumps added up, metres (>= 0).
    package let chainJumpLength: Double
    /// Whether the chain is the pieces' times' order (every piece has a time: the rule "the clock comes
    /// first"), not the nearest ends'.
    package let isChainedByTimes: Bool
    /// How the chain was made, for a sentence: `by their times` or `by nearest ends`.
    package var chainingRule: String { isChainedByTimes ? "by their times" : "by nearest ends" }

    /// The file order's jumps added up, metres (>= 0).
    package var fileJumpLength: Double { jumps.reduce(0) { $0 + $1.length } }

    /// Above this many pieces no chain is grown (O(p²) geodesics would take seconds): the chain is the
    /// file order, and the pieces never seem out of order.
    package static let maximumChainedPieces = 512

    /// Up to this many pieces, a chain is grown from every end of every piece (O(n³) look-ups in a table
    /// of O(n²) geodesics: 64 pieces take 8,128 geodesics and about 10⁶ look-ups); beyond, from the first piece only.
    package static let maximumStartsTried = 64

    /// Measures `route`'s pieces. O(p²) geodesics for p pieces (O(p³) table look-ups up to
    /// ``maximumStartsTried`` pieces); O(1) for a route of one piece.
    package init(_ route: Route) {
        jumps = route.segments.dropFirst().map { range in (route.legs[range.lowerBound - 1].distance, range.lowerBound) }
        if route.segments.count > 1, let timed = Self.chainedByTimes(route) {
            (chain, chainJumpLength, isChainedByTimes) = (timed.0, timed.1, true)
        } else {
            let nearest = Self.chainedByNearestEnds(route)
            (chain, chainJumpLength, isChainedByTimes) = (nearest.0, nearest.1, false)
        }
    }

    /// Whether the pieces seem out of order: the chain's jumps are at most half the file order's, and
    /// shorter by more than `threshold` metres (> 0).
    package func seemsOutOfOrder(threshold: Double) -> Bool {
        let file = fileJumpLength
        return chainJumpLength <= file / 2 && file - chainJumpLength > threshold
    }

    /// Whether the chain differs from the file order (a piece moved or reversed).
    package var chainDiffersFromFileOrder: Bool {
        chain.enumerated().contains { $0.offset != $0.element.segment || $0.element.isReversed }
    }

    /// The nearest-ends chain of `route`'s segments and its total jump length, metres.
    static func chainedByNearestEnds(_ route: Route) -> ([Link], Double) {
        let count = route.segments.count
        guard count > 1 else { return ([Link(segment: 0, isReversed: false)], 0) }
        guard count <= maximumChainedPieces else {
            let fileOrder = (0..<count).map { Link(segment: $0, isReversed: false) }
            return (fileOrder, route.segments.dropFirst().reduce(0) { $0 + route.legs[$1.lowerBound - 1].distance })
        }
        // Ends: 2k is piece k's first point, 2k + 1 its last.
        let ends = route.segments.flatMap { [route.points[$0.lowerBound].coordinate, route.points[$0.upperBound - 1].coordinate] }
        let distance: (Int, Int) -> Double
        let starts: [Int]
        if count <= maximumStartsTried {
            var table = [Double](repeating: 0, count: ends.count * ends.count)
            for a in ends.indices {
                for b in ends.indices where b > a {
                    let d = ends[a].distance(to: ends[b])
                    table[a * ends.count + b] = d
                    table[b * ends.count + a] = d
                }
            }
            distance = { table[$0 * ends.count + $1] }
            starts = Array(ends.indices)
        } else {
            distance = { ends[$0].distance(to: ends[$1]) }
            starts = [0]
        }
        var best: (links: [Link], length: Double)? = nil
        for start in starts {
            guard let grown = grow(from: start, pieces: count, distance: distance, bound: (best?.length ?? .infinity) + tieTolerance) else { continue }
            guard let chosen = best else { best = grown; continue }
            if grown.length < chosen.length - tieTolerance
                || (grown.length <= chosen.length + tieTolerance && reversals(grown.links) < reversals(chosen.links)) {
                best = grown
            }
        }
        return best.map { ($0.links, $0.length) } ?? ([], 0)
    }

    /// The chain of pieces that all carry a time (the rule "the clock comes first" on ``RoutePieces``)
    /// and its jump length in metres; `nil` when a piece has no time. O(n) plus p geodesics.
    static func chainedByTimes(_ route: Route) -> ([Link], Double)? {
        var pieces: [(link: Link, start: Date)] = []
        for (segment, range) in route.segments.enumerated() {
            let times = route.points[range].compactMap(\.time)
            guard let start = times.min() else { return nil }
            var back = 0, forward = 0
            for (a, b) in zip(times, times.dropFirst()) { if b < a { back += 1 } else if b > a { forward += 1 } }
            pieces.append((Link(segment: segment, isReversed: back > forward), start))
        }
        // Stable: equal start times keep the file order.
        let links = pieces.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element.link)
        func end(_ link: Link, last: Bool) -> LocationCoordinate2D {
            let range = route.segments[link.segment]
            return route.points[last != link.isReversed ? range.upperBound - 1 : range.lowerBound].coordinate
        }
        let length = zip(links, links.dropFirst()).reduce(0.0) { $0 + end($1.0, last: true).distance(to: end($1.1, last: false)) }
        return (links, length)
    }

    /// Chains whose jumps differ by at most this, metres, are a tie (the same chain flown either way
    /// round sums its jumps in another order).
    static let tieTolerance = 0.001

    /// How many of `links` are reversed.
    private static func reversals(_ links: [Link]) -> Int { links.reduce(0) { $0 + ($1.isReversed ? 1 : 0) } }

    /// The greedy chain that starts by flying end `start`'s piece away from that end; `nil` once its
    /// jumps exceed `bound` (a chain already found is shorter).
    private static func grow(from start: Int, pieces: Int, distance: (Int, Int) -> Double,
                             bound: Double) -> (links: [Link], length: Double)? {
        var used = [Bool](repeating: false, count: pieces)
        var links = [Link(segment: start / 2, isReversed: start % 2 == 1)]
        used[start / 2] = true
        // The chain's last point is the far end of the piece just added.
        var tail = start ^ 1
        var length = 0.0
        for _ in 1..<pieces {
            var nearest = -1, nearestDistance = Double.infinity
            for end in 0..<(2 * pieces) where !used[end / 2] {
                let d = distance(tail, end)
                if d < nearestDistance { nearest = end; nearestDistance = d }
            }
            length += nearestDistance
            guard length <= bound else { return nil }
            used[nearest / 2] = true
            links.append(Link(segment: nearest / 2, isReversed: nearest % 2 == 1))
            tail = nearest ^ 1
        }
        return (links, length)
    }
}

extension RoutePieces.Link {
    /// `3` for piece 3 flown as written, `3 reversed` otherwise.
    var description: String { "\(segment)\(isReversed ? " reversed" : "")" }
}

extension Route {
    /// This route with its pieces chained (``RoutePieces``, the rule there: by their times when every piece
    /// has one, else by nearest ends): segments
    /// reordered, some reversed (their points, times included, in reverse order), legs measured again.
    /// The route itself when it has one piece or the chain is the file order. O(n) plus ``RoutePieces``'s cost.
    package func joiningPieces() -> Route {
        joiningPieces(RoutePieces(self))
    }

    /// This route with its pieces in `pieces`'s chain (measured on this route).
    func joiningPieces(_ pieces: RoutePieces) -> Route {
        guard pieces.chainDiffersFromFileOrder else { return self }
        let segmentPoints = pieces.chain.map { link -> [RoutePoint] in
            let slice = points[segments[link.segment]]
            return link.isReversed ? Array(slice.reversed()) : Array(slice)
        }
        return Route(segments: segmentPoints, name: name, source: source)!  // same points, at least one
    }
}
