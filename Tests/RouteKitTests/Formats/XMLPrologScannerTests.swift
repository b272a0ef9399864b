import Foundation
import Testing
@testable import RouteKit

extension Formats {
    @Suite struct XMLPrologScannerTests {
        private func scan(_ text: String, complete: Bool = true) -> XMLPrologScanner.Outcome {
            XMLPrologScanner.scan(Array(text.utf8), isComplete: complete)
        }

        @Test func rootAfterDeclarationCommentAndStylesheet() {
            let text = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- <!DOCTYPE in a comment> -->\r\n"
                + "<?xml-stylesheet href=\"<!DOCTYPE x>\"?>\n  <gpx/>"
            #expect(scan(text) == .root(line: 4, column: 3))
        }

        @Test func doctypeWithQuotedGreaterThanAndInternalSubset() {
            #expect(scan("<!DOCTYPE gpx SYSTEM \"a>b\">\n<gpx/>") == .forbidden(XMLPrologScanner.doctype, line: 1, column: 1))
            #expect(scan("\n\n  <!doctype gpx>") == .forbidden(XMLPrologScanner.doctype, line: 3, column: 3))
            #expect(scan("<!DOCTYPE gpx [\n <!ELEMENT gpx ANY>\n]><gpx/>") == .forbidden(XMLPrologScanner.doctype, line: 1, column: 1))
            #expect(scan("<!DOCTYPE gpx [\r\n\t<!ENTITY x 'y'>]><gpx/>") == .forbidden(XMLPrologScanner.entity, line: 2, column: 2))
            #expect(scan("<!ENTITY x 'y'><gpx/>") == .forbidden(XMLPrologScanner.entity, line: 1, column: 1))
        }

        @Test func incompleteHeadAsksForMore() {
            #expect(scan("<?xml version=\"1.0\"?><!-- long", complete: false) == .needMoreInput)
            #expect(scan("<!DOC", complete: false) == .needMoreInput)
            #expect(scan("<!DOCTYPE gpx [ <!ENT", complete: false) == .needMoreInput)
            // The same heads as the whole input: the DOCTYPE is refused, the rest left to the parser.
            #expect(scan("<!DOCTYPE gpx [ <!ENT") == .forbidden(XMLPrologScanner.doctype, line: 1, column: 1))
            #expect(scan("<?xml version=\"1.0\"?><!-- long") == .root(line: 1, column: 22))
        }

        @Test func emptyAndNotMarkup() {
            #expect(scan("") == .empty)
            #expect(scan(" \r\n\t") == .empty)
            #expect(scan("\u{FEFF}") == .empty)
            #expect(scan("<?xml version=\"1.0\"?>\n") == .root(line: 2, column: 1))  // not empty: the parser rejects it
            #expect(scan("\n lat,lon\n") == .notMarkup(line: 2, column: 2))
        }

        @Test func utf16() {
            func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
                var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
                for unit in text.utf16 {
                    let (hi, lo) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                    bytes += bigEndian ? [hi, lo] : [lo, hi]
                }
                return bytes
            }
            let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE gpx><gpx/>"
            for bigEndian in [false, true] {
                #expect(XMLPrologScanner.scan(utf16(text, bigEndian: bigEndian), isComplete: true)
                        == .forbidden(XMLPrologScanner.doctype, line: 2, column: 1))
            }
        }
    }
}
