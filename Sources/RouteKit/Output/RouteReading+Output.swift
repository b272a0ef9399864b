import Foundation

/// How every pose format writes a ``RouteReading``: the same names, units and decimals everywhere.
///
/// | name | unit | decimals |
/// |---|---|---|
/// | `route_distance` | metres along the route from its start, gaps not counted | 3 |
/// | `route_progress` | share of the route's length, 0...1 | 6 |
/// | `route_time` | the recorded instant there, ISO 8601 UTC (`2021-07-03T08:12:30.5Z`, to the millisecond) | - |
/// | `route_elevation` | metres: the route's own height there, on the output's vertical datum | 3 |
/// | `speed` | metres per second over 10 s of recorded time (``RouteOdometer/speedWindow``), legs faster than 180 km/h and 5 times the route's median left out | 3 |
/// | `heart_rate` | beats per minute | 1 |
/// | `cadence` | revolutions or steps per minute | 1 |
///
/// A value the route does not record (an untimed route's time and speed, a missing heart rate) is left
/// out: an empty CSV cell, an absent JSON member.
package enum RouteReadingFields {
    /// The names, in order.
    package static let names = ["route_distance", "route_progress", "route_time", "route_elevation", "speed", "heart_rate", "cadence"]

    /// One value as text: a fixed decimal or a quoted-when-JSON string.
    package enum Value {
        case number(Double, places: Int)
        case instant(Date)
    }

    /// The reading's values in ``names`` order (`nil` where not recorded), its elevation on `heights`:
    /// on the ellipsoid with the geoid undulation under the reading's point (from `geoid`, else
    /// `fallbackUndulation`).
    package static func values(of reading: RouteReading, heights: VerticalDatum, geoid: Geoid?,
                               fallbackUndulation: Double) -> [Value?] {
        let elevation = reading.elevation.map { e in
            heights == .ellipsoidal ? e + (geoid?.undulation(at: reading.coordinate) ?? fallbackUndulation) : e
        }
        return [
            .number(reading.distance, places: PosePrecision.distance),
            .number(reading.progress, places: 6),
            reading.time.map(Value.instant),
            elevation.map { .number($0, places: PosePrecision.distance) },
            reading.speed.map { .number($0, places: 3) },
            reading.heartRate.map { .number($0, places: 1) },
            reading.cadence.map { .number($0, places: 1) },
        ]
    }

    /// Appends `value` (a string quoted when `quoted`).
    package static func append(_ value: Value, quoted: Bool, to out: inout [UInt8]) {
        switch value {
        case .number(let x, let places):
            FixedDecimal.append(x.isFinite ? x : 0, places: places, to: &out)
        case .instant(let date):
            let text = ISO8601.string(from: date, fractionDigits: 3)
            out.append(text: quoted ? "\"" + text + "\"" : text)
        }
    }

    /// Appends `,"name":value` for each recorded value (JSON object members, after others).
    package static func appendJSONMembers(of reading: RouteReading, heights: VerticalDatum, geoid: Geoid?,
                                          fallbackUndulation: Double, prefix: String = "", to out: inout [UInt8]) {
        let values = values(of: reading, heights: heights, geoid: geoid, fallbackUndulation: fallbackUndulation)
        for (name, value) in zip(names, values) {
            guard let value else { continue }
            out.append(text: ",\"" + prefix + name + "\":")
            append(value, quoted: true, to: &out)
        }
    }

    /// Appends `,value` for each field (`,` alone where not recorded, or for every field without a reading).
    package static func appendCSVCells(of reading: RouteReading?, heights: VerticalDatum, geoid: Geoid?,
                                       fallbackUndulation: Double, to out: inout [UInt8]) {
        guard let reading else {
            out.append(contentsOf: [UInt8](repeating: UInt8(ascii: ","), count: names.count))
            return
        }
        for value in values(of: reading, heights: heights, geoid: geoid, fallbackUndulation: fallbackUndulation) {
            out.append(UInt8(ascii: ","))
            if let value { append(value, quoted: false, to: &out) }
        }
    }
}
