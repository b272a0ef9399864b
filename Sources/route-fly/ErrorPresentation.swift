import Foundation
import RouteKit

/// The library's errors worded for the command line. RouteKit says what is wrong and what would help
/// in its own terms (it names no route-fly option); these add the option that does it.
enum ErrorPresentation {
    /// A route file's error, with the option that would read the file.
    static func describe(_ error: RouteParseError) -> String {
        switch error.reason {
        case .polylineOutOfRange(_, _, let precision):
            return error.description + " (try --polyline-precision \(precision == 5 ? 6 : 5))"
        case .unknownFormat:
            return error.description + " (--input-format gpx|kml|geojson|csv|polyline|tcx)"
        case .unnamedColumns:
            return error.description + " (--columns latitude,longitude,…)"
        default:
            return error.description
        }
    }

    /// Why a flight cannot be planned, with the options that would make it plannable.
    static func describe(_ error: FlightPlanError) -> String {
        switch error {
        case .tooLong: return "\(error) ('--speedup', '--duration', '--skip-idle')"
        case .noMovement: return "\(error) ('--preset orbit' or '--preset overview')"
        case .brokenClock(.pieceNewestFirst): return "\(error) ('--join-pieces', or '--timing distance')"
        case .untimedRoute, .brokenClock: return "\(error) ('--timing distance')"
        default: return "\(error)"
        }
    }

    /// Why `check` could not check a flight, with the options that would make it checkable.
    static func describe(_ reason: FlightCheck.Unplannable) -> String {
        switch reason {
        case .plan(let error): return describe(error)
        case .tooManyFrames(let duration, let fps): return SampleOptions.tooManyFrames(duration: duration, fps: fps) ?? reason.description
        }
    }

    /// Any error the planner throws, worded as ``describe(_:)-FlightPlanError`` when it is a plan error.
    static func describePlanning(_ error: any Error) -> String {
        (error as? FlightPlanError).map(describe) ?? "\(error)"
    }
}
