import Testing
@testable import RouteKitSupport

/// ``EditDistance/optimalStringAlignment(_:_:)`` against distances worked out by hand (the edits are
/// listed beside each), and the textbook pairs where the restricted and unrestricted Damerau distances
/// and Levenshtein's differ.
@Suite struct EditDistanceTests {
    static func distance(_ a: String, _ b: String) -> Int {
        EditDistance.optimalStringAlignment(Array(a), Array(b))
    }

    @Test func emptyWordsCostOneEditPerCharacter() {
        #expect(Self.distance("", "") == 0)
        #expect(Self.distance("", "abc") == 3)  // 3 insertions
        #expect(Self.distance("pitch", "") == 5)  // 5 deletions
    }

    @Test func levenshteinEdits() {
        // kitten → sitten (k→s) → sittin (e→i) → sitting (+g): 3.
        #expect(Self.distance("kitten", "sitting") == 3)
        // flaw → law (−f) → lawn (+n): 2.
        #expect(Self.distance("flaw", "lawn") == 2)
        // headng → heading (+i): 1; distance → distanc (−e): 1; pitch → patch (i→a): 1.
        #expect(Self.distance("headng", "heading") == 1)
        #expect(Self.distance("distance", "distanc") == 1)
        #expect(Self.distance("pitch", "patch") == 1)
        #expect(Self.distance("abc", "abc") == 0)
    }

    @Test func adjacentTranspositionIsOneEdit() {
        // One swap of neighbours, where Levenshtein needs two substitutions.
        #expect(Self.distance("ab", "ba") == 1)
        #expect(Self.distance("hedaing", "heading") == 1)
        #expect(Self.distance("--fromat", "--format") == 1)
        // Two separate swaps: 2.
        #expect(Self.distance("abcd", "badc") == 2)
    }

    @Test func noSubstringIsEditedTwice() {
        // ca → abc: the unrestricted distance is 2 (swap to ac, insert b between), but that edits the
        // swapped pair again; the optimal string alignment takes 3 (c→a, a→b, +c).
        #expect(Self.distance("ca", "abc") == 3)
    }

    @Test func isSymmetric() {
        for (a, b) in [("kitten", "sitting"), ("ca", "abc"), ("", "xy"), ("hedaing", "heading"), ("spring", "sprnig")] {
            #expect(Self.distance(a, b) == Self.distance(b, a), "\(a) / \(b)")
        }
    }

    @Test func caseInsensitiveComparesLowercasedCharacters() {
        #expect(EditDistance.caseInsensitive("EaseIn", "easein") == 0)
        #expect(EditDistance.caseInsensitive("Heading", "hedaing") == 1)
        // Characters, not bytes: é is one character.
        #expect(EditDistance.caseInsensitive("café", "cafe") == 1)
    }
}
