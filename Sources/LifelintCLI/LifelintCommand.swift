import LifelintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line: picks the command, runs it, and returns the exit status. The
/// `lifelint` executable is only this call.
package enum LifelintCommand {

    static var help: String {
        let commands = CommandCatalog.commands.map { command in
            "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary
        }
        return """
            lifelint \(LifelintVersion.current): finds the mobile-app lifecycle mistakes that lose users' data,
            in traces of real runs: Android logcat (every layout), bugreports, exit-info and
            systrace text; iOS crash, .ips and JetsamEvent reports; Apple logs from log show,
            Console.app and Xcode (text, json, ndjson); lifelint event JSON, Chrome / Perfetto
            trace JSON, MetricKit payloads, and XML or binary property lists; native, React Native
            and Flutter apps. The format is detected from the content.

            USAGE: lifelint [analyze] [options] <trace | folder | pattern>...
                   lifelint <command> [options] ...

            COMMANDS:
            \(commands.joined(separator: "\n"))
              help        Show this help, or a command's: 'lifelint help <command>'.

            OPTIONS:
              --version   Print the version.
              -h, --help  Show this help; 'lifelint <command> --help' shows a command's own.

            EXIT STATUS: 0 success, 1 findings, 2 usage, input or output errors.
            """
    }

    /// The process's arguments after its name, read as bytes: a file name that is not UTF-8 is
    /// kept as it is (`PathEncoding`), where `CommandLine.arguments` would repair it into a name
    /// that opens nothing.
    package static var processArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { PathEncoding.string(cString: $0) } }
    }

    package static func run(
        _ arguments: [String], output: ByteOutput = .standardOutput(), diagnostics: ByteOutput = .standardError()
    ) -> ExitCode {
        defer { diagnostics.flush() }
        let status = dispatch(arguments, output: output, diagnostics: diagnostics)
        output.flush()
        guard let failure = output.failure, !output.readerClosed else { return status }
        diagnostics.writeErrors(CommandError.cannotWrite(path: output.name, reason: failure.reason))
        return .failure
    }

    private static func dispatch(_ arguments: [String], output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        guard let command = arguments.first else {
            output.writeLine(help)
            return .success
        }
        switch command {
        case "--version", "version":
            output.writeLine(LifelintVersion.current)
            return .success
        case "--help", "-h":
            output.writeLine(help)
            return .success
        case "help":
            return showHelp(of: arguments.dropFirst().first, output: output, diagnostics: diagnostics)
        default:
            if let type = CommandCatalog.command(named: command) {
                return run(type, Array(arguments.dropFirst()), output: output, diagnostics: diagnostics)
            }
            if looksLikeCommand(command) { return usageFailure(.unknownCommand(command), diagnostics: diagnostics) }
            return run(AnalyzeCommand.self, arguments, output: output, diagnostics: diagnostics)
        }
    }

    /// `lifelint help` and `lifelint help <command>`.
    private static func showHelp(of name: String?, output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        guard let name else {
            output.writeLine(help)
            return .success
        }
        guard let type = CommandCatalog.command(named: name) else { return usageFailure(.unknownCommand(name), diagnostics: diagnostics) }
        output.writeLine(type.help)
        return .success
    }

    /// A bare word that names no file is a mistyped command, not a trace.
    private static func looksLikeCommand(_ argument: String) -> Bool {
        !argument.hasPrefix("-") && !argument.contains("/") && !argument.contains(".") && access(argument, F_OK) != 0
    }

    /// Parses a command's arguments, answers `--help`, and runs it; usage errors exit 2.
    private static func run<C: Command>(_ command: C.Type, _ arguments: [String], output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        do {
            let parsed = try CommandLineArguments(arguments, options: C.options)
            if parsed.flags.contains("--help") {
                output.writeLine(C.help)
                return .success
            }
            return try C(arguments: parsed).run(output: output, diagnostics: diagnostics)
        } catch {
            return usageFailure(error, diagnostics: diagnostics)
        }
    }

    private static func usageFailure(_ error: UsageError, diagnostics: ByteOutput) -> ExitCode {
        diagnostics.writeErrors(error)
        diagnostics.writeLine("Run 'lifelint --help' for usage.")
        return .failure
    }
}
