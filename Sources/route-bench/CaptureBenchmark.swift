import Foundation
import RouteKitRender

/// How fast headless Chromium hands over frames and ffmpeg takes them: `Page.captureScreenshot` at
/// 1280x720 as PNG and as JPEG (a WebGL page redrawn with noise before each capture, so that no frame
/// repeats the last one), and the encoder's throughput on those PNG frames. Needs Chromium and ffmpeg.
func benchmarkCapture(frames: Int) {
    do {
        let browser = try HeadlessChromium(width: 1280, height: 720)
        defer { browser.close() }
        let page = try browser.openPage()
        try page.setContent(noisePage)
        var pngs: [[UInt8]] = []
        for (label, format) in [("PNG", BrowserPage.ScreenshotFormat.png), ("JPEG q90", .jpeg(quality: 90))] {
            var bytes = 0
            var seconds = 0.0
            for _ in 0..<frames {
                _ = try page.evaluate("draw()")
                let start = Date()
                let image = try page.captureScreenshot(format: format)
                seconds += Date().timeIntervalSince(start)
                bytes += image.count
                if format == .png { pngs.append(image) }
            }
            print("capture 1280x720 \(label): \(String(format: "%.1f", seconds * 1000 / Double(frames))) ms a frame, \(bytes / frames / 1024) KiB")
        }
        for (label, format) in [("mp4 (libx264 medium crf 18)", VideoFormat.mp4()), ("webm (vp9 crf 31)", .webm())] {
            let path = NSTemporaryDirectory() + "/route-bench-capture.\(label.prefix(4))"
            let encoder = try VideoEncoder(path: path, format: format, width: 1280, height: 720,
                                           frameRate: FrameRate(numerator: 30000, denominator: 1001))
            let start = Date()
            for png in pngs { try encoder.append(png: png) }
            try encoder.finish()
            let seconds = Date().timeIntervalSince(start)
            print("encode \(pngs.count) noisy frames to \(label): \(String(format: "%.1f", Double(pngs.count) / seconds)) frames/s")
            unlink(path)
        }
    } catch {
        print("capture: skipped: \(error)")
    }
}

/// A full-window WebGL canvas whose `draw()` fills it with random coloured rectangles.
private let noisePage = """
    <!doctype html><html><body style="margin:0"><canvas id="c" width="1280" height="720"></canvas><script>
    const gl = document.getElementById('c').getContext('webgl2', {preserveDrawingBuffer: true});
    gl.enable(gl.SCISSOR_TEST);
    function draw() {
      for (let i = 0; i < 4000; i++) {
        gl.scissor(Math.random() * 1280, Math.random() * 720, 2 + Math.random() * 30, 2 + Math.random() * 20);
        gl.clearColor(Math.random(), Math.random(), Math.random(), 1); gl.clear(gl.COLOR_BUFFER_BIT);
      }
      return new Promise(r => requestAnimationFrame(() => r(true)));
    }
    </script></body></html>
    """
