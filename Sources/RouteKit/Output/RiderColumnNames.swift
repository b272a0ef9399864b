extension RiderGroup {
    /// Column-name prefixes for the riders, in rider order, as CSV writes them (`<prefix>_latitude`, …).
    ///
    /// Each rider's ``Rider/name`` with every character outside `A-Z`, `a-z`, `0-9` and `_` (a character
    /// as people see one: `ë` is one, precomposed or not) replaced by one `_`. When a prefix has been taken by an earlier rider, or one of its
    /// columns (`prefix` + each of `suffixes`) is in `reserved`, `_2`, `_3`, … is appended until it is
    /// free: riders `a b` and `a-b` become `a_b` and `a_b_2`; a rider called `eye` beside the eye columns
    /// becomes `eye_2`, since `eye_latitude` is taken.
    ///
    /// - Complexity: O(r·s) for r riders and s suffixes, expected.
    func columnPrefixes(suffixes: [String], reserved: Set<String>) -> [String] {
        var taken = reserved
        var used = Set<String>()
        var prefixes: [String] = []
        for rider in riders {
            var base = String(rider.name.map { c -> Character in
                c.isASCII && (c.isLetter || c.isNumber || c == "_") ? c : "_"
            })
            if base.isEmpty { base = "rider" }
            var prefix = base, n = 1
            while used.contains(prefix) || suffixes.contains(where: { taken.contains(prefix + "_" + $0) }) {
                n += 1
                prefix = base + "_\(n)"
            }
            used.insert(prefix)
            for s in suffixes { taken.insert(prefix + "_" + s) }
            prefixes.append(prefix)
        }
        return prefixes
    }
}
