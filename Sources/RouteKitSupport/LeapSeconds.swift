import Foundation

/// The leap seconds inserted into UTC since 1972, which `Date` (POSIX time, 86 400 seconds every day)
/// does not count.
///
/// Source: IERS Bulletin C (https://www.iers.org/IERS/EN/Publications/Bulletins/bulletins.html), as
/// tabulated in the IERS/NIST file `leap-seconds.list` (Debian's `tzdata` ships it as
/// `/usr/share/zoneinfo/leap-seconds.list`; a test compares this table with it). 27 positive leap
/// seconds, the last at the end of 2016-12-31 (TAI − UTC = 37 s since); none has been announced since,
/// and the CGPM resolved in 2022 to stop inserting them by 2035. A future one must be added here.
package enum LeapSeconds {
    /// The POSIX instants (seconds since 1970-01-01T00:00:00Z) of the first second after each leap
    /// second, `YYYY-MM-01T00:00:00Z` after `…T23:59:60Z`, in order.
    package static let instants: [Int64] = [
        78_796_800, 94_694_400, 126_230_400, 157_766_400, 189_302_400, 220_924_800, 252_460_800,
        283_996_800, 315_532_800, 362_793_600, 394_329_600, 425_865_600, 489_024_000, 567_993_600,
        631_152_000, 662_688_000, 709_948_800, 741_484_800, 773_020_800, 820_454_400, 867_715_200,
        915_148_800, 1_136_073_600, 1_230_768_000, 1_341_100_800, 1_435_708_800, 1_483_228_800,
    ]

    /// The number of leap seconds inserted between two instants: those whose following second `L`
    /// has `start < L <= end` (negative when `end` is before `start`), so that the SI seconds elapsed
    /// are `end.timeIntervalSince(start)` plus this. An instant written `23:59:60Z` is read as the next
    /// `00:00:00Z` (`DateTimeParser`), so it counts as after its leap second. O(log 27).
    package static func inserted(after start: Date, upTo end: Date) -> Int {
        count(upTo: end.timeIntervalSince1970) - count(upTo: start.timeIntervalSince1970)
    }

    /// Whether `posix` (seconds since 1970-01-01T00:00:00Z) is the first second after a leap second:
    /// where a time written `23:59:60Z` lands. O(log 27).
    package static func follows(_ posix: Int64) -> Bool {
        var low = 0, high = instants.count
        while low < high {
            let mid = (low + high) / 2
            if instants[mid] < posix { low = mid + 1 } else { high = mid }
        }
        return low < instants.count && instants[low] == posix
    }

    /// Leap seconds whose following second is at or before `posix` seconds.
    private static func count(upTo posix: Double) -> Int {
        var low = 0, high = instants.count
        while low < high {
            let mid = (low + high) / 2
            if Double(instants[mid]) <= posix { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
