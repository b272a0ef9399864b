import Foundation

extension ClockPattern {
    /// The one finding that says this pattern, its cause and its fix (``RouteCheck``'s table).
    ///
    /// - Parameter route: The route the pattern was found in (for the located point's time).
    func finding(in route: Route) -> Finding {
        let points = route.points
        func stamp(_ date: Date) -> String { ISO8601.string(from: date) }
        switch self {
        case .sameInstant(let date, let count):
            let first = points.firstIndex { $0.time != nil } ?? 0
            let why = date < RouteCheck.gpsEpoch ? "before the GPS epoch: a clock that was never set" : "a placeholder or a stopped clock"
            return Finding(.warning, .timeSameInstant, index: first, time: .recorded(date),
                "All \(count) times are the same placeholder instant, \(stamp(date)) (\(why)): recorded timing cannot fly the route; fly it with distance timing.")
        case .newestFirst(let index, let back, let steps):
            return Finding(.error, .timeNewestFirst, index: index, time: .recorded(points[index].time),
                "The points run newest-first: \(back) of \(steps) steps go back in time, the first at point \(index); reverse the point order (or fly with distance timing).")
        case .pieceNewestFirst(let segment, let index, let back, let steps):
            let range = route.segments[segment]
            return Finding(.error, .timePieceNewestFirst, index: index, time: .recorded(points[index].time),
                "Piece \(segment) (points \(range.lowerBound)...\(range.upperBound - 1)) runs newest-first while the other pieces run forward: \(back) of its \(steps) steps go back in time, the first at point \(index); it was saved reversed: flown last point first (the pieces chained by their times), its times run forward.")
        case .wholeSeconds(let index, let interval, let shared, let resolution):
            let unit = resolution >= 60 ? "minute" : "second"
            let spacing = resolution >= 60
                ? "~\(FixedDecimal.string(resolution / interval, places: 0)) points a minute"
                : "points ~\(FixedDecimal.string(interval, places: interval < 0.095 ? 2 : 1)) s apart"
            return Finding(.note, .timeWholeSeconds, index: index, time: .recorded(points[index].time),
                "Times are whole \(unit)s for \(spacing) (\(shared) points share their \(unit) with the one before, the first at point \(index)): recorded timing spreads each \(unit)'s points evenly over it.")
        case .fitEpoch(let date):
            let first = points.firstIndex { $0.time != nil } ?? 0
            return Finding(.note, .timeFitEpoch, index: first, time: .recorded(date),
                "The times start on the FIT epoch, \(stamp(date)) (1989-12-31): a FIT device whose clock was never set counts from it; the recorded instants are not the ride's.")
        }
    }
}
