import Foundation

/// The result of running a program (the built `route-fly` binary, or an external consumer through
/// ``ExternalTools/run(_:_:in:)``): its exit status and what it wrote.
public struct RouteFlyResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}
