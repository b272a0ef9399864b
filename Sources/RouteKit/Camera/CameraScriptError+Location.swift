import Foundation

extension CameraScriptError {
    /// The error with the line and column of its ``jsonPath`` in `json` (the script's text) when it has
    /// a path but no location: an error found while resolving the script against a route (a distance
    /// out of range, a spring that never settles), after the text was parsed.
    ///
    /// The path is the one the error names (`tracks.distance[0].value`, spelled as `JSONPath` spells
    /// paths); when part of it is not in the document, the deepest node found is located.
    /// Unchanged when the error is already located, has no path, or `json` does not parse.
    ///
    /// - Complexity: O(n) for n bytes of `json`.
    public func located(in json: Data) -> CameraScriptError {
        guard line == nil, let jsonPath, !jsonPath.isEmpty else { return self }
        let bytes = [UInt8](json)
        guard let document = try? JSONDocument(bytes: bytes, maximumDepth: 256, numbersOutOfRange: .infinity) else { return self }
        guard let path = JSONPath(parsing: jsonPath) else { return self }
        var node = document.root
        for step in path.steps {
            switch (step, node.value) {
            case (.key(let key), .object):
                guard let child = node.value[key] else { break }
                node = child
                continue
            case (.index(let i), .array(let items)) where items.indices.contains(i):
                node = items[i]
                continue
            default:
                break
            }
            break
        }
        let (l, c) = document.location(of: node.offset)
        var located = self
        located.line = l
        located.column = c
        return located
    }
}
