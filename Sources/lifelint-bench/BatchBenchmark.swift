import Foundation

/// Many small traces through one process: traces/s, and a peak RSS that must not
/// grow with the number of traces (a tenth of the batch, then all of it, one core; then all of
/// it on every core).
enum BatchBenchmark {
    static func run(_ options: BenchmarkOptions, binary: String) {
        let batch = SyntheticBatch(parent: options.directory, traces: options.batchTraces, bytesEach: options.batchKilobytes * 1000)
        let tenth = max(1, options.batchTraces / 10)
        let batchBytes = batch.ensure(seed: options.seed, lists: [tenth, options.batchTraces])
        print("")
        let heading = "batch (\(options.batchTraces) traces of \(options.batchKilobytes) KB)"
        print(heading.padding(toLength: 34, withPad: " ", startingAt: 0) + "   seconds       MB/s     traces/s   peak RSS")
        for (count, jobs) in [(tenth, "1"), (options.batchTraces, "1"), (options.batchTraces, "2")] {
            let megabytes = Double(batchBytes) / 1_000_000 * Double(count) / Double(options.batchTraces)
            // Quiet: the notes on traces that make no phase (two in five of these 8 KB slices) would bury the table.
            let arguments = ["--no-config", "--quiet", "--year", "2024", "--format", "jsonl", "--jobs", jobs, "--files-from", batch.list(first: count)]
            let result = ChildProcess.best(of: options.repeats, binary, arguments)
            Report.row("jsonl, \(count) traces, --jobs \(jobs)", seconds: result.seconds, megabytes: megabytes, events: count, peakKilobytes: result.peakKilobytes)
        }
    }
}
