import Foundation
import Testing

/// Inputs that asked for millions of bins or frames are refused before anything
/// is written, with the limit and what to do. (Memory and time are not asserted here: no timed tests; the
/// refusal happens before any per-bin or per-frame allocation.)
@Suite struct RunLimitTests {
    /// The CSV: one time four days after the others (a clock jump) asks for 10 million frames.
    static let clockJumpCSV = """
        time,lat,lon
        2024-05-01T10:00:00Z,45.00,7.0
        2024-05-01T10:00:01Z,45.01,7.0
        2024-05-01T10:00:02Z,45.02,7.0
        2024-05-01T10:00:03Z,45.03,7.0
        2024-05-05T10:00:04Z,45.04,7.0

        """

    @Test func frameBudgetRefusesBeforeWritingAndNamesThePoint() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("jump.csv")
        try Data(Self.clockJumpCSV.utf8).write(to: route)
        let out = dir.appendingPathComponent("poses.csv").path
        let r = try runRouteFly(["sample", route.path, "--timing", "recorded", "-o", out])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
        // 4 days + 1 s = 345601 s between the points (numbered from 0, as check numbers them); the
        // flight adds the intro and outro.
        #expect(r.stderr.contains("more than the frame budget of 500000 ('--max-frames N' raises the budget, '--fps' lowers the count): recorded timing flies stops and gaps in real time (the longest recorded step, 345601.000 s (4.0 days), runs from point 3 at 2024-05-01T10:00:03Z to point 4 at 2024-05-05T10:00:04Z); '--skip-idle S'"), "\(r.stderr)")
        #expect(r.stderr.contains("'--max-frames N' raises the budget"))
        // Raised, it flies (at 1 fps to keep the test small; sped up 100 times, since a followed route
        // part may last at most 100,000 s).
        let raised = try runRouteFly(["sample", route.path, "--timing", "recorded", "--speedup", "100", "--fps", "1", "--max-frames", "4000"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stdout.split(separator: "\n").count > 3000)
    }

    /// A long `--duration` (with the default 6 s fly-in and pull-out) is checked against the frame
    /// budget before the flight is planned (the follow preset's script grows with the flight: 0.8 GB
    /// for 100,000 s), and `plan` and `check` refuse a followed route part over 100,000 s instead of
    /// planning it (10,000,000 s ended in the OOM killer).
    @Test func aLongDurationIsRefusedBeforePlanning() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let sample = try runRouteFly(["sample", route, "--duration", "100000", "--fps", "60"])
        #expect(sample.status == 1 && sample.stdout.isEmpty)
        #expect(sample.stderr.contains("error: the flight has at least 6000721 frames at 60.000 fps (100012.000 s (27.8 h)), more than the frame budget of 500000"), "\(sample.stderr)")
        #expect(!sample.stderr.contains("note:"), "planned first: \(sample.stderr)")
        for command in ["plan", "check"] {
            let r = try runRouteFly([command, route, "--duration", "1e7"])
            #expect(r.status == (command == "check" ? 2 : 1), "\(command): \(r.stderr)")
            // `check` reports its findings on standard output.
            let said = command == "check" ? r.stdout : r.stderr
            #expect(said.contains("the route part would last 1e+07 s, more than the 100000 s (about 28 hours) a followed route part may last"), "\(command): \(said)")
            if command == "plan" { #expect(r.stdout.isEmpty) }
        }
    }

    /// A follow flight's fly-in and pull-out count towards the budget checked before planning: a long
    /// `--intro` or `--outro` is refused at once (`--intro 1000000` took two minutes and 7 GB to plan,
    /// then was refused), naming the frames it has at least.
    @Test func aLongIntroOrOutroIsRefusedBeforePlanning() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        for option in ["--intro", "--outro"] {
            let r = try runRouteFly(["sample", route, option, "100000", "--fps", "30"])
            #expect(r.status == 1 && r.stdout.isEmpty, "\(option): \(r.stderr)")
            #expect(r.stderr.contains("error: the flight has at least 3000") && r.stderr.contains("more than the frame budget of 500000"), "\(option): \(r.stderr)")
            #expect(!r.stderr.contains("note:"), "planned first: \(r.stderr)")
        }
        // Within the budget with the route part's own time, it is planned and sampled as before.
        let fits = try runRouteFly(["sample", route, "--intro", "60", "--outro", "60", "--fps", "5"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    @Test func moreFramesThanCanBeSampledNamesTheFileAndTheWayOut() throws {
        // 1e6 s at 1000 fps is a billion frames, past the sampler's own limit of 20 million: refused with
        // the file's name and what to do, as the budget is (the new-user review found a bare message).
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let r = try runRouteFly(["sample", route, "--fps", "1000", "--duration", "1e6"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("gpxpy-cerknicko-jezero.gpx: error: the flight lasts"), "\(r.stderr)")
        #expect(r.stderr.contains("lower '--fps'"), "\(r.stderr)")
    }

    @Test func maxFramesIsValidated() throws {
        for bad in ["0", "-5", "1.5", "x", "20000001"] {
            let r = try runRouteFly(["sample", "-", "--max-frames", bad])
            #expect(r.status == 64, "\(bad)")
            #expect(r.stderr.contains("is invalid for '--max-frames <frames>'"))
        }
    }

    /// Two points 3 800 km apart with `--bin 1` asked for 3.8 million bins (3.8 GB).
    @Test func profileBinCount() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("far.csv")
        try Data("lat,lon,ele\n0,0,10\n0,34,20\n".utf8).write(to: route)
        let out = dir.appendingPathComponent("p.json").path
        let r = try runRouteFly(["profile", route.path, "--bin", "1", "-o", out])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
        // 34 degrees of the equator on WGS 84: `echo "0 0 0 34" | GeodSolve -i -p 3` gives 3784862.687 m.
        #expect(r.stderr.contains("the route is 3784.9 km long: bins of 1 m would make 3784863 of them, more than the 100000 a profile may have (use a bin width of at least 38 m)"), "\(r.stderr)")
        let ok = try runRouteFly(["profile", route.path, "--bin", "38"])
        #expect(ok.status == 0, "\(ok.stderr)")
    }
}
