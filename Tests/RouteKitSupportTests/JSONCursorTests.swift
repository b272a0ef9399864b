import Foundation
import Testing
@testable import RouteKitSupport

/// ``JSONCursor`` and ``JSONPath``: the path a walk reaches a value by, spelled one way, and the typed
/// accessors' located errors. Lines and columns are counted by hand in the documents below.
@Suite struct JSONCursorTests {
    static func root(_ text: String) throws -> JSONCursor {
        JSONCursor(root: try JSONDocument(bytes: Array(text.utf8), numbersOutOfRange: .infinity))
    }

    static let featureCollection = """
        {"type": "FeatureCollection",
         "features": [{"type": "Feature", "properties": {"my key": 1},
                       "geometry": {"type": "LineString", "coordinates": [[7, 46], [7.1, "x"]]}}]}
        """

    @Test func pathsAreSpelledOneWay() {
        #expect(JSONPath().description == "")
        let path = JSONPath().appending(key: "features").appending(index: 3).appending(key: "geometry").appending(key: "coordinates")
        #expect(path.description == "features[3].geometry.coordinates")
        #expect(JSONPath([.index(0), .index(1)]).description == "[0][1]")
        // Keys that are not identifiers are JSON strings in brackets.
        #expect(JSONPath([.key("properties"), .key("my key")]).description == #"properties["my key"]"#)
        #expect(JSONPath([.key("2d")]).description == #"["2d"]"#)
        #expect(JSONPath([.key("a\"b")]).description == #"["a\"b"]"#)
        #expect(JSONPath([.key("_x9")]).description == "_x9")
    }

    @Test func spelledPathsReadBack() {
        for path in [JSONPath([.key("tracks"), .key("heading"), .index(2), .key("duration")]),
                     JSONPath([.key("properties"), .key("my key"), .index(0)]),
                     JSONPath([.key("a.b"), .key("tab\there"), .key("\u{1}")]),
                     JSONPath([.index(4)]), JSONPath()] {
            #expect(JSONPath(parsing: path.description) == path, "\(path)")
        }
        #expect(JSONPath(parsing: "a[x]") == nil)
        #expect(JSONPath(parsing: "a..b") == nil)
        #expect(JSONPath(parsing: "a[1") == nil)
    }

    @Test func goingDownBuildsThePath() throws {
        let root = try Self.root(Self.featureCollection)
        let feature = try #require(root.member("features")?.elements()?.first)
        let coordinates = try #require(feature.member("geometry")?.member("coordinates"))
        #expect(coordinates.path.description == "features[0].geometry.coordinates")
        let second = try #require(coordinates.elements()?[1].elements()?[1])
        #expect(second.path.description == "features[0].geometry.coordinates[1][1]")
        // Line 3: the "x" is its 82nd character (15 spaces, then 66 characters before it).
        #expect(second.location.line == 3 && second.location.column == 82)
        #expect(feature.member("properties")?.member("my key")?.path.description == #"features[0].properties["my key"]"#)
        #expect(root.member("absent") == nil && second.member("type") == nil)
    }

    @Test func typedAccessorsThrowLocatedErrors() throws {
        let root = try Self.root(Self.featureCollection)
        let x = try #require(root.member("features")?.elements()?[0].member("geometry")?.member("coordinates")?.elements()?[1].elements()?[1])
        #expect(try x.string() == "x")
        do {
            _ = try x.number()
            Issue.record("no error")
        } catch {
            #expect(error.problem == .type(expected: .number))
            #expect(error.path.description == "features[0].geometry.coordinates[1][1]")
            #expect(error.location.line == 3 && error.location.column == 82)
        }
        let geometry = try #require(root.member("features")?.elements()?[0].member("geometry"))
        do {
            _ = try geometry.required("bbox")
            Issue.record("no error")
        } catch {
            // At the object (line 3, column 28: its `{`), with the member's path.
            #expect(error.problem == .missingMember("bbox"))
            #expect(error.path.description == "features[0].geometry.bbox")
            #expect(error.location.line == 3 && error.location.column == 28)
        }
        #expect(try geometry.required("type").string() == "LineString")
        #expect(throws: JSONCursorError.self) { try root.array() }
        #expect(throws: JSONCursorError.self) { try root.member("type")!.bool() }
    }

    @Test func numbersPastDoubleAreNotFinite() throws {
        let root = try Self.root(#"{"a": 1e999, "b": -0.5}"#)
        #expect(try root.required("b").number() == -0.5)
        do {
            _ = try root.required("a").number()
            Issue.record("no error")
        } catch {
            #expect(error.problem == .notFinite)
            #expect(error.path.description == "a" && error.location.column == 7)
        }
    }

    @Test func objectKeysAreChecked() throws {
        let root = try Self.root("{\"type\": 1, \"valeu\": 2,\n \"type\": 3}")
        do {
            _ = try root.object(allowing: ["type", "value"])
            Issue.record("no error")
        } catch {
            // The first bad key in document order: "valeu", at its quote (column 13).
            #expect(error.problem == .unknownMember("valeu", allowed: ["type", "value"]))
            #expect(error.path.description == "valeu" && error.location.line == 1 && error.location.column == 13)
        }
        do {
            _ = try root.object(allowing: nil)
            Issue.record("no error")
        } catch {
            #expect(error.problem == .duplicateMember("type", firstLine: 1, firstColumn: 2))
            #expect(error.location.line == 2 && error.location.column == 2)
        }
        let object = try Self.root(#"{"b": true, "a": null}"#).object(allowing: ["a", "b"])
        #expect(object.keys == ["b", "a"])
        #expect(try object["b"]?.bool() == true)
        #expect(object["c"] == nil)
        #expect(object.key("a").column == 13 && object.key("a").path.description == "a")
        #expect(object.missing("c").path.description == "c")
    }

    /// A path worked out from the text alone (for a number out of range, before any walk) is spelled
    /// as the walk spells it.
    @Test func thePathAtAnOffsetIsSpelledTheSameWay() throws {
        let text = #"{"features": [{"properties": {"my key": [0, 1e999]}}]}"#
        let bytes = Array(text.utf8)
        let offset = try #require(text.range(of: "1e999")).lowerBound.utf16Offset(in: text)  // ASCII: bytes = UTF-16 units
        let scanned = bytes.withUnsafeBufferPointer { JSONPathAtOffset.path(to: offset, in: $0) }
        let walked = try Self.root(text).member("features")?.elements()?[0].member("properties")?.member("my key")?.elements()?[1]
        #expect(scanned == #"features[0].properties["my key"][1]"#)
        #expect(scanned == walked?.path.description)
    }
}
