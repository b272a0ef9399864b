/// ``FlightSVG`` as a ``PoseWriter``: it keeps the poses and draws the picture at ``end(into:)``.
///
/// Unlike the other writers it holds every pose in memory (a picture needs them all), so it is meant
/// for quick looks; route-fly refuses more than ``maximumFrames`` frames in this format.
package struct SVGPoseWriter: PoseWriter {
    /// The most frames a picture is drawn from.
    package static let maximumFrames = 100_000

    private var poses: [CameraPose] = []
    private let context: PoseWriterContext

    package init(context: PoseWriterContext) {
        self.context = context
        poses.reserveCapacity(min(context.frameCount, SVGPoseWriter.maximumFrames))
    }

    package func begin(into out: inout [UInt8]) {}

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        poses.append(pose)
    }

    package func end(into out: inout [UInt8]) {
        guard !poses.isEmpty else { return }
        if let group = context.group {
            // A group flight: the riders' tracks, over the route when there is one.
            out.append(contentsOf: FlightSVG.render(poses: poses, route: context.route, group: group, title: context.route?.name))
            return
        }
        // Without a route, the centre path stands in for it.
        let route = context.route
            ?? Route(segments: [poses.map { RoutePoint(coordinate: $0.camera.centerCoordinate) }], source: .init(kind: .tracks))!
        out.append(contentsOf: FlightSVG.render(poses: poses, route: route, title: route.name))
    }
}
