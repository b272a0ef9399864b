import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// Refuses an output file that is one of the command's inputs, that is a folder, or whose folder does
/// not exist (before the route is read and the flight planned, not after).
///
/// Files are compared by device and inode (`stat(2)`, which follows symbolic links), never by
/// path, so a symbolic link, a hard link, `./r.gpx` beside `r.gpx`, or `/dev/stdin` all count; an input
/// given as `-` is standard input, compared through `fstat(0)`, so `sample - -o r.gpx < r.gpx` is
/// refused too. An output that does not exist yet is no input.
enum OutputGuard {
    /// One input: the path as typed (`-` for standard input) and what it is, for the message.
    struct Input {
        var path: String
        var role: String
        /// The raster this file is read for, when it is not the raster itself (a `.vrt` mosaic's tile).
        var partOf: String? = nil

        /// A raster given as `role`, and the files GDAL reads for it (``RasterFiles/files(of:)``: a
        /// `.vrt` mosaic's tiles, side files).
        static func raster(_ path: String, role: String) -> [Input] {
            RasterFiles.files(of: path).map { Input(path: $0, role: role, partOf: $0 == path ? nil : path) }
        }

        /// What the output would be, for the message.
        var described: String {
            if let partOf { return "a file GDAL reads for the \(role) '\(partOf)'" }
            return path == "-" ? "the \(role) (read from standard input)" : "the \(role) '\(path)'"
        }
    }

    /// - Parameter isFolder: Whether the output is a folder (`render`'s frames), which may exist.
    /// - Throws: ``UsageError`` (exit 64) naming the output and the input it would replace.
    static func refuse(output: String?, inputs: @autoclosure () -> [Input], subcommand: String, isFolder: Bool = false) throws(UsageError) {
        guard let output, output != "-" else { return }
        var out = stat()
        guard stat(output, &out) == 0 else { return try refuseMissingFolder(of: output, subcommand: subcommand) }
        if !isFolder, (out.st_mode & S_IFMT) == S_IFDIR {
            let example = (output.hasSuffix("/") ? output : output + "/") + "flight" + Self.exampleExtension(subcommand)
            throw UsageError(message: "The output file '\(output)' is a folder: give a file's name (e.g. '\(example)').", subcommand: subcommand)
        }
        // Only with an output file: a raster's files are listed by opening it with GDAL.
        for input in inputs() {
            var info = stat()
            let ok = input.path == "-" ? fstat(0, &info) == 0 : stat(input.path, &info) == 0
            guard ok, info.st_dev == out.st_dev, info.st_ino == out.st_ino else { continue }
            throw UsageError(message: "The output file '\(output)' is \(input.described): writing it would destroy the \(input.role). Choose another output file.",
                             subcommand: subcommand)
        }
    }

    /// An extension for the example in the message about a folder given as the output file.
    private static func exampleExtension(_ subcommand: String) -> String {
        switch subcommand {
        case "plan": return ".json"
        case "preview": return ".html"
        case "render": return ".mp4"
        case "check": return ".svg"
        default: return ".csv"
        }
    }

    /// The folder a path names its file in: what comes before its last `/` (`/` for a file at the root),
    /// or `.` when it has none. Not `NSString.deletingLastPathComponent`: swift-corelibs-foundation traps
    /// on a one-character path (`-o x`).
    static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }  // `out/` names the folder out
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// - Throws: ``UsageError`` when the folder `output` would go in does not exist or is not a folder.
    private static func refuseMissingFolder(of output: String, subcommand: String) throws(UsageError) {
        let folder = Self.folder(of: output)
        var info = stat()
        if stat(folder, &info) != 0 {
            throw UsageError(message: "The output file '\(output)' cannot be written: its folder '\(folder)' does not exist.", subcommand: subcommand)
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            throw UsageError(message: "The output file '\(output)' cannot be written: '\(folder)' is not a folder.", subcommand: subcommand)
        }
    }
}
