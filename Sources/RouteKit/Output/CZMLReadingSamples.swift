import Foundation

/// The route's values at each frame (``RouteReading``) as CZML custom properties of one entity: one
/// sampled number per field of ``RouteReadingFields`` (`LINEAR`, samples `[t, value, …]` on the
/// document's epoch), held until the next packet is written, as the camera's samples are.
///
/// `route_time` is a number here: the recorded instant in seconds after the document's epoch (`START`),
/// since CZML interpolates numbers, not strings (a client adds it to the epoch; SI seconds, a leap second
/// in between counted, as CesiumJS's `JulianDate.addSeconds` counts it). A frame where the route
/// does not record a value has no sample for it; `route_elevation` is above mean sea level (EGM96).
struct CZMLReadingSamples {
    private var buffers = [[UInt8]](repeating: [], count: RouteReadingFields.names.count)

    var isEmpty: Bool { buffers.allSatisfy(\.isEmpty) }

    /// Adds the reading of the frame at `t` seconds after the epoch `epoch`.
    mutating func add(_ reading: RouteReading, at t: Double, epoch: Date) {
        let values = RouteReadingFields.values(of: reading, heights: .orthometric, geoid: nil, fallbackUndulation: 0)
        for (i, value) in values.enumerated() {
            guard let value else { continue }
            if !buffers[i].isEmpty { buffers[i].append(UInt8(ascii: ",")) }
            FixedDecimal.append(t, places: PosePrecision.time, to: &buffers[i])
            buffers[i].append(UInt8(ascii: ","))
            switch value {
            case .instant(let date):
                FixedDecimal.append(date.timeIntervalSince(epoch) + Double(LeapSeconds.inserted(after: epoch, upTo: date)),
                                   places: 3, to: &buffers[i])
            case .number:
                RouteReadingFields.append(value, quoted: false, to: &buffers[i])
            }
        }
    }

    /// Appends `,"properties":{…}` with the held samples (nothing when none), and forgets them.
    mutating func flush(epoch: String, into out: inout [UInt8]) {
        guard !isEmpty else { return }
        out.append(text: ",\"properties\":{")
        var first = true
        for (name, buffer) in zip(RouteReadingFields.names, buffers) where !buffer.isEmpty {
            out.append(text: (first ? "" : ",") + "\"\(name)\":{\"epoch\":\"\(epoch)\",\"interpolationAlgorithm\":\"LINEAR\",\"interpolationDegree\":1,\"number\":[")
            out.append(contentsOf: buffer)
            out.append(text: "]}")
            first = false
        }
        out.append(UInt8(ascii: "}"))
        for i in buffers.indices { buffers[i].removeAll(keepingCapacity: true) }
    }
}
