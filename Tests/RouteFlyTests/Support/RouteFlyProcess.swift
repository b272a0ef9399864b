import Foundation

/// The `route-fly` executable built beside the test bundle.
func routeFlyExecutable() -> URL {
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = buildDirectory.appendingPathComponent("route-fly")
    // Some runners put the bundle one level deeper (…/debug/RouteKitPackageTests.xctest/…).
    return FileManager.default.isExecutableFile(atPath: executable.path) ? executable
        : buildDirectory.deletingLastPathComponent().appendingPathComponent("route-fly")
}

/// Runs the `route-fly` executable built beside the test bundle (the test target depends on it), as a
/// user would, capturing standard output, standard error and the exit status.
func runRouteFly(_ arguments: [String], in directory: URL? = nil, standardInput: URL? = nil,
                 environment: [String: String] = [:]) throws -> RouteFlyResult {
    let process = Process()
    process.executableURL = routeFlyExecutable()
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    // Standard output and error go to temporary files: no pipe can fill up and block the child.
    let scratch = FileManager.default.temporaryDirectory
    let outURL = scratch.appendingPathComponent("route-fly-\(UUID().uuidString).out")
    let errURL = scratch.appendingPathComponent("route-fly-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return RouteFlyResult(status: process.terminationStatus,
                          stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
}
