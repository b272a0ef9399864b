import Foundation
import Testing
@testable import RouteKit

private func point(_ lat: Double, _ lon: Double, time: Double? = nil, elevation: Double? = nil) -> RoutePoint {
    RoutePoint(latitude: lat, longitude: lon, elevation: elevation, time: time.map { Date(timeIntervalSince1970: $0) })
}

private func flight(_ route: Route, _ configure: (inout FlightOptions) -> Void) throws -> ScriptedFlight {
    var options = FlightOptions()
    configure(&options)
    let plan = try FlightPlanner(options: options).plan(for: route)
    return try plan.script.resolved(for: route, framing: options.framing)
}

@Suite struct FlightPlannerTests {
    /// An uneven polyline going east along the equator: legs of 0.01, 0.03 and 0.06 degrees.
    /// GeodSolve -i: 0.01 degree of the equator is 1113.19490793 m, so the legs are 1113.195, 3339.585
    /// and 6679.169 m (proportional to 1 : 3 : 6 because the equator is a circle on the ellipsoid).
    let uneven = Route(segments: [[point(0, 0), point(0, 0.01), point(0, 0.04), point(0, 0.10)]],
                       source: .init(kind: .tracks))!

    @Test func constantGroundSpeedReachesEachPointAtItsShareOfTheDuration() throws {
        // With --timing distance --duration S (no intro/outro), the centre reaches the point at
        // distance d along the route at S * d / length: here at 10 * (0, 1, 4, 10) / 10 s.
        let f = try flight(uneven) { $0.intro = 0; $0.outro = 0; $0.duration = 10; $0.simplify = 0; $0.timing = .distance }
        #expect(isClose(f.duration, 10, absolute: 1e-12))
        for (t, lon) in [(0.0, 0.0), (1, 0.01), (4, 0.04), (10, 0.10), (2.5, 0.025), (7, 0.07)] {
            let c = f.camera.value(time: t).centerCoordinate
            #expect(isClose(c.longitude, lon, absolute: 1e-12), "t = \(t)")
            #expect(abs(c.latitude) < 1e-12)
        }
        // It moves from the very first frame (linear keyframes: no ease-in): 0.001 degrees per 0.1 s.
        #expect(isClose(f.camera.value(time: 0.1).centerCoordinate.longitude, 0.001, absolute: 1e-12))
    }

    @Test func recordedTimingPutsRouteTimeOnPoseTime() throws {
        // Times 0, 10, 70 (a slow minute), 75 s; with speedup 1 and no intro, pose time t = route time t.
        // The centre starts and ends on the route's ends exactly, is on the rider wherever the pace is
        // steady (mid-leg), and rounds the corners where the pace or direction changes, staying within a
        // tenth of a screen height of the rider (FollowTrack).
        let route = Route(segments: [[point(46, 14, time: 1000), point(46, 14.001, time: 1010), point(46.001, 14.001, time: 1070),
                                      point(46.002, 14.001, time: 1075)]], source: .init(kind: .tracks))!
        let f = try flight(route) { $0.intro = 0; $0.outro = 0; $0.simplify = 0; $0.timing = .recorded }
        #expect(isClose(f.duration, 75, absolute: 1e-9))
        func screenHeight(_ t: Double) -> Double {
            2 * f.camera.value(time: t).distance * tan(FlightOptions().framing.verticalFieldOfView * .pi / 360)
        }
        for (t, k) in [(0.0, 0), (75, 3)] {
            let c = f.camera.value(time: t).centerCoordinate
            #expect(isClose(c.latitude, route.points[k].coordinate.latitude, absolute: 1e-12), "t = \(t)")
            #expect(isClose(c.longitude, route.points[k].coordinate.longitude, absolute: 1e-12), "t = \(t)")
        }
        for (t, lat, lon) in [(5.0, 46.0, 14.0005), (40, 46.0005, 14.001)] {
            let c = f.camera.value(time: t).centerCoordinate
            #expect(isClose(c.latitude, lat, absolute: 1e-9) && isClose(c.longitude, lon, absolute: 1e-9), "t = \(t): \(c)")
        }
        for (t, k) in [(10.0, 1), (70, 2)] {
            let c = f.camera.value(time: t).centerCoordinate
            let off = Geodesic.wgs84.inverse(from: c, to: route.points[k].coordinate).distance
            #expect(off < 0.1 * screenHeight(t), "t = \(t): \(off) m from the rider")
        }
        // Speed-up 5: point 2 at 14 s; skip idle over 30 s: the 60 s step takes 1 s, point 3 at 10 + 1 + 5.
        let fast = try flight(route) { $0.intro = 0; $0.outro = 0; $0.simplify = 0; $0.timing = .recorded; $0.speedup = 5 }
        #expect(isClose(fast.duration, 15, absolute: 1e-9))
        let skipped = try flight(route) { $0.intro = 0; $0.outro = 0; $0.simplify = 0; $0.timing = .recorded; $0.skipIdle = 30 }
        #expect(isClose(skipped.duration, 16, absolute: 1e-9))
        let c = skipped.camera.value(time: 11).centerCoordinate
        let off = Geodesic.wgs84.inverse(from: c, to: route.points[2].coordinate).distance
        let h = 2 * skipped.camera.value(time: 11).distance * tan(FlightOptions().framing.verticalFieldOfView * .pi / 360)
        #expect(off < 0.1 * h, "\(off) m from the rider")
    }

