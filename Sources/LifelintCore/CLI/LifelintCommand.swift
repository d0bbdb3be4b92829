/// The command line: picks the command, runs it, and returns the exit status. The
/// `lifelint` executable is only this call.
public enum LifelintCommand {
    public static let version = "0.1.0"

    static let help = """
        lifelint \(version): finds the mobile-app lifecycle mistakes that lose users' data,
        in traces of real runs (Android logcat in every layout).

        USAGE: lifelint <command> [options] <trace>...

        COMMANDS:
          events      Print the lifecycle events understood in the traces, as JSON Lines.

        OPTIONS:
          --version   Print the version.
          --help      Show this help; 'lifelint <command> --help' shows a command's own.

        EXIT STATUS: 0 success, 1 findings, 2 usage or input errors.
        """

    public static func run(
        _ arguments: [String], output: ByteOutput = .standardOutput(), diagnostics: ByteOutput = .standardError()
    ) -> ExitCode {
        defer {
            output.flush()
            diagnostics.flush()
        }
        guard let command = arguments.first else {
            output.writeLine(help)
            return .success
        }
        switch command {
        case "--version", "version":
            output.writeLine(version)
            return .success
        case "--help", "-h", "help":
            output.writeLine(help)
            return .success
        case EventsCommand.name:
            return runEvents(Array(arguments.dropFirst()), output: output, diagnostics: diagnostics)
        default:
            return usageFailure(.unknownCommand(command), diagnostics: diagnostics)
        }
    }

    private static func runEvents(_ arguments: [String], output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        do {
            let parsed = try CommandLineArguments(arguments, options: EventsCommand.options)
            if parsed.flags.contains("--help") {
                output.writeLine(EventsCommand.help)
                return .success
            }
            return try EventsCommand(arguments: parsed).run(output: output, diagnostics: diagnostics)
        } catch {
            return usageFailure(error, diagnostics: diagnostics)
        }
    }

    private static func usageFailure(_ error: UsageError, diagnostics: ByteOutput) -> ExitCode {
        diagnostics.writeLine("lifelint: error: \(error)")
        diagnostics.writeLine("Run 'lifelint --help' for usage.")
        return .failure
    }
}
