import Foundation
import Testing

/// `profile`'s title is the same in every format: `--name`, else the route's name, else the file's base
/// name, in the JSON's `name` as in the Hike array and the graph.
@Suite struct ProfileNameTests {
    @Test func theJSONNameIsTheTitleOfEveryFormat() throws {
        let unnamed = FileManager.default.temporaryDirectory.appendingPathComponent("evening-walk-\(UUID().uuidString).gpx")
        try Data("""
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="46.0" lon="14.0"><ele>300</ele></trkpt><trkpt lat="46.001" lon="14.0"><ele>305</ele></trkpt>
            <trkpt lat="46.002" lon="14.0"><ele>310</ele></trkpt></trkseg></trk></gpx>
            """.utf8).write(to: unnamed)
        defer { try? FileManager.default.removeItem(at: unnamed) }
        let baseName = unnamed.deletingPathExtension().lastPathComponent
        for (arguments, title) in [([String](), baseName), (["--name", "Ridge"], "Ridge")] {
            let json = try runRouteFly(["profile", unnamed.path] + arguments)
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["name"] as? String == title)
            let hikes = try runRouteFly(["profile", "--format", "hike-json", unnamed.path] + arguments)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(hikes.stdout.utf8)) as? [[String: Any]])
            #expect(array.first?["name"] as? String == title)
        }
    }
}