    /// Options a library caller sets out of range are thrown back, named, instead of trapping in a
    /// precondition deeper down (a duration of -1 reached FlightTiming's).
    @Test func optionsOutOfRangeAreThrownNotTrapped() {
        let cases: [(WritableKeyPath<FlightOptions, Double?>, Double, String)] = [
            (\.duration, -1, "duration"), (\.duration, .nan, "duration"), (\.speedup, 0, "speedup"),
            (\.distance, -5, "distance"), (\.pitch, 120, "pitch"), (\.lookAhead, .infinity, "lookAhead"),
        ]
        for (path, value, name) in cases {
            var options = FlightOptions()
            options[keyPath: path] = value
            do {
                _ = try FlightPlanner(options: options).plan(for: uneven)
                Issue.record("\(name) = \(value) was planned")
            } catch {
                guard case .invalidOption(let n, _, _) = error else { Issue.record("\(error)"); continue }
                #expect(n == name)
            }
        }
        var options = FlightOptions()
        options.rho = 0
        #expect(throws: FlightPlanError.self) { try FlightPlanner(options: options).plan(for: uneven) }
    }

    @Test func recordedTimingOnAnUntimedRouteSuggestsDistance() {
        var options = FlightOptions()
        options.timing = .recorded
        #expect(throws: FlightPlanError.untimedRoute(timedPoints: 0, points: 4)) {
            try FlightPlanner(options: options).plan(for: uneven)
        }
        // The library says what would help; route-fly names its option (ErrorPresentation).
        #expect(FlightPlanError.untimedRoute(timedPoints: 0, points: 4).description.contains("use distance timing"))
    }

    @Test func headingsNeverStepOverHalfATurnAcrossNorthOrAtStops() throws {
        // Zigzag north across heading 0/360 with a stop (repeated points) in the middle.
        var points: [RoutePoint] = []
        for i in 0..<40 {
            let lon = i % 2 == 0 ? 0.0 : 0.0004
            points.append(point(60 + Double(i) * 0.002, lon))
            if i == 20 { for _ in 0..<10 { points.append(point(60 + Double(i) * 0.002, lon)) } }
        }
        let route = Route(segments: [points], source: .init(kind: .tracks))!
        let f = try flight(route) { $0.simplify = 0 }
        let poses = PoseSampler(framesPerSecond: 30).poses(of: f.camera)
        for (a, b) in zip(poses, poses.dropFirst()) {
            #expect(angularDistance(a.camera.heading, b.camera.heading) < 10, "frame \(b.frame)")
        }
        // While following (after the 3 s intro, before the outro), the camera faces roughly north.
        for pose in poses where pose.time > 3.5 && pose.time < 32 {
            #expect(angularDistance(pose.camera.heading, 0) < 30, "frame \(pose.frame): \(pose.camera.heading)")
        }
    }

    @Test func antimeridianFollowStaysNearTheAntimeridian() throws {
        let route = Route(segments: [[point(-17, 179.6), point(-17.05, 179.9), point(-17.1, -179.8), point(-17.2, -179.5)]],
                          source: .init(kind: .tracks))!
        let f = try flight(route) { _ in }
        let poses = PoseSampler(framesPerSecond: 10).poses(of: f.camera)
        #expect(poses.allSatisfy { abs($0.camera.centerCoordinate.longitude) > 179 })
        #expect(route.boundingBox.crossesAntimeridian)
    }

    @Test func followFliesInFromTheFramingCameraAndBack() throws {
        let f = try flight(uneven) { $0.simplify = 0; $0.duration = 10; $0.distance = 500; $0.pitch = 50; $0.intro = 3; $0.outro = 3; $0.maxTurnRate = 60 }
        let framed = CameraFraming().camera(framing: uneven.rect)
        #expect(f.initialCamera == framed)
        #expect(isClose(f.duration, 3 + 10 + 3, absolute: 1e-9))
        // At the end of the intro: on the first point, at the follow distance and pitch, facing east.
        let c = f.camera.value(time: 3)
        #expect(isClose(c.centerCoordinate.longitude, 0, absolute: 1e-12))
        #expect(isClose(c.distance, 500, absolute: 1e-9))
        #expect(isClose(c.pitch, 50, absolute: 1e-9))  // eased in and out, arriving exactly
        #expect(isClose(Angles.normalizedHeading(c.heading), 90, absolute: 1e-6))
        // After the outro: back at the framing camera, north up, looking down.
        let end = f.camera.value(time: 16)
        #expect(isClose(end.distance, framed.distance, relative: 1e-12))
        #expect(isClose(Angles.normalizedHeading(end.heading), 0, absolute: 1e-9) || isClose(Angles.normalizedHeading(end.heading), 360, absolute: 1e-9))
        #expect(end.pitch == 0)
        // The intro zooms out less than van Wijk's peak ever exceeds the larger end width: no NaN, finite.
        let poses = PoseSampler(framesPerSecond: 30).poses(of: f.camera)
        #expect(poses.allSatisfy { $0.camera.distance.isFinite && $0.camera.distance > 0 })
    }

    @Test func gapsAreCutHeldOrFlown() throws {
        // Two segments 0.5 degrees (55.7 km) apart, recorded 100 s apart.
        let route = Route(segments: [[point(0, 0, time: 0), point(0, 0.001, time: 10)],
                                     [point(0, 0.5, time: 110), point(0, 0.501, time: 120)]],
                          source: .init(kind: .tracks))!
        func planned(_ gaps: FlightOptions.Gaps) throws -> ScriptedFlight {
            try flight(route) { $0.intro = 0; $0.outro = 0; $0.simplify = 0; $0.timing = .recorded; $0.gaps = gaps; $0.distance = 1000 }
        }
        // cut: the gap takes no time; the camera jumps.
        let cut = try planned(.cut)
        #expect(isClose(cut.duration, 20, absolute: 1e-9))
        #expect(isClose(cut.camera.value(time: 10.001).centerCoordinate.longitude, 0.5 + 0.001 * 0.001 / 10, absolute: 1e-12))
        // hold: waits 100 s at the end of the first segment, then jumps.
        let hold = try planned(.hold)
        #expect(isClose(hold.duration, 120, absolute: 1e-9))
        #expect(isClose(hold.camera.value(time: 60).centerCoordinate.longitude, 0.001, absolute: 1e-12))
        // fly: a van Wijk flight that zooms out well beyond the follow distance half way across.
        let fly = try planned(.fly)
        #expect(isClose(fly.duration, 120, absolute: 1e-9))
        let middle = fly.camera.value(time: 60)
        #expect(middle.distance > 5000)
        #expect(middle.centerCoordinate.longitude > 0.1 && middle.centerCoordinate.longitude < 0.4)
    }

    @Test func orbitTurnsOnceAndOverviewDrifts() throws {
        let orbit = try flight(uneven) { $0.preset = .orbit; $0.duration = 8 }
        let headings = PoseSampler(framesPerSecond: 4).poses(of: orbit.camera).map(\.camera.heading)
        #expect(headings.count == 33)
        // An eased full turn: from rest, half way at half time (the ease is symmetric), back to north at
        // the end, at rest again; in between it turns at 360 / (8 - 8/6) = 54 degrees a second.
        #expect(headings[0] == 0 && isClose(headings[16], 180, absolute: 1e-9) && isClose(headings[32], 0, absolute: 1e-9))
        #expect(abs(Angles.headingDifference(from: headings[0], to: headings[1])) * 4 < 5)
        #expect(isClose(abs(Angles.headingDifference(from: headings[15], to: headings[17])) * 2, 54, absolute: 0.01))
        let overview = try flight(uneven) { $0.preset = .overview; $0.duration = 10 }
        #expect(overview.camera.value(time: 10).heading == 30)
        #expect(overview.camera.value(time: 0).pitch == 30)
    }

    @Test func wwdcPresetMatchesTheFlyover() throws {
        let f = try flight(uneven) { $0.preset = .wwdc }
        let direct = try WWDCFlyover().timeline(for: uneven)
        for t in stride(from: 0.0, through: 20, by: 0.5) {
            #expect(f.camera.value(time: t) == direct.value(time: t))
        }
    }
}

