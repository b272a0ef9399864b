import Foundation
import Testing
@testable import RouteKit

/// The model of CesiumJS's interpolation between CZML camera samples, and the samples the writer adds
/// from it. CesiumJS itself checks the model in `CesiumBrowserTests` (its camera at half- and
/// quarter-frames); these pin the model's two behaviours and the writer's use of it.
@Suite struct CZMLInterpolationTests {
    /// A rotation of `degrees` about ECEF z, as `(x, y, z, w)`.
    static func turn(_ degrees: Double) -> SIMD4<Double> {
        let half = degrees * .pi / 360
        return SIMD4(0, 0, sin(half), cos(half))
    }

    static func angle(_ v: SIMD3<Double>) -> Double { atan2(v.y, v.x) * 180 / .pi }

    @Test func aTurnIsSlerpedExceptUnderCesiumsThreshold() {
        // 1 degree between samples: halfway turns half (CesiumJS's slerp).
        let kept = CZMLInterpolation.forwards(at: 0.5, from: Self.turn(0), to: Self.turn(1))
        #expect(kept.count == 1 && abs(Self.angle(kept[0]) - 0.5) < 1e-9)
        // 0.1 degree (|d.w - 1| = 3.8e-7 < 1e-6): CesiumJS drops the turn and shows the later sample.
        let dropped = CZMLInterpolation.forwards(at: 0.25, from: Self.turn(0), to: Self.turn(0.1))
        #expect(dropped.count == 1 && abs(Self.angle(dropped[0]) - 0.1) < 1e-9)
        // At the threshold (0.162 degrees) the written decimals decide: both are considered.
        #expect(CZMLInterpolation.forwards(at: 0.5, from: Self.turn(0), to: Self.turn(0.162)).count == 2)
    }

    /// A flight that orbits its centre at `rate` degrees a second, or jumps `jump` degrees of longitude
    /// at 0.01 s, at 1000 m, pitch 45, over 46 N 14 E: its poses at any time, and its CZML at 10 fps.
    static func czml(rate: Double, jump: Double = 0) -> (text: String, frames: Int) {
        let pose: @Sendable (Double) -> CameraPose = { t in
            let centre = LocationCoordinate2D(latitude: 46, longitude: 14 + (t > 0.01 ? jump : 0))
            return CameraPose(frame: Int(t * 10), time: t, camera: MapCamera(centerCoordinate: centre, distance: 1000, heading: rate * t, pitch: 45))
        }
        var context = PoseWriterContext(framesPerSecond: 10, frameCount: 11)
        context.poseBetweenFrames = pose
        var writer = CZMLPoseWriter(context: context)
        let poses = (0...10).map { pose(Double($0) / 10) }
        return (String(decoding: writer.encode(poses), as: UTF8.self), poses.count)
    }

    static func sampleCount(_ czml: String) throws -> Int {
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(czml.utf8)) as? [[String: Any]])
        return packets.compactMap { (($0["position"] as? [String: Any])?["cartographicDegrees"] as? [Any])?.count }.reduce(0, +) / 4
    }

    @Test func samplesAreAddedOnlyWhereCesiumWouldStray() throws {
        // A steady orbit of 20 degrees a second (2 a frame) slerps exactly, and the eye's chord is 0.11 m
        // inside its circle (0.01 % of the distance): one sample a frame.
        let steady = Self.czml(rate: 20)
        #expect(try Self.sampleCount(steady.text) == steady.frames)
        // 0.5 degree a second: 0.05 degree a frame, under CesiumJS's threshold, so it shows each frame's
        // orientation early: at most 0.62 m (0.062 %) off at 1000 m, under the 0.1 % allowed.
        #expect(try Self.sampleCount(Self.czml(rate: 0.5).text) == 11)
        // 3 degrees a second (0.3 a frame, above the threshold) is slerped: no sample added.
        #expect(try Self.sampleCount(Self.czml(rate: 3).text) == 11)
        // A jump of 0.01 degrees (780 m) 10 ms into the first frame interval: samples are added there.
        let jump = Self.czml(rate: 0, jump: 0.01)
        let added = try Self.sampleCount(jump.text) - jump.frames
        #expect(added > 3 && added < 2 * CZMLInterpolation.maximumDepth + 2, "\(added) samples added")
    }

    @Test func theCameraCarriesItsVerticalFieldOfView() throws {
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(Self.czml(rate: 0).text.utf8)) as? [[String: Any]])
        let camera = try #require(packets.first { $0["id"] as? String == "camera" })
        let fov = (camera["properties"] as? [String: Any])?["fov_vertical"] as? [String: Any]
        #expect((fov?["number"] as? Double).map { abs($0 - 36.8699) < 1e-9 } == true, "\(String(describing: fov))")
    }
}
