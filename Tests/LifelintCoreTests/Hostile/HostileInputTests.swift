import Foundation
import Testing
@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports
@testable import LifelintCLI

/// Inputs made to hurt: each ends quickly with a clear error or the right answer, and the other
/// traces of the run are still reported.
@Suite struct HostileInputTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// A binary plist whose 60 arrays each reference the next one twice: 283 bytes that decode
    /// to 2^60 values if objects are followed blindly.
    static func exponentialPlist(levels: Int = 60) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(levels + 1), 0, UInt64(table)] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
        return bytes
    }

    @Test func anExponentialBinaryPlistIsRefusedAndTheOtherTracesAreReported() {
        let plist = TraceFixture.temporaryFile(name: "bomb.plist", contents: Data(Self.exponentialPlist()))
        let started = ContinuousClock.now
        let result = runLifelint(["--year", "2024", "--no-config", plist.path, Self.lostDraft])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("\(plist.path):1: corrupt binary plist: a record expands to more than 100000 values (objects shared over and over)"), "\(result.diagnostics)")
        #expect(result.output.contains("\(Self.lostDraft):17: error: "))
    }

    /// A folder with links back to itself, to its parent and to `/`, and a FIFO named like a
    /// trace: the walk follows none of them, names each once, and reads the one real trace once
    /// however many ways it is named.
    @Test func foldersWithLinkLoopsAndFIFOsEndAndSaySo() throws {
        let root = TraceFixture.temporaryFile(name: "x.log", contents: try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))).deletingLastPathComponent()
        let inner = root.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("same.log").path, withDestinationPath: "../x.log")
        #expect(mkfifo(inner.appendingPathComponent("pipe.log").path, 0o600) == 0)
        let started = ContinuousClock.now
        let x = root.appendingPathComponent("x.log").path
        let result = runLifelint(["--year", "2024", "--no-config", root.path, x, root.path + "/b/../x.log", root.path + "/**/*.log"])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == .findings)
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"), "\(result.output)")
        #expect(result.diagnostics.components(separatedBy: "\n").filter { !$0.isEmpty }.sorted() == [
            "lifelint: note: \(inner.path)/pipe.log: skipped: a FIFO, not a regular file",
            "lifelint: note: \(inner.path)/root: skipped: a symbolic link to a folder, not followed",
            "lifelint: note: \(inner.path)/up: skipped: a symbolic link to a folder, not followed",
        ])
    }

    /// A FIFO the user names is read as named (process substitution gives one).
    @Test func aFIFONamedOnTheCommandLineIsRead() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent()
        let fifo = folder.appendingPathComponent("stream.log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(text)
            try? handle?.close()
        }
        writer.start()
        let result = runLifelint(["--year", "2024", "--no-config", fifo])
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
    }
}
