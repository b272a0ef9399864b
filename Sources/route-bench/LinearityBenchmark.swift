import Foundation
import RouteKit

/// Every reader is linear in its input, even when the input is one long line (issue 14: a CSV row of
/// 400 KB took 39 s). For each reader, one line of about 10 KB and one of about 1 MB are read; the time
/// per byte of the long line must be within 2x of the short one's. Prints nanoseconds per byte, the
/// ratio, and `NOT LINEAR` past 2x (the best of 3 runs each, to damp a busy machine).
func benchmarkLinearity() {
    print("linearity: time per byte, one line of 10 KB vs 1 MB (best of 3)")
    let cases: [(String, RouteFormat, (Int) -> String)] = [
        ("CSV row", .csv, { n in "lat,lon\n" + String(repeating: "1,", count: n / 2) + "2\n" }),
        ("CSV header", .csv, { n in "lat,lon" + String(repeating: ",x", count: n / 2) + "\n45,7\n45.1,7\n" }),
        ("GeoJSON", .geojson, { n in
            "{\"type\":\"LineString\",\"coordinates\":[" + (0..<(n / 20)).map { "[7.\($0 % 1000),45.\($0 % 997)]" }.joined(separator: ",") + "]}" }),
        ("GPX", .gpx, { n in
            "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><trk><trkseg>"
                + (0..<(n / 40)).map { "<trkpt lat=\"45.\($0 % 997)\" lon=\"7.\($0 % 1000)\"/>" }.joined() + "</trkseg></trk></gpx>" }),
        ("KML", .kml, { n in
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><LineString><coordinates>"
                + (0..<(n / 16)).map { "7.\($0 % 1000),45.\($0 % 997)" }.joined(separator: " ")
                + "</coordinates></LineString></Placemark></kml>" }),
        ("TCX", .tcx, { n in
            "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Courses><Course><Track>"
                + (0..<(n / 110)).map { "<Trackpoint><Position><LatitudeDegrees>45.\($0 % 997)</LatitudeDegrees><LongitudeDegrees>7.\($0 % 1000)</LongitudeDegrees></Position></Trackpoint>" }.joined()
                + "</Track></Course></Courses></TrainingCenterDatabase>" }),
        ("polyline", .polyline, { n in "_p~iF~ps|U" + String(repeating: "_ulLnnqC", count: n / 8) }),
    ]
    for (name, format, make) in cases {
        var perByte: [Double] = []
        for size in [10_000, 1_000_000] {
            let data = Data(make(size).utf8)
            var best = Double.infinity
            for _ in 0..<3 {
                best = min(best, measureSeconds { _ = try? RouteFile.read(data: data, format: format) })
            }
            perByte.append(best / Double(data.count) * 1e9)
        }
        let ratio = perByte[1] / perByte[0]
        let figures = String(format: "%8.1f ns/B (10 KB)  %8.1f ns/B (1 MB)  ratio %5.2f", perByte[0], perByte[1], ratio)
        print("  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + figures + (ratio > 2 ? "  NOT LINEAR" : ""))
    }
}
