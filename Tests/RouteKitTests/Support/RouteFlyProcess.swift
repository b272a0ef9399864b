import Foundation

/// The result of running the built `route-fly` binary.
struct RouteFlyResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `route-fly` executable built beside the test bundle (the test target depends on it), as a
/// user would, capturing standard output, standard error and the exit status.
func runRouteFly(_ arguments: [String], in directory: URL? = nil) throws -> RouteFlyResult {
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var executable = buildDirectory.appendingPathComponent("route-fly")
    if !FileManager.default.isExecutableFile(atPath: executable.path) {
        // Some runners put the bundle one level deeper (…/debug/RouteKitPackageTests.xctest/…).
        executable = buildDirectory.deletingLastPathComponent().appendingPathComponent("route-fly")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting, so that a large output cannot fill a pipe and block the child.
    var outData = Data(), errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RouteFlyResult(status: process.terminationStatus,
                          stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
