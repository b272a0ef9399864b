// Shared by every fuzz target: turns libFuzzer's bytes into Data.
import Foundation

func fuzzData(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let start, count > 0 else { return Data() }
    return Data(bytes: start, count: count)
}
