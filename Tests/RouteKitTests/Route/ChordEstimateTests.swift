import Foundation
import Testing
@testable import RouteKit

/// The chord estimates of short geodesics (``ChordGeodesic``) stay within their stated bounds of PROJ's
/// exact geodesics, and the route preparation that uses them to skip exact geodesics (radial thinning,
/// Douglas-Peucker) keeps exactly the points that the plain exact algorithms keep.
@Suite struct ChordEstimateTests {
    /// Random lines of every length up to `maximum` metres from random starts up to `latitudes` degrees,
    /// ends placed by PROJ's direct problem: the estimate's distance and azimuth against PROJ's inverse.
    @Test(arguments: [(30.0, 89.5), (3_000.0, 89.5), (100_000.0, 89.5), (1_500_000.0, 89.5), (1_500_000.0, 10.0),
                      (300_000.0, 5.0)])
    func estimatesStayWithinTheirBounds(maximum: Double, latitudes: Double) {
        var generator = SplitMix64(seed: UInt64(maximum) ^ UInt64(latitudes * 10))
        var worstDistance = 0.0, worstSideways = 0.0, estimated = 0
        for _ in 0..<20_000 {
            let start = LocationCoordinate2D(latitude: (unit(&generator) * 2 - 1) * latitudes,
                                             longitude: (unit(&generator) * 2 - 1) * 180)
            let end = Geodesic.wgs84.direct(from: start, azimuth: (unit(&generator) * 2 - 1) * 180,
                                            distance: unit(&generator) * maximum).coordinate
            let exact = Geodesic.wgs84.inverse(from: start, to: end)
            guard let frame = ChordGeodesic(from: start),
                  let estimate = frame.estimate(to: ChordGeodesic.position(of: end)) else { continue }
            estimated += 1
            let azimuth = exact.initialAzimuth * .pi / 180
            // The angle between the estimated and exact directions, radians.
            let turn = abs(atan2(estimate.sinAzimuth * cos(azimuth) - estimate.cosAzimuth * sin(azimuth),
                                 estimate.cosAzimuth * cos(azimuth) + estimate.sinAzimuth * sin(azimuth)))
            let distanceRatio = abs(estimate.distance - exact.distance) / estimate.distanceError
            let sidewaysRatio = exact.distance == 0 ? 0 : turn * estimate.distance / estimate.sidewaysError
            worstDistance = max(worstDistance, distanceRatio)
            worstSideways = max(worstSideways, sidewaysRatio)
        }
        #expect(estimated > 19_000)
        // Within the bounds, with the margin the documentation states.
        #expect(worstDistance < 0.5, "distance error \(worstDistance) of its bound")
        #expect(worstSideways < 0.7, "sideways error \(worstSideways) of its bound")
    }

    @Test func beyondItsRangeThereIsNoEstimate() {
        #expect(ChordGeodesic(from: LocationCoordinate2D(latitude: 89.6, longitude: 0)) == nil)
        #expect(ChordGeodesic(from: LocationCoordinate2D(latitude: -90, longitude: 10)) == nil)
        let frame = ChordGeodesic(from: LocationCoordinate2D(latitude: 0, longitude: 0))!
        #expect(frame.estimate(to: ChordGeodesic.position(of: LocationCoordinate2D(latitude: 0, longitude: 14))) == nil)
        #expect(frame.estimate(to: ChordGeodesic.position(of: LocationCoordinate2D(latitude: 0, longitude: 13))) != nil)
        let same = frame.estimate(to: ChordGeodesic.position(of: LocationCoordinate2D(latitude: 0, longitude: 0)))!
        #expect(same.distance == 0 && same.cosAzimuth == 1)
    }

    // MARK: Douglas-Peucker and radial thinning against the plain exact algorithms

