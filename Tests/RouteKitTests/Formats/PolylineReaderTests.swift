import Foundation
import Testing
@testable import RouteKit

/// ``PolylineReader`` on Google's canonical example
/// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm) and, at precision 6,
/// docs/geo-formats.md#encoded-polylines (PyPI `polyline` 2.0.4).
extension Formats {
    @Suite("PolylineReader on project fixtures")
    struct PolylineReaderTests {
        @Test func googleCanonicalPolyline() throws {
            let expected = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]
            for (file, precision) in [("polyline/google-example.p5.txt", 5), ("polyline/google-example.p6.txt", 6)] {
                let route = try PolylineReader.read(contentsOf: Fixtures.url(file), options: .init(precision: precision)).route
                #expect(route.points.count == 3)
                for (p, e) in zip(route.points, expected) {
                    #expect(near(p.coordinate.latitude, e.0, 1e-9))
                    #expect(near(p.coordinate.longitude, e.1, 1e-9))
                }
            }
            // Google's single-value example: -179.9832104 encodes to `~oia@ (here as a longitude after a 0 latitude).
            let single = try PolylineReader.read(text: "?`~oia@").route
            #expect(near(single.points[0].coordinate.longitude, -179.98321, 1e-9))
        }
    }
}
