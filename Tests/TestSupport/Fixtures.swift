import Foundation

/// Locations of test data: the project's own fixtures, and the shared real files (which a user's fresh
/// clone does not have: tests that read them skip, printing why).
public enum Fixtures {
    /// `Tests/Fixtures`: one folder for every test target (excluded from the targets' sources).
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The package root.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func url(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    /// `../shared/real` beside the package, or `nil` (with a printed reason) when it is absent.
    public static let sharedReal: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url
        }
        print("note: \(url.path) is absent; tests of the shared real files are skipped")
        return nil
    }()

    /// A file under `../shared/real`, or `nil` when that folder is absent.
    public static func real(_ relative: String) -> URL? {
        sharedReal?.appendingPathComponent(relative)
    }
}
