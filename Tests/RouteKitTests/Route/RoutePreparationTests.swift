import Foundation
import Testing
@testable import RouteKit

private func point(_ lat: Double, _ lon: Double, _ time: Double? = nil) -> RoutePoint {
    RoutePoint(latitude: lat, longitude: lon, time: time.map { Date(timeIntervalSince1970: $0) })
}
private func route(_ segments: [[RoutePoint]]) -> Route {
    Route(segments: segments, source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: segments.count))!
}

/// Independent distance from `p` to the geodesic segment `a -> b`, metres: golden-section search along the
/// geodesic (points from `Geodesic.direct`, distances from `Geodesic.inverse`), not the projection the
/// implementation uses. The distance to a point moving along a short geodesic is unimodal.
private func distanceToGeodesicSegment(_ p: LocationCoordinate2D, _ a: LocationCoordinate2D, _ b: LocationCoordinate2D) -> Double {
    let chord = Geodesic.wgs84.inverse(from: a, to: b)
    func at(_ s: Double) -> Double {
        p.distance(to: Geodesic.wgs84.direct(from: a, azimuth: chord.initialAzimuth, distance: s).coordinate)
    }
    var lo = 0.0, hi = chord.distance
    let g = (5.0.squareRoot() - 1) / 2
    for _ in 0..<80 {
        let m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo)
        if at(m1) < at(m2) { hi = m2 } else { lo = m1 }
    }
    return min(at((lo + hi) / 2), p.distance(to: a), p.distance(to: b))
}

@Suite struct RoutePreparationTests {
    @Test func duplicatesAreRemovedAndCounted() {
        let r = route([[point(0, 0, 0), point(0, 0, 5), point(0, 0, 9), point(0, 0.001, 10), point(0, 0.001, 11),
                        point(0, 0.002, 12)],
                       [point(1, 1, 20), point(1, 1, 21)]])
        let p = r.preparation(simplifyTolerance: nil)
        #expect(p.duplicatesRemoved == 4)
        #expect(p.simplifiedAway == 0 && p.tolerance == nil)
        #expect(p.route.segments == [0..<3, 3..<4])
        // The first of each run is kept, with its time.
        #expect(p.route.points.map { $0.time!.timeIntervalSince1970 } == [0, 10, 12, 20])
        #expect(p.route.legs.allSatisfy { $0.distance > 0 })
        #expect(r.prepared(simplifyTolerance: nil).points == p.route.points)
    }

    @Test func noisyStraightLineCollapsesToItsEnds() {
        var rng = SplitMix64(seed: 7)
        // 101 points along the equator over 0.1 degree (11.1 km), with up to 2 m of north-south noise
        // (1 degree of latitude is 110574 m at the equator: GeodSolve -i "0 0 1 0").
        let coordinates = (0...100).map { k -> RoutePoint in
            let noise = Double.random(in: -2...2, using: &rng) / 110_574
            return point(k == 0 || k == 100 ? 0 : noise, Double(k) * 0.001)
        }
        let r = route([coordinates])
        let p = r.preparation(simplifyTolerance: 5)
        #expect(p.route.points.count == 2)
        #expect(p.simplifiedAway == 99)
        #expect(p.route.start == r.start && p.route.end == r.end)
        // A 1 m tolerance keeps some of the noise.
        #expect(r.prepared(simplifyTolerance: 1).points.count > 2)
    }

