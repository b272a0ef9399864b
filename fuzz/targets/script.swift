// libFuzzer target: camera scripts (JSON). Any input must give a script or a CameraScriptError.
import Foundation
import RouteKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = try? CameraScript(json: fuzzData(start, count), path: "fuzz.json")
    return 0
}
