import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

/// The logs of `--container-mb` of synthetic logcat as a Perfetto trace's log packets, beside
/// the same lines as text: the two readers on one content. Then a trace `--perfetto-mb` long,
/// whose peak memory must be the short one's, and a system trace of `--container-mb` of ftrace
/// bundles and atrace markers, the shape of a trace recorded on a device.
enum PerfettoBenchmark {
    static func run(_ options: BenchmarkOptions, binary: String) {
        print("")
        Report.header("Perfetto (log packets)")
        for megabytes in [options.containerMegabytes, options.perfettoMegabytes] {
            let twin = megabytes == options.containerMegabytes
            var perfetto = SyntheticPerfetto(seed: options.seed, keepingText: twin)
            let path = "\(options.directory)/lifelint-bench-\(megabytes)mb-seed\(options.seed).perfetto-trace"
            let bytes = BenchmarkFile.ensure(path: path, megabytes: megabytes, regenerate: twin) { buffer, _ in perfetto.appendPacket(to: &buffer) }
            let size = Double(bytes) / 1_000_000
            let run = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", path])
            Report.row("lifelint events: Perfetto \(megabytes) MB", seconds: run.seconds, megabytes: size, peakKilobytes: run.peakKilobytes)
            guard twin else { continue }
            let textPath = "\(options.directory)/lifelint-bench-\(megabytes)mb-seed\(options.seed).perfetto-twin.log"
            let descriptor = BenchmarkFile.create(textPath)
            perfetto.text.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let text = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", "--year", "2024", textPath])
            Report.row("  the same logs as logcat text", seconds: text.seconds, megabytes: Double(perfetto.text.count) / 1_000_000, peakKilobytes: text.peakKilobytes)
        }
        print("")
        Report.header("Perfetto (ftrace and atrace markers)")
        var ftrace = SyntheticFtrace(seed: options.seed)
        let path = "\(options.directory)/lifelint-bench-ftrace-\(options.containerMegabytes)mb-seed\(options.seed).perfetto-trace"
        let bytes = BenchmarkFile.ensure(path: path, megabytes: options.containerMegabytes) { buffer, _ in ftrace.appendPacket(to: &buffer) }
        let run = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", path])
        Report.row("lifelint events: ftrace \(options.containerMegabytes) MB", seconds: run.seconds, megabytes: Double(bytes) / 1_000_000, peakKilobytes: run.peakKilobytes)
    }
}
