import Foundation
import Testing
@testable import RouteKitSupport

// Expected epoch seconds from Python:
// python3 -c "from datetime import datetime; print(datetime.fromisoformat('2024-02-29T12:34:56+00:00').timestamp())"
@Suite struct DateTimeParserTests {
    private func epoch(_ text: String) -> Double? {
        DateTimeParser.date(from: text)?.timeIntervalSince1970
    }

    @Test func utcZ() {
        #expect(epoch("1970-01-01T00:00:00Z") == 0)
        #expect(epoch("2010-08-05T14:23:59Z") == 1_281_018_239)
        #expect(epoch("2010-08-05T14:23:59z") == 1_281_018_239)
        #expect(epoch("2001-01-01T00:00:00Z") == 978_307_200)
    }

    @Test func offsets() {
        // 2015-12-11T15:43:13+01:00 = 14:43:13Z = 1449844993
        #expect(epoch("2015-12-11T15:43:13+01:00") == 1_449_844_993)
        #expect(epoch("2015-12-11T15:43:13+0100") == 1_449_844_993)
        #expect(epoch("2015-12-11T15:43:13+01") == 1_449_844_993)
        #expect(epoch("2015-12-11T09:13:13-05:30") == 1_449_844_993)
        #expect(epoch("2015-12-11T14:43:13-00:00") == 1_449_844_993)
        // Crossing midnight backwards: 2000-01-01T00:30:00+01:00 = 1999-12-31T23:30:00Z = 946683000
        #expect(epoch("2000-01-01T00:30:00+01:00") == 946_683_000)
    }

    @Test func fractions() throws {
        #expect(epoch("2011-07-02T17:47:25.2Z") == 1_309_628_845.2)
        #expect(epoch("2015-12-11T15:43:13.994+01:00") == 1_449_844_993.994)
        let sevenDigits = try #require(epoch("1901-12-13T20:45:52.2073437Z"))
        #expect(abs(sevenDigits - (-2_147_483_648 + 0.2073437)) < 1e-6)
        let fifteen = try #require(DateTimeParser.secondsSinceReferenceDate("2001-01-01T00:00:00.123456789012345Z"))
        #expect(fifteen == 0.123456789012345)
        // More than 15 digits: accepted; the extra digits are below Date's resolution.
        let many = try #require(DateTimeParser.secondsSinceReferenceDate("2001-01-01T00:00:00.12345678901234567890Z"))
        #expect(abs(many - 0.123456789012345) < 1e-15)
        #expect(epoch("2020-01-01T00:00:00.") == nil)
    }

    @Test func subMillisecondPrecisionNearNow() throws {
        let a = try #require(DateTimeParser.date(from: "2024-05-01T10:15:30.0001Z"))
        let b = try #require(DateTimeParser.date(from: "2024-05-01T10:15:30.0002Z"))
        #expect(abs(b.timeIntervalSince(a) - 0.0001) < 1e-6)
    }

    @Test func noZoneIsUTCAndSpaceSeparator() {
        #expect(epoch("2013-01-01T12:00:00") == 1_357_041_600)
        #expect(epoch("2013-01-01 12:00:00") == 1_357_041_600)
        #expect(epoch("2013-01-01t12:00:00") == 1_357_041_600)
        #expect(epoch("  2013-01-01T12:00:00Z\n\t") == 1_357_041_600)  // XML schema whitespace collapse
    }

    @Test func leapDays() {
        #expect(epoch("2024-02-29T12:34:56Z") == 1_709_210_096)
        #expect(epoch("2000-02-29T00:00:00Z") == 951_782_400)  // divisible by 400: leap
        #expect(epoch("1900-02-29T00:00:00Z") == nil)           // century: not leap
        #expect(epoch("2023-02-29T00:00:00Z") == nil)
        #expect(epoch("2024-02-30T00:00:00Z") == nil)
        #expect(epoch("2024-04-31T00:00:00Z") == nil)
        #expect(epoch("2024-12-31T23:59:59Z") == 1_735_689_599)
    }

