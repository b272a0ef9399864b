import Testing
@testable import RouteKitSupport

@Suite struct DecimalParserTests {
    @Test func accepts() {
        #expect(DecimalParser.parse("45.772163216") == 45.772163216)
        #expect(DecimalParser.parse("-77.01059") == -77.01059)
        #expect(DecimalParser.parse("+1.5") == 1.5)
        #expect(DecimalParser.parse("12") == 12)
        #expect(DecimalParser.parse("12.") == 12)
        #expect(DecimalParser.parse(".5") == 0.5)
        #expect(DecimalParser.parse("-.5") == -0.5)
        #expect(DecimalParser.parse("0") == 0)
        #expect(DecimalParser.parse("-0")?.sign == .minus)
        #expect(DecimalParser.parse("000123.4500") == 123.45)
        #expect(DecimalParser.parse(" \t\n 7.25\r\n ") == 7.25)
        #expect(DecimalParser.parse("1e-5") == 1e-5)
        #expect(DecimalParser.parse("1.5E+2") == 150)
        #expect(DecimalParser.parse("-14.6") == -14.6)
    }

    @Test func longInputsAreCorrectlyRounded() {
        // More than 15 significant digits or large exponents take the slow path; compare with
        // the standard library's correctly rounded conversion.
        for text in ["45.77216321612345678", "0.1000000000000000055511151231257827", "123456789012345678901234",
                     "1e300", "-2.2250738585072014e-308", "45.27351885100000000000001",
                     "0.000000000000000000000000000001"] {
            #expect(DecimalParser.parse(text) == Double(text), "\(text)")
        }
    }

    @Test func fastPathIsExactForGPXStyleNumbers() {
        // Seven to ten decimals, as GPS devices write them: identical to strtod.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let scaled = Int64(bitPattern: state >> 20) % 1_800_000_000_0
            let text = String(format: "%.10f", Double(scaled) / 1e10 * 18)
            #expect(DecimalParser.parse(text) == Double(text), "\(text)")
        }
    }

    @Test func rejects() {
        for text in ["", " ", "4x.1", "nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "0x10", "1,5", "1 5",
                     "+", "-", ".", "e5", "1e", "1e+", "1..2", "--1", "+-1", "1.2.3", "١٢", "1e400", "12abc",
                     "½"] {
            #expect(DecimalParser.parse(text) == nil, "\(text.debugDescription)")
        }
    }
}
