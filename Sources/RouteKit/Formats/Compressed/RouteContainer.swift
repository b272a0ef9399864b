import Foundation

/// Route files that come wrapped: a KMZ (a ZIP archive holding KML), a gzip file (`ride.gpx.gz`,
/// `ride.geojson.gz`), and the binary Garmin FIT files, which are refused with the converter to use.
/// Told by their first bytes, whatever their names.
///
/// - KMZ: the archive's `doc.kml`, or else the first `.kml` at its root, or else the first `.kml`
///   anywhere (KML 2.2 reference, "KMZ Files": the first `.kml` at the root is the document). When that
///   document holds no `<Placemark>` but a `<NetworkLink>` whose `<href>` names a KML in the archive, the
///   linked KML is read instead (at most 4 links deep).
/// - gzip: the decompressed bytes (RFC 1952).
/// - FIT: a header size byte (12 or 14) and `.FIT` at byte offset 8 (Garmin FIT SDK, "FIT File Header").
///
/// Every decompressed size is held to the same limit as a plain file, ``InputLimits/maximumRouteBytes``,
/// checked while inflating, so a zip bomb costs at most that much memory.
enum RouteContainer {
    /// What a container held: the bytes to read, the name of the entry they came from, and a note
    /// saying where they came from.
    struct Unwrapped {
        var bytes: Data
        /// The entry read: the KMZ member's name (`files/track.kml`), or a gzip file's name without
        /// `.gz` (`ride.gpx` for `ride.gpx.gz`); `nil` for gzip on standard input.
        var entry: String?
        var note: String?
    }

    /// The name messages give an entry of the container at `path`: `ride.kmz/files/track.kml`,
    /// `ride.gpx.gz/ride.gpx` (as GDAL's `/vsizip/` and `/vsigzip/` paths name them), so that a line and
    /// column say which file they count in. `path` itself when there is no entry.
    static func entryPath(_ path: String, entry: String?) -> String {
        entry.map { path + "/" + $0 } ?? path
    }

    /// Whether `head` starts a gzip member, a ZIP archive or a FIT file.
    static func isContainer(_ head: some Collection<UInt8>) -> Bool {
        isGzip(head) || isZip(head) || isFIT(head)
    }

