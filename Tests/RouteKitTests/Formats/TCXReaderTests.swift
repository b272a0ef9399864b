import Foundation
import Testing
@testable import RouteKit

/// ``TCXReader`` on project fixtures. Expected values are read off the project's own fixture text (no ../shared/real needed).
extension Formats {
    @Suite("TCXReader on project fixtures")
    struct TCXReaderTests {
        @Test func tcxCourseWithExtensions() throws {
            let result = try TCXReader.read(contentsOf: Fixtures.url("tcx/course.tcx"))
            let route = result.route
            #expect(route.points.count == 2)
            #expect(route.name == "Lake loop")
            #expect(route.source.waypointCount == 1)
            #expect(route.points[0].heartRate == 120)
            #expect(route.points[0].speed == 3.5)
            #expect(route.points[0].cadence == 85)   // RunCadence when there is no Cadence
            #expect(route.points[1].cadence == 90)
            #expect(route.points[0].elevation == 300)
            #expect(result.notes == ["skipped 1 Trackpoint without a Position"])
        }
    }
}