    @Test func rangesAreChecked() {
        #expect(epoch("2024-00-10T00:00:00Z") == nil)  // month 0
        #expect(epoch("2024-13-10T00:00:00Z") == nil)  // month 13
        #expect(epoch("2024-01-00T00:00:00Z") == nil)  // day 0
        #expect(epoch("2024-01-32T00:00:00Z") == nil)
        #expect(epoch("2024-01-10T25:00:00Z") == nil)  // hour 25
        #expect(epoch("2024-01-10T24:00:01Z") == nil)
        #expect(epoch("2024-01-10T24:00:00.5Z") == nil)
        #expect(epoch("2024-01-10T10:60:00Z") == nil)  // minute 60
        #expect(epoch("2024-01-10T10:00:61Z") == nil)
        #expect(epoch("2024-01-10T10:00:00+24:00") == nil)
        #expect(epoch("2024-01-10T10:00:00+01:60") == nil)
    }

    @Test func endOfDayAndLeapSecond() {
        // 24:00:00 is the next day's midnight (XML Schema 1.0): 2024-01-11T00:00:00Z = 1704931200
        #expect(epoch("2024-01-10T24:00:00Z") == 1_704_931_200)
        #expect(epoch("2024-01-10T24:00:00.000Z") == 1_704_931_200)
        // A leap second lands on the next minute's first second: 2016-12-31T23:59:60Z -> 1483228800
        #expect(epoch("2016-12-31T23:59:60Z") == 1_483_228_800)
    }

    /// Second 60 only where IERS Bulletin C put a leap second (the table is compared with tzdata's
    /// `leap-seconds.list` in LeapSecondsTests): 2015-06-30 and 2016-12-31 had one, 2016-06-30 and any
    /// other minute had none. 1435708800 is 2015-07-01T00:00:00Z (`date -u -d 2015-07-01 +%s`).
    @Test func secondSixtyOnlyAtALeapSecond() {
        #expect(epoch("2015-06-30T23:59:60Z") == 1_435_708_800)
        #expect(epoch("2016-12-31T23:59:60.5Z") == 1_483_228_800.5)
        #expect(epoch("2017-01-01T00:59:60+01:00") == 1_483_228_800)   // the same second in Central European Time
        #expect(epoch("2016-12-31T18:59:60-05:00") == 1_483_228_800)
        for text in ["2024-01-10T10:00:60Z", "2016-06-30T23:59:60Z", "2016-12-31T23:58:60Z",
                     "2016-12-31T23:59:60+01:00", "2017-01-01T00:59:60Z"] {
            #expect(epoch(text) == nil, "\(text)")
            #expect(DateTimeParser.isMisplacedLeapSecond(text), "\(text)")
        }
        for text in ["2016-12-31T23:59:60Z", "2024-01-10T10:00:59Z", "2024-01-10T10:00:61Z", "2024-13-10T10:00:60Z", "x"] {
            #expect(!DateTimeParser.isMisplacedLeapSecond(text), "\(text)")
        }
    }

    @Test func garbage() {
        for text in ["", " ", "yesterday", "2024", "2024-01-10", "2024-01-10T10:00Z", "2024-1-10T10:00:00Z",
                     "2024-01-10T10:00:00ZZ", "2024-01-10T10:00:00+1", "2024-01-10T10:00:00+01:",
                     "2024-01-10T10:00:00+01:0", "2024-01-10X10:00:00Z", "2024/01/10T10:00:00Z",
                     "２０２４-01-10T10:00:00Z", "2024-01-10T10:00:00 Z", "-2024-01-10T10:00:00Z",
                     "2024-01-10T10:00:00.5.5Z", "2024-01-10T10:00:00GMT"] {
            #expect(DateTimeParser.date(from: text) == nil, "\(text.debugDescription)")
        }
    }

    @Test func daysFromCivilAgreesWithFoundationCalendar() throws {
        // Every 97th day from 1600 to 2400 against Foundation's Gregorian calendar in UTC.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -135_140, through: 156_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let y = try #require(c.year)
            let m = try #require(c.month)
            let d = try #require(c.day)
            #expect(DateTimeParser.daysFromCivil(year: y, month: m, day: d) == days)
        }
        #expect(DateTimeParser.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(DateTimeParser.daysFromCivil(year: 0, month: 3, day: 1) == -719_468)  // Hinnant's epoch shift
    }

    @Test func matchesISO8601FormatStyleOnCommonForms() throws {
        for text in ["2010-08-05T14:23:59Z", "2015-12-11T15:43:13.994+01:00", "2016-06-17T23:41:03+0100"] {
            let foundation = try Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains("."))
                .parse(text)
            let ours = try #require(DateTimeParser.date(from: text))
            #expect(abs(ours.timeIntervalSince(foundation)) < 1e-3, "\(text)")
        }
    }
}
