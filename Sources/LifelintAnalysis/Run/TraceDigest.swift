import Dispatch
@_spi(Bytes) import LifelintBytes
import LifelintIngestion

/// A trace file's SHA-256, computed on another core while the trace is analysed: hashing a
/// 200 MB trace takes about as long as analysing it, and a run of one trace has a core to spare.
/// A batch on every core computes it in place (`inPlace`): its workers already use the cores,
/// and waiting for a digest queued behind them starved the run (`--jobs 8` of small traces on
/// two cores took six times as long as `--jobs 4`).
final class TraceDigest: @unchecked Sendable {
    // `value` is written once on the digest's queue before `group` is left, and read only after
    // waiting for it: the group orders the two.
    private var value: String?
    private let group = DispatchGroup()

    init(path: String, inPlace: Bool = false) {
        if inPlace {
            value = SHA256.ofFile(path)
            return
        }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.value = SHA256.ofFile(path)
            self.group.leave()
        }
    }

    /// The digest, once it is done (nil when the file could not be read).
    func wait() -> String? {
        group.wait()
        return value
    }
}
