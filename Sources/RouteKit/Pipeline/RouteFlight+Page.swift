import Foundation

extension RouteFlight {
    /// The flight page: one self-contained HTML file that plays the flight over its route in MapLibre
    /// GL JS (`route-fly preview`), or, with ``FlightPageOptions/Mode/render``, the page RouteKitRender's
    /// `FlightRenderer` drives frame by frame into a video (`route-fly render`).
    ///
    /// The page holds the route as GeoJSON, one MapLibre camera per frame (`center`, `zoom`, `bearing`,
    /// `pitch`, and the centre's `elevation` in metres above sea level), the overlays' data, and a small
    /// player; ``FlightPageOptions`` says what it draws, which MapLibre GL JS it loads and which basemap.
    /// The cameras are the ones ``PoseFormat/maplibre`` writes; the map's `maxPitch` is 85°
    /// (MapLibre's highest), and a frame pitched more is shown at 85°.
    ///
    /// - Parameters:
    ///   - options: What the page draws and how it is driven.
    ///   - framesPerSecond: Frames per second, more than 0: frame i is at i / framesPerSecond seconds.
    ///   - frames: The frames the page holds (default all, `0..<frameCount`); a renderer that splits a
    ///     video into parts gives each page its part. Frame numbers stay the flight's.
    /// - Returns: The page's bytes, UTF-8 HTML.
    /// - Throws: ``OptionError`` when the flight cannot be sampled at `framesPerSecond` (not a finite
    ///   number more than 0, or more than ``PoseSampler/maximumFrameCount`` frames).
    /// - Complexity: O(f) time and memory for f frames (about 110 bytes each), plus the inlined script.
    public func page(_ options: FlightPageOptions, framesPerSecond: Double,
                     frames: Range<Int>? = nil) throws(OptionError) -> [UInt8] {
        try sampledPage(options, framesPerSecond: framesPerSecond, frames: frames).bytes
    }

    /// ``page(_:framesPerSecond:frames:)`` with the sampler's summary (frames written, distances clamped).
    package func sampledPage(_ options: FlightPageOptions, framesPerSecond: Double, frames: Range<Int>? = nil)
        throws(OptionError) -> (bytes: [UInt8], summary: PoseSampler.Summary) {
        let sampler = try Self.checkedSampler(framesPerSecond: framesPerSecond, duration: flight.duration)
        var context = PoseWriterContext(route: route, framesPerSecond: framesPerSecond,
                                        frameCount: sampler.frameCount(forDuration: flight.duration),
                                        framing: self.options.flight.framing)
        context.maximumPitch = MapLibrePoseWriter.highestMaximumPitch
        let writer = FlightPageWriter(context: context, options: options)
        let wanted = frames ?? 0..<context.frameCount
        return PoseOutput.bytes(writer: writer) { body in
            sampler.forEachPose(of: flight, eye: nil) { pose in
                wanted.contains(pose.frame) ? body(pose) : pose.frame < wanted.lowerBound
            }
        }
    }
}
