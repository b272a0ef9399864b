import Foundation
import Testing
@testable import RouteKit

/// The toy route of WWDCFlyoverTests (docs/keyframes.md#keyframe-track-vectors KF-H2): four points.
private let toyRoute = Route(
    segments: [[RoutePoint(latitude: 49.63, longitude: 6.20), RoutePoint(latitude: 49.66, longitude: 6.21),
                RoutePoint(latitude: 49.68, longitude: 6.24), RoutePoint(latitude: 49.70, longitude: 6.25)]],
    source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 1))!

// Independent values for the toy route, from WWDCFlyoverTests (python3 and GeodSolve; sources stated there):
// the framing camera's centre (49.6650125897872, 6.225), its distance 12846.2104367586 m, and
// heading(start, end) = 24.854834565471084 degrees.
private let centerLatitude = 49.6650125897872
private let framedDistance = 12846.2104367586
private let routeHeading = 24.854834565471084

private func decode(_ text: String, path: String? = nil) throws(CameraScriptError) -> CameraScript {
    try CameraScript(json: Data(text.utf8), path: path)
}

/// A bundled script (samples/scripts), or the WWDC23 listing as a script (a fixture: it is the
/// `--preset wwdc` flight, not a sample to fly).
private func sample(_ name: String) throws -> (url: URL, text: String) {
    let url = name == "wwdc-listing.json" ? Fixtures.url("scripts/wwdc-listing.json")
        : Fixtures.packageRoot.appendingPathComponent("samples/scripts/\(name)")
    return (url, try String(contentsOf: url, encoding: .utf8))
}

/// A script using every keyframe kind, every named curve, the inverse curves, every spring form and
/// every reference, with numbers whose decimal forms are awkward.
private func everythingScript() -> CameraScript {
    typealias S = CameraScript
    var heading: [S.Keyframe<S.NumberValue, Double>] = ScriptJSONNames.curves.enumerated().map { i, named in
        S.Keyframe(.linear(named.curve), .number(Double(i) * 0.1), duration: 0.3)
    }
    heading += [
        S.Keyframe(.linear(.easeInQuad.inverse), .routeHeading, duration: 1),
        S.Keyframe(.linear(.circularEaseInOut.inverse), .initial, duration: 1),
        S.Keyframe(.linear(.easeOutBack.inverse), .number(-0.0), duration: 1),
        S.Keyframe(.linear(.easeIn.inverse), .number(1e-7), duration: 1),
        S.Keyframe(.linear(.bezier(startControlPoint: UnitPoint(x: 0.1, y: -0.5), endControlPoint: UnitPoint(x: 0.9, y: 1.7))),
                   .number(359.99999999999994), duration: 2.5),
        S.Keyframe(.cubic(startVelocity: 3.5, endVelocity: -1e-3), .number(10), duration: 0),
        S.Keyframe(.spring(.bouncy, startVelocity: 12), .number(1e16), duration: nil),
    ]
    let springs: [Spring] = [
        .smooth, .snappy, .bouncy, Spring(), Spring(duration: 0.5, bounce: 0.2), Spring(duration: 1.3, bounce: -0.4),
        Spring(response: 0.8, dampingRatio: 0.6), Spring(response: 0.35, dampingRatio: 1.7),
        Spring(mass: 2, stiffness: 150, damping: 12), Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true),
        Spring(mass: 1, stiffness: 100, damping: 30), Spring(settlingDuration: 1.2, dampingRatio: 0.7),
        Spring(angularFrequency: 7.123456789012345, decayConstant: 0.1, mass: 3.3),
    ]
    let distance: [S.Keyframe<S.NumberValue, Double>] = springs.enumerated().map { i, s in
        S.Keyframe(.spring(s, startVelocity: i.isMultiple(of: 2) ? nil : Double(i) * 100), i == 3 ? .framed : .number(1000 + Double(i)),
                   duration: i == 5 ? nil : 0.7)
    } + [S.Keyframe(.move, .initial, duration: nil)]
    let center: [S.Keyframe<S.CoordinateValue, LocationCoordinate2D>] = [
        S.Keyframe(.cubic(startVelocity: LocationCoordinate2D(latitude: 0.001, longitude: -0.002),
                          endVelocity: LocationCoordinate2D(latitude: 0, longitude: 1e-9)), .routePoints, duration: 16, timing: .distance),
        S.Keyframe(.cubic(startVelocity: nil, endVelocity: nil), .routePoints, duration: 16, timing: .equal),
        S.Keyframe(.linear(.easeInOutCubic), .routePoints, duration: 3, timing: nil),
        S.Keyframe(.spring(Spring(duration: 2, bounce: 0.1), startVelocity: LocationCoordinate2D(latitude: 1, longitude: 2)),
                   .routeStart, duration: 2),
        S.Keyframe(.move, .routeEnd, duration: nil),
        S.Keyframe(.cubic(startVelocity: nil, endVelocity: nil), .coordinate(LocationCoordinate2D(latitude: -89.999, longitude: 540.25)),
                   duration: 1.0 / 3),
        S.Keyframe(.linear(.linear), .routeCenter, duration: 4),
        S.Keyframe(.cubic(startVelocity: nil, endVelocity: nil), .initial, duration: 4),
    ]
    return CameraScript(
        initialCamera: S.InitialCamera(centerCoordinate: .coordinate(LocationCoordinate2D(latitude: 45.7, longitude: 14.3)),
                                       distance: .number(8722.4), heading: .routeHeading, pitch: .number(0.1),
                                       centerElevation: .number(-12.5)),
        centerCoordinate: center, heading: heading, distance: distance,
        pitch: [S.Keyframe(.move, .number(45), duration: nil), S.Keyframe(.linear(.easeInOut), .number(89.9), duration: 2)],
        centerElevation: [S.Keyframe(.cubic(startVelocity: 2, endVelocity: nil), .number(Double.greatestFiniteMagnitude), duration: 1),
                          S.Keyframe(.linear(.linear), .number(.leastNonzeroMagnitude), duration: 1)])
}

