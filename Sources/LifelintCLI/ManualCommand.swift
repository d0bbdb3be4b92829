import LifelintCore

/// `lifelint man`: the manual page (roff), made from the commands' option declarations.
struct ManualCommand: Command {
    static let name = "man"
    static let summary = "Print the manual page (roff): lifelint man | man -l -"
    static let options: [CommandLineArguments.Option] = [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint man

        Prints lifelint's manual page in roff, made from the same option declarations as the
        help. Read it with 'lifelint man | man -l -'; 'make install' installs it as lifelint(1).
        """,
        sections: [("OPTIONS", options)],
        tail: "EXIT STATUS: 0 printed.")

    init(arguments: CommandLineArguments) throws(UsageError) {
        guard arguments.inputs.isEmpty else { throw .invalidValue(option: "man", value: arguments.inputs.joined(separator: " "), expected: "no arguments") }
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        output.write(ManualPage.roff(commands: CommandCatalog.commands))
        return .success
    }
}
