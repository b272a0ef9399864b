import Foundation

/// Earth Studio's normalised form of a place, as its exports give each track point's `coordinate.position`:
/// `{"attributes":[longitude, latitude, altitude]}`, each `{"type":…,"value":{"relative":r,
/// "minValueRange":min,"maxValueRange":max}}` with the value `min + r * (max - min)`.
///
/// The ranges are Earth Studio's (read by the Blender add-ons that import its exports, imagiscope's
/// EarthStudioTools `GES_Panel_1_2.py` and jayin92/GES-utils `ges2nerf.py`; docs/renderers.md#earth-studio-exports):
/// longitude −180…180 degrees (`360 r − 180`), latitude −89.9999…89.9999 degrees
/// (`179.9998 r − 89.9999`), altitude 1…65 117 482 metres (`65117481 r + 1`). A height below 1 m gives a
/// negative `relative` (the formula still holds). `relative` has 12 decimals: 3.6e-10 degrees and
/// 6.5e-5 m, below the other members' precision (1e-8 degrees, 1 mm).
enum EarthStudioAttributes {
    /// `(type, minimum, maximum)` of the three attributes, in Earth Studio's order.
    static let ranges: [(type: String, minimum: Double, maximum: Double)] = [
        ("longitude", -180, 180), ("latitude", -89.9999, 89.9999), ("altitude", 1, 65_117_482),
    ]

    /// `relative` for `value` in `minimum...maximum`: `(value - minimum) / (maximum - minimum)`.
    static func relative(_ value: Double, minimum: Double, maximum: Double) -> Double {
        (value - minimum) / (maximum - minimum)
    }

    /// Appends `{"attributes":[…]}` for the place (`altitude` in metres, as the track point's own).
    static func append(coordinate: LocationCoordinate2D, altitude: Double, to out: inout [UInt8]) {
        let values = [Angles.normalizedLongitude(coordinate.longitude), coordinate.latitude, altitude]
        out.append(text: "{\"attributes\":[")
        for (i, range) in ranges.enumerated() {
            out.append(text: i == 0 ? "{\"type\":\"" : ",{\"type\":\"")
            out.append(text: range.type)
            out.append(text: "\",\"value\":{\"relative\":")
            FixedDecimal.append(relative(values[i], minimum: range.minimum, maximum: range.maximum), places: 12, to: &out)
            out.append(text: ",\"minValueRange\":")
            FixedDecimal.append(range.minimum, places: 4, to: &out)
            out.append(text: ",\"maxValueRange\":")
            FixedDecimal.append(range.maximum, places: 4, to: &out)
            out.append(text: "}}")
        }
        out.append(text: "]}")
    }
}
