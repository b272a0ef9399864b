import Foundation
@_spi(Benchmarks) import RouteKit

/// `route-bench reads GPX`: the GPX parse alone, the read as route-fly reads (parse with the legs
/// measured as the points come, then the route built), `route-fly info` as a process (the route-fly
/// beside this program) and the parse alone in a process of its own (`route-bench parse-once`), in
/// turn, `rounds` times each, with the fastest and the median of each: the figures to compare two
/// builds by when the machine is noisy (the pipeline section runs each stage once), and the goal of
/// `info` within 1.3x of the parse measured in one run, against the parse in this process (where the
/// memory of earlier rounds is reused) and in a process (which, like `info`, starts and takes its
/// memory from the system).
func benchmarkReads(path: String?, rounds: Int = 11) {
    guard let path else { return print("reads: give a GPX file") }
    let url = URL(fileURLWithPath: path)
    let routeFly = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("route-fly").path
    let runsInfo = FileManager.default.isExecutableFile(atPath: routeFly)
    var parse: [(wall: Double, cpu: Double)] = [], read: [(wall: Double, cpu: Double)] = []
    var info: [(wall: Double, cpu: Double)] = [], parseProcess: [(wall: Double, cpu: Double)] = []
    for _ in 0..<rounds {
        parse.append(timed { _ = try? GPXReader.readPoints(contentsOf: url) })
        read.append(timed { _ = try? GPXReader.read(contentsOf: url) })
        if runsInfo, let run = runMeasured(routeFly, ["info", path]) { info.append((run.seconds, run.cpuSeconds)) }
        if let run = runMeasured(CommandLine.arguments[0], ["parse-once", path]) { parseProcess.append((run.seconds, run.cpuSeconds)) }
    }
    func line(_ label: String, _ runs: [(wall: Double, cpu: Double)]) -> String {
        let walls = runs.map(\.wall).sorted(), cpus = runs.map(\.cpu).sorted()
        return label.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: "wall %.3f s fastest, %.3f s median; CPU %.3f s fastest, %.3f s median",
                     walls[0], walls[walls.count / 2], cpus[0], cpus[cpus.count / 2])
    }
    print("reads of \(path), \(rounds) rounds each, alternating:")
    print("  " + line("parse alone", parse))
    print("  " + line("parse, measure, route", read))
    if info.count == rounds { print("  " + line("route-fly info (a process)", info)) }
    if parseProcess.count == rounds { print("  " + line("parse alone (a process)", parseProcess)) }
    func median(_ runs: [(wall: Double, cpu: Double)]) -> Double { runs.map(\.wall).sorted()[runs.count / 2] }
    print(String(format: "  read / parse, medians: %.2f", median(read) / median(parse)))
    guard info.count == rounds else { return print("  route-fly info: no route-fly beside route-bench (swift build -c release) - skipped") }
    print(String(format: "  info / parse in this process, medians: %.2f (goal <= 1.3)", median(info) / median(parse)))
    guard parseProcess.count == rounds else { return }
    print(String(format: "  info / parse in a process, medians: %.2f (goal <= 1.3)", median(info) / median(parseProcess)))
}

private func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpu = cpuNow()
    let wall = measureSeconds(body)
    return (wall, cpuNow() - cpu)
}
