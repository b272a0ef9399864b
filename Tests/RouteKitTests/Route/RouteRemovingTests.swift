import Foundation
import Testing
@testable import RouteKit

/// A route without some of its points (``Route/removing(_:)``, how outliers leave a route) keeps the
/// legs of points that stay neighbours rather than measuring them again: the result must be the route
/// built and measured whole from the points kept, bit for bit, whatever is removed: a point between
/// two others, two in a row, one beside a stop (zero-length legs, whose headings the route fills in),
/// in either of two segments.
@Suite struct RouteRemovingTests {
    static let route: Route = {
        var first: [RoutePoint] = []
        for k in 0..<40 {
            // A stop at the start and one in the middle: zero-length legs.
            let step = Double(max(k - 3, 0) - (k >= 20 && k < 24 ? k - 20 : 0))
            first.append(RoutePoint(latitude: 47 + step * 1e-4, longitude: 8 + step * 2e-4, elevation: 400 + Double(k % 5)))
        }
        let second = (0..<30).map { k in RoutePoint(latitude: 46 - Double(k) * 2e-4, longitude: 7 + Double(k * k) * 1e-5) }
        return Route(segments: [first, second], source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 2))!
    }()

    static func bits(_ route: Route) -> [[UInt64]] {
        route.legs.map { [$0.distance.bitPattern, $0.heading.bitPattern, $0.isGap ? 1 : 0] }
            + [route.cumulativeDistances.map(\.bitPattern)]
            + [[route.boundingBox.west, route.boundingBox.south, route.boundingBox.east, route.boundingBox.north].map(\.bitPattern)]
    }

    @Test(arguments: [[10], [10, 11], [21], [24], [2], [25, 50], [45, 46, 47], [38]])
    func theRouteIsTheOneMeasuredWhole(removed: [Int]) {
        let route = Self.route
        let got = route.removing(Set(removed))
        var segments: [[RoutePoint]] = []
        for range in route.segments { segments.append(range.filter { !removed.contains($0) }.map { route.points[$0] }) }
        let whole = Route(segments: segments, source: route.source)!
        #expect(got.points.count == route.points.count - removed.count)
        #expect(got.segments == whole.segments)
        #expect(Self.bits(got) == Self.bits(whole), "removing \(removed)")
    }
}
