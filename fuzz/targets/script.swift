// libFuzzer target: camera scripts (JSON). Any input must give a script or a CameraScriptError; a script
// that parses is resolved against a small route and sampled (at most about 60 frames), and every pose
// must be finite.
import Foundation
import RouteKit

let fuzzRoute: Route = {
    let points = [RoutePoint(latitude: 45.0, longitude: 7.0, elevation: 300),
                  RoutePoint(latitude: 45.01, longitude: 7.02, elevation: 450),
                  RoutePoint(latitude: 45.03, longitude: 7.01, elevation: 380)]
    return Route(segments: [points], source: .init(kind: .tracks))!
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let script = try? CameraScript(json: fuzzData(start, count), path: "fuzz.json"),
          let flight = try? script.resolved(for: fuzzRoute) else { return 0 }
    let duration = flight.duration
    guard duration.isFinite, duration >= 0 else { fatalError("resolved flight with duration \(duration)") }
    let fps = duration > 2 ? 60 / duration : 30
    _ = PoseSampler(framesPerSecond: fps).forEachPose(of: flight, eye: .tangentPlane) { pose in
        let c = pose.camera
        let values = [pose.time, c.centerCoordinate.latitude, c.centerCoordinate.longitude, c.distance, c.heading,
                      c.pitch, pose.centerElevation]
        if !values.allSatisfy(\.isFinite) { fatalError("non-finite pose at frame \(pose.frame): \(pose)") }
        return true
    }
    return 0
}
