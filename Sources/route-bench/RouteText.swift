import Foundation
import RouteKit

/// A route's points written as a file of another format, for the reader benchmark: the shapes the
/// readers document (KML `gx:Track` with one `when` per `gx:coord`, TCX `Courses/Course/Track`,
/// a GeoJSON `LineString` Feature, CSV with a `latitude,longitude,elevation,time` header, Google's
/// encoded polyline at precision 5). Numbers are written in Swift's shortest round-trip form; times
/// as `xsd:dateTime` in UTC with milliseconds.
enum RouteText {
    static func file(_ points: [RoutePoint], format: RouteFormat) -> Data {
        var text = ""
        text.reserveCapacity(points.count * 100)
        switch format {
        case .kml: kml(points, into: &text)
        case .tcx: tcx(points, into: &text)
        case .geojson: geojson(points, into: &text)
        case .csv: csv(points, into: &text)
        case .polyline: polyline(points, into: &text)
        case .gpx: gpx(points, into: &text)
        }
        return Data(text.utf8)
    }

    private static func kml(_ points: [RoutePoint], into text: inout String) {
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\" "
            + "xmlns:gx=\"http://www.google.com/kml/ext/2.2\">\n<Placemark><name>bench</name><gx:Track>\n"
            + "<altitudeMode>absolute</altitudeMode>\n"
        for p in points { text += "<when>\(dateTime(p.time))</when>\n" }
        for p in points {
            text += "<gx:coord>\(p.coordinate.longitude) \(p.coordinate.latitude) \(p.elevation ?? 0)</gx:coord>\n"
        }
        text += "</gx:Track></Placemark>\n</kml>\n"
    }

    private static func tcx(_ points: [RoutePoint], into text: inout String) {
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase "
            + "xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">\n<Courses><Course><Name>bench</Name><Track>\n"
        for p in points {
            text += "<Trackpoint><Time>\(dateTime(p.time))</Time><Position><LatitudeDegrees>\(p.coordinate.latitude)"
                + "</LatitudeDegrees><LongitudeDegrees>\(p.coordinate.longitude)</LongitudeDegrees></Position>"
                + "<AltitudeMeters>\(p.elevation ?? 0)</AltitudeMeters></Trackpoint>\n"
        }
        text += "</Track></Course></Courses>\n</TrainingCenterDatabase>\n"
    }

    private static func gpx(_ points: [RoutePoint], into text: inout String) {
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"route-bench\" "
            + "xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        for p in points {
            text += "<trkpt lat=\"\(p.coordinate.latitude)\" lon=\"\(p.coordinate.longitude)\"><ele>\(p.elevation ?? 0)</ele>"
                + "<time>\(dateTime(p.time))</time></trkpt>\n"
        }
        text += "</trkseg></trk>\n</gpx>\n"
    }

    private static func geojson(_ points: [RoutePoint], into text: inout String) {
        text += "{\"type\":\"Feature\",\"properties\":{\"name\":\"bench\"},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\n"
        for (k, p) in points.enumerated() {
            text += "[\(p.coordinate.longitude),\(p.coordinate.latitude),\(p.elevation ?? 0)]" + (k + 1 < points.count ? ",\n" : "\n")
        }
        text += "]}}\n"
    }

    private static func csv(_ points: [RoutePoint], into text: inout String) {
        text += "latitude,longitude,elevation,time\n"
        for p in points {
            text += "\(p.coordinate.latitude),\(p.coordinate.longitude),\(p.elevation ?? 0),\(dateTime(p.time))\n"
        }
    }

    /// Google's Encoded Polyline Algorithm Format, precision 5
    /// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm).
    private static func polyline(_ points: [RoutePoint], into text: inout String) {
        var previous = (latitude: 0, longitude: 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 8)
        func encode(_ delta: Int) {
            var value = delta < 0 ? ~(delta << 1) : delta << 1
            while value >= 0x20 {
                bytes.append(UInt8((value & 0x1F) | 0x20) + 63)
                value >>= 5
            }
            bytes.append(UInt8(value) + 63)
        }
        for p in points {
            let latitude = Int((p.coordinate.latitude * 1e5).rounded())
            let longitude = Int((p.coordinate.longitude * 1e5).rounded())
            encode(latitude - previous.latitude)
            encode(longitude - previous.longitude)
            previous = (latitude, longitude)
        }
        text += String(decoding: bytes, as: UTF8.self) + "\n"
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC), from civil days (Howard Hinnant's `civil_from_days`,
    /// https://howardhinnant.github.io/date_algorithms.html); the reference date when `nil`.
    private static func dateTime(_ date: Date?) -> String {
        let milliseconds = Int(((date?.timeIntervalSince1970 ?? 0) * 1000).rounded())
        let seconds = milliseconds.floorDiv(1000)
        let days = seconds.floorDiv(86_400)
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = z.floorDiv(146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let millis = milliseconds - seconds * 1000
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))."
            + (millis < 10 ? "00" : millis < 100 ? "0" : "") + "\(millis)Z"
    }
}

private extension Int {
    /// Division rounding toward negative infinity.
    func floorDiv(_ d: Int) -> Int { self >= 0 ? self / d : -((-self + d - 1) / d) }
}
