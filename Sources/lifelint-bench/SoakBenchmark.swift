import LifelintCore

#if canImport(Glibc)
import Glibc
#endif

/// `lifelint watch -` fed a simulated day of a busy device as fast as it reads it (`--soak-hours`):
/// its resident memory at each simulated hour must stay flat, since a watch runs for hours and
/// what ended (processes, their apps' waits) is let go.
enum SoakBenchmark {
    static func run(_ options: BenchmarkOptions, binary: String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return print("cannot make a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let arguments: [String] = [binary, "watch", "--no-config", "--year", "2024", "-"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { return print("cannot run \(binary)") }
        close(pipeEnds[0])
        print("")
        print("Soak: lifelint watch on a simulated busy device (\(SyntheticDeviceDay.linesPerSecond) lines/s)")
        print("simulated hour      lines     MB fed   RSS (MB)")
        var day = SyntheticDeviceDay(seed: options.seed)
        var buffer: [UInt8] = []
        var lines = 0
        var fed = 0
        let start = Stopwatch.now()
        for hour in 1...options.soakHours {
            while day.elapsed < Int64(hour) * 3_600_000 {
                day.appendLine(to: &buffer)
                lines += 1
                if buffer.count >= 1 << 16 {
                    fed += write(all: buffer, to: pipeEnds[1])
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            fed += write(all: buffer, to: pipeEnds[1])
            buffer.removeAll(keepingCapacity: true)
            usleep(200_000)
            if [1, 2, 6, 12, 18, 24].contains(hour) || hour == options.soakHours {
                print(
                    "\(String(hour).leftPadded(14)) \(String(lines).leftPadded(10)) \(String(fed / 1_000_000).leftPadded(10)) \(String(residentKilobytes(pid) / 1024).leftPadded(10))"
                )
            }
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        print("peak RSS \(usage.ru_maxrss / 1024) MB; \(lines) lines in \(Int(Stopwatch.now() - start)) s")
    }

    private static func write(all bytes: [UInt8], to descriptor: Int32) -> Int {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
        return written
    }

    /// `VmRSS` of `/proc/<pid>/status`, in kilobytes.
    private static func residentKilobytes(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
