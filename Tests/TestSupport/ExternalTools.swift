import Foundation

/// External programs the real-consumer tests run: found on the PATH, or `nil` with a printed reason
/// (`.ci/run` installs them; a developer machine may not have them).
public enum ExternalTools {
    /// The executable `name` on the PATH, or `nil` after printing why the tests that need it are skipped.
    public static func find(_ name: String, needs: String = "its real-consumer checks") -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        print("note: '\(name)' is not installed; \(needs) are skipped (CI installs it: see .ci/run)")
        return nil
    }

    /// Debian's Chromium, for MapLibre in a headless browser.
    public static let chromium: URL? = find("chromium", needs: "the MapLibre-in-Chromium checks")

    /// `python3`, when it can import `module`; else `nil` with a printed reason.
    public static func python(with module: String, needs: String) -> URL? {
        guard let python = find("python3", needs: needs) else { return nil }
        guard let r = try? run(python, ["-c", "import \(module)"]), r.status == 0 else {
            print("note: python3 cannot import '\(module)'; \(needs) are skipped (CI installs it: see .ci/run)")
            return nil
        }
        return python
    }

    /// `maplibre-gl.js` (v5): `$MAPLIBRE_GL_JS`, else the copy in PyPI's `maplibre` package
    /// (`maplibre/srcjs/maplibre-gl.js`), else `nil` with a printed reason.
    public static let mapLibreJS: URL? = {
        if let path = ProcessInfo.processInfo.environment["MAPLIBRE_GL_JS"], FileManager.default.fileExists(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let script = "import importlib.util, os; s = importlib.util.find_spec('maplibre'); print(os.path.join(s.submodule_search_locations[0], 'srcjs', 'maplibre-gl.js') if s else '')"
        if let python = find("python3", needs: "the MapLibre-in-Chromium checks"),
           let r = try? run(python, ["-c", script]), r.status == 0 {
            let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty, FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
        }
        print("note: maplibre-gl.js was not found (PyPI package 'maplibre', or $MAPLIBRE_GL_JS); the MapLibre-in-Chromium checks are skipped (CI installs it: see .ci/run)")
        return nil
    }()

    /// Both Chromium and MapLibre GL JS are there.
    public static var browser: Bool { chromium != nil && mapLibreJS != nil }

    /// Headless Chromium flags that render WebGL without a GPU (docs/renderers.md#webgl-without-a-gpu), with its
    /// profile in `profile` (a scratch folder the caller removes).
    public static func chromiumArguments(window: String = "1280,760", budget: Int = 5000, profile: URL) -> [String] {
        ["--headless=new", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
         "--window-size=\(window)", "--virtual-time-budget=\(budget)", "--enable-logging=stderr", "--v=0",
         "--user-data-dir=\(profile.path)"]
    }

    /// Runs a program, capturing standard output and error through temporary files.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> RouteFlyResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let scratch = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return RouteFlyResult(status: process.terminationStatus,
                              stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                              stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
