import Foundation
import Testing
@testable import RouteKit

/// ``CSVReader`` on a headerless file: the library asks for the columns, and route-fly's message says
/// which option names them.
extension Formats {
    @Suite("CSVReader through route-fly")
    struct CSVReaderTests {
        @Test func csvHeaderlessNeedsColumns() throws {
            let url = Fixtures.url("csv/headerless.csv")
            let error = try #require(readRoute(url).failure)
            #expect(error.location?.line == 1)
            #expect(error.message.hasSuffix("name the columns"))
            // route-fly adds the option that names them.
            let cli = try runRouteFly(["info", url.path])
            #expect(cli.status == 1 && cli.stderr.contains("(--columns latitude,longitude,…)"), "\(cli.stderr)")
            let result = try RouteFile.read(path: url.path, options: .init(csv: .init(columns: ["latitude", "longitude"])))
            #expect(result.route.points.count == 3)
            #expect(result.route.points[2].coordinate.longitude == 10.4)
            let swapped = try RouteFile.read(path: url.path, options: .init(csv: .init(columns: ["lon", "lat"])))
            #expect(swapped.route.points[0].coordinate.latitude == 10.2)
        }
    }
}
