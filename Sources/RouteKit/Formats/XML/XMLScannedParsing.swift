/// Which parser reads an XML route file (``XMLRouteParsing/parse(_:format:path:parser:makeDelegate:accepts:)``).
enum XMLParserChoice {
    /// The byte scanner for the common shape (``XMLFastScanner``), libxml2 where it gives up.
    case automatic
    /// libxml2 alone.
    case libxml2
    /// The byte scanner alone; `nil` where it gives up (for the differential tests and fuzz target).
    case scannerOnly
}

extension XMLRouteParsing {
    /// Parses `input` into a finished state machine: by ``XMLFastScanner`` when the file has the shape
    /// it reads and `accepts` the scanned delegate, else, from the first byte again with a new delegate,
    /// by libxml2, which gives every error with its location.
    ///
    /// `accepts` refuses what the scanner cannot give exactly: results that carry a position (the
    /// scanner tracks none) and files with nothing to fly (whose error is located at the root).
    ///
    /// - Returns: The delegate, or `nil` only for `.scannerOnly` when the scanner gave up or the
    ///   delegate was not accepted.
    /// - Throws: ``RouteParseError``, as ``parse(_:format:path:delegate:)``.
    /// - Complexity: O(n) in the input's size; a file the scanner gives up on is read twice.
    static func parse<Delegate: XMLRouteDelegate>(
        _ input: RouteInput, format: RouteFormat, path: String?, parser: XMLParserChoice,
        makeDelegate: () -> Delegate, accepts: (Delegate) -> Bool
    ) throws(RouteParseError) -> Delegate? {
        if parser != .libxml2 {
            let scanned = makeDelegate()
            if XMLFastScanner.scan(input, delegate: scanned), accepts(scanned) { return scanned }
            if parser == .scannerOnly { return nil }
        }
        let delegate = makeDelegate()
        try parse(input, format: format, path: path, delegate: delegate)
        return delegate
    }
}
