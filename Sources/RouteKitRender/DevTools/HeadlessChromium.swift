import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over its DevTools pipe, drawing WebGL on the CPU (SwiftShader), with a
/// scratch profile that is removed when it closes.
///
///     let browser = try HeadlessChromium(width: 1280, height: 720)
///     let page = try browser.openPage()
///     try page.navigate(to: URL(fileURLWithPath: "/tmp/flight.html"))
///     let png = try page.captureScreenshot()
///     browser.close()
///
/// The browser is a ``ChildProcess``: it does not outlive this object (``close()`` or `deinit`), and a
/// program that ends on a signal kills it through ``ChildProcess/killAllLive()``.
package final class HeadlessChromium: @unchecked Sendable {
    /// The browser's protocol connection (browser-level commands; pages have their own sessions).
    package let session: DevToolsSession
    /// The browser process.
    package let process: ChildProcess
    /// The window (and default viewport) size, in CSS pixels (= device pixels: scale factor 1).
    package let width: Int, height: Int
    private let profile: URL
    private let closing = NSLock()
    private var isClosed = false

    /// The command-line flags: headless, no sandbox (containers have no user namespaces), WebGL (2)
    /// through SwiftShader without a GPU, the DevTools pipe, a fixed window at device scale factor 1, a
    /// quiet first run, and `file://` pages allowed to read files beside them (the page's script and
    /// data).
    /// - Parameters:
    ///   - width: Window width in pixels, more than 0.
    ///   - height: Window height in pixels, more than 0.
    ///   - profile: The user data directory (a scratch folder).
    package static func launchArguments(width: Int, height: Int, profile: String) -> [String] {
        ["--headless=new", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
         "--remote-debugging-pipe", "--window-size=\(width),\(height)", "--hide-scrollbars", "--mute-audio",
         "--no-first-run", "--no-default-browser-check", "--user-data-dir=\(profile)", "--force-device-scale-factor=1",
         "--allow-file-access-from-files", "about:blank"]
    }

    /// Starts Chromium and waits until it answers on the pipe.
    ///
    /// - Parameters:
    ///   - width: Window width in pixels, more than 0 (1280 by default).
    ///   - height: Window height in pixels, more than 0 (720 by default).
    ///   - executable: Chromium's path; `nil` finds it (``ExternalProgram/chromium``).
    ///   - timeout: Seconds to wait for the browser's first answer.
    /// - Throws: ``ProgramNotFoundError`` when Chromium is not installed, ``ChildProcessError`` when it
    ///   cannot start, ``DevToolsError`` when it does not answer in time or exits.
    package init(width: Int = 1280, height: Int = 720, executable: String? = nil, timeout: TimeInterval = 30) throws {
        precondition(width > 0 && height > 0, "a browser window of \(width)x\(height) pixels")
        let path = try executable ?? ExternalProgram.chromium.locate()
        self.width = width
        self.height = height
        profile = try Self.makeProfileDirectory()
        let commands = try Descriptors.socketPair(), events = try Descriptors.socketPair()
        do {
            process = try ChildProcess(executable: path, arguments: Self.launchArguments(width: width, height: height, profile: profile.path),
                                       extraDescriptors: [commands.1, events.1])
        } catch {
            [commands.0, commands.1, events.0, events.1].forEach { _ = Glibc.close($0) }
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
        Glibc.close(commands.1)
        Glibc.close(events.1)
        let process = self.process
        session = DevToolsSession(commandDescriptor: commands.0, eventDescriptor: events.0) {
            Self.endDetails(of: process)
        }
        do {
            _ = try session.send("Browser.getVersion", timeout: timeout)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Opens a new tab and attaches to it.
    /// - Parameters:
    ///   - width: Its viewport width in pixels; `nil` for the window's.
    ///   - height: Its viewport height in pixels; `nil` for the window's.
    ///   - timeout: Seconds to wait for each command.
    /// - Throws: ``DevToolsError``.
    package func openPage(width: Int? = nil, height: Int? = nil, timeout: TimeInterval = 30) throws(DevToolsError) -> BrowserPage {
        let created = try session.send("Target.createTarget", ["url": "about:blank"], timeout: timeout)
        guard let targetId = created["targetId"] as? String else {
            throw .unexpectedReply(method: "Target.createTarget", detail: "no targetId")
        }
        let attached = try session.send("Target.attachToTarget", ["targetId": targetId, "flatten": true], timeout: timeout)
        guard let sessionId = attached["sessionId"] as? String else {
            throw .unexpectedReply(method: "Target.attachToTarget", detail: "no sessionId")
        }
        let page = BrowserPage(session: session, targetId: targetId, sessionId: sessionId)
        try page.prepare(width: width ?? self.width, height: height ?? self.height, timeout: timeout)
        return page
    }

    /// Asks the browser to close (5 s), then terminates it (SIGTERM, then SIGKILL after 2 s), and removes
    /// its profile. Later calls do nothing.
    package func close() {
        let first = closing.withLock {
            defer { isClosed = true }
            return !isClosed
        }
        guard first else { return }
        if process.isRunning, session.endReason == nil {
            _ = try? session.send("Browser.close", timeout: 5)
        }
        if process.wait(timeout: 5) == nil { process.terminate(gracePeriod: 2) }
        session.shutDown()
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: Steps

    private static func makeProfileDirectory() throws(ChildProcessError) -> URL {
        var template = Array((NSTemporaryDirectory() + "/routekit-chromium-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ChildProcessError(executable: "chromium", reason: "cannot make a profile directory: \(Descriptors.errorText())")
        }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// How Chromium ended, for errors: its exit (waiting a second for it) and its standard error tail.
    private static func endDetails(of process: ChildProcess) -> String {
        let ending = process.wait(timeout: 1).map { "it \($0)" } ?? "it closed its pipe"
        process.drainStandardError(timeout: 1)
        let tail = process.standardErrorTail
        return tail.isEmpty ? ending : ending + "; its standard error ends with:\n" + tail.suffix(4000)
    }
}