@Suite struct CameraScriptJSONTests {
    // MARK: Round trips

    @Test func everyKindCurveAndSpringFormRoundTrips() throws {
        let script = everythingScript()
        let text = script.json
        let decoded = try decode(text)
        #expect(decoded == script)
        #expect(decoded.json == text)
    }

    @Test func encodingIsDeterministicAndLaidOutAsDocumented() throws {
        let script = CameraScript(
            initialCamera: .init(),
            heading: [.init(.linear(.easeInOut), .number(30), duration: 6)],
            pitch: [.init(.move, .number(45), duration: nil)])
        #expect(script.json == """
            {
              "routekitCameraScript": 1,
              "initialCamera": {
                "centerCoordinate": "route.center",
                "distance": "framed",
                "heading": 0,
                "pitch": 0,
                "centerElevation": "ground"
              },
              "tracks": {
                "centerCoordinate": [],
                "heading": [
                  {"type": "linear", "value": 30, "duration": 6, "timingCurve": "easeInOut"}
                ],
                "distance": [],
                "pitch": [
                  {"type": "move", "value": 45}
                ],
                "centerElevation": []
              }
            }

            """)
    }

    @Test func randomBitPatternsReadBackIdentical() throws {
        var generator = SplitMix64(seed: 0x5C21_97)
        var values: [Double] = [0, -0.0, 0.1, 1.0 / 3, 16, 1e-5, 1e16, 1e22, 1e23, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9007199254740992, 9007199254740994]
        while values.count < 2000 {
            let v = Double(bitPattern: generator.next())
            if v.isFinite { values.append(v) }
        }
        let script = CameraScript(initialCamera: .init(),
                                  heading: values.map { .init(.linear(.linear), .number($0), duration: 1) })
        let decoded = try decode(script.json)
        for (a, keyframe) in zip(values, decoded.heading) {
            guard case .number(let b) = keyframe.value else { Issue.record("not a number"); continue }
            #expect(a.bitPattern == b.bitPattern, "\(a) read back as \(b)")
        }
    }

    @Test func integralNumbersHaveNoFraction() {
        #expect(ScriptJSONWriter.number(16) == "16")
        #expect(ScriptJSONWriter.number(-0.0) == "-0")
        #expect(ScriptJSONWriter.number(0.5) == "0.5")
        #expect(ScriptJSONWriter.number(1e16) == "1e+16")
        #expect(ScriptJSONWriter.number(1e-5) == "1e-05")
    }

    @Test func springsAreWrittenInTheirSimplestExactForm() throws {
        func springJSON(_ s: Spring) throws -> String { try ScriptJSONWriter.spring(s, "spring") }
        #expect(try springJSON(.smooth) == "\"smooth\"")
        #expect(try springJSON(.bouncy) == "\"bouncy\"")
        #expect(try springJSON(Spring(duration: 0.5, bounce: 0.2)) == "{\"duration\": 0.5, \"bounce\": 0.2}")
        #expect(try springJSON(Spring(duration: 3, bounce: 0.15)) == "{\"duration\": 3, \"bounce\": 0.15}")
        // Whatever form is chosen, it reads back as the identical spring.
        for s in [Spring(response: 0.8, dampingRatio: 0.6), Spring(mass: 2, stiffness: 150, damping: 12),
                  Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true), Spring(settlingDuration: 1.2, dampingRatio: 0.7)] {
            let script = CameraScript(initialCamera: .init(), distance: [.init(.spring(s, startVelocity: nil), .number(1), duration: 1)])
            let back = try decode(script.json)
            let written = try springJSON(s)
            #expect(back.distance.first?.kind == .spring(s, startVelocity: nil), "\(written)")
        }
    }

    @Test func nonFiniteNumbersAreNotEncoded() {
        let script = CameraScript(initialCamera: .init(), heading: [.init(.linear(.linear), .number(30), duration: .nan)])
        #expect(throws: CameraScriptError(jsonPath: "tracks.heading[0].duration",
                                          message: "nan cannot be written in JSON (expected a finite number)")) {
            try script.encodedJSON()
        }
        let spring = CameraScript(initialCamera: .init(pitch: .number(.infinity)))
        #expect(throws: CameraScriptError.self) { try spring.encodedJSON() }
    }

    @Test func pathsThatHaveNoEffectAreNotWritten() throws {
        // A move's duration, a timing on a value other than route.points.
        let script = CameraScript(
            initialCamera: .init(),
            centerCoordinate: [.init(.cubic(startVelocity: nil, endVelocity: nil), .routeEnd, duration: 2, timing: .distance)],
            pitch: [.init(.move, .number(45), duration: 3)])
        let back = try decode(script.json)
        #expect(back.centerCoordinate[0].timing == nil)
        #expect(back.pitch[0].duration == nil)
    }

    // MARK: Defaults

    @Test func initialCameraAndTracksMayBeOmitted() throws {
        let script = try decode(#"{"routekitCameraScript": 1}"#)
        #expect(script == CameraScript(initialCamera: .init()))
        let partial = try decode(#"{"routekitCameraScript": 1, "initialCamera": {"pitch": 30}, "tracks": {"heading": []}}"#)
        #expect(partial.initialCamera == .init(pitch: .number(30)))
    }

    @Test func keyframeDefaults() throws {
        let script = try decode("""
            {"routekitCameraScript": 1, "tracks": {"distance": [
              {"type": "linear", "value": 100, "duration": 1},
              {"type": "spring", "value": 200}
            ]}}
            """)
        #expect(script.distance == [.init(.linear(.linear), .number(100), duration: 1),
                                    .init(.spring(Spring(), startVelocity: nil), .number(200), duration: nil)])
    }

    @Test func curveAndSpringSpellings() throws {
        let script = try decode("""
            {"routekitCameraScript": 1, "tracks": {"heading": [
              {"type": "linear", "value": 1, "duration": 1, "timingCurve": {"bezier": [0.42, 0, 0.58, 1]}},
              {"type": "linear", "value": 2, "duration": 1, "timingCurve": "easeInEaseOut"},
              {"type": "linear", "value": 3, "duration": 1, "timingCurve": {"inverse": "easeInCubic"}},
              {"type": "spring", "value": 4, "spring": {"response": 0.5, "dampingRatio": 1}},
              {"type": "spring", "value": 5, "spring": {"stiffness": 100, "damping": 30, "allowOverDamping": true}},
              {"type": "spring", "value": 6, "spring": {"duration": 0.5}},
              {"type": "spring", "value": 7, "spring": {"angularFrequency": -2.5, "decayConstant": 9, "mass": 2}}
            ]}}
            """)
        let kinds = script.heading.map(\.kind)
        #expect(kinds[0] == .linear(.easeInOut))
        #expect(kinds[1] == .linear(.easeInOut))
        #expect(kinds[2] == .linear(.easeInCubic.inverse))
        #expect(kinds[3] == .spring(Spring(response: 0.5, dampingRatio: 1), startVelocity: nil))
        #expect(kinds[4] == .spring(Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true), startVelocity: nil))
        #expect(kinds[5] == .spring(.smooth, startVelocity: nil))
        #expect(kinds[6] == .spring(Spring(angularFrequency: -2.5, decayConstant: 9, mass: 2), startVelocity: nil))
    }

    // MARK: Samples

    @Test(arguments: ["wwdc-listing.json", "orbit.json", "reveal.json"])
    func sampleDecodesIsCanonicalAndResolves(name: String) throws {
        let (url, text) = try sample(name)
        let script = try CameraScript(json: Data(contentsOf: url), path: "samples/scripts/\(name)")
        #expect(script.json == text, "the sample is written as `json` writes it")
        let flight = try script.resolved(for: toyRoute)
        #expect(flight.duration > 0)
        for t in stride(from: 0.0, through: flight.duration, by: 0.25) {
            let c = flight.camera.value(time: t)
            #expect(c.distance > 0 && c.distance.isFinite && c.heading.isFinite && (0..<90).contains(c.pitch))
            #expect(c.centerCoordinate.isValid)
        }
    }

    @Test func theDocumentedExampleDecodesAndResolves() throws {
        let doc = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/camera-script.md"), encoding: .utf8)
        let example = try #require(doc.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let script = try decode(example, path: "docs/camera-script.md")
        #expect(script.heading.count == 3 && script.distance.count == 3 && script.pitch.count == 2)
        let flight = try script.resolved(for: toyRoute)
        #expect(flight.duration > 0)
    }

    @Test func wwdcSampleFliesTheWWDCPreset() throws {
        let script = try CameraScript(json: Data(contentsOf: try sample("wwdc-listing.json").url))
        let flight = try script.resolved(for: toyRoute)
        let preset = try WWDCFlyover().timeline(for: toyRoute)
        #expect(flight.duration == preset.duration)
        for t in stride(from: 0.0, through: 20, by: 0.5) {
            let a = flight.camera.value(time: t), b = preset.value(time: t)
            #expect(isClose(a.centerCoordinate.latitude, b.centerCoordinate.latitude, absolute: 1e-12))
            #expect(isClose(a.centerCoordinate.longitude, b.centerCoordinate.longitude, absolute: 1e-12))
            #expect(isClose(a.heading, b.heading, absolute: 1e-9) && isClose(a.distance, b.distance, absolute: 1e-7))
        }
    }

    @Test func orbitSampleTurnsAFullCircleAroundTheCentre() throws {
        let flight = try CameraScript(json: Data(contentsOf: try sample("orbit.json").url)).resolved(for: toyRoute)
        #expect(flight.duration == 30)
        // Cubic keyframes 0 -> 120 -> 240 -> 360 over 10 s each: Catmull-Rom velocities of 12 degrees per
        // second at 10 and 20 s, at rest at both ends; symmetric about 15 s.
        for (t, heading) in [(0.0, 0.0), (10, 120), (15, 180), (20, 240), (30, 360)] {
            let c = flight.camera.value(time: t)
            #expect(isClose(c.heading, heading, absolute: 1e-9), "t = \(t)")
            #expect(c.pitch == 45)
            #expect(isClose(c.centerCoordinate.latitude, centerLatitude, absolute: 1e-10))
            #expect(isClose(c.centerCoordinate.longitude, 6.225, absolute: 1e-10))
            #expect(isClose(c.distance, framedDistance, absolute: 1e-6))
        }
        // At rest at both ends: under a thousandth of a degree in the first and last 10 ms.
        #expect(abs(flight.camera.value(time: 0.01).heading) < 1e-3)
        #expect(abs(flight.camera.value(time: 29.99).heading - 360) < 1e-3)
    }

    @Test func revealSampleFliesInFollowsAndPullsOut() throws {
        let flight = try CameraScript(json: Data(contentsOf: try sample("reveal.json").url)).resolved(for: toyRoute)
        // 6 + 90 + 20 s (the distance-timed shares of 90 s add up to 90 up to rounding).
        #expect(isClose(flight.duration, 116, absolute: 1e-9))
        let start = flight.camera.value(time: 0)
        #expect(isClose(start.distance, framedDistance, absolute: 1e-6) && start.pitch == 0)
        // Cubic holds from 6 s to 96 s with zero velocities at both ends: exactly the held values.
        for t in [6.0, 50, 96] {
            let following = flight.camera.value(time: t)
            #expect(isClose(following.distance, 8000, absolute: 1e-9) && isClose(following.pitch, 50, absolute: 1e-9), "t = \(t)")
            #expect(isClose(following.heading, routeHeading, absolute: 1e-9))
        }
        // End of route.points (96 s) is the route's last point.
        let end = flight.camera.value(time: 96)
        #expect(isClose(end.centerCoordinate.latitude, 49.70, absolute: 1e-9))
        #expect(isClose(end.centerCoordinate.longitude, 6.25, absolute: 1e-9))
        // Back to the initial camera at 116 s.
        let last = flight.camera.value(time: 116)
        #expect(isClose(last.distance, framedDistance, absolute: 1e-6) && last.pitch == 0 && isClose(last.heading, 0, absolute: 1e-9))
        #expect(isClose(last.centerCoordinate.latitude, centerLatitude, absolute: 1e-10))
    }

    // MARK: Resolution

    @Test func decodedScriptResolvesToTheValuesItDescribes() throws {
        let script = try decode("""
            {
              "routekitCameraScript": 1,
              "initialCamera": {"centerCoordinate": {"latitude": 45, "longitude": 14}, "distance": 1000, "heading": 10},
              "tracks": {
                "centerCoordinate": [{"type": "linear", "value": {"latitude": 45.2, "longitude": 14.4}, "duration": 4}],
                "heading": [{"type": "linear", "value": 50, "duration": 4}, {"type": "linear", "value": "initial", "duration": 2}],
                "distance": [{"type": "linear", "value": 3000, "duration": 2}, {"type": "linear", "value": "framed", "duration": 2}],
                "pitch": [{"type": "move", "value": 30}, {"type": "linear", "value": 60, "duration": 3}],
                "centerElevation": [{"type": "linear", "value": 200, "duration": 4}]
              }
            }
            """)
        let flight = try script.resolved(for: toyRoute)
        // Linear keyframes interpolate linearly: value = from + (to - from) * t / duration (hand computed).
        let cases: [(t: Double, lat: Double, lon: Double, heading: Double, distance: Double, pitch: Double, elevation: Double)] = [
            (0, 45, 14, 10, 1000, 30, 0),
            (1, 45.05, 14.1, 20, 2000, 40, 50),
            (2, 45.1, 14.2, 30, 3000, 50, 100),
            (3, 45.15, 14.3, 40, (3000 + framedDistance) / 2, 60, 150),
            (5, 45.2, 14.4, 30, framedDistance, 60, 200),
        ]
        for c in cases {
            let camera = flight.camera.value(time: c.t)
            #expect(isClose(camera.centerCoordinate.latitude, c.lat, absolute: 1e-12), "t = \(c.t)")
            #expect(isClose(camera.centerCoordinate.longitude, c.lon, absolute: 1e-12), "t = \(c.t)")
            #expect(isClose(camera.heading, c.heading, absolute: 1e-12), "t = \(c.t)")
            #expect(isClose(camera.distance, c.distance, absolute: 1e-6), "t = \(c.t)")
            #expect(isClose(camera.pitch, c.pitch, absolute: 1e-12), "t = \(c.t)")
            #expect(isClose(flight.centerElevation.value(time: c.t), c.elevation, absolute: 1e-12), "t = \(c.t)")
        }
    }

    @Test func valueRangesAreCheckedWhenResolving() throws {
        let script = try decode(#"{"routekitCameraScript": 1, "tracks": {"distance": [{"type": "linear", "value": 0, "duration": 1}]}}"#)
        let error = #expect(throws: CameraScriptError.self) { try script.resolved(for: toyRoute) }
        #expect(error?.jsonPath == "tracks.distance[0].value")
        #expect(error?.message.contains("out of range (expected metres > 0") == true)
    }

    // MARK: Malformed scripts (Fixtures/scripts/bad, one defect each)

    /// File, expected line and column (python3: `text.find(marker)` converted to 1-based line and
    /// column, see Fixtures/README.md), JSON path (`nil` for syntax errors) and a fragment of the message.
    static let malformed: [(file: String, line: Int, column: Int, path: String?, message: String)] = [
        ("syntax-missing-comma", 5, 38, nil, "unexpected character '\"'; expected ',' or '}' after an object member"),
        ("syntax-trailing-comma", 6, 5, nil, "trailing comma before ']' (JSON allows none)"),
        ("syntax-comment", 2, 30, nil, "comments are not allowed in JSON"),
        ("syntax-nan", 5, 35, nil, "NaN is not a JSON number"),
        ("syntax-after-unicode", 3, 24, nil, "unexpected character '['; expected ':' after the key \"héading\""),
        ("unterminated-string", 3, 20, nil, "unterminated string (a line break before the closing '\"')"),
        ("wrong-version", 2, 27, "routekitCameraScript", "\"routekitCameraScript\" is 2; this RouteKit reads version 1 only"),
        ("missing-version", 1, 1, "routekitCameraScript", "missing \"routekitCameraScript\"; expected \"routekitCameraScript\": 1"),
        ("unknown-key-suggestion", 5, 39, "tracks.heading[0].durration", "unknown key \"durration\" (did you mean \"duration\"?)"),
        ("unknown-top-level-key", 3, 3, "track", "unknown key \"track\" (did you mean \"tracks\"?)"),
        ("unknown-type", 5, 16, "tracks.heading[0].type",
         "\"type\" is \"cubical\"; expected one of cubic, linear, spring or move (did you mean \"cubic\"?)"),
        ("missing-value", 5, 7, "tracks.heading[0].value", "missing \"value\""),
        ("duration-is-string", 5, 51, "tracks.heading[0].duration", "\"duration\" is a string (\"6\"); expected a number (seconds >= 0)"),
        ("bad-reference", 5, 34, "tracks.centerCoordinate[0].value", "\"value\" is \"route.strat\"; expected {\"latitude\": …, \"longitude\": …} (degrees), \"route.start\", \"route.end\", \"route.center\", \"initial\" or \"route.points\" (did you mean \"route.start\"?)"),
        ("reference-of-another-property", 5, 34, "tracks.heading[0].value",
         "\"value\" is \"framed\"; expected a number (degrees), \"initial\" or \"route.heading\""),
        ("timing-without-route-points", 5, 62, "tracks.centerCoordinate[0].timing",
         "\"timing\" applies only to a keyframe whose value is \"route.points\""),
        ("bad-curve-name", 5, 69, "tracks.heading[0].timingCurve", "\"timingCurve\" is \"easeInOutt\"; expected a curve name"),
        ("bezier-three-numbers", 5, 80, "tracks.heading[0].timingCurve.bezier", "\"bezier\" has 3 numbers; expected an array of 4 numbers"),
        ("spring-mixed-form", 5, 67, "tracks.distance[0].spring", "\"spring\" mixes the keys \"duration\" and \"dampingRatio\" of different forms"),
        ("spring-unknown-key", 5, 53, "tracks.distance[0].spring.period", "unknown key \"period\""),
        ("negative-duration", 6, 51, "tracks.heading[1].duration", "\"duration\" is -2, which is negative; expected seconds >= 0"),
        ("huge-number", 5, 35, "tracks.distance[0].value", "\"value\" is 1e999, which is out of range"),
        ("velocity-wrong-shape", 5, 79, "tracks.centerCoordinate[0].startVelocity",
         "\"startVelocity\" is a number (0.001); expected {\"latitude\": …, \"longitude\": …} (degrees per second)"),
        ("boolean-as-number", 3, 30, "initialCamera.pitch", "\"pitch\" is a boolean (true); expected a number (degrees)"),
        ("duplicate-key", 5, 54, "tracks.heading[0].value", "duplicate key \"value\" (it is also at line 5, column 26)"),
        ("move-with-duration", 5, 37, "tracks.pitch[0].duration", "\"duration\" does not apply to a \"move\" keyframe (a move takes no time)"),
        ("latitude-out-of-range", 3, 54, "initialCamera.centerCoordinate.latitude", "latitude 95 is out of range; expected degrees in -90...90"),
        ("curve-on-cubic", 5, 53, "tracks.heading[0].timingCurve",
         "\"timingCurve\" does not apply to a \"cubic\" keyframe (it belongs to \"linear\" keyframes)"),
        ("initial-in-initial-camera", 3, 32, "initialCamera.heading", "\"heading\" is \"initial\"; expected a number (degrees) or \"route.heading\""),
        ("track-not-array", 3, 23, "tracks.pitch", "\"pitch\" is an object; expected an array of keyframes"),
    ]

    @Test(arguments: malformed.indices)
    func malformedScriptIsReportedWhereItIsWrong(index: Int) throws {
        let c = Self.malformed[index]
        let path = "Fixtures/scripts/bad/\(c.file).json"
        let data = try Data(contentsOf: Fixtures.url("scripts/bad/\(c.file).json"))
        let error = #expect(throws: CameraScriptError.self) { try CameraScript(json: data, path: path) }
        guard let error else { return }
        #expect(error.path == path)
        #expect(error.line == c.line && error.column == c.column, "\(c.file): \(error)")
        #expect(error.jsonPath == c.path, "\(c.file): \(error)")
        #expect(error.message.contains(c.message), "\(c.file): \(error.message)")
    }

    @Test func errorDescriptionIsCompilerStyle() {
        #expect(throws: CameraScriptError.self) { try decode(#"{"routekitCameraScript": true}"#, path: "a.json") }
        do {
            _ = try decode(#"{"routekitCameraScript": true}"#, path: "a.json")
        } catch {
            #expect(error.description == "a.json:1:26: error: at routekitCameraScript: \"routekitCameraScript\" is a boolean (true); expected 1")
        }
    }

    @Test func moreSyntaxErrorsAreLocated() {
        let cases: [(text: String, line: Int, column: Int, message: String)] = [
            ("", 1, 1, "the document is empty"),
            ("\u{FEFF}{\"routekitCameraScript\": 1} x", 1, 29, "after the end of the JSON document"),
            ("{\"routekitCameraScript\": 01}", 1, 26, "leading zeros"),  // at the number, as GeoJSON locates it
            ("{\r\n\t\"routekitCameraScript\": +1}", 2, 26, "expected a value"),
            ("[1, 2", 1, 6, "unexpected end of file; expected ',' or ']'"),
            ("{\"a\": \"\\x\"}", 1, 9, "unknown escape"),
            ("{\"a\": \"\\ud800\"}", 1, 14, "lone UTF-16 high surrogate"),
            ("{'a': 1}", 1, 2, "double quotes"),
        ]
        for c in cases {
            let error = #expect(throws: CameraScriptError.self) { try decode(c.text) }
            #expect(error?.line == c.line && error?.column == c.column, "\(c.text): \(String(describing: error))")
            #expect(error?.message.contains(c.message) == true, "\(c.text): \(String(describing: error))")
        }
    }

    @Test func theRootMustBeAnObject() {
        let error = #expect(throws: CameraScriptError.self) { try decode("[]") }
        #expect(error?.message == "the document is an array; expected a JSON object with \"routekitCameraScript\": 1")
        #expect(error?.jsonPath == nil)
        let keyframe = #expect(throws: CameraScriptError.self) { try decode(#"{"routekitCameraScript": 1, "tracks": {"heading": [3]}}"#) }
        #expect(keyframe?.jsonPath == "tracks.heading[0]" && keyframe?.line == 1 && keyframe?.column == 52)
        #expect(keyframe?.message.hasPrefix("keyframe tracks.heading[0] is a number (3); expected a keyframe object") == true)
    }

    @Test func escapedStringsAreRead() throws {
        // "\u0072oute.start" is "route.start".
        let script = try decode(#"{"routekitCameraScript": 1, "initialCamera": {"centerCoordinate": "\u0072oute.start"}}"#)
        #expect(script.initialCamera.centerCoordinate == .routeStart)
    }

    @Test func suggestionsNeedACloseName() {
        #expect(ScriptJSONDecoder.suggestion(for: "timingcurve", among: ["timingCurve", "timing"]) == " (did you mean \"timingCurve\"?)")
        #expect(ScriptJSONDecoder.suggestion(for: "zoom", among: ["distance", "heading", "pitch"]) == "")
        #expect(EditDistance.optimalStringAlignment(Array("kitten"), Array("sitting")) == 3)
        #expect(EditDistance.optimalStringAlignment([], Array("abc")) == 3)
        #expect(EditDistance.optimalStringAlignment(Array("abc"), []) == 3)
    }
}
