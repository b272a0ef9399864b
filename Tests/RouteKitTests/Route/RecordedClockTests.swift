import Foundation
import Testing
@testable import RouteKit

/// ``RecordedClock`` reads a route's clock once; each of its parts must be what the route's own
/// property gives (``ClockPattern/patterns(in:)``, `Route.recordedTimes`, ``Route/recordedClockFault``),
/// on clocks of every kind those recognise.
@Suite struct RecordedClockTests {
    static let start = Date(timeIntervalSince1970: 1_714_543_200)

    /// A route along a parallel, a point every `spacing` metres or so, timed by `time` (nil: untimed).
    static func route(count: Int, spacing: Double = 5, segments: Int = 1, time: (Int) -> Double?) -> Route {
        let points = (0..<count).map { i in
            RoutePoint(latitude: 46, longitude: 7 + Double(i) * spacing / 77_000, elevation: 500,
                       time: time(i).map { start.addingTimeInterval($0) })
        }
        let size = count / segments
        let pieces = (0..<segments).map { s in Array(points[(s * size)..<(s == segments - 1 ? count : (s + 1) * size)]) }
        return Route(segments: pieces, source: .init(kind: .tracks))!
    }

    static let clocks: [(String, Route)] = [
        ("steady", route(count: 200) { Double($0) }),
        ("whole seconds at 10 Hz", route(count: 200) { (Double($0) / 10).rounded(.down) }),
        ("whole minutes", route(count: 200) { (Double($0) * 6 / 60).rounded(.down) * 60 }),
        ("newest first", route(count: 200) { Double(200 - $0) }),
        ("one piece reversed", route(count: 200, segments: 2) { $0 < 100 ? Double($0) : Double(300 - $0) }),
        ("one instant", route(count: 50) { _ in 0 }),
        ("standing still", route(count: 50, spacing: 500) { Double($0) * 0.001 }),
        ("gaps in the times", route(count: 200) { $0 % 7 == 3 || $0 < 4 || $0 > 190 ? nil : Double($0) * 2 }),
        ("one timed point", route(count: 20) { $0 == 5 ? 0 : nil }),
        ("untimed", route(count: 20) { _ in nil }),
    ]

    @Test(arguments: clocks.indices)
    func partsAreTheRoutesOwn(index: Int) {
        let (name, route) = Self.clocks[index]
        let clock = RecordedClock(route: route)
        #expect(clock.patterns == ClockPattern.patterns(in: route), "\(name)")
        #expect(clock.times == route.recordedTimes, "\(name)")
        #expect(clock.fault == route.recordedClockFault, "\(name)")
    }

    @Test func theClocksAreOfEveryKind() {
        // The fixtures reach each fault and pattern, so the test above compares something.
        let faults = Self.clocks.map { RecordedClock(route: $0.1).fault }
        #expect(faults.contains { if case .sameInstant = $0 { true } else { false } })
        #expect(faults.contains { if case .newestFirst = $0 { true } else { false } })
        #expect(faults.contains { if case .pieceNewestFirst = $0 { true } else { false } })
        #expect(faults.contains { if case .standsStill = $0 { true } else { false } })
        let patterns = Self.clocks.flatMap { RecordedClock(route: $0.1).patterns }
        #expect(patterns.contains { if case .wholeSeconds(_, _, _, 60) = $0 { true } else { false } })
        #expect(patterns.contains { if case .wholeSeconds(_, _, _, 1) = $0 { true } else { false } })
        #expect(Self.clocks.contains { RecordedClock(route: $0.1).times == nil })
    }
}
