import Foundation
@_spi(Benchmarks) import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// The `route-fly sample` pipeline on a large GPX, stage by stage, then end to end beside its yardsticks
/// (../shared/bench), all in this one invocation so that ratios, not seconds, are compared:
///
/// - in process: read (parse to points alone), measure (geodesics and boxes, after the read), read and
///   measure overlapped as route-fly reads (the legs measured on another core during the parse), plan
///   (the `follow` flight of `--duration FRAMES/60 --intro 0 --outro 0`), sample (FRAMES poses at 60 fps,
///   with the eye) and write (CSV to a file), each with seconds and MB/s of the GPX, and the peak RSS;
/// - as processes, with wall time and peak RSS: `route-fly sample` (the same flight), `route-fly info`,
///   the lxml + pyproj + numpy peer (`peers/bench_pyproj.py`, one run: it takes seconds) and the Swift
///   limit program (`swift/e2e_limit.swift`) on 1 and 2 threads, each where it is installed, each but
///   the peer the median of 5 runs;
/// - every reader on the same points beside its limit (``benchmarkReaders(points:gpxPath:)``) and the
///   GPX parse limit program (`swift/scan_bytes.swift`);
/// - the goals of issue 28 as ratios of those figures.
///
/// - Parameters:
///   - givenPath: A GPX file; by default `/tmp/route-bench-200k.gpx`, generated with
///     `../shared/tools/gen_gpx.py --points 200000` when missing.
///   - frames: Poses to sample (36,000 = 10 minutes at 60 fps).
func benchmarkPipeline(path givenPath: String?, frames: Int) {
    let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    guard let path = pipelineInput(givenPath, shared) else { return }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let mb = Double(bytes) / 1e6
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("route-bench-\(getpid()).csv").path
    defer { unlink(output) }
    // Processes first, while this process is small: a spawned child starts with its parent's peak RSS.
    let processes = EndToEndRuns(path: path, frames: frames, output: output, shared: shared)
    guard let stages = PipelineStages(path: path, frames: frames, output: output) else { return }

    print("pipeline on \(path): \(stages.pointCount) points, \(String(format: "%.1f", mb)) MB, \(stages.poseCount) poses; "
          + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
    stages.printStages(megabytes: mb)
    print("readers on the same points (read as route-fly info reads, parse and measure; limit: one pass converting every number; medians of 3):")
    for line in benchmarkReaders(points: stages.points, gpxPath: path) { print(line) }
    if let scan = scanBytesSeconds(path, shared) {
        print(String(format: "  GPX limit program scan_bytes full: %.3f s, %.0f MB/s (median of 3); in-process GPX read (parse alone) / it: %.1f",
                     scan, mb / scan, stages.readSeconds / scan))
    }
    print("end to end (wall seconds, CPU seconds, peak RSS; median of 5 runs, the peer one run), same input, \(frames) poses:")
    for line in processes.lines { print(line) }
    printGoals(processes, stages, megabytes: mb)
}

/// The GPX to benchmark: the given path, or `/tmp/route-bench-200k.gpx`, generated when missing;
/// `nil` (saying why) when there is none.
private func pipelineInput(_ givenPath: String?, _ shared: URL) -> String? {
    let path = givenPath ?? "/tmp/route-bench-200k.gpx"
    if !FileManager.default.fileExists(atPath: path) {
        let generator = shared.appendingPathComponent("tools/gen_gpx.py").path
        guard givenPath == nil, FileManager.default.fileExists(atPath: generator) else {
            print("pipeline: \(path) not found (and no generator at \(generator)); skipped")
            return nil
        }
        _ = runMeasured("/usr/bin/env", ["python3", generator, "--points", "200000", "--seed", "1", "--out", path])
    }
    return path
}

/// The end-to-end runs, as processes: `route-fly sample` and `info`, the lxml + pyproj peer and the
/// Swift limit program on 1 and 2 threads, each where it is installed.
private struct EndToEndRuns {
    var lines: [String] = []
    var sample: Measured?
    var info: Measured?
    var peer: Measured?
    var limit1: Measured?
    var limit2: Measured?

    init(path: String, frames: Int, output: String, shared: URL) {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let routeFly = here.appendingPathComponent("route-fly").path
        if FileManager.default.isExecutableFile(atPath: routeFly) {
            let flightArguments = ["--duration", String(Double(frames) / 60), "--intro", "0", "--outro", "0", "--fps", "60", "-o", output]
            sample = runMedian(routeFly, ["sample", path] + flightArguments)
            info = runMedian(routeFly, ["info", path])
            lines.append(shown("route-fly sample", sample))
            lines.append(shown("route-fly info", info))
        } else {
            lines.append("  route-fly: not built beside route-bench (swift build -c release) - skipped")
        }
        runPeer(path: path, frames: frames, output: output, shared: shared)
        if let limit = limitProgram("e2e_limit", shared, &lines) {
            limit1 = runMedian(limit, [path, output, String(frames), "1"])
            limit2 = runMedian(limit, [path, output, String(frames), "2"])
            lines.append(shown("Swift limit, 1 thread", limit1))
            lines.append(shown("Swift limit, 2 threads", limit2))
        }
    }

    private mutating func runPeer(path: String, frames: Int, output: String, shared: URL) {
        let peerScript = shared.appendingPathComponent("bench/peers/bench_pyproj.py").path
        // Debian's python3 (where apt's python3-lxml, -numpy, -pyproj go) first, then the one on PATH.
        let python = ["/usr/bin/python3", "/usr/bin/env"].first {
            runMeasured($0, ($0.hasSuffix("env") ? ["python3"] : []) + ["-c", "import lxml, pyproj, numpy"])?.status == 0
        }
        guard let python, FileManager.default.fileExists(atPath: peerScript) else {
            lines.append("  lxml+pyproj peer: not installed (apt-get install -y python3-lxml python3-numpy python3-pyproj, "
                         + "or pip install lxml numpy pyproj; and ../shared/bench) - skipped")
            return
        }
        peer = runMeasured(python, (python.hasSuffix("env") ? ["python3"] : []) + [peerScript, path, output, "--parser", "lxml",
                                                                                 "--frames", String(frames), "--write", "frames", "--geod-repeat", "1"])
        lines.append(shown("lxml+pyproj peer", peer))
    }
}

/// route-fly's code in this process, stage by stage: read (parse to points alone), measure (after the
/// read), read and measure overlapped as route-fly reads, plan, sample (with the eye) and write (CSV).
private struct PipelineStages {
    let points: [RoutePoint]
    var pointCount: Int { points.count }
    var poseCount = 0
    var readSeconds = 0.0
    var readCPU = 0.0
    var measureSeconds_ = 0.0
    var overlappedSeconds = 0.0
    var planSeconds = 0.0
    var sampleSeconds = 0.0
    var writeSeconds = 0.0

    init?(path: String, frames: Int, output: String) {
        var read: (points: [RoutePoint], segments: [Range<Int>])? = nil
        let cpuBeforeRead = cpuNow()
        readSeconds = measureSeconds { read = try? GPXReader.readPoints(contentsOf: URL(fileURLWithPath: path)) }
        guard let read else {
            print("pipeline: cannot read \(path) as GPX")
            return nil
        }
        readCPU = cpuNow() - cpuBeforeRead
        points = read.points
        var route: Route? = nil
        measureSeconds_ = measureSeconds {
            route = Route(points: read.points, segments: read.segments, name: nil,
                          source: Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: read.segments.count))
        }
        // As route-fly reads: the legs measured on another core while the file is parsed.
        var overlapped: Route? = nil
        overlappedSeconds = measureSeconds { overlapped = (try? GPXReader.read(contentsOf: URL(fileURLWithPath: path)))?.route }
        guard let route = overlapped ?? route else { return nil }
        guard flyAndWrite(route, frames: frames, output: output) else { return nil }
    }

    /// Plans, samples and writes the flight, timing each.
    private mutating func flyAndWrite(_ route: Route, frames: Int, output: String) -> Bool {
        var options = FlightOptions()
        options.duration = Double(frames) / 60
        options.intro = 0
        options.outro = 0
        var flight: ScriptedFlight? = nil
        planSeconds = measureSeconds {
            flight = try? FlightPlanner(options: options).plan(for: route).script.resolved(for: route, framing: options.framing)
        }
        guard let flight else {
            print("pipeline: cannot plan a flight along the route")
            return false
        }
        let sampler = PoseSampler(framesPerSecond: 60)
        var poses: [CameraPose] = []
        poses.reserveCapacity(frames + 1)
        sampleSeconds = measureSeconds {
            _ = sampler.forEachPose(of: flight, eye: .tangentPlane) { poses.append($0); return true }
        }
        poseCount = poses.count
        let context = PoseWriterContext(route: route, framesPerSecond: 60, frameCount: poses.count, framing: options.framing)
        writeSeconds = measureSeconds { writeCSV(poses, context: context, to: output) }
        return true
    }

    private func writeCSV(_ poses: [CameraPose], context: PoseWriterContext, to output: String) {
        var writer = PoseFormat.csv.makeWriter(includesEye: true, context: context)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20 + 4096)
        let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        writer.begin(into: &buffer)
        for pose in poses {
            writer.write(pose, into: &buffer)
            if buffer.count >= 1 << 20 { _ = buffer.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }; buffer.removeAll(keepingCapacity: true) }
        }
        writer.end(into: &buffer)
        _ = buffer.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func printStages(megabytes mb: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("in process (route-fly's code, stage by stage):")
        func stage(_ name: String, _ seconds: Double) {
            print("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0)
                  + String(format: " %8.3f s  %8.1f MB/s of GPX", seconds, mb / seconds))
        }
        stage("read (parse alone)", readSeconds)
        stage("measure (after read)", measureSeconds_)
        stage("read + measure overlap", overlappedSeconds)
        stage("plan", planSeconds)
        stage("sample", sampleSeconds)
        stage("write", writeSeconds)
        stage("total (with overlap)", overlappedSeconds + planSeconds + sampleSeconds + writeSeconds)
        print(String(format: "  peak RSS %.0f MB", Double(usage.ru_maxrss) / 1024))
    }
}

