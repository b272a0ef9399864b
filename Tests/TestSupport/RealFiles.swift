import Foundation

/// A shared real file, or `nil` (printing why) when `../shared/real` is absent.
public func sharedRealFile(_ relative: String) -> URL? {
    guard let url = Fixtures.real(relative), FileManager.default.fileExists(atPath: url.path) else {
        print("skipped: ../shared/real/\(relative) is absent")
        return nil
    }
    return url
}
