// libFuzzer target: the XML byte scanner against libxml2. Any input, read as GPX, KML and TCX, must
// give the same route (every value, bit for bit), notes and error (reason, line, column) through the
// readers' scanner path as through libxml2 alone, and the scanner alone must agree wherever it does not
// give up. The scanner path includes the elements read whole from the bytes: GPX track points
// (GPXTrackPointScanner) and TCX Trackpoints (TCXTrackpointScanner). A difference stops the run (a
// crash, saved by libFuzzer).
import Foundation
@testable import RouteKit

/// What one read gave, printable and comparable: the route's values as bit patterns and the notes, or
/// the error's description (its reason, line and column); `nil` when the scanner alone gave up.
private func outcome(_ input: RouteInput, _ format: RouteFormat, _ parser: XMLParserChoice) -> String? {
    do {
        let result: RouteFile.Result
        switch format {
        case .kml:
            guard let delegate = try KMLReader.parse(input, path: "fuzz.kml", parser: parser) else { return nil }
            result = try KMLReader.result(from: delegate)
        case .tcx:
            guard let delegate = try TCXReader.parse(input, path: "fuzz.tcx", parser: parser) else { return nil }
            result = try TCXReader.result(from: delegate)
        default:
            guard let delegate = try GPXReader.parse(input, path: "fuzz.gpx", parser: parser) else { return nil }
            result = RouteFile.Result(route: try GPXReader.route(from: delegate), format: .gpx)
        }
        let route = result.route
        let values = route.points.map { p -> [UInt64?] in
            [p.coordinate.latitude.bitPattern, p.coordinate.longitude.bitPattern, p.elevation?.bitPattern,
             p.time?.timeIntervalSinceReferenceDate.bitPattern, p.heartRate?.bitPattern, p.cadence?.bitPattern,
             p.speed?.bitPattern]
        }
        return "route \(values) \(route.segments) \(route.name ?? "-") \(route.source) \(result.notes)"
    } catch {
        return "error \(error.description) at \(String(describing: error.location))"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = RouteInput.data(fuzzData(start, count))
    for format in [RouteFormat.gpx, .kml, .tcx] {
        let reference = outcome(input, format, .libxml2)
        let automatic = outcome(input, format, .automatic)
        if automatic != reference {
            fatalError("\(format): the scanner path gave \(automatic ?? "nil"), libxml2 \(reference ?? "nil")")
        }
        if let alone = outcome(input, format, .scannerOnly), alone != reference {
            fatalError("\(format): the scanner alone gave \(alone), libxml2 \(reference ?? "nil")")
        }
    }
    return 0
}
