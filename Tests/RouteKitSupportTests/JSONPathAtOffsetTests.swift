import Testing
@testable import RouteKitSupport

/// ``JSONPathAtOffset``: the JSON path to a byte offset, following keys and indices.
@Suite struct JSONPathAtOffsetTests {
    @Test func theJSONPathScannerFollowsKeysAndIndices() throws {
        let text = Array(#"{"a":[1,{"b":"x,]","c":[[0],[5,9]]}],"d":7}"#.utf8)
        text.withUnsafeBufferPointer { bytes in
            #expect(JSONPathAtOffset.path(to: text.firstIndex(of: UInt8(ascii: "9"))!, in: bytes) == "a[1].c[1][1]")
            #expect(JSONPathAtOffset.path(to: text.firstIndex(of: UInt8(ascii: "7"))!, in: bytes) == "d")
            #expect(JSONPathAtOffset.path(to: 0, in: bytes) == "")
        }
    }
}