/// CPU seconds of this process so far.
func cpuNow() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return cpuSeconds(usage)
}

/// The issue's goals as ratios of this run's figures.
private func printGoals(_ runs: EndToEndRuns, _ stages: PipelineStages, megabytes mb: Double) {
    print("goals:")
    func ratio(_ label: String, _ value: Double?, goal: String) {
        guard let value else { return print("  \(label): n/a") }
        print("  \(label): \(String(format: "%.2f", value)) (goal \(goal))")
    }
    print(String(format: "  GPX read: %.0f MB/s wall, %.0f MB/s per CPU second (goal >= 500 MB/s)",
                 mb / stages.readSeconds, mb / stages.readCPU))
    if let sample = runs.sample, let peer = runs.peer {
        ratio("lxml+pyproj wall / route-fly sample wall", peer.seconds / sample.seconds, goal: ">= 10")
        ratio("  (the same in CPU seconds)", peer.cpuSeconds / sample.cpuSeconds, goal: ">= 10")
    }
    if let sample = runs.sample, let limit2 = runs.limit2 {
        ratio("route-fly sample wall / limit on 2 threads", sample.seconds / limit2.seconds, goal: "<= 2")
        ratio("  (the same in CPU seconds)", sample.cpuSeconds / limit2.cpuSeconds, goal: "<= 2")
    }
    if let info = runs.info {
        ratio("route-fly info wall / in-process read", info.seconds / stages.readSeconds, goal: "<= 1.3")
        ratio("  (the same in CPU seconds)", info.cpuSeconds / stages.readCPU, goal: "<= 1.3")
    }
    if let sample = runs.sample { print(String(format: "  route-fly sample peak RSS: %.0f MB (goal < 200 MB)", sample.peakMB)) }
    if let info = runs.info { print(String(format: "  route-fly info peak RSS: %.0f MB (goal < 200 MB)", info.peakMB)) }
}

