import Foundation
import Testing
@testable import RouteKit

/// The Google Takeout reader: entries without a position are skipped with a note.
/// Fixtures: Fixtures/review25, written by make_review25.py (Python's zipfile, gzip, json, cp1252 codec).
extension Formats {
    @Suite struct TakeoutReaderTests {
        static func fixture(_ name: String) -> URL { Fixtures.url("review25/\(name)") }

        /// 6 entries, 2 without a position (only a time and an accuracy or activity): 4 points, one note.
        @Test func takeoutEntriesWithoutAPositionAreSkipped() throws {
            let result = try RouteFile.read(path: Self.fixture("Records-unplaced.json").path)
            #expect(result.route.points.count == 4)
            #expect(result.notes.contains("skipped 2 locations without a position (no latitudeE7 or longitudeE7), the first at locations[2]"),
                    "\(result.notes)")
            let error = try #require(readRoute(Self.fixture("Records-no-position.json")).failure)
            #expect(error.message.contains("none of the 2 locations has a position"), "\(error)")
        }
    }
}
