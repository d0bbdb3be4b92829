import Dispatch
import Foundation
import LifelintCore

/// `lifelint watch [options] <- | file>`: a stream that does not end, analysed as it arrives;
/// each finding printed as soon as it is decided, a deadline passing by the wall clock while the
/// stream is quiet.
struct WatchCommand: Command {
    static let name = "watch"
    static let summary = "Watch a live logcat or Apple log stream and report each finding as it is decided."

    static let options: [CommandLineArguments.Option] =
        [
            .init("--format", value: "<format>", choices: ["text", "jsonl"], "text (default) or jsonl: one JSON object per finding, flushed at once."),
            .init(
                "--exit-on", value: "<severity|rule>", repeatable: true,
                "End the watch with exit status 1 at the first finding of this rule, or at or above this severity; repeatable."),
            .init("--processes", value: "<file>", "Name the pids already running, from `adb shell ps -A -o PID,NAME` (or `ps -A`) output."),
            .init(
                "--fail-on", value: "<severity>", choices: Severity.allCases.reversed().map(\.rawValue),
                "The exit status is 1 when a finding at or above this severity was reported (default: error)."),
            SharedOptions.color,
            .init(
                "--year", value: "<year>",
                "The year for log times that have none (default: this year: a live stream is being written now)."),
        ] + SharedOptions.configuration + [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint watch [options] <- | file>

        Reads a logcat or Apple log stream that does not end and prints each finding as soon as
        it is decided: '-' reads standard input until it closes (adb logcat -b main,system,events
        -v threadtime | lifelint watch -; xcrun simctl spawn booted log stream --level info |
        lifelint watch -); a file is followed as tail -F follows it, across truncation and
        rotation. A deadline (a save that never began within the grace window)
        passes by the wall clock while the stream is quiet: the stream's times are tied to the
        wall clock at its latest line. Ctrl-C (SIGINT) or SIGTERM ends the watch with a summary.
        """,
        sections: [("OPTIONS", options)],
        tail: """
            EXIT STATUS: 0 no finding at or above --fail-on, 1 such findings or an --exit-on match,
            2 a usage error or a stream that could not be read.
            """)

    let input: String
    let format: String
    let exitOn: [String]
    let processes: String?
    let failOn: Severity
    let color: ColorChoice
    let year: Int?
    let configuration: SharedOptions.ConfigurationChoice

    init(arguments: CommandLineArguments) throws(UsageError) {
        guard !arguments.inputs.isEmpty else { throw .missingInput(command: Self.name) }
        guard arguments.inputs.count == 1 else { throw .oneInputOnly(command: Self.name, given: arguments.inputs.count) }
        input = arguments.inputs[0]
        format = arguments.value("--format") ?? "text"
        exitOn = arguments.values["--exit-on"] ?? []
        processes = arguments.value("--processes")
        failOn = try arguments.choice("--fail-on", of: Severity.self) ?? .error
        color = try SharedOptions.colorChoice(arguments)
        year = try SharedOptions.traceReadOptions(arguments).year
        configuration = SharedOptions.ConfigurationChoice(arguments)
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        let settings: AnalysisSettings
        let seeds: [(pid: Int32, process: String)]
        do {
            settings = try AnalysisSettings.make(configuration: try configuration.load(), readOptions: TraceReadOptions(year: year))
            seeds = try processes.map { LiveTraceReader.processes(inPSOutput: try String(contentsOfFile: $0, encoding: .utf8)) } ?? []
        } catch {
            diagnostics.writeErrors(error)
            return .failure
        }
        let reporter = LiveReporter(
            output: output, format: format == "jsonl" ? .jsonLines : .text(colors: color.resolve(for: output)), trace: input)
        var watch = LiveWatch(settings: settings, exitOn: exitOn, reporter: reporter)
        let queue = LiveEventQueue()
        let source = input == "-" ? LiveLineSource.standardInput : LiveLineSource(following: input)
        let thisYear = CivilDateTime(nanosecondsSinceEpoch: Int64(Date().timeIntervalSince1970) * 1_000_000_000).year
        LiveWatch.startReading(source, into: queue, options: settings.readOptions, year: year ?? thisYear, seeds: seeds)
        let signals = Self.catchSignals(into: queue)
        defer { signals.forEach { $0.cancel() } }
        switch watch.run(queue) {
        case .failed(let error):
            diagnostics.writeErrors(error)
            return .failure
        case .matched:
            return .findings
        case .ended:
            return watch.reported.contains { $0 >= failOn } ? .findings : .success
        }
    }

    /// SIGINT and SIGTERM end the watch cleanly, with its summary. On Linux, Dispatch installs a
    /// handler of its own for a signal source; elsewhere the signal's default action is turned
    /// off first, as Dispatch asks.
    private static func catchSignals(into queue: LiveEventQueue) -> [any DispatchSourceSignal] {
        [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            #if !os(Linux)
            signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { queue.push(.stopped(signal: name)) }
            source.resume()
            return source
        }
    }
}
