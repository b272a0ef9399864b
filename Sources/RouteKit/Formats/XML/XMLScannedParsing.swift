/// Which parser reads an XML route file (``XMLRouteParsing/parse(_:format:path:parser:makeDelegate:accepts:)``).
enum XMLParserChoice: Equatable {
    /// The byte scanner for the common shape (``XMLFastScanner``), libxml2 where it gives up; a large
    /// file's points are read on two cores (``XMLReadAhead``).
    case automatic
    /// libxml2 alone.
    case libxml2
    /// The byte scanner alone, on one thread; `nil` where it gives up (for the differential tests and
    /// fuzz target).
    case scannerOnly
    /// The byte scanner alone, reading ahead on another thread from the first element start at or
    /// after this byte offset whatever the file's size (for the read-ahead's differential tests).
    case scannerOnlyReadingAhead(from: Int)

    /// Whether libxml2 reads what the scanner gives up on.
    var fallsBackToLibxml2: Bool { self == .automatic }

    var readAhead: XMLReadAhead.Policy {
        switch self {
        case .automatic, .libxml2: .automatic
        case .scannerOnly: .never
        case .scannerOnlyReadingAhead(let offset): .from(offset)
        }
    }
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
            if XMLFastScanner.scan(input, delegate: scanned, readAhead: parser.readAhead), accepts(scanned) { return scanned }
            if !parser.fallsBackToLibxml2 { return nil }
        }
        let delegate = makeDelegate()
        try parse(input, format: format, path: path, delegate: delegate)
        return delegate
    }
}
