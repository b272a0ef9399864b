/// A place in an input file, for error messages in the compilers' `path:line:column` form.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path as the user typed it; `nil` for in-memory data (printed as `<input>`).
    public var path: String?
    /// 1-based line number.
    public var line: Int
    /// 1-based column. For XML input this is where the XML parser stood when it reported the
    /// element (the end of its start tag), so it may sit a few characters past the offending attribute.
    public var column: Int

    public init(path: String?, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path ?? "<input>"):\(line):\(column)" }
}
