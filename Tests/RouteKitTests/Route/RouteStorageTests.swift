import Foundation
import Testing
@testable import RouteKit
import RouteKitSupport

/// How routes are stored: points in 56 bytes and legs in 16 that give back every value as set (`nil`,
/// NaN and signed zeros included), and points collected while reading, with their legs measured on
/// another core, identical bit for bit to the points and legs measured after reading.
/// Points a collector's chunk holds.
private let chunk = RoutePointCollector.chunkCapacity

@Suite struct RouteStorageTests {
    @Test func pointsAndLegsAreCompact() {
        #expect(MemoryLayout<RoutePoint>.stride == 56)
        #expect(MemoryLayout<Route.Leg>.stride == 16)
    }

    @Test func everyPointValueComesBackAsSet() {
        var p = RoutePoint(latitude: 46.1, longitude: 14.5)
        #expect(p.elevation == nil && p.time == nil && p.heartRate == nil && p.cadence == nil && p.speed == nil)
        let values: [Double] = [0, -0.0, 1e308, -(Double.leastNormalMagnitude / 1024), .infinity, -.infinity, 1234.5678]  // a subnormal among them
        for v in values {
            p.elevation = v
            p.heartRate = v
            p.cadence = v
            p.speed = v
            p.time = Date(timeIntervalSinceReferenceDate: v)
            #expect(p.elevation?.bitPattern == v.bitPattern)
            #expect(p.heartRate?.bitPattern == v.bitPattern && p.cadence?.bitPattern == v.bitPattern && p.speed?.bitPattern == v.bitPattern)
            #expect(p.time?.timeIntervalSinceReferenceDate.bitPattern == v.bitPattern)
        }
        // A NaN is a value, not `nil`; it equals nothing, as an Optional NaN does.
        p.elevation = .nan
        #expect(p.elevation != nil && p.elevation!.isNaN)
        #expect(p != p)
        p.elevation = nil
        #expect(p.elevation == nil)
        let a = RoutePoint(latitude: 1, longitude: 2, elevation: nil)
        let b = RoutePoint(latitude: 1, longitude: 2, elevation: nil)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != RoutePoint(latitude: 1, longitude: 2, elevation: 0))
        #expect(Set([a, b, RoutePoint(latitude: 1, longitude: 2, elevation: 0)]).count == 2)
    }

    @Test func legsKeepTheirGapFlagAndDistance() {
        for distance in [0.0, 12.5, 1e7] {
            for gap in [false, true] {
                var leg = Route.Leg(distance: distance, heading: 90, isGap: gap)
                #expect(leg.distance == distance && leg.distance.sign == .plus && leg.isGap == gap && leg.heading == 90)
                leg.isGap.toggle()
                #expect(leg.isGap == !gap && leg.distance == distance)
                leg.distance = 3
                #expect(leg.isGap == !gap && leg.distance == 3)
            }
        }
        #expect(Route.Leg(distance: 0, heading: 1, isGap: true) != Route.Leg(distance: 0, heading: 1, isGap: false))
    }

    /// A winding walk of `count` points with every field set on some points.
    static func walk(_ count: Int) -> [RoutePoint] {
        var points: [RoutePoint] = []
        points.reserveCapacity(count)
        var lat = 46.0, lon = 14.0
        for i in 0..<count {
            lat += 0.00003 * cos(Double(i) / 500)
            lon += 0.00004 * sin(Double(i) / 700)
            var p = RoutePoint(latitude: lat, longitude: lon, elevation: i % 7 == 0 ? nil : Double(i % 1000),
                               time: Date(timeIntervalSinceReferenceDate: Double(i)))
            if i % 3 == 0 { p.heartRate = Double(100 + i % 50) }
            // Repeated positions: zero-length legs.
            if i % 101 == 0, let last = points.last { p.coordinate = last.coordinate }
            points.append(p)
        }
        return points
    }

    /// Points collected in chunks, their legs measured in the background or at the end (a file read on
    /// every core of a machine of two, said before the first point or after some), give the serial
    /// points and legs bit for bit, whatever the count against the chunks.
    @Test(arguments: [0, 1, 2, chunk - 1, chunk, chunk + 1, 2 * chunk + 5], [nil, 0, 10])
    func collectedPointsAndLegsAreTheSerialOnes(count: Int, everyCoreAfter: Int?) {
        let points = Self.walk(count)
        let collector = RoutePointCollector(measuresLegs: true)
        for (i, p) in points.enumerated() {
            if i == everyCoreAfter { Parallel.withCoreLimit(2) { collector.readsOnEveryCore() } }
            collector.append(p)
        }
        #expect(collector.count == count)
        let (collected, legs) = Parallel.withCoreLimit(2) { collector.finish() }
        #expect(collected == points)
        let serial = Route.measuredLegs(points, threads: 1)
        #expect(legs?.count == serial.count)
        #expect(legs.map { $0.map(\.distance.bitPattern) } == serial.map(\.distance.bitPattern))
        #expect(legs.map { $0.map(\.heading.bitPattern) } == serial.map(\.heading.bitPattern))
        let plain = RoutePointCollector(measuresLegs: false)
        for p in points.prefix(70_000) { plain.append(p) }
        let (_, none) = plain.finish()
        #expect(none == nil)
    }

    /// A second half collected on its own (a read-ahead thread's) and spliced in, then more points after
    /// it, gives the points and legs of collecting them all in one, bit for bit, wherever the halves
    /// fall against the chunks (either half empty, or a point, or a chunk and one more).
    /// Either as the read-ahead does it on a machine of two cores: both on every core (legs measured at
    /// the end), the second half's last chunk filed on its thread.
    @Test(arguments: [(0, chunk + 5, 3), (1, chunk + 5, 0), (chunk, chunk, 1), (chunk + 1, 2, chunk), (100, 0, 100), (chunk + 5, 1, 0)],
          [false, true])
    func splicedCollectorsGiveTheSerialPointsAndLegs(sizes: (first: Int, second: Int, after: Int), everyCore: Bool) {
        let (first, second, after) = sizes
        let points = Self.walk(first + second + after)
        for measuresLegs in [true, false] {
            let collector = RoutePointCollector(measuresLegs: measuresLegs)
            let ahead = RoutePointCollector(measuresLegs: measuresLegs)
            if everyCore { Parallel.withCoreLimit(2) { ahead.readsOnEveryCore() } }
            for p in points[..<first] { collector.append(p) }
            if everyCore { Parallel.withCoreLimit(2) { collector.readsOnEveryCore() } }
            for p in points[first..<(first + second)] { ahead.append(p) }
            if everyCore { ahead.fileCurrentChunk() }
            collector.append(contentsOf: ahead)
            #expect(ahead.count == 0 && collector.count == first + second)
            for p in points[(first + second)...] { collector.append(p) }
            let (collected, legs) = collector.finish()
            #expect(collected == points)
            guard measuresLegs else {
                #expect(legs == nil)
                continue
            }
            let serial = Route.measuredLegs(points, threads: 1)
            #expect(legs.map { $0.map(\.distance.bitPattern) } == serial.map(\.distance.bitPattern), "\(first) + \(second) + \(after)")
            #expect(legs.map { $0.map(\.heading.bitPattern) } == serial.map(\.heading.bitPattern))
        }
    }

    /// A collector dropped before it finishes (the byte scanner handing a file over to libxml2) waits
    /// for its background work and frees everything.
    @Test func aDroppedCollectorEndsCleanly() {
        for _ in 0..<3 {
            let collector = RoutePointCollector(measuresLegs: true)
            for p in Self.walk(3 * chunk) { collector.append(p) }
        }
    }

    /// A GPX file read with its legs measured while it is read gives the route measured after reading.
    @Test func aLargeGPXReadsToTheRouteMeasuredAfterwards() throws {
        let points = Self.walk(70_000)
        var gpx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for (i, p) in points.enumerated() {
            if i == 40_000 { gpx += "</trkseg><trkseg>\n" }
            gpx += "<trkpt lat=\"\(p.coordinate.latitude)\" lon=\"\(p.coordinate.longitude)\">" + (p.elevation.map { "<ele>\($0)</ele>" } ?? "") + "</trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("route-storage-\(getpid()).gpx")
        try Data(gpx.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let route = try GPXReader.read(contentsOf: url).route
        let after = Route(points: route.points, segments: route.segments, name: route.name, source: route.source, measuredLegs: nil)
        #expect(route.points.count == 70_000 && route.segments.count == 2)
        #expect(route.legs.map(\.distance.bitPattern) == after.legs.map(\.distance.bitPattern))
        #expect(route.legs.map(\.heading.bitPattern) == after.legs.map(\.heading.bitPattern))
        #expect(route.legs.map(\.isGap) == after.legs.map(\.isGap))
        #expect(route.cumulativeDistances.map(\.bitPattern) == after.cumulativeDistances.map(\.bitPattern))
    }
}
