import LifelintCore

/// A `lifelint` command: its name, the options it declares (which also make its help), how it
/// reads its parsed arguments, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for the command list, the completions and the manual.
    static var summary: String { get }
    static var options: [CommandLineArguments.Option] { get }
    static var help: String { get }
    init(arguments: CommandLineArguments) throws(UsageError)
    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode
}
