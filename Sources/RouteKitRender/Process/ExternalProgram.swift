import Foundation

/// A program that rendering runs (Chromium, ffmpeg), how to find it and how to install it.
public struct ExternalProgram: Hashable, Sendable {
    /// The names looked up on the `PATH`, in order of preference.
    public var names: [String]
    /// An environment variable that, when set, gives the program's path and wins over the `PATH`.
    public var environmentVariable: String
    /// The Debian package that installs it.
    public var debianPackage: String

    /// Headless Chromium (`chromium`, `chromium-browser` or `google-chrome`), or `$ROUTE_FLY_CHROMIUM`.
    public static let chromium = ExternalProgram(names: ["chromium", "chromium-browser", "google-chrome"],
                                                 environmentVariable: "ROUTE_FLY_CHROMIUM", debianPackage: "chromium")
    /// ffmpeg, or `$ROUTE_FLY_FFMPEG`.
    public static let ffmpeg = ExternalProgram(names: ["ffmpeg"], environmentVariable: "ROUTE_FLY_FFMPEG",
                                               debianPackage: "ffmpeg")

    /// The program's path: the environment variable's value when it is set (and not empty), else the
    /// first of ``names`` that is an executable file in a directory of `PATH`.
    ///
    /// - Parameter environment: The environment to read `PATH` and ``environmentVariable`` from.
    /// - Throws: ``ProgramNotFoundError`` naming the package to install and the variable to set, when
    ///   nothing executable is found or the variable names no executable file.
    /// - Complexity: One `access(2)` per directory of `PATH` and name.
    public func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ProgramNotFoundError) -> String {
        if let chosen = environment[environmentVariable], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else {
                throw ProgramNotFoundError(program: self, setPath: chosen)
            }
            return chosen
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            for directory in directories where !directory.isEmpty {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        throw ProgramNotFoundError(program: self, setPath: nil)
    }
}

/// A program rendering needs is not installed (or its environment variable names no program).
public struct ProgramNotFoundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The program looked for.
    public var program: ExternalProgram
    /// The value of the program's environment variable when it was set but names no executable file.
    public var setPath: String?

    public var description: String {
        let name = program.names[0]
        let install = "install it with 'apt-get install \(program.debianPackage)', or set \(program.environmentVariable) to its path"
        if let setPath {
            return "\(program.environmentVariable) is '\(setPath)', which is not an executable file; \(install)"
        }
        let looked = program.names.count > 1 ? " (looked for \(program.names.joined(separator: ", ")))" : ""
        return "\(name) was not found on the PATH\(looked): \(install)"
    }
}
