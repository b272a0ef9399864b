/// "Did you mean" for a mistyped option name or value.
enum Suggestion {
    /// ` Did you mean 'x'?` when a candidate is close to `word`, else "".
    ///
    /// Close: a Levenshtein distance (insertions, deletions, substitutions, and swaps of two neighbours,
    /// each 1; over lowercased characters) of at most `max(1, candidate length / 3)`, as the camera
    /// script's keys are suggested. Ties go to the earlier candidate. O(candidates · |word| · |candidate|).
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for c in candidates where c.lowercased() != word.lowercased() {
            let d = distance(w, Array(c.lowercased()))
            if d <= max(1, c.count / 3), d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best.map { " Did you mean '\($0.name)'?" } ?? ""
    }

    /// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

