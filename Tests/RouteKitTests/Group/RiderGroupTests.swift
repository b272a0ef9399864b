import Foundation
import Testing
@testable import RouteKit

/// Riders on one clock. Validation names the rider at fault; positions are interpolated
/// between recorded times and held outside them; a real track copied with a known shift in time and
/// space, re-aligned by its clock offset, rides exactly beside the original.
@Suite struct RiderGroupTests {
    static func route(_ times: [Double?], name: String = "r") -> Route {
        let points = times.enumerated().map { k, t in
            RoutePoint(latitude: 46, longitude: 14 + 0.001 * Double(k), elevation: 100 + Double(k),
                       time: t.map { GroupTestSupport.gun.addingTimeInterval($0) })
        }
        return Route(segments: [points], name: name, source: Route.Source(kind: .tracks))!
    }

    @Test func validationNamesTheRiderAtFault() {
        let timed = Self.route([0, 10, 20])
        #expect(throws: RiderGroupError.noRiders) { try RiderGroup(riders: []).validate() }
        #expect(throws: RiderGroupError.emptyName(index: 1)) {
            try RiderGroup(riders: [.init(name: "a", route: timed), .init(name: "", route: timed)]).validate()
        }
        #expect(throws: RiderGroupError.duplicateName("a", first: 0, second: 2)) {
            try RiderGroup(riders: [.init(name: "a", route: timed), .init(name: "b", route: timed), .init(name: "a", route: timed)]).validate()
        }
        #expect(throws: RiderGroupError.untimedRider("walker.gpx", timedPoints: 1, points: 3)) {
            try RiderGroup(riders: [.init(name: "a", route: timed), .init(name: "walker.gpx", route: Self.route([nil, 5, nil]))]).clock()
        }
        #expect(throws: RiderGroupError.invalidClockOffset("a", .infinity)) {
            try RiderGroup(riders: [.init(name: "a", route: timed, clockOffset: .infinity)]).validate()
        }
        #expect(RiderGroupError.untimedRider("walker.gpx", timedPoints: 0, points: 3).description.contains("'walker.gpx'"))
        let group = RiderGroup(riders: [.init(name: "a", route: timed), .init(name: "b", route: timed)])
        #expect(throws: GroupFlightError.group(.unknownRider("c", names: ["a", "b"]))) {
            try GroupFlightPlanner(preset: .follow(.name("c"))).plan(for: group)
        }
    }

    /// Two riders, one 30 s late by its own clock (offset +30): the clock spans both; positions are
    /// interpolated, held and inactive outside each rider's times. A partly timed route (the middle
    /// point untimed) is timed by distance between its timed neighbours, as recorded timing does.
    @Test func theSharedClock() throws {
        let a = Self.route([0, 10, 20]), b = Self.route([0, nil, 40])
        let clock = try RiderGroup(riders: [.init(name: "a", route: a), .init(name: "b", route: b, clockOffset: 30)]).clock()
        #expect(clock.start == GroupTestSupport.gun)
        #expect(clock.end == GroupTestSupport.gun.addingTimeInterval(70))
        #expect(clock.startTime(ofRider: 1) == 30 && clock.endTime(ofRider: 1) == 70)
        // a at 15 s: halfway between points 1 and 2.
        let p = clock.position(of: 0, at: GroupTestSupport.gun.addingTimeInterval(15))
        #expect(abs(p.coordinate.longitude - 14.0015) < 1e-12 && abs(p.elevation - 101.5) < 1e-9 && p.isActive)
        // b before its start: held at its first point, inactive; b's untimed middle point is reached
        // at 30 + 20 s (equal legs).
        let early = clock.position(of: 1, atClockTime: 10)
        #expect(early.coordinate.longitude == 14 && !early.isActive)
        let middle = clock.position(of: 1, atClockTime: 50)
        #expect(abs(middle.coordinate.longitude - 14.001) < 1e-9 && middle.isActive)
        // a after its end: held at its last point, inactive.
        let late = clock.position(of: 0, atClockTime: 60)
        #expect(late.coordinate.longitude == 14.002 && late.elevation == 102 && !late.isActive)
        #expect(try RiderGroup(riders: [.init(name: "a", route: a)]).position(of: 0, at: GroupTestSupport.gun) == clock.position(of: 0, atClockTime: 0))
    }

    /// gpxpy's Cerknica lake hike (Apache-2.0; ../shared/real/SOURCES.md), and a copy of it recorded
    /// one hour later by its clock and 0.001 degrees further north: with a clock offset of -3600 s the
    /// copy rides exactly 0.001 degrees north of the original at every frame, and the original is at
    /// each of its recorded points at that point's recorded time.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func aShiftedCopyRidesExactlyBesideTheOriginal() throws {
        guard let url = Fixtures.real("gpx/gpxpy-cerknicko-jezero.gpx") else { return }
        let original = try #require(readRoute(url).value).route
        let shift = 3600.0, north = 0.001
        let copied = original.segments.map { range in
            original.points[range].map { p -> RoutePoint in
                var q = p
                q.coordinate = LocationCoordinate2D(latitude: p.coordinate.latitude + north, longitude: p.coordinate.longitude)
                q.time = p.time?.addingTimeInterval(shift)
                return q
            }
        }
        let copy = Route(segments: copied, name: "copy", source: original.source)!
        let group = RiderGroup(riders: [.init(name: "original", route: original),
                                        .init(name: "copy", route: copy, clockOffset: -shift)])
        let clock = try group.clock()
        let firstTime = try #require(original.points[0].time)
        #expect(clock.start == firstTime)
        // The original at its recorded points (up to the file's first step that does not go forward).
        var checked = 0
        for k in original.points.indices {
            guard let t = original.points[k].time, k == 0 || t > original.points[k - 1].time! else { break }
            let p = clock.position(of: 0, at: t)
            #expect(p.coordinate == original.points[k].coordinate, "point \(k)")
            checked += 1
        }
        #expect(checked > 100)

        var options = FlightOptions()
        options.speedup = 60
        let flight = try GroupFlightPlanner(preset: .follow(.name("original")), options: options).plan(for: group)
        var frames = 0, worst = 0.0
        _ = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: nil) { pose in
            let a = pose.riders[0], b = pose.riders[1]
            worst = max(worst, abs(b.coordinate.latitude - north - a.coordinate.latitude),
                        abs(b.coordinate.longitude - a.coordinate.longitude), abs(b.elevation - a.elevation))
            #expect(a.isActive == b.isActive)
            frames += 1
            return true
        }
        print("real group: \(frames) frames; largest difference from the exact shift \(worst) degrees (or metres of elevation)")
        #expect(frames > 1000)
        #expect(worst < 1e-9)
        // The real group moves as the single-route presets do: no motion warning, for every preset.
        for preset in [GroupPreset.follow(.name("original")), .frameAll, .leader] {
            let planned = try GroupFlightPlanner(preset: preset, options: options).plan(for: group)
            let problems = MotionCheck.check(planned.flight, framesPerSecond: 30).findings.filter { $0.severity >= .warning }
            #expect(problems.isEmpty, "\(preset): \(problems.map(\.message))")
        }
    }
}