/// The package root (route-bench's sources are in `Sources/route-bench`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A finished process: wall seconds, peak resident set, exit status.
struct Measured {
    var seconds: Double
    /// User plus system CPU seconds (less sensitive than wall time to other load on a shared machine).
    var cpuSeconds: Double
    var peakMB: Double
    var status: Int32
}

private func shown(_ label: String, _ m: Measured?) -> String {
    guard let m else { return "  \(label): could not run" }
    return "  " + label.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: " %8.3f s wall %8.3f s CPU  %6.0f MB", m.seconds, m.cpuSeconds, m.peakMB)
        + (m.status == 0 ? "" : "  (exit status \(m.status))")
}

/// A limit program of ../shared/bench/swift (`e2e_limit`, `scan_bytes`), built into `.build/route-bench-peers/` with `swiftc -O` when missing; `nil`
/// (saying why) when it cannot be.
func limitProgram(_ name: String, _ shared: URL, _ lines: inout [String]) -> String? {
    let source = shared.appendingPathComponent("bench/swift/\(name).swift").path
    let directory = packageRoot.appendingPathComponent(".build/route-bench-peers")
    let binary = directory.appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: binary) { return binary }
    guard FileManager.default.fileExists(atPath: source) else {
        lines.append("  Swift limit \(name): \(source) absent - skipped")
        return nil
    }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    lines.append("  (built the limit program \(name): swiftc -O -I ../shared/bench/swift/CProj -o \(binary) \(source))")
    let built = runMeasured("/usr/bin/env", ["swiftc", "-O", "-I", shared.appendingPathComponent("bench/swift/CProj").path,
                                             "-o", binary, source])
    guard built?.status == 0 else {
        lines.append("  Swift limit \(name): could not build it with swiftc - skipped")
        return nil
    }
    return binary
}

