import Foundation
import Testing
@testable import RouteKitGeodesy

/// The closed-form short lines against PROJ's `geod_inverse` (Karney 2013), the independent solution.
@Suite struct ShortLineInverseTests {
    private static let wgs84 = ShortLineInverse(equatorialRadius: Geodesic.wgs84EquatorialRadius,
                                                flattening: Geodesic.wgs84Flattening)!

    /// A random line: a start up to 89.4 degrees (longitudes as files write them, beyond ±180 too), an
    /// azimuth and a length (short ones most), its end found by PROJ's `geod_direct`, both ends rounded
    /// to 7 decimals as GPS files write them.
    private static func randomLine(on geodesic: Geodesic, _ rng: inout SplitMix64, longest: Double)
        -> (LocationCoordinate2D, LocationCoordinate2D) {
        let start = LocationCoordinate2D(latitude: Double.random(in: -89.4...89.4, using: &rng),
                                         longitude: Double.random(in: -540...540, using: &rng))
        let length = longest * pow(Double.random(in: 0...1, using: &rng), 3)
        let azimuth = Double.random(in: -180...180, using: &rng)
        let end = geodesic.direct(from: start, azimuth: azimuth, distance: length).coordinate
        func rounded(_ c: LocationCoordinate2D) -> LocationCoordinate2D {
            LocationCoordinate2D(latitude: (c.latitude * 1e7).rounded() / 1e7, longitude: (c.longitude * 1e7).rounded() / 1e7)
        }
        return (rounded(start), rounded(end))
    }

    /// The largest differences from PROJ over random lines the solver takes: in length, and the
    /// sideways miss at the far end of each azimuth (its difference times the length), metres.
    private struct Worst {
        var length = 0.0
        var sideways = 0.0
        var solved = 0
    }

    private static func worst(_ solver: ShortLineInverse, against geodesic: Geodesic, count: Int, longest: Double,
                              seed: UInt64) -> Worst {
        var rng = SplitMix64(seed: seed)
        var worst = Worst()
        for _ in 0..<count {
            let (start, end) = randomLine(on: geodesic, &rng, longest: longest)
            guard let line = solver.inverse(from: start, to: end) else { continue }
            let karney = geodesic.karneyInverse(from: start, to: end)
            worst.solved += 1
            worst.length = max(worst.length, abs(line.distance - karney.distance))
            for (a, b) in [(line.initialAzimuth, karney.initialAzimuth), (line.finalAzimuth, karney.finalAzimuth)] {
                worst.sideways = max(worst.sideways, angularDistance(a, b) * .pi / 180 * karney.distance)
            }
        }
        return worst
    }

    @Test func gpsLegsAgreeWithKarneyToPROJsRounding() {
        // PROJ's own rounding is about 3 nm on these (80-bit arithmetic gives the closed form to 1e-12 m).
        let worst = Self.worst(Self.wgs84, against: .wgs84, count: 200_000, longest: 100, seed: 1)
        #expect(worst.solved > 195_000)  // the others coincide once rounded, or are far from the start at 89 degrees
        #expect(worst.length <= 5e-9, "length differs by \(worst.length) m")
        #expect(worst.sideways <= 5e-9, "azimuth misses by \(worst.sideways) m")
    }

    @Test func linesToTheEdgeOfTheDomainAgreeWithKarney() {
        // Up to 3 km, so past the domain's 0.02 degrees: without the geodesic's turn from the normal
        // section the azimuths would miss by 1e-7 m at 2 km, without the arc's curvature the length by 8e-6 m.
        let worst = Self.worst(Self.wgs84, against: .wgs84, count: 100_000, longest: 3_000, seed: 2)
        #expect(worst.solved > 60_000)
        #expect(worst.length <= 5e-9, "length differs by \(worst.length) m")
        #expect(worst.sideways <= 5e-9, "azimuth misses by \(worst.sideways) m")
    }

    @Test func onASphereAgreesWithKarney() throws {
        let sphere = Geodesic(equatorialRadius: 6_371_000, flattening: 0)
        let solver = try #require(ShortLineInverse(equatorialRadius: 6_371_000, flattening: 0))
        let worst = Self.worst(solver, against: sphere, count: 50_000, longest: 2_000, seed: 3)
        #expect(worst.solved > 30_000)
        #expect(worst.length <= 5e-9, "length differs by \(worst.length) m")
        #expect(worst.sideways <= 5e-9, "azimuth misses by \(worst.sideways) m")
    }

    @Test func acrossTheAntimeridianAndBeyond180() {
        let pairs: [(LocationCoordinate2D, LocationCoordinate2D)] = [
            (.init(latitude: 10, longitude: 179.99999), .init(latitude: 10.00001, longitude: -179.99999)),
            (.init(latitude: -33, longitude: -180), .init(latitude: -33.0001, longitude: 179.9999)),
            (.init(latitude: 47, longitude: 540.0000001), .init(latitude: 47.0000002, longitude: 180)),
            (.init(latitude: 47, longitude: -719.99995), .init(latitude: 47.00003, longitude: 0.00001)),
        ]
        for (a, b) in pairs {
            guard let line = Self.wgs84.inverse(from: a, to: b) else {
                Issue.record("\(a) to \(b) is a short line")
                continue
            }
            let karney = Geodesic.wgs84.karneyInverse(from: a, to: b)
            #expect(abs(line.distance - karney.distance) <= 5e-9, "\(a) to \(b): \(line.distance) vs \(karney.distance)")
            #expect(angularDistance(line.initialAzimuth, karney.initialAzimuth) * .pi / 180 * karney.distance <= 5e-9)
        }
    }

