import Foundation
import RouteKit

/// The whole `route-fly sample` pipeline on a large GPX: read (streaming), measure (geodesics), plan
/// (wwdc), sample (30 fps) and encode (CSV). Prints seconds, throughput, and the ratio to gpxpy (the
/// Python library people use today) when `python3 -c 'import gpxpy'` works on this machine.
///
/// - Parameter path: a GPX file; by default `/tmp/route-bench-200k.gpx`, generated with
///   `../shared/tools/gen_gpx.py --points 200000` when it is missing.
func benchmarkPipeline(path givenPath: String?) {
    let path = givenPath ?? "/tmp/route-bench-200k.gpx"
    if !FileManager.default.fileExists(atPath: path) {
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/tools/gen_gpx.py").path
        guard givenPath == nil, FileManager.default.fileExists(atPath: generator) else {
            print("pipeline: \(path) not found (and no generator at \(generator)); skipped")
            return
        }
        _ = run("/usr/bin/env", ["python3", generator, "--points", "200000", "--out", path])
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var route: Route? = nil
    let readSeconds = measureSeconds { route = try? RouteFile.load(path: path) }
    guard let route else {
        print("pipeline: cannot read \(path)")
        return
    }
    var timeline: KeyframeTimeline<MapCamera>? = nil
    let planSeconds = measureSeconds { timeline = try? WWDCFlyover().timeline(for: route) }
    guard let timeline else { return }
    var poses: [CameraPose] = []
    let sampleSeconds = measureSeconds { poses = PoseSampler(framesPerSecond: 30).poses(of: timeline) }
    var csv: [UInt8] = []
    let encodeSeconds = measureSeconds { csv = PoseFormat.csv.encode(poses) }
    let mb = Double(bytes) / 1e6
    print("pipeline on \(path): \(route.points.count) points, \(String(format: "%.1f", mb)) MB")
    print(String(format: "  read + measure  %8.3f s  (%.1f MB/s, %.0f points/s)", readSeconds, mb / readSeconds,
                 Double(route.points.count) / readSeconds))
    print(String(format: "  plan (wwdc)     %8.3f s", planSeconds))
    print(String(format: "  sample 30 fps   %8.3f s  (%d poses)", sampleSeconds, poses.count))
    print(String(format: "  encode CSV      %8.3f s  (%d bytes)", encodeSeconds, csv.count))

    // gpxpy, for comparison: parse only (its fastest path).
    let script = "import gpxpy,time,sys; t=time.perf_counter(); g=gpxpy.parse(open(sys.argv[1])); print(time.perf_counter()-t)"
    if let output = run("/usr/bin/env", ["python3", "-c", script, path]), let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) {
        print(String(format: "  gpxpy.parse     %8.3f s  -> RouteKit reads %.1fx faster", seconds, seconds / readSeconds))
    } else {
        print("  gpxpy not installed (pip install gpxpy) - no ratio printed")
    }
}

/// Runs a program and returns its standard output, or nil when it fails.
private func run(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
}