    /// Douglas-Peucker as it was written before the chord estimates: every point measured with an exact
    /// geodesic, the first farthest kept.
    static func plainDouglasPeucker(_ coordinates: [LocationCoordinate2D], elevations: [Double?], tolerance: Double) -> [Bool] {
        let n = coordinates.count
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        let heights = elevations.contains { $0 != nil } ? elevations : []
        var stack = [(0, n - 1)]
        while let (i, j) = stack.popLast() {
            guard j > i + 1 else { continue }
            let chord = Geodesic.wgs84.inverse(from: coordinates[i], to: coordinates[j])
            var largest = -1.0, farthest = -1
            for k in (i + 1)..<j {
                let p = Geodesic.wgs84.inverse(from: coordinates[i], to: coordinates[k])
                var d: Double
                if !heights.isEmpty, let ei = heights[i], let ej = heights[j], let ek = heights[k] {
                    let offset = Route.chordOffset(p, chord: chord)
                    let dz = ek - (ei + (ej - ei) * offset.fraction)
                    d = (offset.distance * offset.distance + dz * dz).squareRoot()
                } else {
                    d = Route.distanceFromChord(p, chord: chord)
                }
                if d > largest { largest = d; farthest = k }
            }
            guard largest > tolerance else { continue }
            keep[farthest] = true
            stack.append((i, farthest))
            stack.append((farthest, j))
        }
        return keep
    }

    /// Radial thinning as it was written before the chord estimates.
    static func plainRadialThinning(_ points: [RoutePoint], radius: Double) -> [Int] {
        guard points.count > 2, radius > 0 else { return Array(points.indices) }
        var result = [0]
        var last = points[0]
        for k in 1..<(points.count - 1) {
            let p = points[k]
            let d = Geodesic.wgs84.inverse(from: last.coordinate, to: p.coordinate).distance
            var d3 = d
            if let e = p.elevation, let le = last.elevation {
                let dz = e - le
                d3 = (d * d + dz * dz).squareRoot()
            }
            if d3 > radius {
                result.append(k)
                last = p
            }
        }
        result.append(points.count - 1)
        return result
    }

    /// Test routes that make decisions hard: a zigzag whose corners all stand exactly as far from the
    /// chord (ties everywhere), points a hair either side of a threshold, a closed loop, a route across
    /// the antimeridian, one near a pole (beyond the estimates' latitudes), long legs, and heights
    /// missing on some points.
    static func hardRoutes() -> [(name: String, points: [RoutePoint])] {
        var generator = SplitMix64(seed: 99)
        func walk(_ count: Int, lat: Double, lon: Double, step: Double, turn: Double, heights: Bool) -> [RoutePoint] {
            var points: [RoutePoint] = []
            var position = LocationCoordinate2D(latitude: lat, longitude: lon), azimuth = 40.0
            for i in 0..<count {
                azimuth += (unit(&generator) - 0.5) * turn
                position = Geodesic.wgs84.direct(from: position, azimuth: azimuth, distance: step * (0.5 + unit(&generator))).coordinate
                let elevation: Double? = heights && i % 17 != 3 ? 300 + 80 * sin(Double(i) / 40) + unit(&generator) : nil
                points.append(RoutePoint(coordinate: position, elevation: elevation))
            }
            return points
        }
        var zigzag: [RoutePoint] = []
        for i in 0..<400 {
            // Corners 0.0003 degrees either side of the equator: the same distance from the chord.
            zigzag.append(RoutePoint(latitude: i % 2 == 0 ? 0.0003 : -0.0003, longitude: Double(i) * 0.0001,
                                     elevation: i % 3 == 0 ? 10 : 10.5))
        }
        var loop: [RoutePoint] = []
        for i in 0...300 {
            let a = Double(i) / 300 * 2 * .pi
            loop.append(RoutePoint(latitude: 45 + 0.01 * sin(a), longitude: 7 + 0.014 * (1 - cos(a)), elevation: 1000 + 5 * sin(3 * a)))
        }
        return [
            ("zigzag", zigzag),
            ("loop", loop),
            ("dense walk", walk(6_000, lat: 46.2, lon: 13.5, step: 6, turn: 0.6, heights: true)),
            ("antimeridian", walk(3_000, lat: -17, lon: 179.9, step: 20, turn: 0.3, heights: true)),
            ("polar", walk(3_000, lat: 89.4, lon: 0, step: 30, turn: 0.4, heights: true)),
            ("long legs", walk(400, lat: 10, lon: 20, step: 40_000, turn: 0.8, heights: false)),
        ]
    }

