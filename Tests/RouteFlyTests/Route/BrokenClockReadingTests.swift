import Foundation
import Testing
@testable import RouteKit

/// A route whose recorded clock cannot be a recording (``Route/recordedClockFault``, the rule
/// `--timing recorded` refuses with) is read as untimed: no speed, no route time, in the library and in
/// the CSV poses `sample` writes (counted from the file's own columns).
@Suite struct BrokenClockReadingTests {
    static let placeholder = Fixtures.url("clock/placeholder-clock.gpx")

    /// The `speed` and `route_time` cells of every row of `sample`'s CSV output, and the row count.
    static func routeCells(_ csv: String) -> (rows: Int, speeds: [Substring], times: [Substring]) {
        let lines = csv.split(separator: "\n").filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false),
              let speed = header.firstIndex(of: "speed"), let time = header.firstIndex(of: "route_time") else { return (0, [], []) }
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return (rows.count, rows.map { $0[speed] }, rows.map { $0[time] })
    }

    @Test func aPlaceholderClockGivesNoSpeedAndNoTime() throws {
        let route = try RouteFile.load(path: Self.placeholder.path)
        #expect(route.recordedClockFault != nil)
        let odometer = RouteOdometer(route: route)
        for share in stride(from: 0.0, through: 1.0, by: 0.125) {
            let reading = odometer.reading(atDistance: share * odometer.length)
            #expect(reading.speed == nil && reading.time == nil, "at \(share): \(String(describing: reading.speed))")
        }
        #expect(odometer.recordedSpan == nil)
    }

    @Test func aPlaceholderClockSamplesWithEmptySpeedCells() throws {
        let r = try runRouteFly(["sample", Self.placeholder.path, "--fps", "5", "--route-columns"])
        #expect(r.status == 0, "\(r.stderr)")
        let cells = Self.routeCells(r.stdout)
        #expect(cells.rows > 10)
        #expect(cells.speeds.allSatisfy(\.isEmpty) && cells.times.allSatisfy(\.isEmpty), "\(cells.speeds.prefix(3)) \(cells.times.prefix(3))")
    }

    /// The real hike whose logger wrote 183 of its 184 points at one instant in 1901 (the file's own
    /// times, counted here); before, its frames read 7821649.9 m/s.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func theMojstrovkaHikeSamplesWithoutSpeed() throws {
        guard let url = Fixtures.real("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let text = try String(contentsOf: url, encoding: .utf8)
        let times = text.components(separatedBy: "<time>").dropFirst().map { $0.prefix(while: { $0 != "<" }) }
        let counts = Dictionary(times.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts.values.max() == 183, "\(counts)")
        let route = try RouteFile.load(path: url.path)
        #expect(route.recordedClockFault != nil)
        let r = try runRouteFly(["sample", url.path, "--fps", "2", "--route-columns"])
        #expect(r.status == 0, "\(r.stderr)")
        let cells = Self.routeCells(r.stdout)
        #expect(cells.rows > 10)
        #expect(cells.speeds.allSatisfy(\.isEmpty) && cells.times.allSatisfy(\.isEmpty), "\(cells.speeds.prefix(3)) \(cells.times.prefix(3))")
    }
}
