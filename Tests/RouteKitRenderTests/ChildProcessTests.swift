import Foundation
import Testing
@testable import RouteKitRender

@Suite struct ChildProcessTests {
    @Test func theExitStatusAndStandardErrorComeBack() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo 'it went wrong' >&2; exit 3"])
        #expect(child.wait() == .exited(3))
        child.drainStandardError(timeout: 5)
        #expect(child.standardErrorTail == "it went wrong")
        #expect(!ChildProcess.liveProcessIDs.contains(child.processID))
    }

    @Test func extraDescriptorsBecomeThreeAndFourAndNothingElseIsInherited() throws {
        let commands = try Descriptors.socketPair(), replies = try Descriptors.socketPair()
        defer { [commands.0, replies.0].forEach { _ = close($0) } }
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "exec <&3 >&4; read line; echo \"got $line\"; ls /proc/$$/fd"],
                                     extraDescriptors: [commands.1, replies.1])
        close(commands.1)
        close(replies.1)
        let line = Array("ping\n".utf8)
        #expect(line.withUnsafeBytes { Descriptors.sendAll($0, to: commands.0) } == nil)
        var received: [UInt8] = []
        while Descriptors.readSome(replies.0, into: { received += $0 }) {}
        #expect(String(decoding: received, as: UTF8.self) == "got ping\n0\n1\n2\n3\n4\n", "the shell's descriptors")
        #expect(child.wait() == .exited(0))
    }

    @Test func theChildLeadsItsOwnProcessGroup() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(getpgid(child.processID) == child.processID)
        #expect(ChildProcess.liveProcessIDs.contains(child.processID))
        #expect(child.terminate() == .signalled(SIGTERM))
        #expect(!child.isRunning)
    }

    @Test func aChildThatIgnoresSIGTERMIsKilled() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready >&2; while :; do :; done"])
        while !child.standardErrorTail.contains("ready") { usleep(10_000) }
        #expect(child.terminate(gracePeriod: 0.3) == .signalled(SIGKILL))
        #expect(RenderTools.processes(inGroup: child.processID).isEmpty)
    }

    @Test func aDroppedChildIsEnded() throws {
        var pid: pid_t = 0
        do { pid = try ChildProcess(executable: "/bin/sleep", arguments: ["30"]).processID }
        #expect(RenderTools.processes(inGroup: pid).isEmpty)
        #expect(!ChildProcess.liveProcessIDs.contains(pid))
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcessError.self) { _ = try ChildProcess(executable: "/nonexistent/program", arguments: []) }
    }

    @Test func theStandardErrorTailKeepsTheLast64KiB() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "head -c 200000 /dev/zero | tr '\\0' a >&2; echo END >&2"])
        child.wait()
        child.drainStandardError(timeout: 5)
        let tail = child.standardErrorTail
        #expect(tail.utf8.count == 64 * 1024 - 1, "64 KiB less the final newline")
        #expect(tail.hasSuffix("aaaEND"))
    }

    @Test func anOutputTailDropsTheOldestBytes() {
        let tail = OutputTail(capacity: 4)
        Array("abc".utf8).withUnsafeBytes { tail.append($0) }
        Array("def".utf8).withUnsafeBytes { tail.append($0) }
        #expect(tail.text == "cdef")
        Array("0123456789".utf8).withUnsafeBytes { tail.append($0) }
        #expect(tail.text == "6789")
    }

    @Test func messagesAreSplitAtNULBytesAcrossReads() {
        var framer = MessageFramer()
        #expect(framer.append(Array("{\"id\":1}\0{\"id\"".utf8)) == [Array("{\"id\":1}".utf8)])
        #expect(framer.hasPartialMessage)
        #expect(framer.append(Array(":2}\0\0".utf8)) == [Array("{\"id\":2}".utf8), []])
        #expect(!framer.hasPartialMessage)
    }
}
