import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn(3)` with the wiring ``ChildProcess`` promises: descriptors 0, 1, 2 and the extra ones
/// (3, 4, …) mapped, every other descriptor closed, its own process group, default signal
/// dispositions and an empty signal mask.
enum Spawn {
    /// The descriptors the child gets.
    struct Wiring {
        var standardInput: ChildProcess.Stream
        var standardOutput: ChildProcess.Stream
        /// A descriptor of ours that becomes the child's standard error.
        var standardError: Int32
        /// Descriptors of ours that become the child's 3, 4, …
        var extra: [Int32]
    }

    /// Starts the program and returns its process id.
    static func start(_ executable: String, arguments: [String], environment: [String: String]?,
                      wiring: Wiring) throws(ChildProcessError) -> pid_t {
        let sources = try sourceDescriptors(wiring, executable: executable)
        defer { sources.forEach { close($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in sources.enumerated() { posix_spawn_file_actions_adddup2(&actions, source, Int32(target)) }
        closeFrom(&actions, Int32(sources.count))
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ownGroupWithDefaultSignals(&attributes)
        let argv = CStringArray([executable] + arguments)
        let envp = environment.map { CStringArray($0.map { "\($0.key)=\($0.value)" }.sorted()) }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, &attributes, argv.pointers,
                                  envp?.pointers ?? environ)
        guard result == 0 else { throw ChildProcessError(executable: executable, reason: Descriptors.errorText(result)) }
        return pid
    }

    /// Copies of the descriptors for the child's 0, 1, 2, 3, … at numbers of 10 and above (close-on-exec),
    /// so that no `dup2` of the spawn overwrites a source that a later one still reads.
    private static func sourceDescriptors(_ wiring: Wiring, executable: String) throws(ChildProcessError) -> [Int32] {
        var copies: [Int32] = []
        func copy(_ fd: Int32) throws(ChildProcessError) {
            let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            guard duplicate >= 0 else {
                copies.forEach { close($0) }
                throw ChildProcessError(executable: executable, reason: "descriptor \(fd): \(Descriptors.errorText())")
            }
            copies.append(duplicate)
        }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        for stream in [wiring.standardInput, wiring.standardOutput] {
            switch stream {
            case .null: try copy(null)
            case .descriptor(let fd): try copy(fd)
            }
        }
        try copy(wiring.standardError)
        for fd in wiring.extra { try copy(fd) }
        return copies
    }

    /// The child leads a new process group; every signal has its default action and none is blocked
    /// (a program that ignores SIGPIPE or blocks SIGTERM must not hand that on).
    private static func ownGroupWithDefaultSignals(_ attributes: inout posix_spawnattr_t) {
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does
    /// not declare it, so it is looked up by name), or nothing on an older C library, where only the
    /// close-on-exec flag keeps other descriptors from the child (every descriptor of this layer has it).
    private static let closeFromAction: CloseFrom? = {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: CloseFrom.self) }
    }()

    /// Closes every descriptor from `first` on in the child.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ first: Int32) {
        if let closeFromAction { _ = closeFromAction(&actions, first) }
    }
}

/// A NULL-terminated array of C strings that lives as long as this value.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count + 1
        pointers = .allocate(capacity: count)
        pointers.initialize(from: strings.map { strdup($0) } + [nil], count: count)
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
