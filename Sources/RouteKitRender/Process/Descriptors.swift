import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few descriptor operations the process layer needs, with `errno` turned into words.
enum Descriptors {
    /// A connected pair of Unix stream sockets, both close-on-exec. A socket instead of a pipe so that
    /// writes can say `MSG_NOSIGNAL`: when the reader died the write fails with `EPIPE` instead of
    /// raising SIGPIPE, which would end the whole program (ignoring SIGPIPE is the program's choice,
    /// not the library's). A full socket buffer blocks the writer, as a pipe does.
    static func socketPair() throws(ChildProcessError) -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw ChildProcessError(executable: "", reason: "cannot make a socket pair: \(errorText())")
        }
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes` to the socket `fd`, blocking while its buffer is full.
    /// - Returns: `nil`, or the `errno` of the failure (`EPIPE` when the reader is gone).
    static func sendAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = send(fd, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Reads what is there (up to `limit` bytes), blocking until something is.
    /// - Returns: `true` after handing bytes to `body`; `false` at the end of the stream or on an error.
    static func readSome(_ fd: Int32, limit: Int = 64 * 1024, into body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: limit, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, limit)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            body(UnsafeRawBufferPointer(start: buffer, count: n))
            return true
        }
    }

    /// `strerror(errno)`.
    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