    @Test func outsideTheDomainIsLeftToPROJ() {
        let p = LocationCoordinate2D(latitude: 46.5, longitude: 13.7)
        let cases: [LocationCoordinate2D] = [
            p,                                                   // the same point: PROJ's azimuth convention
            .init(latitude: 46.5201, longitude: 13.7),           // 0.0201 degrees north
            .init(latitude: 46.5, longitude: 13.6799),           // 0.0201 degrees west
            .init(latitude: .nan, longitude: 13.7),
            .init(latitude: 46.5, longitude: 13.7 + 1e-101),     // too close: the chord's squares underflow
        ]
        for q in cases {
            #expect(Self.wgs84.inverse(from: p, to: q) == nil, "\(q)")
            let both = Geodesic.wgs84.inverse(from: p, to: q), karney = Geodesic.wgs84.karneyInverse(from: p, to: q)
            #expect(both.distance.isNaN ? karney.distance.isNaN : both == karney, "\(q)")
        }
        // Files can write such numbers: never a NaN from the closed form (PROJ gives 0 and finite azimuths).
        for (a, b) in [((0.0, 0.0), (Double.leastNormalMagnitude * 1e-12, 0.0)), ((10.0, 0.0), (10.0, 1e-200))] {
            let line = Geodesic.wgs84.inverse(from: .init(latitude: a.0, longitude: a.1), to: .init(latitude: b.0, longitude: b.1))
            #expect(line.distance.isFinite && line.initialAzimuth.isFinite && line.finalAzimuth.isFinite, "\(line)")
        }
        #expect(Self.wgs84.inverse(from: .init(latitude: 89.6, longitude: 0), to: .init(latitude: 89.59, longitude: 0.01)) == nil)
        #expect(ShortLineInverse(equatorialRadius: 6_378_137, flattening: -0.003) == nil)  // prolate
        #expect(ShortLineInverse(equatorialRadius: 6_378_137, flattening: 0.02) == nil)
    }

    @Test func routeLegsUseTheClosedForm() {
        let a = LocationCoordinate2D(latitude: 47.3769, longitude: 8.5417)
        let b = LocationCoordinate2D(latitude: 47.37695, longitude: 8.54178)
        #expect(Geodesic.wgs84.inverse(from: a, to: b) == Self.wgs84.inverse(from: a, to: b))
    }

    /// Two lines solved side by side give each line's values alone, bit for bit, whichever is beside it:
    /// another short line, a long one left to PROJ, or the same line.
    @Test func linesInPairsAreTheLinesAlone() {
        var rng = SplitMix64(seed: 8)
        for k in 0..<20_000 {
            let first = Self.randomLine(on: .wgs84, &rng, longest: 100)
            let second = Self.randomLine(on: .wgs84, &rng, longest: k % 3 == 0 ? 50_000 : 100)
            let pair = Geodesic.wgs84.lengthsAndAzimuths(from: (first.0, second.0), to: (first.1, second.1))
            for (line, (start, end)) in [(pair.0, first), (pair.1, second)] {
                let alone = Geodesic.wgs84.lengthAndAzimuth(from: start, to: end)
                #expect(line.distance.bitPattern == alone.distance.bitPattern && line.azimuth.bitPattern == alone.azimuth.bitPattern,
                        "\(start) -> \(end)")
            }
        }
    }

    @Test func lengthAndAzimuthAreTheInversesValues() {
        var rng = SplitMix64(seed: 7)
        var solved = 0
        for _ in 0..<20_000 {
            // Short lines (the closed form) and lines of up to 50 km (PROJ, past the domain).
            let (start, end) = Self.randomLine(on: .wgs84, &rng, longest: solved % 2 == 0 ? 100 : 50_000)
            let inverse = Geodesic.wgs84.inverse(from: start, to: end)
            let line = Geodesic.wgs84.lengthAndAzimuth(from: start, to: end)
            #expect(line.distance == inverse.distance && line.azimuth == inverse.initialAzimuth, "\(start) -> \(end)")
            solved += 1
        }
    }

    /// The series for small angles against glibc's `sin` and `cos` over the domain's half-differences:
    /// at most one last bit apart, and that rarely.
    @Test func smallAngleSeriesAgreeWithLibm() {
        var rng = SplitMix64(seed: 11)
        var differing = 0
        let count = 1_000_000
        for k in 0..<count {
            // Uniform in the domain, and spread over magnitudes down to 1e-14 radians.
            let x = k % 2 == 0 ? Double.random(in: -1.75e-4...1.75e-4, using: &rng)
                : 1.75e-4 * pow(10, -Double.random(in: 0...10, using: &rng)) * (k % 4 == 1 ? 1 : -1)
            let (lanes, other) = ShortLineInverse.smallAngleSinCos(ShortLineInverse.Lanes(x, -x))
            let (s, c) = (lanes[0], other[0])
            #expect(lanes[1] == -s && other[1] == c)
            #expect(abs(s - sin(x)) <= sin(x).magnitude.ulp && abs(c - cos(x)) <= cos(x).ulp, "x = \(x)")
            if s != sin(x) || c != cos(x) { differing += 1 }
        }
        #expect(differing <= count / 1000, "\(differing) of \(count) differ in the last bit")
    }
}