    @Test func douglasPeuckerKeepsThePlainAlgorithmsPoints() throws {
        var cases = Self.hardRoutes()
        if let directory = Fixtures.real("gpx") {
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".gpx") }).sorted() {
                if let route = try? RouteFile.load(path: directory.appendingPathComponent(file).path), route.points.count > 2 {
                    cases.append((file, route.points))
                }
            }
        }
        for (name, points) in cases {
            let coordinates = points.map(\.coordinate)
            for heights in [[], points.map(\.elevation)] {
                for tolerance in [0.0, 1e-4, 2.0, 30.0, 400.0] {
                    let plain = Self.plainDouglasPeucker(coordinates, elevations: heights, tolerance: tolerance)
                    for (threads, splitAbove) in [(1, 65_536), (2, 64)] {
                        let got = Route.douglasPeucker(coordinates, elevations: heights, tolerance: tolerance,
                                                       threads: threads, splitAbove: splitAbove)
                        #expect(got == plain, "\(name), 3D \(!heights.isEmpty), tolerance \(tolerance), threads \(threads)")
                    }
                }
            }
        }
    }

    /// The zigzag's corners are all at one distance from the chord up to rounding: the first of the
    /// farthest is kept, as the plain scan keeps it (here the second point).
    @Test func tiesGoToTheFirstFarthestPoint() {
        let zigzag = Self.hardRoutes()[0].points.prefix(5).map(\.coordinate)
        let keep = Route.douglasPeucker(Array(zigzag), tolerance: 1)
        #expect(keep == Self.plainDouglasPeucker(Array(zigzag), elevations: [], tolerance: 1))
        #expect(keep.filter { $0 }.count > 2)
    }

    /// The radial pass on two cores (``RadialThinning``): the second half walked as if its first point
    /// were kept, the first walk going on until the two agree, split at every point of the hard routes:
    /// the plain algorithm's points every time.
    @Test func radialThinningSplitAnywhereKeepsThePlainAlgorithmsPoints() {
        var agreedLate = 0
        for (name, points) in Self.hardRoutes() {
            let indices = Array(points.indices)
            for radius in [0.5, 25.0, 2_000.0] {
                let plain = Self.plainRadialThinning(points, radius: radius)
                for split in stride(from: 2, to: points.count - 1, by: max(1, points.count / 150)) {
                    let got = RadialThinning.thinned(indices, of: points, radius: radius, keepingStops: false, splitAt: split)
                        + [points.count - 1]
                    #expect(got == plain, "\(name), radius \(radius), split at \(split)")
                    // Splits where the walk from the split point keeps points the serial walk does not.
                    if !plain.contains(split) { agreedLate += 1 }
                }
            }
        }
        #expect(agreedLate > 100, "only \(agreedLate) splits began at a point the serial walk drops")
    }

    @Test func radialThinningKeepsThePlainAlgorithmsPoints() throws {
        for (name, points) in Self.hardRoutes() {
            let route = Route(segments: [points], source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!
            for radius in [0.5, 6.0, 6.000001, 25.0, 2_000.0] {
                let got = route.radiallyThinned(Array(points.indices), radius: radius, keepingStops: false)
                #expect(got == Self.plainRadialThinning(points, radius: radius), "\(name), radius \(radius)")
            }
        }
    }
}

/// Uniform in [0, 1).
private func unit(_ generator: inout SplitMix64) -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
