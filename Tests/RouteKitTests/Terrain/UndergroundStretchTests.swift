import Foundation
import Testing
@testable import RouteKit

/// ``Route/undergroundStretches(under:)``: runs of two or more points more than 30 m under the ground.
@Suite struct UndergroundStretchTests {
    /// Flat ground 500 m above sea level.
    struct Plateau: ElevationModel {
        func elevation(at coordinate: LocationCoordinate2D) -> Double? { coordinate.longitude < 14.5 ? 500 : nil }
    }

    /// Points 0.001 degrees of longitude apart along the equator at these heights.
    static func route(_ heights: [Double?]) -> Route {
        Route(segments: [heights.enumerated().map { RoutePoint(latitude: 0, longitude: 14 + 0.001 * Double($0), elevation: $1) }],
              source: .init(kind: .tracks))!
    }

    @Test func runsOfTwoOrMoreDeepPointsAreStretches() {
        // A single deep point (a spike) is not a tunnel; 29 m under is GPS noise; unknown heights break a run.
        let route = Self.route([500, 400, 500, 475, 300, 200, 480, 490, 471, 300, nil, 300, 300])
        let stretches = route.undergroundStretches(under: Plateau())
        #expect(stretches.map(\.indices) == [4...5, 11...12])
        #expect(stretches.map(\.maximumDepth) == [300, 200])
        #expect(isClose(stretches[0].distances.lowerBound, route.cumulativeDistances[4]) && isClose(stretches[0].distances.upperBound, route.cumulativeDistances[5]))
        #expect(stretches[0].description.hasPrefix("the route runs up to 300 m under the ground of the terrain model from km 0.45 to km 0.56 (points 4 to 5; a tunnel?)"), "\(stretches[0].description)")
    }

    @Test func groundTheModelDoesNotKnowIsNotJudged() {
        let route = Route(segments: [[RoutePoint(latitude: 0, longitude: 14.6, elevation: 0), RoutePoint(latitude: 0, longitude: 14.61, elevation: 0)]],
                          source: .init(kind: .tracks))!
        #expect(route.undergroundStretches(under: Plateau()).isEmpty)
    }

    @Test func aNearConstantOffsetIsGeoidSizedOnlyNearTheUndulation() throws {
        let route = Self.route((0..<12).map { 544.8 + ($0 % 2 == 0 ? 0.4 : -0.4) })
        let offset = try #require(GroundOffset(route: route, ground: Plateau()))
        #expect(isClose(offset.median, 44.8, absolute: 1e-9) && isClose(offset.spread, 0.4, absolute: 1e-9) && offset.count == 12)
        #expect(offset.isGeoidSized(undulation: 44.0) && !offset.isGeoidSized(undulation: 20) && !offset.isGeoidSized(undulation: -44.8))
        // A scattered offset (a model of another place) is not a datum.
        let scattered = try #require(GroundOffset(route: Self.route((0..<12).map { 544.8 + Double($0 % 4) * 15 }), ground: Plateau()))
        #expect(!scattered.isGeoidSized(undulation: scattered.median))
        #expect(GroundOffset(route: Self.route([544.8, 544.8, 544.8, 544.8]), ground: Plateau()) == nil)
    }

    /// A few stretches are told one by one (tunnels); more are one message, at the first stretch's first
    /// point, with their count, length and share of the route and the deepest: one cause, one finding.
    @Test func manyStretchesAreOneMessage() {
        func route(stretches: Int) -> Route {
            Self.route((0..<stretches).flatMap { k in [500, 500, 400 - Double(k), 450, 500] })
        }
        let few = route(stretches: UndergroundStretch.listedAtMost)
        let told = UndergroundStretch.messages(few.undergroundStretches(under: Plateau()), routeLength: few.length)
        #expect(told.map(\.index) == (0..<UndergroundStretch.listedAtMost).map { 5 * $0 + 2 })
        #expect(told.allSatisfy { $0.text.contains("; a tunnel?)") })
        let many = route(stretches: 40)
        let stretches = many.undergroundStretches(under: Plateau())
        #expect(stretches.count == 40)
        let one = UndergroundStretch.messages(stretches, routeLength: many.length)
        #expect(one.count == 1 && one[0].index == 2)
        // Each stretch is one leg (points 5k+2 to 5k+3) of 111.32 m (0.001 degree on the equator, WGS 84).
        let leg = many.cumulativeDistances[3] - many.cumulativeDistances[2]
        let total = FixedDecimal.string(40 * leg / 1000, places: 2), share = FixedDecimal.string(100 * 40 * leg / many.length, places: 0)
        #expect(one[0].text.hasPrefix("the route runs more than 30 m under the ground of the terrain model along 40 stretches, \(total) km of its \(FixedDecimal.string(many.length / 1000, places: 2)) km (\(share) %), up to 139 m deep (at km \(FixedDecimal.string(many.cumulativeDistances[197] / 1000, places: 2)), points 197 to 198)"), "\(one[0].text)")
    }
}
