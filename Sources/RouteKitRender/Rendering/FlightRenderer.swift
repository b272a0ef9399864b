import Foundation
import RouteKitTerrain

/// Renders a flight to a video: a flight page (`RouteFlight.page(_:framesPerSecond:frames:)` with
/// `FlightPageOptions.Mode.render`) drawn frame by frame by MapLibre GL JS in headless Chromium, each frame captured as a PNG and
/// handed to ffmpeg (``VideoEncoder``), or written as a picture.
///
/// For each frame `i`: `routeFly.show(i)` (the page's `jumpTo` of pose `i`, its route, rider and
/// overlays), waiting until the map is idle (every tile and the terrain loaded, nothing animating) and
/// the page has painted; then `Page.captureScreenshot`; then the encoder. Nothing waits on a wall
/// clock, so the frames are the same however fast the machine is; frame `i` of the video is pose `i`.
///
/// The page's own tiles (terrain, hillshade, imagery) are made on demand from a ``MapTileSource`` and
/// answered through the page's `routeFlyTile` binding. A tile or style that fails to load fails the
/// frame with its URL; one that never arrives fails it after ``frameTimeout`` seconds, naming the tiles
/// still awaited. On any failure, and on cancellation by a signal (route-fly's handlers), the browser
/// and ffmpeg are stopped and no partial output is left.
///
/// Memory: one frame at a time (the browser's PNG, then the encoder's pipe); the page holds every
/// pose (about 250 bytes each).
public struct FlightRenderer {
    /// The flight page's HTML (self-contained: MapLibre GL JS inlined or by URL, poses and route inside).
    public var page: [UInt8]
    /// The frame size in pixels (the page's viewport).
    public var width: Int
    public var height: Int
    /// The video's frame rate, exactly.
    public var frameRate: FrameRate
    /// The page's terrain, hillshade and imagery tiles, or `nil` when it asks for none.
    public var tiles: MapTileSource?
    /// Seconds a frame may take to draw before the render fails (60 by default; a first frame with terrain
    /// on a slow machine takes a few).
    public var frameTimeout: TimeInterval = 60
    /// Chromium's path, or `nil` to find it (``ExternalProgram/chromium``).
    public var chromium: String? = nil
    /// ffmpeg's path, or `nil` to find it (``ExternalProgram/ffmpeg``).
    public var ffmpeg: String? = nil

    public init(page: [UInt8], width: Int, height: Int, frameRate: FrameRate, tiles: MapTileSource? = nil) {
        self.page = page
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.tiles = tiles
    }

    /// Renders frames `frames` (of `frameCount`) to `output`.
    ///
    /// - Parameters:
    ///   - frames: The frames to render, a range within `0..<frameCount`; frame `i` of the output is the
    ///     range's `i`-th.
    ///   - frameCount: The page's frame count.
    ///   - output: A video, a folder of PNG frames, or one PNG picture (a range of one frame).
    ///   - progress: Called after each frame with the frames done and the timings so far.
    /// - Returns: Where the time went.
    /// - Throws: ``RenderError``, ``VideoEncoderError``, ``DevToolsError``, ``ProgramNotFoundError``,
    ///   ``AtomicFile/WriteError``; `TerrainError` when the page or a frame failed after a tile of the
    ///   terrain model or imagery could not be made (a damaged or truncated file): the file and GDAL's
    ///   reason, rather than the page's account of the failed tile.
    public func render(frames: Range<Int>, frameCount: Int, to output: RenderOutput,
                       progress: ((Int, RenderTimings) -> Void)? = nil) throws -> RenderTimings {
        guard !frames.isEmpty, frames.lowerBound >= 0, frames.upperBound <= frameCount else {
            throw RenderError.frameRange(requested: frames, frameCount: frameCount)
        }
        if case .image = output, frames.count != 1 { throw RenderError.imageNeedsOneFrame(count: frames.count) }
        var timings = RenderTimings()
        let setupStart = Date()
        let sink = try FrameOutput(output, width: width, height: height, frameRate: frameRate, ffmpeg: ffmpeg)
        let browser = try HeadlessChromium(width: width, height: height, executable: chromium)
        defer { browser.close() }
        let tab = try browser.openPage()
        let server = tiles.map(TileServer.init)
        if let server {
            let queue = DispatchQueue(label: "routekit.tiles", attributes: .concurrent)
            try tab.addBinding(named: "routeFlyTile") { payload in
                queue.async { server.handle(payload) { script in _ = try? tab.send("Runtime.evaluate", ["expression": script]) } }
            }
        }
        do {
            try load(tab)
        } catch {
            throw server?.firstFailure ?? error
        }
        timings.setup = Date().timeIntervalSince(setupStart)
        do {
            for (done, frame) in frames.enumerated() {
                do {
                    try draw(frame, in: tab, server: server, timings: &timings)
                } catch {
                    throw server?.firstFailure ?? error
                }
                var start = Date()
                let png = try tab.captureScreenshot(timeout: frameTimeout)
                timings.capture += Date().timeIntervalSince(start)
                start = Date()
                try sink.append(png)
                timings.encode += Date().timeIntervalSince(start)
                timings.frames = done + 1
                if let server {
                    timings.tiles = server.served
                    timings.tileTime = server.seconds
                }
                progress?(done + 1, timings)
            }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
        return timings
    }

    /// Puts the page in the tab and waits until its map has loaded and drawn its first frame.
    private func load(_ tab: BrowserPage) throws {
        do {
            try tab.setContent(String(decoding: page, as: UTF8.self), timeout: frameTimeout)
            _ = try tab.evaluate("window.routeFly ? window.routeFly.ready : Promise.reject(new Error(document.body.dataset.error || 'the page has no flight'))",
                                 timeout: frameTimeout)
        } catch {
            switch error {
            case .javaScriptException(let message): throw RenderError.pageFailed(message)
            case .timedOut(_, let seconds): throw RenderError.pageFailed("the map did not load within \(Int(seconds)) s")
            default: throw error
            }
        }
    }

    /// Draws frame `frame` and waits until the map is idle.
    private func draw(_ frame: Int, in tab: BrowserPage, server: TileServer?, timings: inout RenderTimings) throws {
        let start = Date()
        do {
            _ = try tab.evaluate("routeFly.show(\(frame))", timeout: frameTimeout)
        } catch {
            switch error {
            case .javaScriptException(let message): throw RenderError.frameFailed(frame: frame, message: message)
            case .timedOut: throw RenderError.frameTimedOut(frame: frame, seconds: frameTimeout, waitingFor: (server?.waiting ?? []).map { "routekit://" + $0 })
            default: throw error
            }
        }
        timings.draw += Date().timeIntervalSince(start)
    }
}

/// A video encoder or a one-picture file, behind one interface.
private final class FrameOutput {
    private var encoder: VideoEncoder?
    private var image: AtomicFile?

    init(_ output: RenderOutput, width: Int, height: Int, frameRate: FrameRate, ffmpeg: String?) throws {
        switch output {
        case .video(let path, let format):
            encoder = try VideoEncoder(path: path, format: format, width: width, height: height, frameRate: frameRate, ffmpeg: ffmpeg)
        case .image(let path):
            image = try AtomicFile(path: path)
        }
    }

    func append(_ png: [UInt8]) throws {
        if let encoder { try encoder.append(png: png) } else { try image?.write(png) }
    }

    func finish() throws {
        if let encoder { try encoder.finish() } else { try image?.commit() }
        encoder = nil
        image = nil
    }

    func cancel() {
        encoder?.cancel()
        image?.abort()
        encoder = nil
        image = nil
    }
}
