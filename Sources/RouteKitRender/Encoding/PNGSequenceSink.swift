import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// PNG frames written as they came, `00000.png`, `00001.png` …, into a temporary folder beside the
/// destination that is renamed to it at the end. The folder is reported to
/// `AtomicFile/temporaryFileObserver` while it exists (and `nil` once renamed or removed), so that a
/// program's signal handlers can remove it, as they remove a temporary file.
final class PNGSequenceSink: FrameSink {
    private let path: String
    private let temporary: String

    /// Makes the temporary folder.
    init(path: String) throws(VideoEncoderError) {
        self.path = path
        temporary = temporaryName(besides: path)
        guard mkdir(temporary, 0o755) == 0 else { throw .cannotWrite(path: path, reason: Descriptors.errorText()) }
        AtomicFile.temporaryFileObserver?(temporary)
    }

    /// The file name of a frame: five digits or more, from `00000.png`.
    static func fileName(frame: Int) -> String {
        let digits = String(frame)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    func write(_ png: [UInt8], frame: Int) throws(VideoEncoderError) {
        let fd = open(temporary + "/" + Self.fileName(frame: frame), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        var failure: String? = fd < 0 ? Descriptors.errorText() : nil
        if fd >= 0 {
            failure = png.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return Descriptors.errorText() }
                    offset += n
                }
                return nil
            }
            if Glibc.close(fd) != 0, failure == nil { failure = Descriptors.errorText() }
        }
        if let failure {
            cancel()
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Renames the folder to the destination (which must not exist, or be an empty folder).
    func finish() throws(VideoEncoderError) {
        guard rename(temporary, path) == 0 else {
            let reason = errno == ENOTEMPTY || errno == EEXIST ? "the folder exists and is not empty" : Descriptors.errorText()
            cancel()
            throw .cannotWrite(path: path, reason: reason)
        }
        AtomicFile.temporaryFileObserver?(nil)
    }

    func cancel() {
        try? FileManager.default.removeItem(atPath: temporary)
        AtomicFile.temporaryFileObserver?(nil)
    }
}
