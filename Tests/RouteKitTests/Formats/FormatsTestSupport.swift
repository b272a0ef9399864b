import Foundation
@testable import RouteKit

/// Reads a route through ``RouteFile`` (detection included unless `format` is given), returning the
/// result or the error.
func readRoute(_ url: URL, displayPath: String? = nil, format: RouteFormat? = nil,
               options: RouteFile.Options = .init()) -> Result<RouteFile.Result, RouteParseError> {
    do {
        return .success(try RouteFile.read(path: url.path, format: format, options: options))
    } catch {
        return .failure(error)
    }
}

extension Result {
    var value: Success? { if case .success(let v) = self { v } else { nil } }
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}

/// A shared real file, or `nil` (printing why) when `../shared/real` is absent.
func sharedRealFile(_ relative: String) -> URL? {
    guard let url = Fixtures.real(relative), FileManager.default.fileExists(atPath: url.path) else {
        print("skipped: ../shared/real/\(relative) is absent")
        return nil
    }
    return url
}

/// `|a - b| <= tolerance`.
func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
