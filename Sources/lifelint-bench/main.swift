import Foundation
import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

/// The benchmark: generates a seeded synthetic logcat file, then measures each phase of
/// `lifelint events` on it (in this process), the real binary end to end (a child process,
/// with its peak memory), and reference tools on the same file for scale.
///
///     swift build -c release && .build/release/lifelint-bench [--size-mb 200] [--seed 42] [--dir /tmp]
///         [--container-mb 100] [--perfetto-mb 1000] [--batch-traces 20000] [--batch-kb 8]
struct BenchmarkOptions {
    var sizeMegabytes = 200
    var seed: UInt64 = 42
    var directory = "/tmp"
    /// Each phase runs this many times and the fastest run is reported: the machine is shared,
    /// and noise only ever adds time.
    var repeats = 3
    var containerMegabytes = 100
    /// The long Perfetto trace, whose peak memory must stay that of a short one.
    var perfettoMegabytes = 1000
    /// The batch workload: this many small traces of `batchKilobytes` each.
    var batchTraces = 20_000
    var batchKilobytes = 8
    /// Only the batch workload (`--batch-only`), for measuring a change to the batch path.
    var batchOnly = false
    /// Only the Perfetto workload (`--perfetto-only`).
    var perfettoOnly = false
    /// Only the soak of `lifelint watch` (`--soak-hours N`): a simulated device this many hours long.
    var soakHours = 0

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--size-mb": sizeMegabytes = iterator.next().flatMap { Int($0) } ?? sizeMegabytes
            case "--seed": seed = iterator.next().flatMap { UInt64($0) } ?? seed
            case "--dir": directory = iterator.next() ?? directory
            case "--container-mb": containerMegabytes = iterator.next().flatMap { Int($0) } ?? containerMegabytes
            case "--perfetto-mb": perfettoMegabytes = iterator.next().flatMap { Int($0) } ?? perfettoMegabytes
            case "--repeat": repeats = iterator.next().flatMap { Int($0) }.map { max(1, $0) } ?? repeats
            case "--batch-traces": batchTraces = iterator.next().flatMap { Int($0) }.map { max(10, $0) } ?? batchTraces
            case "--batch-kb": batchKilobytes = iterator.next().flatMap { Int($0) }.map { max(1, $0) } ?? batchKilobytes
            case "--batch-only": batchOnly = true
            case "--perfetto-only": perfettoOnly = true
            case "--soak-hours": soakHours = iterator.next().flatMap { Int($0) }.map { max(1, $0) } ?? 24
            default:
                print(
                    "usage: lifelint-bench [--size-mb N] [--seed N] [--dir DIR] [--repeat N] [--container-mb N] [--perfetto-mb N] [--batch-traces N] [--batch-kb N] [--batch-only] [--perfetto-only] [--soak-hours N]"
                )
                exit(2)
            }
        }
    }
}

let options = BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
if options.batchOnly {
    BatchBenchmark.run(options, binary: ChildProcess.siblingExecutable(named: "lifelint"))
    exit(0)
}
if options.soakHours > 0 {
    SoakBenchmark.run(options, binary: ChildProcess.siblingExecutable(named: "lifelint"))
    exit(0)
}
if options.perfettoOnly {
    PerfettoBenchmark.run(options, binary: ChildProcess.siblingExecutable(named: "lifelint"))
    exit(0)
}
let tracePath = "\(options.directory)/lifelint-bench-v2-\(options.sizeMegabytes)mb-seed\(options.seed).log"
let bytes = BenchmarkFile.ensure(path: tracePath, megabytes: options.sizeMegabytes, seed: options.seed)
let megabytes = Double(bytes) / 1_000_000
print("lifelint benchmark: \(tracePath), \(String(format2: megabytes)) MB, seed \(options.seed), best of \(options.repeats) runs, 1 core per run unless --jobs says")
print("")
Report.header("phase")

let split = Stopwatch.best(of: options.repeats, warming: tracePath) { _ = BenchmarkFile.countLines(path: tracePath) }
Report.row("read + split lines (read(2), memchr)", seconds: split.seconds, megabytes: megabytes)

var events = 0
let parse = Stopwatch.best(of: options.repeats, warming: tracePath) {
    events = 0
    _ = try! TraceReader.read(TraceInput(path: tracePath), options: TraceReadOptions(year: 2024)) { _ in events += 1 }
}
Report.row("parse to events (library)", seconds: parse.seconds, megabytes: megabytes, events: events)

let devNull = open("/dev/null", O_WRONLY)
let serialize = Stopwatch.best(of: options.repeats, warming: tracePath) {
    var writer = EventJSONLinesWriter(output: .fileDescriptor(devNull))
    _ = try! TraceReader.read(TraceInput(path: tracePath), options: TraceReadOptions(year: 2024)) { writer.write($0) }
}
Report.row("parse + JSON Lines (library)", seconds: serialize.seconds, megabytes: megabytes, events: events)

