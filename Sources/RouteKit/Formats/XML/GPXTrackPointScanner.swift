import Foundation
import RouteKitSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one GPX track point of the common shape straight from the bytes, for ``XMLFastScanner``:
/// what most devices and exports write for every point, so that a large file is read at close to the
/// speed of memory rather than at the pace of one event per element.
///
/// The shape read, with white space (space, tab, LF, CR) anywhere between the tags:
///
/// ```xml
/// <trkpt lat="47.3769" lon="8.5417">          (both attributes, either order, either quote)
///   <ele>434.7</ele>                          (any of these three, in any order)
///   <time>2024-05-01T06:00:00Z</time>
///   <extensions>
///     <P:TrackPointExtension>                 (P: the prefix of Garmin's namespace)
///       <P:hr>120</P:hr>  <P:cad>80</P:cad>  <P:speed>4.2</P:speed>  <P:atemp>21</P:atemp>
///     </P:TrackPointExtension>
///   </extensions>
/// </trkpt>
/// ```
///
/// Values are one run of printable ASCII with no space; numbers go through ``DecimalParser`` and
/// ``PointValueLimits``, times through ``DateTimeParser``. Other `P:` leaves in the extension (`atemp`,
/// `depth`, …) are skipped, as the general path skips them.
///
/// **Anything else** (another attribute or child, a comment, a reference, a value the general path
/// would refuse, an empty-element tag, another prefix) makes ``read(_:_:at:)`` return `nil`, having
/// reported nothing: the scanner then reads the same point event by event, so the points and errors
/// are those of the general path (`XMLFastScannerParityTests` compares the paths; the `xmlscan` fuzz
/// target too).
///
/// Preconditions the caller (``GPXParserDelegate``) guarantees: the point is a child of an open
/// `trkseg`, the file's root is unprefixed (so an unprefixed name is in the GPX namespace: the
/// scanner takes namespace declarations on the root only), and ``extensionPrefix`` is bound to a
/// TrackPointExtension namespace.
///
/// - Complexity: O(n) in the element's length, no allocation.
struct GPXTrackPointScanner: Equatable {
    /// The prefix the file binds to Garmin's TrackPointExtension namespace, learnt from a point read
    /// by the general path; `nil` until then, or when longer than ``XMLNamePrefix/capacity`` (a point
    /// with extensions is then left to it).
    var extensionPrefix: XMLNamePrefix?

    /// Reads the `<trkpt>` element starting at `i` (`p[i] == '<'`); `nil` when it is not of the shape
    /// above. `end` is the index after its end tag.
    func read(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> (point: RoutePoint, end: Int)? {
        var cursor = XMLByteCursor(p: p, n: n, i: i)
        guard cursor.take("<trkpt"), let coordinate = cursor.coordinate() else { return nil }
        var point = RoutePoint(coordinate: coordinate)
        while true {
            cursor.skipSpace()
            if cursor.take("</") {
                guard cursor.take("trkpt"), cursor.closeTag() else { return nil }
                return (point, cursor.i)
            }
            guard cursor.take("<") else { return nil }
            if cursor.take("ele") {
                guard cursor.closeTag(), let value = cursor.number(.elevation), cursor.endTag("ele") else { return nil }
                point.elevation = value
            } else if cursor.take("time") {
                guard cursor.closeTag(), let text = cursor.value(), let seconds = DateTimeParser.parse(text),
                      PointValueLimits.allowsTime(Date(timeIntervalSinceReferenceDate: seconds)),
                      cursor.endTag("time") else { return nil }
                point.time = Date(timeIntervalSinceReferenceDate: seconds)
            } else if cursor.take("extensions") {
                guard cursor.closeTag(), readExtensions(&cursor, into: &point) else { return nil }
            } else {
                return nil
            }
        }
    }

    /// The children of `<extensions>` (after its start tag) up to and including its end tag.
    private func readExtensions(_ cursor: inout XMLByteCursor, into point: inout RoutePoint) -> Bool {
        guard let prefix = extensionPrefix else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            cursor.prefixedChildren("TrackPointExtension", prefix: prefix, until: "extensions") {
                readTrackPointExtension(&$0, prefix, into: &point)
            }
        }
    }

