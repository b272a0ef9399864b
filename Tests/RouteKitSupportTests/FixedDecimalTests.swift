import Foundation
import Testing
@testable import RouteKitSupport

@Suite struct FixedDecimalTests {
    @Test func writesFixedPlacesWithADot() {
        #expect(FixedDecimal.string(49.65, places: 8) == "49.65000000")
        #expect(FixedDecimal.string(-0.5, places: 3) == "-0.500")
        #expect(FixedDecimal.string(0, places: 0) == "0")
        #expect(FixedDecimal.string(12345.6789, places: 2) == "12345.68")
        #expect(FixedDecimal.string(0.000001, places: 6) == "0.000001")
        #expect(FixedDecimal.string(20, places: 6) == "20.000000")
        #expect(FixedDecimal.string(-179.99999999, places: 8) == "-179.99999999")
    }

    @Test func negativeZeroAndTinyNegativesHaveNoSign() {
        #expect(FixedDecimal.string(-0.0, places: 4) == "0.0000")
        #expect(FixedDecimal.string(-0.00001, places: 4) == "0.0000")
    }

    @Test func roundsHalfAwayFromZero() {
        #expect(FixedDecimal.string(2.5, places: 0) == "3")
        #expect(FixedDecimal.string(-2.5, places: 0) == "-3")
        #expect(FixedDecimal.string(0.99999, places: 3) == "1.000")
    }

    @Test func agreesWithPrintfOnRandomValues() {
        // printf("%.*f") rounds the exact binary value; ours rounds value * 10^places. They agree except
        // at exact decimal ties, which random doubles practically never hit.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let v = Double.random(in: -200...200, using: &rng)
            for places in [3, 4, 6, 8] {
                #expect(FixedDecimal.string(v, places: places) == String(format: "%.\(places)f", v))
            }
        }
    }
}

@Suite struct ISO8601Tests {
    @Test func writesUTCWithOptionalFraction() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        // 2015-12-11T15:43:13.994+01:00 (gpxpy-track-with-less-sec-time.gpx) is 1449845-... in UTC 14:43:13.994.
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_449_845_000 - 7 + 0.5)) == "2015-12-11T14:43:13.5Z")
        // -2^31 s: the time_t minimum of gpxpy-Mojstrovka.gpx.
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -2_147_483_648)) == "1901-12-13T20:45:52Z")
        // Leap day.
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 59.9999999)) == "1970-01-01T00:01:00Z")
        // Years before 1000 keep 4 digits (Python's datetime: 0190-11-14T13:20 is -56143881600 s, 0001-01-01
        // is -62135596800 s); before year 1 (proleptic Gregorian, year 0 = 1 BCE) the sign comes first.
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -56_143_881_600)) == "0190-11-14T13:20:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -62_135_596_800 - 366 * 86400)) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -62_135_596_800 - (366 + 365) * 86400)) == "-0001-01-01T00:00:00Z")
    }
}
