import Foundation
import Testing
@testable import RouteKit

/// Where a point stands in its file (``PointLocator``), against the lines of the file itself: the CSV
/// row of point k is the (k + 2)th line holding more than white space (after the header), the GPX point
/// k the (k + 1)th `<trkpt`; a count that is not the route's locates nothing.
extension Formats {
    @Suite("Point locations by counting in the file")
    struct PointLocatorTests {
        static let csv: String = {
            var text = "lat,lon\n\n"
            for k in 0..<300 {
                text += "\(47 + Double(k) * 1e-4),8.5\n"
                if k == 100 { text += "   \n" }
            }
            return text
        }()

        /// The 1-based line of the `k`th line (from 0) matching `isPoint`, read from the text.
        static func line(ofPoint k: Int, in text: String, where isPoint: (Substring) -> Bool) -> Int {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.indices.filter { isPoint(lines[$0]) }[k] + 1
        }

        @Test func aCSVRowIsFoundByItsLine() {
            let found = PointLocator.locations(of: [0, 150, 299], count: 300, format: .csv, in: .data(Data(Self.csv.utf8)))
            for k in [0, 150, 299] {
                let expected = Self.line(ofPoint: k + 1, in: Self.csv) { !$0.allSatisfy(\.isWhitespace) }
                #expect(found[k]?.line == expected && found[k]?.column == 1, "point \(k): \(String(describing: found[k]))")
            }
            #expect(PointLocator.locations(of: [0], count: 299, format: .csv, in: .data(Data(Self.csv.utf8))).isEmpty)
        }

        @Test func aGPXPointIsFoundByItsTag() {
            var text = "<gpx><trk><trkseg>\n"
            for k in 0..<50 { text += (k % 2 == 0 ? "  " : "    ") + "<trkpt lat=\"47\" lon=\"8\"/>\n" }
            text += "</trkseg></trk></gpx>\n"
            let found = PointLocator.locations(of: [1, 49], count: 50, format: .gpx, in: .data(Data(text.utf8)))
            for k in [1, 49] {
                #expect(found[k]?.line == Self.line(ofPoint: k, in: text) { $0.contains("<trkpt") })
                #expect(found[k]?.column == (k % 2 == 0 ? 3 : 5))
            }
            #expect(PointLocator.locations(of: [1], count: 51, format: .gpx, in: .data(Data(text.utf8))).isEmpty)
        }
    }
}