@Suite struct FlightPlannerEdgeTests {
    @Test func aRouteThatNeverMovesHasNothingToFollow() {
        let still = Route(segments: [[RoutePoint(latitude: 1, longitude: 2), RoutePoint(latitude: 1, longitude: 2)]],
                          source: .init(kind: .tracks))!
        #expect(throws: FlightPlanError.noMovement(points: 2)) { try FlightPlanner().plan(for: still) }
        // Orbit still works, framed at the minimum extent of 100 m: 100 / (2 tan(fov/2)) * 1.1 = 165 m.
        var options = FlightOptions()
        options.preset = .orbit
        let plan = try? FlightPlanner(options: options).plan(for: still)
        let flight = try? plan?.script.resolved(for: still)
        #expect(flight.map { isClose($0.initialCamera.distance, 165, absolute: 1e-9) } == true)
    }

    @Test func posesNeverPassTheHorizon() {
        // A pitch keyframe curve that swings past 90 is clamped in the pose (MapCamera.normalized).
        let camera = MapCamera(centerCoordinate: .init(latitude: 0, longitude: 0), distance: 10, heading: 0, pitch: 90.4)
        #expect(camera.normalized.pitch == MapCamera.maximumPitch)
        #expect(MapCamera(centerCoordinate: .zero, distance: 10, heading: 0, pitch: -2).normalized.pitch == 0)
        // And the fly-in's tilt does not overshoot: its spring is critically damped.
        var options = FlightOptions()
        options.pitch = 89.9
        let route = Route(segments: [[RoutePoint(latitude: 46, longitude: 14), RoutePoint(latitude: 46.01, longitude: 14.01)]],
                          source: .init(kind: .tracks))!
        guard let flight = try? FlightPlanner(options: options).plan(for: route).script.resolved(for: route) else {
            Issue.record("no flight")
            return
        }
        let highest = stride(from: 0.0, through: 3, by: 0.01).map { flight.camera.value(time: $0).pitch }.max() ?? 0
        #expect(highest <= 89.9 + 1e-9)
    }
}

