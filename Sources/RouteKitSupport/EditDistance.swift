/// How many single-character edits turn one word into another, for "did you mean" suggestions (the
/// camera script's keys and names, route-fly's options and values).
package enum EditDistance {
    /// The optimal string alignment distance between `a` and `b`: the fewest insertions, deletions,
    /// substitutions and transpositions of two adjacent elements (each costing 1) that turn `a` into
    /// `b`, no substring being edited twice.
    ///
    /// This is Levenshtein's distance (Levenshtein 1966) with Damerau's transposition (Damerau 1964,
    /// "A technique for computer detection and correction of spelling errors", Communications of the
    /// ACM 7(3), https://doi.org/10.1145/363958.363994), computed by the Wagner–Fischer dynamic
    /// programme (Wagner and Fischer 1974, https://doi.org/10.1145/321796.321811) with Damerau's extra
    /// step; the name "optimal string alignment" is Boytsov's (2011,
    /// https://doi.org/10.1145/1963190.1963191). Transposed neighbours (`hedaing`, `heading`) are one
    /// edit apart, where Levenshtein counts two. Unlike the unrestricted Damerau–Levenshtein distance it
    /// does not satisfy the triangle inequality: `ca` → `abc` is 3 (2 unrestricted).
    ///
    /// - Returns: A count of edits, `0...max(a.count, b.count)`; `0` only when `a == b`. Symmetric.
    /// - Complexity: O(|a|·|b|) time, O(|b|) memory.
    package static func optimalStringAlignment<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Rows i - 2, i - 1 and i of the Wagner–Fischer table: d[i][j] is the distance between the
        // first i elements of a and the first j of b.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// ``optimalStringAlignment(_:_:)`` over the characters of two strings, ignoring case.
    ///
    /// - Complexity: O(|a|·|b|).
    package static func caseInsensitive(_ a: String, _ b: String) -> Int {
        optimalStringAlignment(Array(a.lowercased()), Array(b.lowercased()))
    }
}
