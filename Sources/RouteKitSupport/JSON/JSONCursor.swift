/// A value of a parsed JSON document with the path that leads to it (``JSONPath``), for a reader that
/// walks the document and must say where a value is wrong: by path, and by line and column.
///
/// Going down (``member(_:)``, ``elements()``, ``child(_:index:)``) extends the path; the typed
/// accessors (``number()``, ``string()``, ``bool()``, ``array()``, ``object(allowing:)``,
/// ``required(_:)``) return the value or throw a ``JSONCursorError`` located at the offending value
/// (or key), which each reader words in its own vocabulary. A child keeps its parent's path and its
/// own step, so walking the elements of a long array builds no path until one is asked for.
package struct JSONCursor: Sendable {
    package let document: JSONDocument
    package let node: JSONNode
    private let parentPath: JSONPath
    private let step: JSONPath.Step?

    /// The top-level value of `document`.
    package init(root document: JSONDocument) {
        self.init(document: document, node: document.root, path: JSONPath())
    }

    /// `node`, a value of `document` reached at `path` (an element of a deferred array, read later).
    package init(document: JSONDocument, node: JSONNode, path: JSONPath) {
        self.document = document
        self.node = node
        parentPath = path
        step = nil
    }

    /// `node`, element `index` of the array at `arrayPath` (whose path is built once for all its elements).
    package init(document: JSONDocument, node: JSONNode, elementOf arrayPath: JSONPath, index: Int) {
        self.init(document: document, node: node, parentPath: arrayPath, step: .index(index))
    }

    private init(document: JSONDocument, node: JSONNode, parentPath: JSONPath, step: JSONPath.Step) {
        self.document = document
        self.node = node
        self.parentPath = parentPath
        self.step = step
    }

    /// The path from the top-level value to this one.
    package var path: JSONPath { step.map { parentPath.appending($0) } ?? parentPath }

    package var value: JSONValue { node.value }

    /// The 1-based line and column where the value starts (``JSONDocument/location(of:)``).
    ///
    /// - Complexity: O(offset): for messages.
    package var location: (line: Int, column: Int) { document.location(of: node.offset) }

    // MARK: Going down

    /// `node`, reached from this value by `key` (a member) or `index` (an element).
    package func child(_ node: JSONNode, key: String) -> JSONCursor {
        JSONCursor(document: document, node: node, parentPath: path, step: .key(key))
    }

    package func child(_ node: JSONNode, index: Int) -> JSONCursor {
        JSONCursor(document: document, node: node, parentPath: path, step: .index(index))
    }

    /// The first member named `key`, or `nil` when there is none or this is not an object.
    package func member(_ key: String) -> JSONCursor? {
        value[key].map { child($0, key: key) }
    }

    /// The elements of a built array, or `nil` when this is not one.
    ///
    /// - Complexity: O(elements); the path of this array is built once for all of them.
    package func elements() -> [JSONCursor]? {
        guard case .array(let nodes) = value else { return nil }
        let base = path
        return nodes.enumerated().map { JSONCursor(document: document, node: $1, parentPath: base, step: .index($0)) }
    }

    // MARK: Typed accessors

    /// The value as a finite number.
    ///
    /// - Throws: ``JSONCursorError`` `.type(expected: .number)` for another type, `.notFinite` for a
    ///   number past the range of `Double` (a document parsed with `NumbersOutOfRange.infinity`).
    package func number() throws(JSONCursorError) -> Double {
        guard case .number(let v) = value else { throw mismatch(.type(expected: .number)) }
        guard v.isFinite else { throw mismatch(.notFinite) }
        return v
    }

    /// The value as a string. - Throws: ``JSONCursorError`` `.type(expected: .string)`.
    package func string() throws(JSONCursorError) -> String {
        guard case .string(let s) = value else { throw mismatch(.type(expected: .string)) }
        return s
    }

    /// The value as a boolean. - Throws: ``JSONCursorError`` `.type(expected: .bool)`.
    package func bool() throws(JSONCursorError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch(.type(expected: .bool)) }
        return b
    }

    /// The elements of the value, a built array. - Throws: ``JSONCursorError`` `.type(expected: .array)`.
    package func array() throws(JSONCursorError) -> [JSONCursor] {
        guard let elements = elements() else { throw mismatch(.type(expected: .array)) }
        return elements
    }

    /// The member `key` of the value, an object.
    ///
    /// - Throws: ``JSONCursorError`` `.type(expected: .object)` at this value when it is not an object,
    ///   `.missingMember(key)` at this object (with the member's path) when it has no such member.
    package func required(_ key: String) throws(JSONCursorError) -> JSONCursor {
        guard case .object = value else { throw mismatch(.type(expected: .object)) }
        guard let m = member(key) else {
            throw JSONCursorError(problem: .missingMember(key), path: path.appending(key: key), offset: node.offset, found: self)
        }
        return m
    }

    /// The value's members by key, checked: an object whose keys are all among `allowed` (any key when
    /// `nil`), none twice.
    ///
    /// - Throws: ``JSONCursorError`` `.type(expected: .object)`; `.unknownMember` or
    ///   `.duplicateMember` at the key (the first in document order).
    /// - Complexity: O(members · allowed).
    package func object(allowing allowed: [String]?) throws(JSONCursorError) -> JSONObjectCursor {
        guard case .object(let members) = value else { throw mismatch(.type(expected: .object)) }
        var byKey: [String: JSONMember] = [:]
        var keys: [String] = []
        for m in members {
            let at = child(m.node, key: m.key)
            if let first = byKey[m.key] {
                let (line, column) = document.location(of: first.keyOffset)
                throw JSONCursorError(problem: .duplicateMember(m.key, firstLine: line, firstColumn: column),
                                      path: at.path, offset: m.keyOffset, found: at)
            }
            if let allowed, !allowed.contains(m.key) {
                throw JSONCursorError(problem: .unknownMember(m.key, allowed: allowed), path: at.path, offset: m.keyOffset, found: at)
            }
            byKey[m.key] = m
            keys.append(m.key)
        }
        return JSONObjectCursor(cursor: self, members: byKey, keys: keys)
    }

    /// An error about this value, at it.
    package func mismatch(_ problem: JSONCursorError.Problem) -> JSONCursorError {
        JSONCursorError(problem: problem, path: path, offset: node.offset, found: self)
    }
}

