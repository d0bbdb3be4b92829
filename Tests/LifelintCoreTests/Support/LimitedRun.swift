import Foundation
import Testing

/// The built `lifelint` run as a CI job runs it, but under an address-space limit (`prlimit`)
/// and a deadline: an input that makes memory grow without bound ends in an allocation failure,
/// and one that makes time super-linear is killed at the deadline, so a regression fails its
/// test instead of taking the machine. Output goes to files, so a large report cannot fill a
/// pipe and stall the run.
enum LimitedRun {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var seconds: Double
        /// Killed at the deadline (`timeout` exits 124).
        var timedOut: Bool { status == 124 }
    }

    static let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].first(where: FileManager.default.isExecutableFile)

    /// Runs `lifelint arguments` in `folder` with at most `memoryMB` of address space and
    /// `seconds` of wall time. Without `prlimit` (util-linux), the time limit alone applies.
    static func run(
        _ arguments: [String], memoryMB: Int = 512, seconds: Int = 60, in folder: URL? = nil, standardInput: URL? = nil
    ) throws -> Result {
        // `LIFELINT_TEST_BINARY` runs these tests against another build (an older one, to see
        // that they fail there).
        let other = ProcessInfo.processInfo.environment["LIFELINT_TEST_BINARY"].map { URL(fileURLWithPath: $0) }
        let binary = try #require(other ?? EndToEndTests.binary, "the lifelint executable is built beside the tests")
        let scratch = TraceFixture.temporaryFile(name: "limited-run", contents: Data()).deletingLastPathComponent()
        let outputURL = scratch.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorsURL = scratch.appendingPathComponent("stderr-\(UUID().uuidString)")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil) && FileManager.default.createFile(atPath: errorsURL.path, contents: nil))
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        let limit = prlimit.map { [$0, "--as=\(memoryMB << 20)", "--"] } ?? []
        process.arguments = ["--signal=KILL", "\(seconds)"] + limit + [binary.path] + arguments
        if let folder { process.currentDirectoryURL = folder }
        if let standardInput { process.standardInput = try FileHandle(forReadingFrom: standardInput) } else { process.standardInput = FileHandle.nullDevice }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // glibc reserves 64 MB of address space for each malloc arena, one more for each thread
        // that meets another in malloc, so how many it reserves depends on the machine's load:
        // with one arena the limit counts what the run uses, not how its threads met.
        environment["MALLOC_ARENA_MAX"] = "1"
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // `timeout --signal=KILL` reports a kill at the deadline as 137; call it what it is.
        let status = process.terminationStatus == 137 ? 124 : process.terminationStatus
        return Result(
            status: status, output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self), seconds: seconds)
    }
}
