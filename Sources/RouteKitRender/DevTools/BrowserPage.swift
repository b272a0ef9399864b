import Foundation

/// One tab of a ``HeadlessChromium``, attached with `flatten: true`: its commands carry its session id
/// over the browser's pipe.
package final class BrowserPage: @unchecked Sendable {
    /// How ``BrowserPage/captureScreenshot(format:timeout:)`` encodes the picture.
    package enum ScreenshotFormat: Hashable, Sendable {
        /// Lossless PNG.
        case png
        /// JPEG at a quality of 0...100.
        case jpeg(quality: Int)
    }

    /// The tab's target id (also its main frame's id).
    package let targetId: String
    /// The session id its commands carry.
    package let sessionId: String
    private let session: DevToolsSession

    init(session: DevToolsSession, targetId: String, sessionId: String) {
        self.session = session
        self.targetId = targetId
        self.sessionId = sessionId
    }

    /// Sends a command to this page (see ``DevToolsSession/send(_:_:sessionId:timeout:)``).
    /// - Throws: ``DevToolsError``.
    @discardableResult
    package func send(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 30) throws(DevToolsError) -> [String: Any] {
        try session.send(method, params, sessionId: sessionId, timeout: timeout)
    }

    /// Enables the page and runtime events and sets the viewport.
    func prepare(width: Int, height: Int, timeout: TimeInterval) throws(DevToolsError) {
        try send("Page.enable", timeout: timeout)
        try send("Runtime.enable", timeout: timeout)
        try setViewport(width: width, height: height, timeout: timeout)
    }

    /// Sets the viewport (`Emulation.setDeviceMetricsOverride`) at device scale factor 1, so that a
    /// screenshot is `width` x `height` pixels.
    /// - Parameters:
    ///   - width: Pixels, more than 0.
    ///   - height: Pixels, more than 0.
    /// - Throws: ``DevToolsError``.
    package func setViewport(width: Int, height: Int, timeout: TimeInterval = 30) throws(DevToolsError) {
        precondition(width > 0 && height > 0, "a viewport of \(width)x\(height) pixels")
        try send("Emulation.setDeviceMetricsOverride",
                 ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], timeout: timeout)
    }

    /// Loads `url` (a `file://` page, for instance) and waits for its `load` event.
    /// - Parameter timeout: Seconds for the whole load.
    /// - Throws: ``DevToolsError``: `.commandFailed` when the navigation fails (a missing file),
    ///   `.timedOut` when the load event does not come.
    package func navigate(to url: URL, timeout: TimeInterval = 30) throws(DevToolsError) {
        let loaded = session.expectEvent("Page.loadEventFired", sessionId: sessionId)
        let reply = try send("Page.navigate", ["url": url.absoluteString], timeout: timeout)
        if let failure = reply["errorText"] as? String {
            throw .commandFailed(method: "Page.navigate", code: 0, message: "\(failure) (\(url.absoluteString))")
        }
        guard loaded.wait(timeout: timeout) != nil else { throw .timedOut(method: "Page.navigate", seconds: timeout) }
    }

    /// Replaces the document with `html` (`Page.setDocumentContent`) and waits until it is complete.
    /// The document's URL stays `about:blank`, so it cannot load `file://` resources: use
    /// ``navigate(to:timeout:)`` for a page with scripts beside it.
    /// - Throws: ``DevToolsError``.
    package func setContent(_ html: String, timeout: TimeInterval = 30) throws(DevToolsError) {
        try send("Page.setDocumentContent", ["frameId": targetId, "html": html], timeout: timeout)
        _ = try evaluate("document.readyState === 'complete' || new Promise(r => addEventListener('load', () => r(true)))",
                         timeout: timeout)
    }

    /// Evaluates a JavaScript expression in the page and returns its value, waiting for it when it is a
    /// promise.
    ///
    /// - Parameters:
    ///   - expression: JavaScript, such as `map.jumpTo(pose)` or `new Promise(r => map.once('idle', r))`.
    ///   - timeout: Seconds to wait, the promise included.
    /// - Returns: The value as JSON decodes it (`NSNumber`, `String`, `[Any]`, `[String: Any]`,
    ///   `NSNull`), or `nil` for `undefined`.
    /// - Throws: ``DevToolsError/javaScriptException(message:)`` with the exception's message when the
    ///   script throws or the promise is rejected; other ``DevToolsError``s.
    package func evaluate(_ expression: String, timeout: TimeInterval = 30) throws(DevToolsError) -> Any? {
        let reply = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true],
                             timeout: timeout)
        if let exception = reply["exceptionDetails"] as? [String: Any] {
            throw .javaScriptException(message: Self.message(of: exception))
        }
        guard let result = reply["result"] as? [String: Any] else {
            throw .unexpectedReply(method: "Runtime.evaluate", detail: "no result")
        }
        return result["value"]
    }

    /// Adds `window[name](payload)` to the page (`Runtime.addBinding`): each call hands the payload
    /// string to `handler`, on the session's event queue, one call after the other. The handler may
    /// answer by ``evaluate(_:timeout:)`` (the page's call itself returns nothing).
    /// - Throws: ``DevToolsError``.
    package func addBinding(named name: String, handler: @escaping @Sendable (String) -> Void) throws(DevToolsError) {
        session.addEventHandler(for: "Runtime.bindingCalled", sessionId: sessionId) { event in
            guard event.params["name"] as? String == name else { return }
            handler(event.params["payload"] as? String ?? "")
        }
        try send("Runtime.addBinding", ["name": name])
    }

    /// Captures the viewport as an image.
    /// - Parameters:
    ///   - format: PNG (default) or JPEG.
    ///   - timeout: Seconds to wait.
    /// - Returns: The encoded image's bytes (PNG or JPEG), viewport-sized.
    /// - Throws: ``DevToolsError``.
    package func captureScreenshot(format: ScreenshotFormat = .png, timeout: TimeInterval = 30) throws(DevToolsError) -> [UInt8] {
        // `optimizeForSpeed`: Chromium's faster PNG encoder (larger files, the same pixels).
        var params: [String: Any] = ["format": "png", "captureBeyondViewport": false, "optimizeForSpeed": true]
        if case .jpeg(let quality) = format {
            params["format"] = "jpeg"
            params["quality"] = min(100, max(0, quality))
        }
        let reply = try send("Page.captureScreenshot", params, timeout: timeout)
        guard let text = reply["data"] as? String, let data = Data(base64Encoded: text) else {
            throw .unexpectedReply(method: "Page.captureScreenshot", detail: "no base64 data")
        }
        return [UInt8](data)
    }

    /// Closes the tab and forgets its event handlers.
    /// - Throws: ``DevToolsError``.
    package func close(timeout: TimeInterval = 30) throws(DevToolsError) {
        session.removeEventHandlers(sessionId: sessionId)
        _ = try session.send("Target.closeTarget", ["targetId": targetId], timeout: timeout)
    }

    /// The exception's own description without its stack (`Error: boom`, not the `at …` lines), else the
    /// protocol's summary text.
    private static func message(of exception: [String: Any]) -> String {
        if let thrown = exception["exception"] as? [String: Any] {
            if let description = thrown["description"] as? String {
                let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("at ") }.joined(separator: "\n")
            }
            if let value = thrown["value"] { return "\(value)" }
        }
        return exception["text"] as? String ?? "an exception"
    }
}
