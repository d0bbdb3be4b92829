import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

enum BenchmarkFile {
    /// Writes the synthetic trace unless a file of that name already has the size asked for.
    static func ensure(path: String, megabytes: Int, seed: UInt64) -> Int {
        let target = megabytes * 1_000_000
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) >= target, Int(status.st_size) < target + 4096 { return Int(status.st_size) }
        let descriptor = create(path)
        defer { close(descriptor) }
        var generator = SyntheticLogcat(seed: seed)
        var written = 0
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 21)
        while written < target {
            buffer.removeAll(keepingCapacity: true)
            generator.append(bytes: min(1 << 20, target - written), to: &buffer)
            buffer.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            written += buffer.count
        }
        return written
    }

    /// Writes a file of about `megabytes` from `prefix`, repeated `append` calls, and `suffix`,
    /// unless a file of that size is already there.
    /// `regenerate` writes it even so (when the generator's own state is wanted).
    static func ensure(
        path: String, megabytes: Int, prefix: String = "", suffix: String = "", regenerate: Bool = false, append: (inout [UInt8], Bool) -> Void
    ) -> Int {
        let target = megabytes * 1_000_000
        var status = stat()
        if !regenerate, stat(path, &status) == 0, Int(status.st_size) >= target, Int(status.st_size) < target + (1 << 16) { return Int(status.st_size) }
        let descriptor = create(path)
        defer { close(descriptor) }
        var buffer = Array(prefix.utf8)
        var written = 0
        var first = true
        while written + buffer.count < target {
            append(&buffer, first)
            first = false
            if buffer.count > 1 << 20 {
                buffer.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
                written += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: suffix.utf8)
        buffer.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        return written + buffer.count
    }

    /// The file opened for writing, or the run ends saying why (a `--dir` that does not exist,
    /// say): a precondition's message is not printed in a release build.
    static func create(_ path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            let message = Array("lifelint-bench: cannot write \(path): \(reason)\n".utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(2)
        }
        return descriptor
    }

    static func countLines(path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var lines = 0
        while case let count = read(descriptor, buffer, 1 << 20), count > 0 {
            var position = buffer
            let end = buffer + count
            while let found = memchr(position, 0x0A, end - position) {
                lines += 1
                position = found + 1
            }
        }
        return lines
    }
}

struct Stopwatch {
    let seconds: Double

    static func measure(_ body: () -> Void) -> Stopwatch {
        let start = now()
        body()
        return Stopwatch(seconds: now() - start)
    }

    static func best(of runs: Int, warming path: String? = nil, _ body: () -> Void) -> Stopwatch {
        (0..<runs).map { _ in
            if let path { _ = BenchmarkFile.countLines(path: path) }
            return measure(body)
        }.min { $0.seconds < $1.seconds }!
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

enum ChildProcess {
    struct Result {
        let seconds: Double
        let peakKilobytes: Int
    }

    static func siblingExecutable(named name: String) -> String {
        let me = CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }

    static let timeTool = "/usr/bin/time"

    /// The fastest of several runs, with the largest peak memory seen. The input (the last
    /// argument) is read once before each run: this machine's page cache drops files quickly,
    /// and a run that waits on the disk measures the disk.
    static func best(of runs: Int, _ path: String, _ arguments: [String], output: String = "/dev/null") -> Result {
        let results = (0..<runs).map { _ in
            if let input = arguments.last { _ = BenchmarkFile.countLines(path: input) }
            return run(path, arguments, output: output)
        }
        return Result(seconds: results.map(\.seconds).min()!, peakKilobytes: results.map(\.peakKilobytes).max()!)
    }

    /// Runs a program with stdout to /dev/null and reports wall time and its peak RSS.
    ///
    /// The peak comes from `/usr/bin/time -f %M` when present: `posix_spawn` shares this
    /// process's memory until `exec`, so `wait4`'s figure would include the benchmark's own.
    static func run(_ path: String, _ arguments: [String], output: String = "/dev/null") -> Result {
        guard access(timeTool, X_OK) == 0 else { return spawn(path, arguments, output: output) }
        let report = "/tmp/lifelint-bench-rss-\(getpid())"
        defer { unlink(report) }
        let timed = spawn(timeTool, ["-f", "%M", "-o", report, path] + arguments, output: output)
        return Result(seconds: timed.seconds, peakKilobytes: readNumber(report) ?? timed.peakKilobytes)
    }

    private static func readNumber(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        // GNU time puts "Command exited with non-zero status N" on a line of its own first.
        let lines = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n")
        return lines.last.flatMap { Int($0.trimmingPrefix(" ")) }
    }

    private static func spawn(_ path: String, _ arguments: [String], output: String) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
            print("cannot run \(path)")
            return Result(seconds: .nan, peakKilobytes: 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return Result(seconds: Stopwatch.now() - start, peakKilobytes: usage.ru_maxrss)
    }
}

enum Report {
    /// Wide enough for the longest label, `lifelint (all rules) --jobs 2: Interleaved 40 apps JSON Lines`.
    static let labelWidth = 64

    /// A table's heading: what its rows are, then the columns `row` prints.
    static func header(_ title: String) {
        print("\(title.padding(toLength: labelWidth, withPad: " ", startingAt: 0))   seconds       MB/s     events/s   peak RSS")
    }

    static func row(_ label: String, seconds: Double, megabytes: Double, events: Int? = nil, peakKilobytes: Int? = nil) {
        let name = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        let rate = String(format2: megabytes / seconds).leftPadded(10)
        let eventRate = events.map { String(Int(Double($0) / seconds)) } ?? "-"
        let memory = peakKilobytes.map { "\($0 / 1024) MB" } ?? "-"
        print("\(name) \(String(format2: seconds).leftPadded(9))  \(rate)  \(eventRate.leftPadded(11))   \(memory)")
    }
}

extension String {
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        self = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }

    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    func padding(toLength length: Int, withPad pad: String, startingAt: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