let binary = ChildProcess.siblingExecutable(named: "lifelint")
// One trace on 1 core, then on every core (`--jobs`, decision 0051), side by side.
let cores = ProcessInfo.processInfo.activeProcessorCount
for jobs in Set([1, 2, cores]).sorted() {
    let run = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", "--year", "2024", "--jobs", "\(jobs)", tracePath])
    Report.row("lifelint events --jobs \(jobs) > /dev/null", seconds: run.seconds, megabytes: megabytes, events: events, peakKilobytes: run.peakKilobytes)
}
for jobs in Set([1, 2, cores]).sorted() {
    let run = ChildProcess.best(of: options.repeats, binary, ["--year", "2024", "--no-config", "--jobs", "\(jobs)", tracePath])
    Report.row("lifelint (all rules) --jobs \(jobs)", seconds: run.seconds, megabytes: megabytes, events: events, peakKilobytes: run.peakKilobytes)
}

// Mappings (`.lifelint.json`): ten as a team would write them (tags of lines in the trace and
// tags absent from it; prefix, contains and two regular expressions), then one regular
// expression without a tag, which must look at every line.
for (label, mappings) in [("lifelint (all rules, 10 mappings)", MappingBenchmark.tenMappings), ("lifelint (all rules, 1 untagged regex)", MappingBenchmark.untaggedRegex)] {
    let configuration = "\(options.directory)/lifelint-bench-\(mappings.count)-mappings.json"
    try! MappingBenchmark.configuration(mappings).write(toFile: configuration, atomically: true, encoding: .utf8)
    let run = ChildProcess.best(of: options.repeats, binary, ["--year", "2024", "--config", configuration, tracePath])
    Report.row(label, seconds: run.seconds, megabytes: megabytes, events: events, peakKilobytes: run.peakKilobytes)
}

for (label, tool, arguments) in [("wc -l (reference)", "/usr/bin/wc", ["-l", tracePath]), ("grep -c lifelint (reference)", "/bin/grep", ["-c", "lifelint", tracePath])] {
    // To a file, not /dev/null: GNU grep stops at the first match when its output is /dev/null.
    let run = ChildProcess.best(of: options.repeats, tool, arguments, output: "\(options.directory)/lifelint-bench-reference.out")
    Report.row(label, seconds: run.seconds, megabytes: megabytes, peakKilobytes: run.peakKilobytes)
}

// MARK: Structured containers

print("")
Report.header("container (\(options.containerMegabytes) MB each)")
var containers = SyntheticContainers(seed: options.seed)
let jsonLinesPath = "\(options.directory)/lifelint-bench-\(options.containerMegabytes)mb-seed\(options.seed).jsonl"
let jsonLinesBytes = BenchmarkFile.ensure(path: jsonLinesPath, megabytes: options.containerMegabytes) { buffer, _ in containers.appendJSONLine(to: &buffer) }
let chromePath = "\(options.directory)/lifelint-bench-\(options.containerMegabytes)mb-seed\(options.seed).chrome.json"
let chromeBytes = BenchmarkFile.ensure(path: chromePath, megabytes: options.containerMegabytes, prefix: #"{"displayTimeUnit":"ms","traceEvents":["#, suffix: "\n]}\n") {
    buffer, first in
    containers.appendChromeEvent(to: &buffer, first: first)
}
let plistPath = "\(options.directory)/lifelint-bench-\(options.containerMegabytes)mb-seed\(options.seed).plist"
let plistBytes = BenchmarkFile.ensure(
    path: plistPath, megabytes: options.containerMegabytes,
    prefix:
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<array>\n",
    suffix: "</array>\n</plist>\n"
) { buffer, _ in containers.appendPlistRecord(to: &buffer) }

let appleLogPath = "\(options.directory)/lifelint-bench-\(options.containerMegabytes)mb-seed\(options.seed).logshow.log"
let appleLogBytes = BenchmarkFile.ensure(
    path: appleLogPath, megabytes: options.containerMegabytes,
    prefix: "Timestamp                       Thread     Type        Activity             PID    TTL  \n"
) { buffer, _ in containers.appendAppleLogLine(to: &buffer) }

