import Foundation
import RouteKit
import TestSupport

/// Reads a route through ``RouteFile`` (detection included unless `format` is given), returning the
/// result or the error.
public func readRoute(_ url: URL, displayPath: String? = nil, format: RouteFormat? = nil,
               options: RouteFile.Options = .init()) -> Result<RouteFile.Result, RouteParseError> {
    do {
        return .success(try RouteFile.read(path: url.path, format: format, options: options))
    } catch {
        return .failure(error)
    }
}

extension Result {
    public var value: Success? { if case .success(let v) = self { v } else { nil } }
    public var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}
