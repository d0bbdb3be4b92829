import Foundation
import LifelintCore

/// `lifelint events <trace>...`: the normalized events as JSON Lines on stdout, a summary per
/// trace on stderr.
struct EventsCommand: Command {
    static let name = "events"
    static let summary = "Print the lifecycle events understood in the traces, as JSON Lines."

    static let options: [CommandLineArguments.Option] =
        SharedOptions.traceReading + [
            .init("--quiet", "No summary on standard error."),
            .init("--jobs", value: "<n>", "Cores a large logcat, JSON Lines file or Perfetto trace is read on (default: the number of cores); the output does not change."),
        ] + SharedOptions.configuration + [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint events [options] <trace | folder | pattern>...

        Prints every lifecycle event lifelint understood in the traces, one JSON object per
        line, in file order: time, clock, event, app, pid, tid, platform, attrs, source.
        A summary per trace (lines, events, unrecognised lines, detected format) goes to
        standard error. Use '-' to read standard input. The configuration's mappings apply.
        """,
        sections: [("OPTIONS", options)],
        tail: """
            EXIT STATUS: 0 all traces read, 2 a usage error or a trace that could not be read
            (the other traces are still processed).
            """)

    let inputs: [String]
    let options: TraceReadOptions
    let quiet: Bool
    let configuration: SharedOptions.ConfigurationChoice

    init(arguments: CommandLineArguments) throws(UsageError) {
        guard !arguments.inputs.isEmpty else { throw .missingInput(command: Self.name) }
        inputs = arguments.inputs
        var options = try SharedOptions.traceReadOptions(arguments)
        options.workers = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        self.options = options
        quiet = arguments.flags.contains("--quiet")
        configuration = SharedOptions.ConfigurationChoice(arguments)
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        var writer = EventJSONLinesWriter(output: output)
        var options = options
        do {
            options.mappings = try configuration.load().mappings
        } catch {
            diagnostics.writeErrors(error)
            return .failure
        }
        var status = ExitCode.success
        var summaries: [IngestionSummary] = []
        let expansion = InputExpander.expansion(inputs)
        expansion.notes.forEach { diagnostics.writeLine("lifelint: note: " + TerminalText.sanitized($0)) }
        for item in expansion.inputs {
            let path = item.path
            do {
                if let error = item.error { throw error }
                let input = try TraceInput(path: path, standardInputName: options.standardInputName)
                let summary = try EventNormalizer.read(input, options: options) { writer.write($0) }
                if ProblemReport.write(summary, to: diagnostics) { status = .failure }
                if !quiet { diagnostics.writeLine(summary.humanDescription) }
                summaries.append(summary)
            } catch {
                diagnostics.writeErrors(error)
                status = .failure
            }
        }
        if !quiet, let note = YearNote.text(for: summaries) { diagnostics.writeLine(note) }
        output.flush()
        diagnostics.flush()
        return status
    }
}