    @Test func everyRemovedPointIsWithinToleranceOfTheKeptPolyline() {
        var rng = SplitMix64(seed: 2024)
        for trial in 0..<4 {
            // A random walk of 400 steps of 5-60 m with a wandering direction, starting at a random place.
            var c = LocationCoordinate2D(latitude: Double.random(in: -70...70, using: &rng),
                                         longitude: Double.random(in: -180...180, using: &rng))
            var azimuth = Double.random(in: 0..<360, using: &rng)
            var points = [RoutePoint(coordinate: c)]
            for _ in 0..<400 {
                azimuth += Double.random(in: -40...40, using: &rng)
                c = c.coordinate(atDistance: Double.random(in: 5...60, using: &rng), azimuth: azimuth)
                points.append(RoutePoint(coordinate: c))
            }
            let r = route([points])
            let tolerance = [3.0, 10, 25, 60][trial]
            let kept = Route.douglasPeucker(r.points.map(\.coordinate), tolerance: tolerance)
            let keptIndices = kept.indices.filter { kept[$0] }
            #expect(keptIndices.first == 0 && keptIndices.last == points.count - 1)
            #expect(keptIndices.count < points.count)
            for (a, b) in zip(keptIndices, keptIndices.dropFirst()) where b > a + 1 {
                for k in (a + 1)..<b {
                    let d = distanceToGeodesicSegment(points[k].coordinate, points[a].coordinate, points[b].coordinate)
                    #expect(d <= tolerance * (1 + 1e-4) + 1e-6, "trial \(trial), point \(k): \(d) m")
                }
            }
            // The preparation (a radial pass at a tenth of the tolerance, then Douglas-Peucker at nine
            // tenths) keeps the same promise: every dropped point within the tolerance of what is kept.
            let prepared = r.preparation(simplifyTolerance: tolerance)
            var preparedIndices: [Int] = []
            var next = 0
            for p in prepared.route.points {
                while next < points.count, points[next].coordinate != p.coordinate { next += 1 }
                preparedIndices.append(next)
                next += 1
            }
            #expect(preparedIndices.first == 0 && preparedIndices.last == points.count - 1)
            #expect(prepared.simplifiedAway == points.count - prepared.route.points.count)
            for (a, b) in zip(preparedIndices, preparedIndices.dropFirst()) where b > a + 1 {
                for k in (a + 1)..<b {
                    let d = distanceToGeodesicSegment(points[k].coordinate, points[a].coordinate, points[b].coordinate)
                    #expect(d <= tolerance * (1 + 1e-4) + 1e-6, "prepared, trial \(trial), point \(k): \(d) m")
                }
            }
        }
    }

    @Test func segmentsAreKeptApartWithTheirEnds() {
        let first = (0...50).map { point(0, Double($0) * 0.0002) }        // straight, 1.1 km
        let second = (0...50).map { point(0.01 + Double($0) * 0.0002, 0.02) }  // straight, north
        let r = route([first, second, [point(0.5, 0.5)]])
        let p = r.preparation(simplifyTolerance: 1)
        #expect(p.route.segments.count == 3)
        #expect(p.route.points.map(\.coordinate) == [first[0], first[50], second[0], second[50]].map(\.coordinate)
                + [LocationCoordinate2D(latitude: 0.5, longitude: 0.5)])
        #expect(p.route.legs[1].isGap && p.route.legs[3].isGap)
    }

    @Test func defaultToleranceIsAThousandthOfTheExtent() {
        // Box 0..0 x 0..0.1 on the equator: diagonal a * 0.1 degree = 11131.949079327 m (GeodSolve -i "0 0 0 0.1").
        let r = route([(0...100).map { point(0, Double($0) * 0.001) }])
        #expect(isClose(r.defaultSimplifyTolerance, 11.131949079327, absolute: 1e-9))
        #expect(route([[point(1, 1), point(1, 1.000001)]]).defaultSimplifyTolerance == 1)
    }

    @Test func manyPointsNeedNoRecursion() {
        // 100 000 points on a slow zigzag: the iterative stack handles it.
        let points = (0..<100_000).map { k in point(Double(k % 7) * 1e-6, Double(k) * 1e-5) }
        let p = route([points]).preparation(simplifyTolerance: 2)
        // Simplified to its two ends, 111 km apart (0.99999 degree of the equator), and that leg, longer
        // than 100 km, then gets one point along its geodesic.
        #expect(p.simplifiedAway == 99_998)
        #expect(p.geodesicPointsAdded == 1)
        #expect(p.route.points.count == 3)
    }
}
