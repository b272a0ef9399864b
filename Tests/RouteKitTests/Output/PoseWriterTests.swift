import Foundation
import Testing
@testable import RouteKit

private let poses: [CameraPose] = [
    CameraPose(frame: 0, time: 0, camera: MapCamera(
        centerCoordinate: .init(latitude: 49.65, longitude: 179.9), distance: 30000.25, heading: 0, pitch: 0)),
    CameraPose(frame: 1, time: 1.0 / 30, camera: MapCamera(
        centerCoordinate: .init(latitude: -12.345678912, longitude: -179.95), distance: 24000, heading: 359.99996, pitch: 12.5)),
]

@Suite struct PoseWriterTests {
    @Test func csvHasTheContractColumnsAndDecimals() {
        let text = String(decoding: PoseFormat.csv.encode(poses), as: UTF8.self)
        #expect(text == """
            frame,time,latitude,longitude,heading,pitch,distance,center_elevation
            0,0.000000,49.65000000,179.90000000,0.0000,0.0000,30000.250,0.000
            1,0.033333,-12.34567891,-179.95000000,0.0000,12.5000,24000.000,0.000

            """)
    }

    @Test func geoJSONIsAFeatureCollectionWithBBoxAcrossTheAntimeridian() throws {
        let bytes = PoseFormat.geojson.encode(poses)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let bbox = try #require(object["bbox"] as? [Double])
        #expect(bbox == [179.9, -12.34567891, -179.95, 49.65])  // west > east (RFC 7946 section 5.2)
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let geometry = try #require(features[1]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [-179.95, -12.34567891])  // [longitude, latitude]
        let properties = try #require(features[1]["properties"] as? [String: Any])
        #expect(properties["frame"] as? Int == 1)
        #expect(properties["time"] as? Double == 0.033333)
        #expect(properties["pitch"] as? Double == 12.5)
        #expect(properties["heading"] as? Double == 0)  // 359.99996 would print as 360.0000: written as 0
        #expect(properties["distance"] as? Double == 24000)
    }

    @Test func formatFromExtension() {
        #expect(PoseFormat(pathExtension: "CSV") == .csv)
        #expect(PoseFormat(pathExtension: "geojson") == .geojson)
        #expect(PoseFormat(pathExtension: "json") == .geojson)
        #expect(PoseFormat(pathExtension: "txt") == nil)
    }

    @Test func atomicWriteLeavesNoTemporaryFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.csv").path
        try AtomicFile.write(Array("a\n".utf8), to: path)
        try AtomicFile.write(Array("b\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.csv"])
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write([1], to: dir.appendingPathComponent("missing/out.csv").path)
        }
    }
}