/// A JSON object whose keys were checked by ``JSONCursor/object(allowing:)``.
package struct JSONObjectCursor: Sendable {
    /// The object.
    package let cursor: JSONCursor
    /// Its members by key.
    package let members: [String: JSONMember]
    /// Its keys in document order.
    package let keys: [String]

    /// The member `key`, or `nil`.
    package subscript(key: String) -> JSONCursor? {
        members[key].map { cursor.child($0.node, key: key) }
    }

    /// The error for a member that must be there: at the object, with the member's path.
    package func missing(_ key: String) -> JSONCursorError {
        JSONCursorError(problem: .missingMember(key), path: cursor.path.appending(key: key), offset: cursor.node.offset, found: cursor)
    }

    /// The path of the member `key` and the 1-based line and column of its key (which must be one of
    /// ``members``), for an error about the member as a whole.
    package func key(_ key: String) -> (path: JSONPath, line: Int, column: Int) {
        let (line, column) = cursor.document.location(of: members[key]!.keyOffset)
        return (cursor.path.appending(key: key), line, column)
    }
}

/// A JSON value that is not what a reader expected, with its path and where it is: thrown by
/// ``JSONCursor``'s typed accessors, worded by each reader.
package struct JSONCursorError: Error, Sendable {
    /// The JSON types, as an accessor expects them.
    package enum Kind: Sendable, Equatable { case object, array, string, number, bool }

    package enum Problem: Sendable, Equatable {
        /// The value is of another type.
        case type(expected: Kind)
        /// The number is past the range of `Double` (`1e999`).
        case notFinite
        /// The object has no member `key` (located at the object; the path is the member's).
        case missingMember(String)
        /// The object has a member whose key is not among `allowed` (located at the key).
        case unknownMember(String, allowed: [String])
        /// The object has the key twice (located at the second; the first's line and column given).
        case duplicateMember(String, firstLine: Int, firstColumn: Int)
    }

    package var problem: Problem
    /// The path of the offending value (of the missing member, for `.missingMember`).
    package var path: JSONPath
    /// Byte offset of the offending value, key, or (for `.missingMember`) object.
    package var offset: Int
    /// The offending value (the object, for `.missingMember`).
    package var found: JSONCursor

    /// The 1-based line and column of ``offset``.
    package var location: (line: Int, column: Int) { found.document.location(of: offset) }
}
