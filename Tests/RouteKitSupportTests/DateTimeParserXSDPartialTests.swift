import Testing
@testable import RouteKitSupport

/// ``DateTimeParser``'s XSD partial dates (`xsd:gYear`, `xsd:gYearMonth`, `xsd:date`, `xsd:dateTime`), as KML's
/// `<when>` allows them; the strict parser stays strict.
@Suite struct DateTimeParserXSDPartialTests {
    @Test func xsdPartialDates() {
        // gpsbabel-xsddatetime.kml's forms; epoch values from python3 datetime(...).timestamp() in UTC.
        let cases: [(String, Double?)] = [
            ("1997", 852_076_800), ("1997-07", 867_715_200), ("1997-07-16", 869_011_200),
            ("1997-07-16T07:30:15Z", 869_038_215), ("1997-07-16T10:30:15+03:00", 869_038_215),
            ("1997-07-16-05:00", 869_029_200), (" 1997Z ", 852_076_800),
            ("1997-13", nil), ("97", nil), ("1997-07-32", nil), ("", nil),
        ]
        for (text, epoch) in cases {
            let seconds = DateTimeParser.secondsSinceReferenceDate(xsdPartial: text)
            #expect(seconds.map { $0 + 978_307_200 } == epoch, "\(text)")
        }
        #expect(DateTimeParser.secondsSinceReferenceDate("1997") == nil)  // the strict parser stays strict
    }
}
