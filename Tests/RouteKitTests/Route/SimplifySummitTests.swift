import Foundation
import Testing
@testable import RouteKit

/// Simplification keeps summits and saddles. Three points on the meridian 14° E at
/// latitudes 46.00, 46.01, 46.02 (GeodSolve 2.1.2: 1111.514161839 m and 2223.030277262 m from the first,
/// so the middle point lies at the fraction 0.499999... of the chord): horizontally collinear, so only
/// the height of the middle point can keep it. Chord height there: 400 + (400 - 400) * 0.5 = 400 m; the
/// summit stands 500 m above it.
@Suite struct SimplifySummitTests {
    func route(_ elevations: [Double?]) -> Route {
        Route(segments: [elevations.enumerated().map { RoutePoint(latitude: 46 + Double($0.offset) * 0.01, longitude: 14, elevation: $0.element) }],
              source: .init(kind: .tracks))!
    }

    @Test func summitAndSaddleAreKept() {
        let summit = route([400, 900, 400]).prepared(simplifyTolerance: 10)
        #expect(summit.points.map(\.elevation) == [400, 900, 400])
        let saddle = route([900, 400, 900]).prepared(simplifyTolerance: 10)
        #expect(saddle.points.count == 3)
    }

    @Test func flatAndUntimedHeightlessPointsAreDropped() {
        #expect(route([400, 400, 400]).prepared(simplifyTolerance: 10).points.count == 2)
        #expect(route([nil, nil, nil]).prepared(simplifyTolerance: 10).points.count == 2)
        // On a steady slope the middle point is on the 3D chord: 400, 650, 900 (fraction 0.5 of the way).
        #expect(route([400, 650, 900]).prepared(simplifyTolerance: 10).points.count == 2)
    }

    @Test func toleranceIsThreeDimensional() {
        // Douglas-Peucker works to 0.9 of the tolerance (after a radial pass at 0.1): the 500 m summit is
        // kept at a tolerance of 550 m (0.9 * 550 = 495 < 500) and dropped at 560 m (504 > 500).
        #expect(route([400, 900, 400]).prepared(simplifyTolerance: 550).points.count == 3)
        #expect(route([400, 900, 400]).prepared(simplifyTolerance: 560).points.count == 2)
    }
}
