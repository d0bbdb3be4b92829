import LifelintCore

/// `lifelint completions bash|zsh|fish`: a completion script made from the commands' option
/// declarations, so it offers exactly what the parser accepts.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script: bash, zsh or fish."
    static let options: [CommandLineArguments.Option] = [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint completions <bash | zsh | fish>

        Prints a completion script for the shell, made from the same option declarations the
        parser reads. To install it:
          bash: lifelint completions bash > ~/.local/share/bash-completion/completions/lifelint
          zsh:  lifelint completions zsh > "${fpath[1]}/_lifelint"
          fish: lifelint completions fish > ~/.config/fish/completions/lifelint.fish
        'make install' installs all three.
        """,
        sections: [("OPTIONS", options)],
        tail: "EXIT STATUS: 0 printed, 2 usage errors.")

    let shell: ShellCompletion.Shell

    init(arguments: CommandLineArguments) throws(UsageError) {
        let expected = ShellCompletion.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.inputs.count == 1 else { throw .invalidValue(option: "completions", value: arguments.inputs.joined(separator: " "), expected: "one shell: \(expected)") }
        guard let shell = ShellCompletion.Shell(rawValue: arguments.inputs[0]) else {
            throw .invalidValue(option: "completions", value: arguments.inputs[0], expected: "one shell: \(expected)")
        }
        self.shell = shell
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        output.write(ShellCompletion.script(for: shell, commands: CommandCatalog.commands))
        return .success
    }
}