    /// The children of `<P:TrackPointExtension>` (after its start tag) up to and including its end tag.
    private func readTrackPointExtension(_ cursor: inout XMLByteCursor, _ prefix: UnsafeBufferPointer<UInt8>,
                                         into point: inout RoutePoint) -> Bool {
        while true {
            cursor.skipSpace()
            if cursor.take("</") {
                return cursor.take(prefix) && cursor.take(":TrackPointExtension") && cursor.closeTag()
            }
            guard cursor.take("<"), cursor.take(prefix), cursor.take(":"), let name = cursor.name(), cursor.closeTag()
            else { return false }
            switch (name.count, name.first) {
            case (2, 0x68) where name[1] == 0x72:  // hr
                guard let value = cursor.number(.heartRate) else { return false }
                point.heartRate = value
            case (3, 0x63) where name[1] == 0x61 && name[2] == 0x64:  // cad
                guard let value = cursor.number(.cadence) else { return false }
                point.cadence = value
            case (5, 0x73) where memcmp(name.baseAddress!, "speed", 5) == 0:
                guard let value = cursor.number(.speed) else { return false }
                point.speed = value
            default:
                guard cursor.value() != nil else { return false }  // skipped, as the general path does
            }
            guard cursor.take("</"), cursor.take(prefix), cursor.take(":"), cursor.take(name), cursor.closeTag()
            else { return false }
        }
    }
}

/// The GPX pieces of a track point: a number within its limits, the coordinate attributes.
private extension XMLByteCursor {
    /// A text value read as a number of `quantity`, within its limits.
    @inline(__always) mutating func number(_ quantity: PointValueLimits.Quantity) -> Double? {
        guard let text = value(), let number = DecimalParser.parse(text),
              PointValueLimits.allows(quantity, number) else { return nil }
        return number
    }

    /// `lat` and `lon` (each once, either order, nothing else), then the tag's `>`; the
    /// coordinate when both are numbers in range.
    mutating func coordinate() -> LocationCoordinate2D? {
        var latitude: Double?
        var longitude: Double?
        while latitude == nil || longitude == nil {
            guard i < n, Self.isSpace(p[i]) else { return nil }
            skipSpace()
            if latitude == nil, take("lat=") {
                guard let value = quoted(), value >= -90, value <= 90 else { return nil }
                latitude = value
            } else if longitude == nil, take("lon=") {
                guard let value = quoted(), value >= -180, value <= 180 else { return nil }
                longitude = value
            } else {
                return nil
            }
        }
        guard closeTag(), let latitude, let longitude else { return nil }
        return LocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    /// A number in single or double quotes.
    private mutating func quoted() -> Double? {
        guard i < n, p[i] == 0x22 || p[i] == 0x27 else { return nil }
        let quote = p[i]
        i += 1
        guard let text = value(until: quote), i < n else { return nil }
        i += 1
        return DecimalParser.parse(text)
    }
}

/// Track points read ahead on another thread (``XMLReadAhead``) by a copy of the delegate's
/// ``GPXTrackPointScanner``.
final class GPXTrackPointReadAhead: XMLRawElementReader {
    let scanner: GPXTrackPointScanner
    /// The points read, in order, and their legs when the delegate's collector measures them.
    let points: RoutePointCollector
    let elementStart = Array("<trkpt".utf8)

    init(scanner: GPXTrackPointScanner, measuresLegs: Bool) {
        self.scanner = scanner
        points = RoutePointCollector(measuresLegs: measuresLegs)
        // It reads on a core of its own while the scanner reads the first half on the other.
        points.readsOnEveryCore()
    }

    func read(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> Int? {
        guard let (point, end) = scanner.read(p, n, at: i) else { return nil }
        points.append(point)
        return end
    }

    func finishReading() {
        // The last chunk's legs on this thread too, not on the scanner's when it takes them.
        points.fileCurrentChunk()
    }
}
