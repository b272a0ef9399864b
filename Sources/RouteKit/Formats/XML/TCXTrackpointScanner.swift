import Foundation
import RouteKitSupport

/// Reads one TCX `Trackpoint` of the common shape straight from the bytes, for ``XMLFastScanner``:
/// what Garmin devices and exports write for every point, so that a large file is read at close to
/// the speed of memory rather than at the pace of one event per element.
///
/// The shape read, with white space (space, tab, LF, CR) anywhere between the tags:
///
/// ```xml
/// <Trackpoint>                                      (no attribute)
///   <Time>2024-05-01T06:00:00Z</Time>               (children in any order, any of them repeated:
///   <Position>                                       the last one counts, as in the general path)
///     <LatitudeDegrees>47.3769</LatitudeDegrees>
///     <LongitudeDegrees>8.5417</LongitudeDegrees>
///   </Position>
///   <AltitudeMeters>434.7</AltitudeMeters>
///   <DistanceMeters>12.5</DistanceMeters>           (any other leaf: skipped)
///   <HeartRateBpm><Value>120</Value></HeartRateBpm>  (or <HeartRateBpm T:type="HeartRateInBeatsPerMinute_t">)
///   <Cadence>80</Cadence>
///   <Extensions>
///     <P:TPX><P:Speed>4.2</P:Speed><P:RunCadence>88</P:RunCadence></P:TPX>
///   </Extensions>                                   (P: the prefix of ActivityExtension v2)
/// </Trackpoint>
/// ```
///
/// `T:type` is the one attribute Garmin Training Center writes in a Trackpoint (T: the prefix of the
/// XML Schema instance namespace, https://www.w3.org/TR/xmlschema-1/#xsi_type); the general path
/// ignores it, and it is taken only with that value, in either quote, after one run of white space.
///
/// Values are one run of printable ASCII with no space (``XMLByteCursor/value(until:)``); numbers go
/// through ``DecimalParser`` (latitudes within ±90°, longitudes within ±180°, the rest and the times
/// within ``PointValueLimits``, as ``TCXParserDelegate`` reads them), times through
/// ``DateTimeParser``. Leaves the general path skips (`DistanceMeters`, `SensorState`, other `P:`
/// leaves of `TPX` such as `Watts`, other children of `Position` and `HeartRateBpm`) are skipped. The point is the general path's: `cadence` is
/// `Cadence`, else `RunCadence`; a `Trackpoint` without `Position` gives no point (the caller counts
/// it as skipped).
///
/// **Anything else** (another attribute, a comment, a reference, a prefixed child of `Trackpoint`, a
/// child of `Extensions` other than `P:TPX`, a value the general path would refuse, a `Position`
/// missing a coordinate, an empty-element tag) makes ``read(_:_:at:)`` return `nil`, having reported
/// nothing: the scanner then reads the same `Trackpoint` event by event, so the points, notes and
/// errors are those of the general path (``TCXTrackpointScannerTests`` and
/// `XMLFastScannerParityTests` compare the paths; the `xmlscan` fuzz target too).
///
/// Preconditions the caller (``TCXParserDelegate``) guarantees: the `Trackpoint` is a child of an
/// open TCX `Track` of a `Lap` or `Course`, the file's root is unprefixed (so an unprefixed name is
/// in the TCX namespace: the scanner takes namespace declarations on the root only),
/// ``extensionPrefix`` is bound to the ActivityExtension v2 namespace and ``typePrefix`` to the XML
/// Schema instance namespace.
///
/// - Complexity: O(n) in the element's length, no allocation.
struct TCXTrackpointScanner {
    /// The prefix the file binds to the ActivityExtension v2 namespace, learnt from a `TPX` read by
    /// the general path; `nil` until then, or when longer than ``XMLNamePrefix/capacity`` (a
    /// `Trackpoint` with `Extensions` is then left to it).
    var extensionPrefix: XMLNamePrefix?
    /// The prefix of the `type` attribute on `HeartRateBpm` (XML Schema instance), learnt from a
    /// `HeartRateBpm` read by the general path; `nil` until then, or when longer than
    /// ``XMLNamePrefix/capacity`` (a `HeartRateBpm` with the attribute is then left to it).
    var typePrefix: XMLNamePrefix?

