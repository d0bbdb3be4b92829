#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of the outputs being written (`ReplacingFile`), removed when the process
/// is interrupted (SIGINT, SIGTERM, SIGHUP) before the signal ends it as it would have: an
/// interrupt leaves the outputs as they were and no stray file behind. The paths are kept as C
/// strings in a fixed table, which is all a signal handler may read. Registered and forgotten
/// on the thread that writes the outputs.
enum TemporaryFiles {
    private static let capacity = 64
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static var handlersInstalled = false

    package static func register(_ path: String) {
        installHandlers()
        guard let slot = (0..<capacity).first(where: { paths[$0] == nil }) else { return }
        paths[slot] = PathEncoding.withFileSystemRepresentation(path) { strdup($0) }
    }

    /// The file became an output (or is gone): an interrupt leaves it.
    package static func forget(_ path: String) {
        PathEncoding.withFileSystemRepresentation(path) { name in
            for slot in 0..<capacity {
                guard let entry = paths[slot], strcmp(entry, name) == 0 else { continue }
                paths[slot] = nil
                free(entry)
            }
        }
    }

    /// Removes an abandoned temporary file.
    package static func remove(_ path: String) {
        _ = PathEncoding.withFileSystemRepresentation(path) { unlink($0) }
        forget(path)
    }

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        // A parent may start lifelint with these blocked (a test harness, some process
        // managers): they would never reach the handler, and an interrupt would hang.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { received in
                for slot in 0..<TemporaryFiles.capacity {
                    if let path = TemporaryFiles.paths[slot] { unlink(path) }
                }
                _ = Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