/// Runs a program with its output discarded, and measures its wall time and peak RSS (wait4's rusage).
@discardableResult
func runMeasured(_ executable: String, _ arguments: [String]) -> Measured? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid = pid_t()
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Measured(seconds: seconds, cpuSeconds: cpuSeconds(usage), peakMB: Double(usage.ru_maxrss) / 1024, status: exit)
}

/// Of `runs` runs (one program's wall time drifts by tens of percent from run to run on a shared
/// machine), the one of median wall time, with its CPU time, and the largest peak of them all; `nil`
/// when one could not be started.
func runMedian(_ executable: String, _ arguments: [String], runs: Int = 5) -> Measured? {
    var measured: [Measured] = []
    for _ in 0..<runs {
        guard let m = runMeasured(executable, arguments) else { return nil }
        measured.append(m)
    }
    var median = measured.sorted { $0.seconds < $1.seconds }[runs / 2]
    median.peakMB = measured.map(\.peakMB).max() ?? median.peakMB
    median.status = measured.first { $0.status != 0 }?.status ?? 0
    return median
}

/// User plus system CPU seconds of a resource usage.
func cpuSeconds(_ usage: rusage) -> Double {
    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// The seconds `scan_bytes FILE full` reports for its scan (its `@stage ... seconds=S` line), or `nil`
/// when it cannot be built or run.
private func scanBytesSeconds(_ path: String, _ shared: URL) -> Double? {
    var lines: [String] = []
    guard let program = limitProgram("scan_bytes", shared, &lines) else { return nil }
    let runs = (0..<3).compactMap { _ in scanBytesRun(program, path) }
    return runs.isEmpty ? nil : median(runs)
}

private func scanBytesRun(_ program: String, _ path: String) -> Double? {
    let pipe = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = [path, "full"]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let field = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("seconds=") }) else { return nil }
    return Double(field.dropFirst("seconds=".count))
}
