import Foundation

/// Finds MapLibre GL JS (`maplibre-gl.js`, version 5) installed on this machine, for pages that must
/// draw offline: no Debian package ships it, and its code is not part of RouteKit.
///
/// Looked for, in order: the environment variable `MAPLIBRE_GL_JS` (a path); the copy PyPI's `maplibre`
/// package ships (`maplibre/srcjs/maplibre-gl.js`, after `pip3 install maplibre==0.3.6`) in the usual
/// Python package folders; and, last, where `python3` says that package is.
public enum MapLibreScript {
    /// The environment variable that names the script.
    public static let environmentVariable = "MAPLIBRE_GL_JS"
    /// How to install it, for messages.
    package static let installHint = "pip3 install --break-system-packages --no-deps maplibre==0.3.6 (PyPI's maplibre package ships maplibre-gl.js 5.3), or set MAPLIBRE_GL_JS to a maplibre-gl.js"

    /// The path of an installed `maplibre-gl.js`, or `nil`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment[environmentVariable], !path.isEmpty {
            return FileManager.default.isReadableFile(atPath: path) ? path : nil
        }
        for folder in packageFolders(environment: environment) {
            let path = folder + "/maplibre/srcjs/maplibre-gl.js"
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return askPython()
    }

    /// Python's package folders where pip puts packages: Debian's, /usr/local's and the user's.
    static func packageFolders(environment: [String: String]) -> [String] {
        var roots = ["/usr/local/lib", "/usr/lib"]
        if let home = environment["HOME"] { roots.append(home + "/.local/lib") }
        var folders: [String] = []
        for root in roots {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            for name in names.sorted().reversed() where name.hasPrefix("python3") {
                folders.append("\(root)/\(name)/dist-packages")
                folders.append("\(root)/\(name)/site-packages")
            }
        }
        folders.append("/usr/lib/python3/dist-packages")
        return folders
    }

    /// `python3`'s answer to where the `maplibre` package is (a pyenv or virtual environment), or `nil`.
    static func askPython() -> String? {
        let script = "import importlib.util, os; s = importlib.util.find_spec('maplibre'); print(os.path.join(s.submodule_search_locations[0], 'srcjs', 'maplibre-gl.js') if s else '')"
        guard let python = try? ExternalProgram(names: ["python3"], environmentVariable: "ROUTE_FLY_PYTHON", debianPackage: "python3").locate() else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return !path.isEmpty && FileManager.default.isReadableFile(atPath: path) ? path : nil
    }
}