    /// What the children of one `Trackpoint` set, as the general path keeps it while the point is open.
    private struct Fields {
        var sawPosition = false
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: Date?
        var heartRate: Double?
        var cadence: Double?
        var runCadence: Double?
        var speed: Double?

        /// The point, or `nil` for a `Trackpoint` without `Position`.
        var point: RoutePoint? {
            guard sawPosition, let latitude, let longitude else { return nil }
            var point = RoutePoint(latitude: latitude, longitude: longitude, elevation: elevation, time: time)
            point.heartRate = heartRate
            point.cadence = cadence ?? runCadence
            point.speed = speed
            return point
        }
    }

    /// Reads the `<Trackpoint>` element starting at `i` (`p[i] == '<'`); `nil` when it is not of the
    /// shape above. `point` is `nil` for a `Trackpoint` without `Position`; `end` is the index after
    /// its end tag.
    func read(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> (point: RoutePoint?, end: Int)? {
        var cursor = XMLByteCursor(p: p, n: n, i: i)
        guard cursor.take("<Trackpoint"), cursor.closeTag() else { return nil }
        var fields = Fields()
        while true {
            cursor.skipSpace()
            if cursor.take("</") {
                guard cursor.take("Trackpoint"), cursor.closeTag() else { return nil }
                return (fields.point, cursor.i)
            }
            guard cursor.take("<"), let name = cursor.name(), closeStartTag(name, &cursor),
                  readChild(name, &cursor, into: &fields) else { return nil }
        }
    }

    /// The end of the start tag of a child of `Trackpoint` after its name: `>`, or for `HeartRateBpm`
    /// ` T:type="HeartRateInBeatsPerMinute_t">` (either quote, white space before `>`).
    private func closeStartTag(_ name: UnsafeBufferPointer<UInt8>, _ cursor: inout XMLByteCursor) -> Bool {
        let start = cursor.i
        if cursor.closeTag() { return true }
        guard cursor.i > start, let typePrefix, XMLByteCursor.equal(name, "HeartRateBpm") else { return false }
        return typePrefix.withUnsafeBufferPointer { prefix in
            guard cursor.take(prefix), cursor.take(":type="), cursor.i < cursor.n else { return false }
            let quote = cursor.p[cursor.i]
            guard quote == 0x22 || quote == 0x27 else { return false }
            cursor.i += 1
            guard cursor.take("HeartRateInBeatsPerMinute_t"), cursor.i < cursor.n, cursor.p[cursor.i] == quote
            else { return false }
            cursor.i += 1
            return cursor.closeTag()
        }
    }

    /// A child of `Trackpoint` named `name` (after its start tag) up to and including its end tag.
    private func readChild(_ name: UnsafeBufferPointer<UInt8>, _ cursor: inout XMLByteCursor,
                           into fields: inout Fields) -> Bool {
        if XMLByteCursor.equal(name, "Position") {
            fields.sawPosition = true
            return readPosition(&cursor, into: &fields)
        }
        if XMLByteCursor.equal(name, "HeartRateBpm") {
            return Self.readLeaves(&cursor, until: "HeartRateBpm") { name, text in
                guard XMLByteCursor.equal(name, "Value") else { return true }
                fields.heartRate = Self.limited(text, .heartRate)
                return fields.heartRate != nil
            }
        }
        if XMLByteCursor.equal(name, "Extensions") { return readExtensions(&cursor, into: &fields) }
        guard let text = cursor.value(), cursor.endTag(name) else { return false }
        if XMLByteCursor.equal(name, "Time") {
            guard let seconds = DateTimeParser.parse(text) else { return false }
            let time = Date(timeIntervalSinceReferenceDate: seconds)
            guard PointValueLimits.allowsTime(time) else { return false }
            fields.time = time
        } else if XMLByteCursor.equal(name, "AltitudeMeters") {
            fields.elevation = Self.limited(text, .elevation)
            return fields.elevation != nil
        } else if XMLByteCursor.equal(name, "Cadence") {
            fields.cadence = Self.limited(text, .cadence)
            return fields.cadence != nil
        }
        return true  // another leaf: skipped, as the general path skips it
    }

    /// A number within `quantity`'s limits; `nil` (declined: the general path reports it) otherwise.
    private static func limited(_ text: UnsafeBufferPointer<UInt8>, _ quantity: PointValueLimits.Quantity) -> Double? {
        guard let value = DecimalParser.parse(text), PointValueLimits.allows(quantity, value) else { return nil }
        return value
    }

    /// The children of `Position` (after its start tag) up to and including its end tag, which
    /// leaves both coordinates set (by this `Position` or an earlier one, as in the general path).
    private func readPosition(_ cursor: inout XMLByteCursor, into fields: inout Fields) -> Bool {
        let children = Self.readLeaves(&cursor, until: "Position") { name, text in
            if XMLByteCursor.equal(name, "LatitudeDegrees") {
                guard let value = DecimalParser.parse(text), value >= -90, value <= 90 else { return false }
                fields.latitude = value
            } else if XMLByteCursor.equal(name, "LongitudeDegrees") {
                guard let value = DecimalParser.parse(text), value >= -180, value <= 180 else { return false }
                fields.longitude = value
            }
            return true
        }
        return children && fields.latitude != nil && fields.longitude != nil
    }

    /// Unprefixed leaves `<name>value</name>` up to and including the end tag `</element>`, each
    /// handed to `leaf` (which returns `false` to decline).
    private static func readLeaves(_ cursor: inout XMLByteCursor, until element: StaticString,
                                   _ leaf: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        while true {
            cursor.skipSpace()
            if cursor.take("</") { return cursor.take(element) && cursor.closeTag() }
            guard cursor.take("<"), let name = cursor.name(), cursor.closeTag(), let text = cursor.value(),
                  cursor.endTag(name), leaf(name, text) else { return false }
        }
    }

    /// The children of `Extensions` (after its start tag), each a `P:TPX`, up to and including its
    /// end tag.
    private func readExtensions(_ cursor: inout XMLByteCursor, into fields: inout Fields) -> Bool {
        guard let prefix = extensionPrefix else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            cursor.prefixedChildren("TPX", prefix: prefix, until: "Extensions") { Self.readTPX(&$0, prefix, into: &fields) }
        }
    }

    /// The children of `P:TPX` (after its start tag), each a `P:` leaf, up to and including its end
    /// tag: `Speed` (metres per second) and `RunCadence` (steps per minute) read, the others skipped.
    private static func readTPX(_ cursor: inout XMLByteCursor, _ prefix: UnsafeBufferPointer<UInt8>,
                                into fields: inout Fields) -> Bool {
        while true {
            cursor.skipSpace()
            if cursor.take("</") { return cursor.take(prefix) && cursor.take(":TPX") && cursor.closeTag() }
            guard cursor.take("<"), cursor.take(prefix), cursor.take(":"), let name = cursor.name(), cursor.closeTag(),
                  let text = cursor.value(), cursor.take("</"), cursor.take(prefix), cursor.take(":"),
                  cursor.take(name), cursor.closeTag() else { return false }
            if XMLByteCursor.equal(name, "Speed") {
                fields.speed = Self.limited(text, .speed)
                guard fields.speed != nil else { return false }
            } else if XMLByteCursor.equal(name, "RunCadence") {
                fields.runCadence = Self.limited(text, .cadence)
                guard fields.runCadence != nil else { return false }
            }
        }
    }
}