    static func isGzip(_ head: some Collection<UInt8>) -> Bool { head.starts(with: [0x1F, 0x8B]) }
    static func isZip(_ head: some Collection<UInt8>) -> Bool { head.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    static func isFIT(_ head: some Collection<UInt8>) -> Bool {
        let b = Array(head.prefix(12))
        return b.count == 12 && (b[0] == 12 || b[0] == 14) && b[8...11].elementsEqual(".FIT".utf8)
    }

    /// The route bytes inside `bytes`, or `nil` when `bytes` is not a container.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - path: The name errors give it.
    ///   - limit: The most bytes the content may inflate to (``InputLimits/maximumRouteBytes``).
    /// - Throws: ``RouteParseError``: `tooLarge` past `limit`, `unsupportedFile` for a FIT file or an
    ///   archive without KML, `malformedArchive` for a damaged one.
    /// - Complexity: O(n + m), m the decompressed size (at most `limit`).
    static func unwrap(_ bytes: Data, path: String, limit: Int) throws(RouteParseError) -> Unwrapped? {
        if isFIT(bytes.prefix(12)) { throw fitRefusal(path: path, gzipped: false) }
        if isGzip(bytes.prefix(2)) {
            let inflated: Data
            do {
                inflated = try Inflation.gunzip(bytes, limit: limit)
            } catch {
                throw Self.error(error, path: path)
            }
            if isFIT(inflated.prefix(12)) { throw fitRefusal(path: path, gzipped: true) }
            return Unwrapped(bytes: inflated, entry: gzipEntry(path), note: nil)
        }
        do {
            if isZip(bytes.prefix(4)) { return try unzipKML(bytes, limit: limit) }
        } catch let failure as Inflation.Failure {
            throw error(failure, path: path)
        } catch let malformed as ZipEntries.Malformed {
            throw RouteParseError(format: .kml, location: nil, path: path, reason: .malformedArchive(malformed.why))
        } catch let parse as RouteParseError {
            throw RouteParseError(format: .kml, location: nil, path: path, reason: parse.reason)
        } catch {
            throw RouteParseError(format: nil, location: nil, path: path, reason: .malformedArchive("\(error)"))
        }
        return nil
    }

    /// The KML document of a KMZ archive, links inside the archive followed.
    private static func unzipKML(_ bytes: Data, limit: Int) throws -> Unwrapped {
        let archive = try ZipEntries(bytes)
        let kml = archive.entries.filter { $0.name.lowercased().hasSuffix(".kml") }
        guard let first = kml.first(where: { $0.name == "doc.kml" }) ?? kml.first(where: { !$0.name.contains("/") }) ?? kml.first else {
            let names = archive.entries.prefix(5).map(\.name).joined(separator: ", ")
            throw RouteParseError(format: .kml, location: nil, path: nil, reason: .unsupportedFile(
                "the ZIP archive holds no .kml file (it holds \(archive.entries.count) entr\(archive.entries.count == 1 ? "y" : "ies")"
                + "\(names.isEmpty ? "" : ": " + names)); a KMZ keeps its KML as doc.kml"))
        }
        var entry = first
        var document = try archive.contents(of: entry, limit: limit)
        var path = [entry.name]
        for _ in 0..<4 {
            guard !contains(document, "<Placemark"), let target = linkedEntry(in: document, from: entry, archive: archive),
                  !path.contains(target.name) else { break }
            entry = target
            document = try archive.contents(of: entry, limit: limit)
            path.append(entry.name)
        }
        let via = path.count > 1 ? " (through NetworkLink to \(path.dropFirst().joined(separator: ", then ")))" : ""
        return Unwrapped(bytes: document, entry: entry.name,
                         note: "read \(entry.name) from the KMZ archive\(via); line numbers are that file's")
    }

    /// The name of a gzip file's content: its own name without `.gz` (RFC 1952's optional FNAME field
    /// is not read: `gzip -d` does not use it either), or `nil` for standard input or a name without `.gz`.
    private static func gzipEntry(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        guard path != RouteFile.standardInputName, url.pathExtension.lowercased() == "gz" else { return nil }
        return url.deletingPathExtension().lastPathComponent
    }

    /// The archive entry that the first `<NetworkLink>`'s `<href>` in `document` names, relative to `entry`.
    private static func linkedEntry(in document: Data, from entry: ZipEntries.Entry, archive: ZipEntries) -> ZipEntries.Entry? {
        let text = String(decoding: document, as: UTF8.self)
        guard let link = text.range(of: "<NetworkLink"),
              let open = text.range(of: "<href>", range: link.upperBound..<text.endIndex),
              let close = text.range(of: "</href>", range: open.upperBound..<text.endIndex) else { return nil }
        let href = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = entry.name.split(separator: "/").dropLast().joined(separator: "/")
        let candidates = [href, folder.isEmpty ? href : folder + "/" + href].map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        return archive.entries.first { candidates.contains($0.name) }
    }

    private static func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    private static func error(_ failure: Inflation.Failure, path: String) -> RouteParseError {
        switch failure {
        case .tooLarge(let limit):
            return RouteParseError(format: nil, location: nil, path: path, reason: .decompressedTooLarge(limit: limit))
        case .corrupt(let why):
            return RouteParseError(format: nil, location: nil, path: path, reason: .malformedArchive(why))
        case .unsupported(let why):
            return RouteParseError(format: nil, location: nil, path: path, reason: .unsupportedFile(why))
        }
    }

    /// The refusal of a FIT file at `path` (`gzipped`: inside a gzip file), with the commands that
    /// convert it: GPSBabel's `garmin_fit` reader (GPSBabel manual, "garmin_fit") into a GPX file whose
    /// name is never the input's (``convertedName(_:)``); a gzipped FIT is unpacked first (`gunzip -k`
    /// keeps the `.gz`), since GPSBabel reads no gzip.
    static func fitRefusal(path: String, gzipped: Bool) -> RouteParseError {
        let name = path == RouteFile.standardInputName ? "ride.fit" : path
        var steps: [String] = []
        var fit = name
        if gzipped {
            let url = URL(fileURLWithPath: name)
            if url.pathExtension.lowercased() == "gz" {
                fit = String(name.dropLast(url.pathExtension.count + 1))
                steps.append("gunzip -k \(shellWord(name))")
            } else {
                fit = convertedName(name, pathExtension: "fit")
                steps.append("gzip -dc \(shellWord(name)) > \(shellWord(fit))")
            }
        }
        steps.append("gpsbabel -i garmin_fit -f \(shellWord(fit)) -o gpx -F \(shellWord(convertedName(fit, pathExtension: "gpx")))")
        let what = gzipped ? "a gzipped Garmin FIT file" : "a Garmin FIT file"
        let saved = path == RouteFile.standardInputName ? "saved as ride.fit, " : ""
        return RouteParseError(format: nil, location: nil, path: path, reason: .unsupportedFile(
            "\(URL(fileURLWithPath: path).lastPathComponent) is \(what) (binary activity data), which route-fly does not read; "
            + "convert it to GPX first, e.g. \(saved)`\(steps.joined(separator: " && "))`"))
    }

    /// `path` with its extension replaced by `pathExtension` (`ride.fit` -> `ride.gpx`), or, when it already
    /// has that extension (a FIT file saved as `ride.gpx`), with `-converted` added (`ride-converted.gpx`):
    /// never `path` itself, so a suggested command cannot overwrite its input.
    static func convertedName(_ path: String, pathExtension: String) -> String {
        let url = URL(fileURLWithPath: path)
        let current = url.pathExtension
        let stem = current.isEmpty ? path : String(path.dropLast(current.count + 1))
        return stem + (current.lowercased() == pathExtension ? "-converted." : ".") + pathExtension
    }

    private static func shellWord(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "._-/".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
