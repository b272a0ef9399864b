/// Words for libxml2's parse errors.
///
/// libxml2 reports an `xmlError` whose `code` is an `xmlParserErrors` number (libxml2's `xmlerror.h`;
/// the same numbers as Apple's `NSXMLParserErrorCode`, which FoundationXML passed on without a message).
/// This table gives the common codes a description; others are reported by number.
enum XMLParserErrorMessages {
    /// A one-line description of a libxml2 error code, ending with the code.
    static func message(forCode code: Int) -> String {
        if let text = descriptions[code] {
            return "\(text) (XML parser error \(code))"
        }
        return "XML parser error \(code)"
    }

    /// libxml2 codes for "the input ended before the document was complete".
    static let endOfInputCodes: Set<Int> = [5, 77]

    private static let descriptions: [Int: String] = [
        // libxml2's push parser reports markup it cannot read at all (`<!- x`) as an internal error.
        1: "markup the XML parser cannot read (a malformed '<!' comment or declaration is the usual cause)",
        2: "out of memory",
        3: "cannot start the document",
        4: "the document is empty or does not start with a tag ('<' not found)",
        5: "the input ends before the document is complete, or has extra content after the root element",
        6: "invalid hexadecimal character reference",
        7: "invalid decimal character reference",
        8: "invalid character reference",
        9: "invalid character (a control character XML does not allow, such as U+0000-U+0008, U+000B, U+000C, U+FFFE; "
            + "or a byte not in the declared encoding. Bytes 0x80-0xFF that are not UTF-8, in a file without a "
            + "declaration, are most likely Latin-1 or windows-1252 text: declare it on the first line, "
            + "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?> (or encoding=\"windows-1252\" when it holds \u{20AC} or curly quotes), or convert it to UTF-8)",
        23: "entity reference without ';'",
        26: "undeclared entity",
        31: "unknown encoding",
        32: "unsupported encoding",
        33: "attribute value does not start with a quote",
        34: "attribute value is not closed",
        35: "malformed namespace declaration",
        38: "'<' inside an attribute value",
        39: "attribute value expected",
        40: "attribute value not finished",
        41: "attribute without a value",
        42: "attribute given twice",
        45: "comment not finished",
        46: "processing instruction not started",
        47: "processing instruction not finished",
        56: "XML declaration not started",
        57: "XML declaration not finished",
        61: "DOCTYPE not finished",
        62: "']]>' in text (it may only end a CDATA section)",
        63: "CDATA section not finished",
        64: "misplaced XML declaration",
        65: "space required",
        68: "name expected",
        73: "'>' expected",
        74: "'</' expected",
        75: "'=' expected after an attribute name",
        76: "the end tag does not match the open start tag",
        77: "the document ends inside a tag",
        80: "'--' inside a comment (not allowed before its end)",
        85: "elements are not well balanced",
        86: "extra content at the end of the document",
        89: "entity reference loop",
        201: "undefined namespace prefix",
    ]
}
