import Foundation

extension TerrainError {
    /// Throws unless `path` names a readable file. GDAL's virtual file systems (`/vsizip/`, `/vsicurl/`,
    /// ...) are not files on disk: they pass, and GDAL judges them when it opens them.
    /// - Throws: ``TerrainError`` `fileNotFound` or `unreadable("permission denied")`.
    static func checkReadable(_ path: String) throws(TerrainError) {
        guard !path.hasPrefix("/vsi") else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TerrainError(path: path, kind: .fileNotFound)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TerrainError(path: path, kind: .unreadable("permission denied"))
        }
    }
}
