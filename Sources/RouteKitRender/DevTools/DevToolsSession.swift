import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Chromium's DevTools protocol over `--remote-debugging-pipe`: commands go out as JSON objects ended
/// by a NUL byte on one descriptor, replies and events come back the same way on another.
///
/// A reader thread splits the incoming stream into messages and hands each reply to the call that
/// waits for it (by `id`) and each event to the handlers registered for its method, on a serial queue
/// of their own (so a handler may send commands and wait for their replies). ``send(_:_:sessionId:timeout:)``
/// blocks its caller until the reply, the timeout, or the end of the pipe: when Chromium exits, every
/// waiting call fails at once with ``DevToolsError/browserExited(method:details:)``.
///
/// With `Target.attachToTarget` and `flatten: true`, one pipe carries the browser's commands and every
/// page's: a page's commands and events carry its `sessionId` (see ``BrowserPage``).
package final class DevToolsSession: @unchecked Sendable {
    /// An event Chromium sent (a message with a `method` and no `id`).
    package struct Event: @unchecked Sendable {
        /// The event's name, such as `Runtime.bindingCalled`.
        package let method: String
        /// Its parameters, as decoded by `JSONSerialization`.
        package let params: [String: Any]
        /// The page session it belongs to; `nil` for the browser's own events.
        package let sessionId: String?
    }

    private enum Reply { case result([String: Any]), failure(DevToolsError) }

    private struct Handler {
        let method: String
        let sessionId: String?
        let handle: @Sendable (Event) -> Void
    }

    private let commandDescriptor: Int32
    private let eventDescriptor: Int32
    private let endDetails: @Sendable () -> String
    private let lock = NSLock()
    private let writeLock = NSLock()
    private var lastID = 0
    private var pending: [Int: (method: String, reply: Completion<Reply>)] = [:]
    private var handlers: [Handler] = []
    private var oneShots: [(method: String, sessionId: String?, event: Completion<Event>)] = []
    /// How the pipe ended, once it did.
    private var ending: String?
    private let events = DispatchQueue(label: "RouteKit DevTools events")

    /// Takes over both descriptors (it closes them) and starts reading.
    /// - Parameters:
    ///   - commandDescriptor: Our end of the socket that is Chromium's descriptor 3.
    ///   - eventDescriptor: Our end of the socket that is Chromium's descriptor 4.
    ///   - endDetails: Says how Chromium ended (exit status, standard error tail) when the pipe ends.
    init(commandDescriptor: Int32, eventDescriptor: Int32, endDetails: @escaping @Sendable () -> String) {
        self.commandDescriptor = commandDescriptor
        self.eventDescriptor = eventDescriptor
        self.endDetails = endDetails
        let reader = Thread { [self] in readUntilTheEnd() }
        reader.name = "RouteKit DevTools reader"
        reader.start()
    }

    deinit { close(commandDescriptor) }

    /// Sends a command and waits for its reply.
    ///
    /// - Parameters:
    ///   - method: The protocol method, such as `Page.captureScreenshot`.
    ///   - params: Its parameters: JSON values only (strings, numbers, booleans, arrays, dictionaries).
    ///   - sessionId: The page session to send it to; `nil` for the browser.
    ///   - timeout: Seconds to wait for the reply, more than 0.
    /// - Returns: The reply's `result` object (empty for commands that return nothing).
    /// - Throws: ``DevToolsError``: `.commandFailed` when Chromium answers with an error, `.timedOut`,
    ///   `.browserExited` when the pipe ends (at once, not after the timeout).
    package func send(_ method: String, _ params: [String: Any] = [:], sessionId: String? = nil,
                     timeout: TimeInterval = 30) throws(DevToolsError) -> [String: Any] {
        let (id, reply) = try register(method)
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let sessionId { message["sessionId"] = sessionId }
        try write(message, id: id, method: method)
        guard let answer = reply.wait(timeout: timeout) else {
            _ = lock.withLock { pending.removeValue(forKey: id) }
            throw .timedOut(method: method, seconds: timeout)
        }
        switch answer {
        case .result(let result): return result
        case .failure(let error): throw error
        }
    }

    /// Calls `handler` for every event named `method` (of the page `sessionId`, or of any session
    /// when `nil`), on a serial queue: one event after the other, in the order Chromium sent them.
    package func addEventHandler(for method: String, sessionId: String?, _ handler: @escaping @Sendable (Event) -> Void) {
        lock.withLock { handlers.append(Handler(method: method, sessionId: sessionId, handle: handler)) }
    }

    /// Forgets the handlers of a page session (when the page closes).
    package func removeEventHandlers(sessionId: String) {
        lock.withLock { handlers.removeAll { $0.sessionId == sessionId } }
    }

    /// Starts listening for the next event named `method` of `sessionId`: call before the command that
    /// causes it, then wait on the result.
    func expectEvent(_ method: String, sessionId: String?) -> Completion<Event> {
        let event = Completion<Event>()
        lock.withLock { oneShots.append((method, sessionId, event)) }
        return event
    }

    /// Ends the reading side, so that the reader thread stops (Chromium may still be running).
    func shutDown() { shutdown(eventDescriptor, Int32(SHUT_RDWR)) }

    /// The reason the pipe ended, or `nil` while it is open.
    var endReason: String? { lock.withLock { ending } }

    // MARK: Steps

    private func register(_ method: String) throws(DevToolsError) -> (Int, Completion<Reply>) {
        let reply = Completion<Reply>()
        let id: Int? = lock.withLock {
            guard ending == nil else { return nil }
            lastID += 1
            pending[lastID] = (method, reply)
            return lastID
        }
        guard let id else { throw .browserExited(method: method, details: endReason ?? "") }
        return (id, reply)
    }

    private func write(_ message: [String: Any], id: Int, method: String) throws(DevToolsError) {
        guard JSONSerialization.isValidJSONObject(message),
              let data = try? JSONSerialization.data(withJSONObject: message) else {
            preconditionFailure("the parameters of '\(method)' are not JSON values")
        }
        let failure = writeLock.withLock {
            (data + [0]).withUnsafeBytes { Descriptors.sendAll($0, to: commandDescriptor) }
        }
        if let failure {
            _ = lock.withLock { pending.removeValue(forKey: id) }
            throw .browserExited(method: method, details: endReason ?? "cannot write to its pipe (\(Descriptors.errorText(failure)))")
        }
    }

    private func readUntilTheEnd() {
        var framer = MessageFramer()
        while Descriptors.readSome(eventDescriptor, into: { bytes in
            for message in framer.append(bytes) { dispatch(message) }
        }) {}
        close(eventDescriptor)
        let details = endDetails()
        let waiting = lock.withLock {
            ending = details
            defer { pending.removeAll() }
            return pending.values
        }
        for call in waiting { call.reply.complete(.failure(.browserExited(method: call.method, details: details))) }
    }

    private func dispatch(_ bytes: [UInt8]) {
        guard let message = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return }
        if let id = message["id"] as? Int {
            deliverReply(message, id: id)
        } else if let method = message["method"] as? String {
            deliverEvent(Event(method: method, params: message["params"] as? [String: Any] ?? [:],
                               sessionId: message["sessionId"] as? String))
        }
    }

    private func deliverReply(_ message: [String: Any], id: Int) {
        guard let call = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
        if let error = message["error"] as? [String: Any] {
            let text = [error["message"] as? String, error["data"] as? String].compactMap { $0 }.joined(separator: ": ")
            call.reply.complete(.failure(.commandFailed(method: call.method, code: error["code"] as? Int ?? 0, message: text)))
        } else {
            call.reply.complete(.result(message["result"] as? [String: Any] ?? [:]))
        }
    }

    private func deliverEvent(_ event: Event) {
        let (matching, waiters) = lock.withLock {
            let matches = { (method: String, sessionId: String?) in
                method == event.method && (sessionId == nil || sessionId == event.sessionId)
            }
            let waiters = oneShots.filter { matches($0.method, $0.sessionId) }.map(\.event)
            oneShots.removeAll { matches($0.method, $0.sessionId) }
            return (handlers.filter { matches($0.method, $0.sessionId) }, waiters)
        }
        for waiter in waiters { waiter.complete(event) }
        for handler in matching { events.async { handler.handle(event) } }
    }
}