@Suite struct ScriptResolutionGuardTests {
    let route = Route(segments: [[RoutePoint(latitude: 46, longitude: 14), RoutePoint(latitude: 46.01, longitude: 14.01)]],
                      source: .init(kind: .tracks))!

    private func resolve(_ json: String) throws -> ScriptedFlight {
        try CameraScript(json: Data(json.utf8), path: "s.json").resolved(for: route)
    }

    @Test func springsThatCannotSettleNeedADuration() throws {
        // Over-damped so much (bounce -0.99: damping ratio 100) that SwiftUI's 102.4 s search gives up and
        // would make the keyframe last 0 s; and an undamped spring (bounce 1.5) never settles.
        for spring in [#"{"duration": 0.5, "bounce": -0.99}"#, #"{"duration": 0.5, "bounce": 1.5}"#] {
            let json = #"{"routekitCameraScript": 1, "tracks": {"distance": [{"type": "spring", "value": 100, "spring": "# + spring + "}]}}"
            let error = try #require(throws: CameraScriptError.self) { try resolve(json) }
            #expect(error.jsonPath == "tracks.distance[0]")
            #expect(error.message.contains("give the keyframe a \"duration\""))
        }
        // A settling spring is fine: .smooth settles in about a second.
        let ok = try resolve(#"{"routekitCameraScript": 1, "tracks": {"distance": [{"type": "spring", "value": 100, "spring": "smooth"}]}}"#)
        #expect(ok.duration > 0.5 && ok.duration < 3)
    }

    @Test func routePointsNeedADuration() throws {
        let json = #"{"routekitCameraScript": 1, "tracks": {"centerCoordinate": [{"type": "spring", "value": "route.points"}]}}"#
        let error = try #require(throws: CameraScriptError.self) { try resolve(json) }
        #expect(error.jsonPath == "tracks.centerCoordinate[0].duration")
    }

    @Test func holdWaitsForTheGapUnderDistanceTiming() throws {
        // Two segments 1.5 km apart, 1.5 km each, 30 s of distance timing: cut shares the 30 s between the
        // two segments (15 s each) and jumps; hold gives the gap its third (10 s) and waits it out.
        let gapped = Route(segments: [[RoutePoint(latitude: 0, longitude: 0), RoutePoint(latitude: 0, longitude: 0.0134747)],
                                      [RoutePoint(latitude: 0, longitude: 0.0269494), RoutePoint(latitude: 0, longitude: 0.0404241)]],
                           source: .init(kind: .tracks))!
        func flight(_ gaps: FlightOptions.Gaps) throws -> ScriptedFlight {
            var options = FlightOptions()
            options.intro = 0; options.outro = 0; options.simplify = 0; options.gaps = gaps; options.duration = 30
            return try FlightPlanner(options: options).plan(for: gapped).script.resolved(for: gapped)
        }
        let cut = try flight(.cut)
        #expect(isClose(cut.duration, 30, absolute: 1e-6))
        #expect(isClose(cut.camera.value(time: 15.5).centerCoordinate.longitude, 0.0269494 + 0.0134747 / 30, absolute: 1e-9))
        let hold = try flight(.hold)
        #expect(isClose(hold.duration, 30, absolute: 1e-6))
        #expect(isClose(hold.camera.value(time: 15).centerCoordinate.longitude, 0.0134747, absolute: 1e-9))
    }
}
