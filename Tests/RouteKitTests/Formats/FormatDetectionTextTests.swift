import Foundation
import Testing
@testable import RouteKit

/// A new user's finding: a CSV table saved as `.gpx` (or `.kml`, `.tcx`, `.json`) was
/// refused as "not well-formed XML", although the manual (docs/route-fly.md) says the content is looked at first.
@Suite struct FormatDetectionTextTests {
    @Test(arguments: ["gpx", "kml", "tcx", "json", "geojson"])
    func aTableUnderAnXMLOrJSONExtensionIsReadAsCSV(ext: String) {
        let head = Array("time,lat,lon\n2024-05-01T10:00:00Z,46,14\n".utf8)
        #expect(RouteFile.detectFormat(path: "route.\(ext)", head: head) == .csv)
    }

    @Test func aPolylineUnderAnXMLExtensionIsReadAsAPolyline() {
        #expect(RouteFile.detectFormat(path: "route.kml", head: Array("_p~iF~ps|U_ulLnnqC_mqNvxq`@\n".utf8)) == .polyline)
    }

    @Test func textThatIsNeitherStillGoesToTheExtensionsReader() {
        // No delimiter in the first line: the GPX reader's "not well-formed XML" is the right message.
        #expect(RouteFile.detectFormat(path: "route.gpx", head: Array("hello world\n".utf8)) == .gpx)
        // Control bytes: binary, not text.
        #expect(RouteFile.detectFormat(path: "route.gpx", head: [0x01, 0x02, 0x2C, 0x41]) == .gpx)
        // Real XML and JSON are decided by their content, whatever the extension.
        #expect(RouteFile.detectFormat(path: "route.csv", head: Array("<gpx version=\"1.1\"></gpx>".utf8)) == .gpx)
        #expect(RouteFile.detectFormat(path: "route.gpx", head: Array("{\"type\":\"LineString\"}".utf8)) == .geojson)
    }
}