// Every record a lifecycle event of one of 40 apps: the engine's cost per event, beside the
// reader's on the same file.
var lifecycle = SyntheticLifecycle(seed: options.seed)
let lifecyclePath = "\(options.directory)/lifelint-bench-lifecycle-\(options.containerMegabytes)mb-seed\(options.seed).jsonl"
let lifecycleBytes = BenchmarkFile.ensure(path: lifecyclePath, megabytes: options.containerMegabytes) { buffer, _ in lifecycle.appendLine(to: &buffer) }
// The same apps all busy at once, with a second process each: many phases and monitors open.
var interleaved = SyntheticLifecycle(seed: options.seed, shape: .interleaved)
let interleavedPath = "\(options.directory)/lifelint-bench-interleaved-\(options.containerMegabytes)mb-seed\(options.seed).jsonl"
let interleavedBytes = BenchmarkFile.ensure(path: interleavedPath, megabytes: options.containerMegabytes) { buffer, _ in interleaved.appendLine(to: &buffer) }

// Every line a new app: memory follows the apps, not the lines.
var manyApps = SyntheticManyApps()
let manyAppsPath = "\(options.directory)/lifelint-bench-many-apps-v2-\(options.containerMegabytes)mb.log"
let manyAppsBytes = BenchmarkFile.ensure(path: manyAppsPath, megabytes: options.containerMegabytes) { buffer, _ in manyApps.appendLine(to: &buffer) }
// The same lines over ten apps: the difference is what the apps themselves cost.
var fewApps = SyntheticManyApps(apps: 10)
let fewAppsPath = "\(options.directory)/lifelint-bench-few-apps-v2-\(options.containerMegabytes)mb.log"
let fewAppsBytes = BenchmarkFile.ensure(path: fewAppsPath, megabytes: options.containerMegabytes) { buffer, _ in fewApps.appendLine(to: &buffer) }

for (label, path, bytes, reference) in [
    ("Lifecycle JSON Lines", lifecyclePath, lifecycleBytes, ("jq -c .", "/usr/bin/jq", ["-c", ".", lifecyclePath])),
    ("Interleaved 40 apps JSON Lines", interleavedPath, interleavedBytes, ("jq -c .", "/usr/bin/jq", ["-c", ".", interleavedPath])),
    ("Many apps (logcat)", manyAppsPath, manyAppsBytes, ("wc -l", "/usr/bin/wc", ["-l", manyAppsPath])),
    ("Few apps (logcat)", fewAppsPath, fewAppsBytes, ("wc -l", "/usr/bin/wc", ["-l", fewAppsPath])),
    ("JSON Lines", jsonLinesPath, jsonLinesBytes, ("jq -c .", "/usr/bin/jq", ["-c", ".", jsonLinesPath])),
    ("Chrome trace", chromePath, chromeBytes, ("jq -c .", "/usr/bin/jq", ["-c", ".", chromePath])),
    ("XML plist", plistPath, plistBytes, ("xmllint --stream --noout", "/usr/bin/xmllint", ["--stream", "--noout", plistPath])),
    ("Apple log text", appleLogPath, appleLogBytes, ("wc -l", "/usr/bin/wc", ["-l", appleLogPath])),
] {
    let size = Double(bytes) / 1_000_000
    var count = 0
    let parseOnly = Stopwatch.best(of: options.repeats, warming: path) {
        count = 0
        _ = try! TraceReader.read(TraceInput(path: path)) { _ in count += 1 }
    }
    Report.row("parse to events: \(label)", seconds: parseOnly.seconds, megabytes: size, events: count)
    // The event-dense traces on one core and on every core (decision 0051), side by side.
    let jobs = [lifecyclePath, interleavedPath].contains(path) ? Set([1, 2, cores]).sorted() : [1]
    for jobs in jobs {
        let run = ChildProcess.best(of: options.repeats, binary, ["events", "--quiet", "--jobs", "\(jobs)", path])
        Report.row("lifelint events --jobs \(jobs): \(label)", seconds: run.seconds, megabytes: size, events: count, peakKilobytes: run.peakKilobytes)
    }
    if [lifecyclePath, interleavedPath, manyAppsPath, fewAppsPath].contains(path) {
        for jobs in jobs {
            let analysis = ChildProcess.best(of: options.repeats, binary, ["--no-config", "--year", "2024", "--jobs", "\(jobs)", path])
            Report.row(
                "lifelint (all rules) --jobs \(jobs): \(label)", seconds: analysis.seconds, megabytes: size, events: count, peakKilobytes: analysis.peakKilobytes)
        }
    }
    if access(reference.1, X_OK) == 0 {
        let tool = ChildProcess.best(of: options.repeats, reference.1, reference.2, output: "\(options.directory)/lifelint-bench-reference.out")
        Report.row("  \(reference.0) (reference)", seconds: tool.seconds, megabytes: size, peakKilobytes: tool.peakKilobytes)
    } else {
        print("  \(reference.0): not installed, skipped")
    }
}

PerfettoBenchmark.run(options, binary: binary)
BatchBenchmark.run(options, binary: binary)
