/// Splits the DevTools pipe's byte stream into messages: Chromium's `--remote-debugging-pipe` ends each
/// JSON message with a NUL byte (Puppeteer's "pipe" transport), and a read may end anywhere in one.
struct MessageFramer {
    private var partial: [UInt8] = []

    /// Adds the bytes of one read.
    /// - Returns: The messages completed by these bytes (without their NUL), in order.
    /// - Complexity: O(`bytes.count` + the length of a message left incomplete before).
    mutating func append(_ bytes: some Collection<UInt8>) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        for byte in bytes {
            if byte == 0 {
                messages.append(partial)
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
            }
        }
        return messages
    }

    /// Whether bytes of an unfinished message are waiting.
    var hasPartialMessage: Bool { !partial.isEmpty }
}
