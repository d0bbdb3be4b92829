import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

/// The benchmark: generates a seeded synthetic logcat file, then measures each phase of
/// `lifelint events` on it (in this process), the real binary end to end (a child process,
/// with its peak memory), and reference tools on the same file for scale.
///
///     swift build -c release && .build/release/lifelint-bench [--size-mb 200] [--seed 42] [--dir /tmp]
struct BenchmarkOptions {
    var sizeMegabytes = 200
    var seed: UInt64 = 42
    var directory = "/tmp"
    /// Each phase runs this many times and the fastest run is reported: the machine is shared,
    /// and noise only ever adds time.
    var repeats = 3

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--size-mb": sizeMegabytes = iterator.next().flatMap { Int($0) } ?? sizeMegabytes
            case "--seed": seed = iterator.next().flatMap { UInt64($0) } ?? seed
            case "--dir": directory = iterator.next() ?? directory
            case "--repeat": repeats = iterator.next().flatMap { Int($0) }.map { max(1, $0) } ?? repeats
            default:
                print("usage: lifelint-bench [--size-mb N] [--seed N] [--dir DIR] [--repeat N]")
                exit(2)
            }
        }
    }
}

let options = BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
let tracePath = "\(options.directory)/lifelint-bench-v2-\(options.sizeMegabytes)mb-seed\(options.seed).log"
let bytes = BenchmarkFile.ensure(path: tracePath, megabytes: options.sizeMegabytes, seed: options.seed)
let megabytes = Double(bytes) / 1_000_000
print("lifelint benchmark: \(tracePath), \(String(format2: megabytes)) MB, seed \(options.seed), best of \(options.repeats) runs, 1 core per run")
print("")
print("phase                               seconds       MB/s     events/s   peak RSS")

let split = Stopwatch.best(of: options.repeats) { BenchmarkFile.countLines(path: tracePath) }
Report.row("read + split lines (read(2), memchr)", seconds: split.seconds, megabytes: megabytes)

var events = 0
let parse = Stopwatch.best(of: options.repeats) {
    events = 0
    _ = try! TraceReader.read(TraceInput(path: tracePath), options: TraceReadOptions(year: 2024)) { _ in events += 1 }
}
Report.row("parse to events (library)", seconds: parse.seconds, megabytes: megabytes, events: events)

let devNull = open("/dev/null", O_WRONLY)
let serialize = Stopwatch.best(of: options.repeats) {
    let writer = EventJSONLinesWriter(output: .fileDescriptor(devNull))
    _ = try! TraceReader.read(TraceInput(path: tracePath), options: TraceReadOptions(year: 2024)) { writer.write($0) }
}
Report.row("parse + JSON Lines (library)", seconds: serialize.seconds, megabytes: megabytes, events: events)

let binary = ChildProcess.siblingExecutable(named: "lifelint")
let endToEnd = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", "--year", "2024", tracePath])
Report.row("lifelint events > /dev/null", seconds: endToEnd.seconds, megabytes: megabytes, events: events, peakKilobytes: endToEnd.peakKilobytes)

let analyze = ChildProcess.best(of: options.repeats, binary, ["--year", "2024", tracePath])
Report.row("lifelint (all rules) > /dev/null", seconds: analyze.seconds, megabytes: megabytes, events: events, peakKilobytes: analyze.peakKilobytes)

for (label, tool, arguments) in [("wc -l (reference)", "/usr/bin/wc", ["-l", tracePath]), ("grep -c lifelint (reference)", "/bin/grep", ["-c", "lifelint", tracePath])] {
    // To a file, not /dev/null: GNU grep stops at the first match when its output is /dev/null.
    let run = ChildProcess.best(of: options.repeats, tool, arguments, output: "\(options.directory)/lifelint-bench-reference.out")
    Report.row(label, seconds: run.seconds, megabytes: megabytes, peakKilobytes: run.peakKilobytes)
}
