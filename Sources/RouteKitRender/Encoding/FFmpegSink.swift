import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// ffmpeg reading PNG frames from its standard input (a socket: a dead ffmpeg makes the write fail
/// with `EPIPE` instead of raising SIGPIPE) and writing a temporary file beside the destination.
final class FFmpegSink: FrameSink {
    private let path: String
    private let temporary: String
    private let process: ChildProcess
    private var input: Int32
    /// What the file is, for the check that it is whole (``ContainerCheck``).
    private let format: VideoFormat
    /// The permissions the video gets: a new file's under the user's umask.
    private let mode: mode_t

    /// Reserves the temporary file and starts ffmpeg on it.
    /// - Parameter arguments: ffmpeg's arguments up to the output file name.
    init(path: String, format: VideoFormat, ffmpeg: String, arguments: [String]) throws {
        self.path = path
        self.format = format
        temporary = temporaryName(besides: path)
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw VideoEncoderError.cannotWrite(path: path, reason: "it is a directory (expected a file name)")
        }
        // Read and write for all, less the user's umask (as the kernel applies it), like any new file.
        let reserved = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard reserved >= 0 else { throw VideoEncoderError.cannotWrite(path: path, reason: Descriptors.errorText()) }
        var created = stat()
        mode = fstat(reserved, &created) == 0 ? created.st_mode & 0o7777 : 0o644
        Glibc.close(reserved)
        AtomicFile.temporaryFileObserver?(temporary)
        do {
            let (ours, theirs) = try Descriptors.socketPair()
            defer { Glibc.close(theirs) }
            input = ours
            do {
                process = try ChildProcess(executable: ffmpeg, arguments: arguments + ["-y", temporary],
                                           standardInput: .descriptor(theirs))
            } catch {
                Glibc.close(ours)
                throw error
            }
        } catch {
            Self.remove(temporary)
            throw error
        }
    }

    func write(_ png: [UInt8], frame: Int) throws(VideoEncoderError) {
        let failure = png.withUnsafeBytes { Descriptors.sendAll($0, to: input) }
        guard let failure else { return }
        closeInput()
        let ending = process.wait(timeout: 10) ?? process.terminate(gracePeriod: 1)
        removeTemporary()
        throw failed(ending, orElse: "stopped reading frames (\(Descriptors.errorText(failure)))")
    }

    func finish() throws(VideoEncoderError) {
        closeInput()
        let ending = process.wait()
        guard ending.isSuccess else {
            removeTemporary()
            throw failed(ending, orElse: "failed")
        }
        if let problem = ContainerCheck.problem(temporary, format: format) {
            removeTemporary()
            throw VideoEncoderError.cannotWrite(path: path, reason: "ffmpeg ended without an error, but the video is not whole: \(problem) (a full disk?)")
        }
        try moveIntoPlace()
    }

    func cancel() {
        closeInput()
        process.terminate(gracePeriod: 1)
        removeTemporary()
    }

    // MARK: Steps

    private func closeInput() {
        if input >= 0 { Glibc.close(input) }
        input = -1
    }

    /// The error for an ffmpeg that ended badly, with its standard error's tail.
    private func failed(_ ending: Termination, orElse what: String) -> VideoEncoderError {
        process.drainStandardError(timeout: 1)
        let words = ending.isSuccess ? what : "\(ending)"
        return .encoderFailed(path: path, ending: words, standardError: String(process.standardErrorTail.suffix(4000)))
    }

    /// Gives the file a new file's permissions, syncs it and renames it over the destination.
    private func moveIntoPlace() throws(VideoEncoderError) {
        let fd = open(temporary, O_WRONLY | O_CLOEXEC)
        var failure: String? = fd < 0 ? Descriptors.errorText() : nil
        if fd >= 0 {
            if fchmod(fd, mode) != 0 || fsync(fd) != 0 { failure = Descriptors.errorText() }
            Glibc.close(fd)
        }
        if failure == nil, rename(temporary, path) != 0 { failure = Descriptors.errorText() }
        if let failure {
            removeTemporary()
            throw .cannotWrite(path: path, reason: failure)
        }
        AtomicFile.temporaryFileObserver?(nil)
    }

    private func removeTemporary() { Self.remove(temporary) }

    private static func remove(_ temporary: String) {
        unlink(temporary)
        AtomicFile.temporaryFileObserver?(nil)
    }
}
