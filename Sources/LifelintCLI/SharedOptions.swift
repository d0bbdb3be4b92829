import LifelintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options several commands take, declared and read in one place: how to read traces
/// (`--input-format`, `--year`) and which configuration to use (`--config`, `--no-config`).
enum SharedOptions {
    static let traceReading: [CommandLineArguments.Option] = [
        .init(
            "--input-format", value: "<format>", choices: InputFormat.allCases.map(\.rawValue),
            """
            Read the input in this format instead of detecting it: \(TraceFormats.forcedNamesHelp).
            """),
        .init(
            "--year", value: "<year>",
            """
            The year for log times that have none (logcat, syslog), or '-' for this year. Default: the \
            year the file was last modified, or the year before when the log starts in a later month.
            """),
        .init("--stdin-filename", value: "<name>", "The name standard input ('-') has in locations and diagnostics (default: -)."),
    ]

    static let color = CommandLineArguments.Option(
        "--color", value: "<when>", choices: ColorChoice.allCases.map(\.rawValue),
        """
        Colour: auto (default: on a terminal, unless NO_COLOR is set; FORCE_COLOR or CLICOLOR_FORCE \
        force it, TERM=dumb turns it off), always or never.
        """)

    static func colorChoice(_ arguments: CommandLineArguments) throws(UsageError) -> ColorChoice {
        try arguments.choice("--color", of: ColorChoice.self) ?? .auto
    }

    static let configuration: [CommandLineArguments.Option] = [
        .init("--config", value: "<file>", "Use this configuration instead of the nearest .lifelint.json (searched from the current folder upward)."),
        .init("--no-config", "Ignore any .lifelint.json."),
    ]

    static func traceReadOptions(_ arguments: CommandLineArguments) throws(UsageError) -> TraceReadOptions {
        TraceReadOptions(
            inputFormat: try arguments.choice("--input-format", of: InputFormat.self),
            year: try year(arguments), standardInputName: arguments.value("--stdin-filename"))
    }

    /// `--year N`, or `--year -` for this year (a capture made today, whatever its file's date).
    private static func year(_ arguments: CommandLineArguments) throws(UsageError) -> Int? {
        guard let text = arguments.value("--year") else { return nil }
        if text == "-" { return CivilDateTime(nanosecondsSinceEpoch: Int64(time(nil)) * 1_000_000_000).year }
        let years = 1970...CivilDateTime.supportedYears.upperBound
        guard let year = Int(text), years.contains(year) else {
            throw .invalidValue(option: "--year", value: text, expected: "a year from \(years.lowerBound) to \(years.upperBound), or - for this year")
        }
        return year
    }

    /// The configuration `--config` names, none with `--no-config`, else the nearest
    /// `.lifelint.json`; loaded when the command runs, so its errors are reported then.
    struct ConfigurationChoice {
        let path: String?
        let ignores: Bool

        init(_ arguments: CommandLineArguments) {
            path = arguments.value("--config")
            ignores = arguments.flags.contains("--no-config")
        }

        func load() throws(ConfigurationError) -> Configuration {
            try Configuration.resolve(path: path, ignoring: ignores)
        }
    }
}
