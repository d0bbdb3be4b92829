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
            in traces of real runs: Android logcat (every layout, and Android Studio's .logcat
            export), Perfetto traces, bugreports, exit-info and systrace text; iOS crash, .ips and JetsamEvent
            reports; Apple logs from log show, Console.app and Xcode (text, json, ndjson); Sentry
            and Bugsnag events with their breadcrumbs, Crashlytics BigQuery rows, OpenTelemetry
            OTLP JSON and Embrace payloads; lifelint event JSON, Chrome / Perfetto trace JSON,
            MetricKit payloads, and XML or binary property lists; native, React Native and
            Flutter apps. The format is detected from the content.

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
            if let (type, reordered) = commandAfterOptions(arguments) {
                return run(type, reordered, output: output, diagnostics: diagnostics)
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

    /// `lifelint --no-config events x.log`: options before a command's name are that command's.
    /// The command and its arguments, the options moved after its name; nil when the first word
    /// after the leading options is not a command (a trace, for `analyze`).
    private static func commandAfterOptions(_ arguments: [String]) -> (any Command.Type, [String])? {
        let known = CommandCatalog.commands.flatMap { $0.options }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "-" else {
                guard let type = CommandCatalog.command(named: argument) else { return nil }
                return (type, Array(arguments[..<index]) + arguments[(index + 1)...])
            }
            if argument == "--" { return nil }
            let name = String(argument.prefix { $0 != "=" })
            let takesValue = known.first { $0.name == name || $0.alias == name }?.takesValue ?? false
            index += takesValue && !argument.contains("=") ? 2 : 1
        }
        return nil
    }

    /// An option this command does not take, but others do, is named with its owners (and, for
    /// the timeline, how to get it as a page).
    private static func explain(_ error: UsageError, command: any Command.Type) -> UsageError {
        guard case let .unknownOption(option, _) = error else { return error }
        let owners = CommandCatalog.commands.filter { $0.name != command.name && $0.options.contains { $0.name == option || $0.alias == option } }.map { $0.name }
        guard !owners.isEmpty else { return error }
        let hint: String? =
            command.name == TimelineCommand.name && option == "--format"
            ? "the timeline as a page is 'lifelint --format html <trace>'" : nil
        return .optionOfOtherCommands(option, command: command.name, owners: owners, hint: hint)
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
            return usageFailure(explain(error, command: C.self), diagnostics: diagnostics, command: C.name)
        }
    }

    private static func usageFailure(_ error: UsageError, diagnostics: ByteOutput, command: String? = nil) -> ExitCode {
        diagnostics.writeErrors(error)
        let help = command.map { $0 == AnalyzeCommand.name ? "lifelint --help" : "lifelint \($0) --help" } ?? "lifelint --help"
        diagnostics.writeLine("Run '\(help)' for usage.")
        return .failure
    }
}
