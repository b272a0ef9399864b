import Foundation
import RouteKitTerrain

/// Answers the page's tile requests (`FlightPageOptions/tileScheme` paths `dem/Z/X/Y`,
/// `hillshade/Z/X/Y`, `imagery/Z/X/Y`) from a ``MapTileSource``, through the page's `routeFlyTile`
/// binding: each request `{"id", "path"}` is answered by `routeFlyTileAnswer(id, base64, error)`.
///
/// Requests in flight are remembered, so that a frame that times out can say which tiles it waits for.
final class TileServer: @unchecked Sendable {
    let source: MapTileSource
    private let lock = NSLock()
    private var inFlight: [Int: String] = [:]
    private(set) var served = 0
    private(set) var seconds = 0.0
    private var failure: TerrainError?

    init(source: MapTileSource) {
        self.source = source
    }

    /// The first tile the source could not make (a damaged or truncated file), or `nil`: the cause a
    /// failed page or frame reports, rather than the page's own account of it.
    var firstFailure: TerrainError? { lock.withLock { failure } }

    /// The tile paths asked and not yet answered.
    var waiting: [String] { lock.withLock { inFlight.values.sorted() } }

    /// Handles one binding payload, answering through `answer` (JavaScript to evaluate in the page).
    func handle(_ payload: String, answer: (String) -> Void) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
              let id = (object["id"] as? NSNumber)?.intValue, let path = object["path"] as? String else { return }
        lock.withLock { inFlight[id] = path }
        let start = Date()
        let script: String
        do {
            let bytes = try tile(path)
            script = "routeFlyTileAnswer(\(id), \(bytes.map { "\"" + Data($0).base64EncodedString() + "\"" } ?? "null"), null)"
        } catch {
            if let error = error as? TerrainError { lock.withLock { failure = failure ?? error } }
            let message = "routekit://\(path): \(error)"
            script = "routeFlyTileAnswer(\(id), null, \(Self.quoted(message)))"
        }
        lock.withLock {
            inFlight[id] = nil
            served += 1
            seconds += Date().timeIntervalSince(start)
        }
        answer(script)
    }

    /// The PNG for `layer/z/x/y`, or `nil` for none (no imagery there).
    private func tile(_ path: String) throws -> [UInt8]? {
        let parts = path.split(separator: "/")
        guard parts.count == 4, let z = Int(parts[1]), let x = Int(parts[2]), let y = Int(parts[3]) else {
            throw TileRequestError(path: path)
        }
        switch parts[0] {
        case "dem": return try source.terrainTile(z: z, x: x, y: y)
        case "hillshade": return try source.hillshadeTile(z: z, x: x, y: y)
        case "imagery": return try source.imageryTile(z: z, x: x, y: y)
        default: throw TileRequestError(path: path)
        }
    }

    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

/// A tile path the server does not know.
struct TileRequestError: Error, CustomStringConvertible {
    var path: String
    var description: String { "no such tile (expected dem, hillshade or imagery/Z/X/Y)" }
}
