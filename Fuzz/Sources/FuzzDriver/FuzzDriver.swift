import Foundation
import LifelintCore

/// What every fuzz target shares: libFuzzer's driver, and a scratch file for the parsers that
/// read files (zip archives, configurations, rule files).
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Hands the command line to libFuzzer's `LLVMFuzzerRunDriver` with the target's callback.
    public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: TestOneInput) -> CInt {
        var argc = argc
        var argv = argv
        return runFuzzerDriver(&argc, &argv, test)
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// Reads `bytes` as a trace, as a file with those bytes would be read; what went wrong is
    /// of no interest, only that nothing crashes, hangs or explodes.
    public static func read(_ bytes: [UInt8], name: String, options: TraceReadOptions = TraceReadOptions()) {
        guard let input = try? TraceInput(bytes: bytes, name: name) else { return }
        _ = try? TraceReader.read(input, options: options) { _ in }
    }

    /// Reads `bytes` as a file on one core and on two, cut into blocks of `blockSize` bytes, and
    /// stops the fuzzer when the readings differ: a trace read on several cores must give what
    /// one core gives, events and summary alike (decision 0051).
    public static func readOnOneCoreAndOnTwo(_ bytes: [UInt8], suffix: String, blockSize: Int) {
        withScratchFile(bytes, suffix: suffix) { path in
            let one = reading(path, workers: 1, blockSize: blockSize)
            let two = reading(path, workers: 2, blockSize: blockSize)
            precondition(one.events == two.events && one.summary == two.summary, "the trace reads differently on two cores")
        }
    }

    /// The file's events and summary, read on `workers` cores in blocks of `blockSize` bytes.
    private static func reading(_ path: String, workers: Int, blockSize: Int) -> (events: [Event], summary: IngestionSummary?) {
        var options = TraceReadOptions(year: 2024)
        options.workers = workers
        options.parallelLimits = ParallelReadingLimits(minimumFileSize: 0, minimumCompressedSize: 0, blockSize: blockSize)
        guard let input = try? TraceInput(path: path) else { return ([], nil) }
        var events: [Event] = []
        let summary = try? TraceReader.read(input, options: options) { events.append($0) }
        return (events, summary)
    }

    /// Writes the input to this process's scratch file, hands its path to `body`, and removes
    /// the file after it (a fuzzer that stops leaves nothing behind). `body` is not called if the
    /// file cannot be written. The file lives in memory (`/dev/shm`) where there is one, and is
    /// written without the `fsync` of Foundation's atomic write, which took more time than
    /// parsing the input.
    public static func withScratchFile(_ bytes: [UInt8], suffix: String, _ body: (String) -> Void) {
        let path = scratchFolder + "lifelint-fuzz-\(getpid())\(suffix)"
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count { body(path) }
    }

    private static let scratchFolder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
