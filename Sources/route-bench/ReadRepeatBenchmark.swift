import Foundation
@_spi(Benchmarks) import RouteKit

/// `route-bench reads GPX`: the GPX parse alone and the read as route-fly reads (parse with the legs
/// measured on another core, then the route built), alternately, `rounds` times each in this one
/// process, with the fastest and the median of each: the figures to compare two builds by when the
/// machine is noisy (the pipeline section runs each stage once).
func benchmarkReads(path: String?, rounds: Int = 11) {
    guard let path else { return print("reads: give a GPX file") }
    let url = URL(fileURLWithPath: path)
    var parse: [(wall: Double, cpu: Double)] = [], read: [(wall: Double, cpu: Double)] = []
    for _ in 0..<rounds {
        parse.append(timed { _ = try? GPXReader.readPoints(contentsOf: url) })
        read.append(timed { _ = try? GPXReader.read(contentsOf: url) })
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
    let ratio = read.map(\.wall).sorted()[rounds / 2] / parse.map(\.wall).sorted()[rounds / 2]
    print(String(format: "  read / parse, medians: %.2f", ratio))
}

private func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpu = cpuNow()
    let wall = measureSeconds(body)
    return (wall, cpuNow() - cpu)
}
