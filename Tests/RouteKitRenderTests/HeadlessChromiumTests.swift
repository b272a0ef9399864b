import Foundation
import Testing
@testable import RouteKitRender

/// The DevTools driver against Debian's real headless Chromium; skipped, saying so, without it.
@Suite(.serialized, .enabled(if: RenderTools.chromium != nil && RenderTools.ffmpeg != nil, "needs chromium and ffmpeg"))
struct HeadlessChromiumTests {
    /// A 160x120 page, white, with a red 40x30 box at (20, 10).
    static let redBoxPage = """
        <!doctype html><html><body style="margin:0;background:#fff">
        <div style="position:absolute;left:20px;top:10px;width:40px;height:30px;background:#f00"></div>
        </body></html>
        """

    @Test func evaluatesScriptsAndReportsTheirExceptions() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        #expect(try page.evaluate("1 + 2") as? Int == 3)
        #expect(try page.evaluate("Promise.resolve('later')") as? String == "later")
        #expect(try page.evaluate("undefined") == nil)
        let error = #expect(throws: DevToolsError.self) { try page.evaluate("throw new Error('boom at the page')") }
        guard case .javaScriptException(let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("boom at the page"))
        let rejected = #expect(throws: DevToolsError.self) { try page.evaluate("Promise.reject(new TypeError('refused'))") }
        #expect("\(rejected.map { "\($0)" } ?? "")".contains("refused"))
    }

    @Test func aBindingCallReachesSwiftWhichAnswersByEvaluating() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        try page.addBinding(named: "requestTile") { payload in
            // The page asked for a tile; Swift answers into the page.
            _ = try? page.evaluate("window.answer(\(String(reflecting: "tile " + payload)))")
        }
        try page.setContent("<script>window.answered = new Promise(r => window.answer = r)</script>")
        _ = try page.evaluate("requestTile('3/4/5')")
        #expect(try page.evaluate("window.answered", timeout: 10) as? String == "tile 3/4/5")
    }

    @Test func screenshotsShowThePageAtItsPixels() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("box.html")
        try Self.redBoxPage.write(to: file, atomically: true, encoding: .utf8)
        try page.navigate(to: file)
        let png = try page.captureScreenshot()
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let rgb = try RenderTools.rgb(ofImage: png)
        try #require(rgb.count == 160 * 120 * 3, "a 160x120 picture, not \(rgb.count / 3) pixels")
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgb[(y * 160 + x) * 3 ..< (y * 160 + x) * 3 + 3]) }
        for (x, y) in [(20, 10), (59, 39), (40, 25)] { #expect(pixel(x, y) == [255, 0, 0], "inside the box at (\(x), \(y))") }
        for (x, y) in [(19, 10), (60, 25), (40, 40), (100, 100)] { #expect(pixel(x, y) == [255, 255, 255], "outside at (\(x), \(y))") }
    }

    @Test func webGL2DrawsOnTheSoftwareGPU() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        let script = """
            (() => {
              const gl = document.createElement('canvas').getContext('webgl2');
              if (!gl) return 'no webgl2';
              gl.clearColor(0, 1, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT);
              const p = new Uint8Array(4); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, p);
              return Array.from(p).join(',');
            })()
            """
        #expect(try page.evaluate(script) as? String == "0,255,0,255")
    }

    @Test func aDeadBrowserFailsTheWaitingCallAtOnceWithItsStandardError() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        let started = Date()
        browser.process.sendToGroup(SIGKILL)
        let error = #expect(throws: DevToolsError.self) {
            try page.evaluate("new Promise(() => {})", timeout: 20)
        }
        #expect(Date().timeIntervalSince(started) < 10, "the call failed when the browser died, not at its timeout")
        guard case .browserExited(_, let details)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(details.contains("signal 9"))
    }

    @Test func aTimeoutNamesTheMethodAndTheSeconds() throws {
        let browser = try HeadlessChromium(width: 160, height: 120)
        defer { browser.close() }
        let page = try browser.openPage()
        let error = #expect(throws: DevToolsError.self) { try page.evaluate("new Promise(() => {})", timeout: 0.5) }
        #expect(error.map { "\($0)" } == "Chromium did not answer 'Runtime.evaluate' within 0.5 s")
    }

    @Test func noBrowserProcessOutlivesItsOwner() throws {
        var group: pid_t = 0
        do {
            let browser = try HeadlessChromium(width: 160, height: 120)
            group = browser.process.processID
            _ = try browser.openPage()
            #expect(RenderTools.processes(inGroup: group).count > 1, "Chromium runs helper processes in its group")
            // No close(): deinit ends it.
        }
        #expect(RenderTools.processes(inGroup: group).isEmpty)
        #expect(!ChildProcess.liveProcessIDs.contains(group))
    }
}
