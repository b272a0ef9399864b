// libFuzzer target: the gpx reader. Any input must give a route or a RouteParseError, never a crash.
import Foundation
import RouteKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = try? RouteFile.read(data: fuzzData(start, count), displayPath: "fuzz.gpx", format: .gpx)
    return 0
}
