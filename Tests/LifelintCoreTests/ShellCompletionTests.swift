import Foundation
import Testing

@testable import LifelintCLI

/// The completion scripts run in their shells: bash completes commands, options and option
/// values; zsh and fish parse them (when installed; .ci/run installs them).
@Suite struct ShellCompletionTests {
    private static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The built `lifelint`, which the scripts ask for rule ids (`lifelint rules --ids`).
    private static var binary: String { EndToEndTests.binary?.path ?? "lifelint" }

    /// Runs `script` in the shell with `arguments`, the built binary first on the `PATH`; standard output.
    private static func run(_ shell: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = (binary as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// What bash offers after `words` (the last is the word being completed).
    private static func bashCompletes(_ words: [String]) throws -> [String] {
        let script = ShellCompletion.script(for: .bash, commands: CommandCatalog.commands)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let input = script + "\nCOMP_WORDS=('\(binary)' \(quoted)); COMP_CWORD=\(words.count); _lifelint; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let result = try run(try #require(shell("bash")), ["--norc", "-s"], input: input)
        #expect(result.status == 0)
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        #expect(try Self.bashCompletes(["tim"]) == ["timeline"])
        #expect(try Self.bashCompletes(["--form"]) == ["--format"])
        #expect(try Self.bashCompletes(["--format", "s"]) == ["sarif"])
        #expect(try Self.bashCompletes(["--fail-on", ""]) == ["error", "warning", "info"])
        #expect(try Self.bashCompletes(["events", "--qu"]) == ["--quiet"])
        #expect(try Self.bashCompletes(["completions", "z"]) == ["zsh"])
        #expect(try Self.bashCompletes(["help", "ru"]) == ["rules"])
        #expect(try Self.bashCompletes(["--input-format", "threadt"]) == ["threadtime"])
    }

    /// Rule ids come from `lifelint rules --ids`, so a team's own rules are offered too.
    @Test func bashCompletesRuleIds() throws {
        #expect(try Self.bashCompletes(["--select", "save-"]) == ["save-in-on-destroy"])
        #expect(try Self.bashCompletes(["--ignore", "data"]) == ["data-loss-verdict"])
        #expect(try Self.bashCompletes(["rules", "stale"]) == ["stale-socket-trusted"])
        #expect(runLifelint(["rules", "--no-config", "--ids"]).output.split(separator: "\n").count == RuleExamplesTests.catalog.rules.count)
    }

    @Test func theManualPageHasExamples() {
        let page = runLifelint(["man"]).output
        #expect(page.contains(".SH EXAMPLES\n"))
        #expect(page.contains("adb logcat \\-b main,system,events \\-v threadtime \\-d > trace.log\nlifelint trace.log"))
    }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
    func zshParsesItsScript() throws {
        let result = try Self.run(try #require(Self.shell("zsh")), ["-n"], input: ShellCompletion.script(for: .zsh, commands: CommandCatalog.commands))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed"))
    func fishParsesItsScript() throws {
        let fish = try #require(Self.shell("fish"))
        let script = ShellCompletion.script(for: .fish, commands: CommandCatalog.commands)
        let result = try Self.run(fish, ["--no-execute"], input: script)
        #expect(result.status == 0, "\(result.output)")
        let completed = try Self.run(fish, [], input: script + "\ncomplete -C 'lifelint --format s'\ncomplete -C 'lifelint events --qu'\ncomplete -C 'lifelint --select save-'\n")
        #expect(completed.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == ["sarif", "--quiet", "save-in-on-destroy"])
    }
}
