import Foundation
import Testing
import TestSupport
@testable import RouteKit

/// The whole-course search of `CourseProjection` skips blocks of legs by their boxes; its answer must
/// be the full scan's, leg for leg (the nearest leg, the first of equally near ones), on courses that
/// loop, double back, repeat points, cross the antimeridian, pass near a pole or wind round the world,
/// from positions on, near, far from and opposite the course.
@Suite struct CourseProjectionTests {
    /// The full scan: every leg's foot, the smallest offset, the first on ties.
    static func fullScan(_ projection: CourseProjection, _ c: LocationCoordinate2D) -> Double {
        let points = projection.course.points
        var best: (along: Double, offset: Double)? = nil
        for k in 0..<(points.count - 1) {
            let foot = CourseProjection.foot(of: c, from: points[k].coordinate, to: points[k + 1].coordinate)
            let along = projection.along[k] + foot.fraction * (projection.along[k + 1] - projection.along[k])
            if best == nil || foot.offset < best!.offset { best = (along, foot.offset) }
        }
        return best!.along
    }

    /// The whole-course search (no earlier projection to search near).
    static func whole(_ projection: CourseProjection, _ c: LocationCoordinate2D) -> Double {
        projection.progress(of: c, near: nil as (along: Double, moved: Double)?)
    }

    /// A random walk of `count` points from `start`, steps of up to `step` degrees, some repeated.
    static func walk(_ count: Int, from start: LocationCoordinate2D, step: Double, _ rng: inout SplitMix64) -> Route {
        var points = [RoutePoint(coordinate: start)]
        var c = start
        for _ in 1..<count {
            if Double.random(in: 0...1, using: &rng) < 0.05 {  // a repeated point: a zero-length leg, ties
                points.append(points[points.count - 1])
                continue
            }
            c.latitude = min(max(c.latitude + Double.random(in: -step...step, using: &rng), -89.99), 89.99)
            c.longitude = Angles.normalizedLongitude(c.longitude + Double.random(in: -step...step, using: &rng))
            points.append(RoutePoint(coordinate: c))
        }
        return Route(points: points, segments: [0..<points.count], name: nil, source: Route.Source(kind: .tracks), measuredLegs: nil)
    }

    @Test func theBlockSearchIsTheFullScan() {
        var rng = SplitMix64(seed: 28)
        let starts = [LocationCoordinate2D(latitude: 46.05, longitude: 14.5), LocationCoordinate2D(latitude: -16.5, longitude: 179.95),
                      LocationCoordinate2D(latitude: 89.9, longitude: 30), LocationCoordinate2D(latitude: 0, longitude: -179.99)]
        var compared = 0
        for (n, start) in starts.enumerated() {
            for (count, step) in [(5, 0.001), (300, 0.0005), (3000, 0.002), (2000, 2.0), (700, 40.0)] {
                let projection = CourseProjection(course: Self.walk(count, from: start, step: step, &rng))
                let points = projection.course.points
                for _ in 0..<150 {
                    // On a point, near one, in the course's area, anywhere, and opposite a point.
                    let p = points[Int.random(in: 0..<points.count, using: &rng)].coordinate
                    let near = LocationCoordinate2D(latitude: min(max(p.latitude + Double.random(in: -0.01...0.01, using: &rng), -90), 90),
                                                    longitude: p.longitude + Double.random(in: -0.01...0.01, using: &rng))
                    let anywhere = LocationCoordinate2D(latitude: Double.random(in: -90...90, using: &rng),
                                                        longitude: Double.random(in: -180...180, using: &rng))
                    let opposite = LocationCoordinate2D(latitude: -p.latitude, longitude: Angles.normalizedLongitude(p.longitude + 180))
                    for c in [p, near, anywhere, opposite] {
                        let found = Self.whole(projection, c)
                        let scanned = Self.fullScan(projection, c)
                        #expect(found == scanned, "start \(n), \(count) points, step \(step): \(c): \(found) vs the full scan's \(scanned)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 4 * 5 * 150 * 4)
    }

    /// A course that passes the same place twice: equally near legs, the first is taken, as the full scan
    /// takes it, wherever the blocks fall.
    @Test func aCourseOverTheSamePointsTwiceTakesTheFirstPass() {
        let line = (0..<200).map { RoutePoint(coordinate: .init(latitude: 45, longitude: 13 + Double($0) * 0.0001)) }
        let there = line + line.reversed() + line
        let projection = CourseProjection(course: Route(points: there, segments: [0..<there.count], name: nil, source: Route.Source(kind: .tracks), measuredLegs: nil))
        for k in stride(from: 0, to: 200, by: 7) {
            let c = LocationCoordinate2D(latitude: 45.001, longitude: 13 + Double(k) * 0.0001 + 0.00003)
            #expect(Self.whole(projection, c) == Self.fullScan(projection, c))
            #expect(Self.whole(projection, c) < projection.along[200])
        }
    }
}
