/// Where a value is in a JSON document: the object keys and array indices that lead to it from the
/// top-level value.
///
/// Every RouteKit message spells a path one way (``description``): keys after a `.` (none before
/// the first), indices in brackets counted from 0, and a key that is not an identifier (ASCII letters,
/// digits and `_`, not starting with a digit) as a JSON string in brackets:
/// `features[3].geometry.coordinates[12][1]`, `tracks.heading[2].duration`, `properties["my key"]`.
/// The top-level value's path is empty. This is the dot-and-bracket notation of JSONPath (RFC 9535,
/// https://www.rfc-editor.org/rfc/rfc9535, sections 2.5.1.1 and 2.5.2.1) without its leading `$`.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down: an object member by key, or an array element by 0-based index.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top-level value, outermost first.
    package private(set) var steps: [Step]

    package init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// Whether this is the top-level value's (empty) path.
    package var isRoot: Bool { steps.isEmpty }

    /// The path one step further.
    package func appending(_ step: Step) -> JSONPath {
        var path = self
        path.steps.append(step)
        return path
    }

    package func appending(key: String) -> JSONPath { appending(.key(key)) }

    package func appending(index: Int) -> JSONPath { appending(.index(index)) }

    /// The path as messages show it (see ``JSONPath``); `""` at the top level.
    package var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .index(let i): text += "[\(i)]"
            case .key(let key) where Self.isIdentifier(key): text += (text.isEmpty ? "" : ".") + key
            case .key(let key): text += "[" + JSONText.quoted(key) + "]"
            }
        }
        return text
    }

    /// Whether `key` is written after a `.`: ASCII letters, digits and `_`, not starting with a digit.
    package static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Reads a path spelled as ``description`` spells it; `nil` when `text` is not such a path.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package init?(parsing text: String) {
        var scanner = Scanner(characters: Array(text.unicodeScalars))
        var steps: [Step] = []
        while !scanner.isAtEnd {
            guard let step = scanner.step(isFirst: steps.isEmpty) else { return nil }
            steps.append(step)
        }
        self.init(steps)
    }

    /// Reads the steps of a spelled path.
    private struct Scanner {
        let characters: [Unicode.Scalar]
        var k = 0
        var isAtEnd: Bool { k == characters.count }

        mutating func step(isFirst: Bool) -> Step? {
            if characters[k] == "[" {
                k += 1
                let step = k < characters.count && characters[k] == "\"" ? quotedKey() : index()
                guard step != nil, k < characters.count, characters[k] == "]" else { return nil }
                k += 1
                return step
            }
            if !isFirst {
                guard characters[k] == "." else { return nil }
                k += 1
            }
            let start = k
            while k < characters.count, characters[k] != ".", characters[k] != "[" { k += 1 }
            return k > start ? .key(String(String.UnicodeScalarView(characters[start..<k]))) : nil
        }

        mutating func index() -> Step? {
            let start = k
            while k < characters.count, ("0"..."9").contains(characters[k]) { k += 1 }
            return Int(String(String.UnicodeScalarView(characters[start..<k]))).map(Step.index)
        }

        /// A key as ``JSONText/quoted(_:)`` writes it: `\"`, `\\`, `\n`, `\r`, `\t` and `\uXXXX` undone.
        mutating func quotedKey() -> Step? {
            var key = String.UnicodeScalarView()
            k += 1
            while k < characters.count, characters[k] != "\"" {
                guard characters[k] == "\\" else { key.append(characters[k]); k += 1; continue }
                guard k + 1 < characters.count else { return nil }
                switch characters[k + 1] {
                case "n": key.append("\n")
                case "r": key.append("\r")
                case "t": key.append("\t")
                case "u":
                    guard k + 6 <= characters.count, let v = UInt32(String(String.UnicodeScalarView(characters[(k + 2)..<(k + 6)])), radix: 16),
                          let scalar = Unicode.Scalar(v) else { return nil }
                    key.append(scalar)
                    k += 4
                default: key.append(characters[k + 1])
                }
                k += 2
            }
            guard k < characters.count else { return nil }
            k += 1
            return .key(String(key))
        }
    }
}
