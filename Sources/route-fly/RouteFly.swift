import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// `route-fly`: a thin shell over RouteKit. It parses arguments, calls the library, prints and exits.
///
/// Exit status: 0 success; 1 bad input or failure (message on stderr, nothing on stdout, no output
/// file); 64 usage error (`EX_USAGE`).
@main
enum RouteFly {
    static func main() {
        SignalCleanup.install()
        MemoryReturn.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status = run(arguments)
        exit(status)
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            printUsageError(error)
            if error.subcommand == nil {
                printError("Usage: route-fly <subcommand> [options]")
                printError("  See 'route-fly --help' for more information.")
            }
            return 64
        }
        Progress.shared.start()
        defer { Progress.shared.stop() }
        do {
            try command.run()
            Progress.shared.stop()
            return 0
        } catch let status as ExitStatus {
            return status.code
        } catch let error as UsageError {
            printUsageError(error)
            return 64
        } catch let error as RouteParseError {
            printError(ErrorPresentation.describe(error))
        } catch let error as AtomicFile.WriteError {
            printError(error.description)
        } catch let error as CameraScriptError {
            printError(error.description)
        } catch let error as CommandFailure {
            printError(error.description)
        } catch let error as GeoidError {
            printError("route-fly: error: \(error)")
        } catch {
            printError("error: \(error)")
        }
        return 1
    }
}

/// Prints a usage error and, when it names its subcommand, that subcommand's usage line.
private func printUsageError(_ error: UsageError) {
    printError("Error: \(error.message)")
    if let subcommand = error.subcommand {
        printError("Usage: \(Usage.usageLine(subcommand))")
        printError("  See 'route-fly \(subcommand) --help' for more information.")
    }
}

/// A command that ran to the end but must exit with a status other than 0 (everything it had to say is
/// already written): `check` with an error finding exits 2.
struct ExitStatus: Error {
    var code: Int32
}

/// A failure while running a command, with the text to print.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
}

/// Writes a line to standard error.
func printError(_ line: String) {
    Progress.shared.clearLine()
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes bytes to standard output in one go (the caller has everything computed already, so a failure
/// never leaves half an output behind).
func writeStandardOutput(_ bytes: [UInt8]) throws(AtomicFile.WriteError) {
    try AtomicFile.standardOutput().write(bytes)
}

/// The route argument as messages name it: `<stdin>` (`RouteFile/standardInputName`) for `-`, as
/// the readers do.
func shownPath(_ path: String) -> String {
    path == "-" ? RouteFile.standardInputName : path
}

/// The camera script at `path`: `-` reads standard input (the library takes every path as a file).
/// A script without a keyframe is flown (one frame of the initial camera), with a warning.
func loadCameraScript(_ path: String) throws(CameraScriptError) -> CameraScript {
    let script = path == "-" ? try CameraScript.loadStandardInput() : try CameraScript.load(path: path)
    if script.centerCoordinate.isEmpty, script.heading.isEmpty, script.distance.isEmpty, script.pitch.isEmpty,
       script.centerElevation.isEmpty {
        printDiagnostic("\(shownPath(path)): warning: the camera script has no keyframe in any track, so the flight "
                        + "lasts 0 s: one frame of its initial camera (expected keyframes under \"tracks\", docs/camera-script.md)")
    }
    return script
}
