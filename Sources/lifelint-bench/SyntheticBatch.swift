import Foundation
import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

/// A QA lab's night: many small seeded captures in one folder, and the lists that
/// name them for `--files-from`. The files are written once and reused by later runs.
struct SyntheticBatch {
    let directory: String
    let traces: Int
    let bytesEach: Int

    init(parent: String, traces: Int, bytesEach: Int) {
        self.traces = traces
        self.bytesEach = bytesEach
        directory = "\(parent)/lifelint-bench-batch-\(traces)x\(bytesEach)"
    }

    /// The list naming the first `count` traces, written beside them.
    func list(first count: Int) -> String {
        "\(directory)/list-\(count).txt"
    }

    /// Writes the traces (unless the full list is already there) and a list of the first
    /// `count` for each count asked; returns the bytes of all the traces.
    func ensure(seed: UInt64, lists counts: [Int]) -> Int {
        mkdir(directory, 0o755)
        var total = 0
        var names: [String] = []
        for index in 0..<traces {
            let path = "\(directory)/trace-\(index).log"
            names.append(path)
            total += ensureTrace(path: path, seed: seed &+ UInt64(index))
        }
        for count in counts {
            let text = names.prefix(count).joined(separator: "\n") + "\n"
            _ = try? text.write(toFile: list(first: count), atomically: true, encoding: .utf8)
        }
        return total
    }

    private func ensureTrace(path: String, seed: UInt64) -> Int {
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) >= bytesEach { return Int(status.st_size) }
        var generator = SyntheticLogcat(seed: seed)
        var buffer: [UInt8] = []
        generator.append(bytes: bytesEach, to: &buffer)
        let descriptor = BenchmarkFile.create(path)
        defer { close(descriptor) }
        buffer.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        return buffer.count
    }
}
