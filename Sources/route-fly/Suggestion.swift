import RouteKit

/// "Did you mean" for a mistyped option name or value.
enum Suggestion {
    /// ` Did you mean 'x'?` when a candidate is close to `word`, else "".
    ///
    /// Close: an optimal string alignment distance (``EditDistance``: insertions, deletions,
    /// substitutions and swaps of two neighbours, each 1; over lowercased characters) of at most
    /// `max(1, candidate length / 3)`, the distance the camera script's keys are suggested by. Ties go to the earlier candidate. O(candidates · |word| · |candidate|).
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for c in candidates where c.lowercased() != word.lowercased() {
            let d = EditDistance.optimalStringAlignment(w, Array(c.lowercased()))
            if d <= max(1, c.count / 3), d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best.map { " Did you mean '\($0.name)'?" } ?? ""
    }
}

