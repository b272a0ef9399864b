import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A name beside `path` for its output under construction, as ``AtomicFile`` names its temporary
/// files (`.NAME.routekit-PID-RANDOM.tmp`), so that the final `rename(2)` stays in one file system.
func temporaryName(besides path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent().path + "/." + url.lastPathComponent
        + ".routekit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
}
