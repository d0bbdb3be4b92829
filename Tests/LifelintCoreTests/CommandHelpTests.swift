import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Each option is declared once (name, value, help): the parser reads the declarations, the
/// help is made from them, and the README and `docs/reference.md` document every one.
@Suite struct CommandHelpTests {
    static var commands: [(name: String, options: [CommandLineArguments.Option], help: String)] {
        CommandCatalog.commands.map { ($0.name, $0.options, $0.help) }
    }

    @Test func everyOptionIsInItsHelpAndTheReadme() throws {
        let readme = try ["README.md", "docs/reference.md"].map { try String(contentsOfFile: RepositoryPaths.path($0), encoding: .utf8) }.joined()
        for command in Self.commands {
            for option in command.options {
                #expect(command.help.contains("  " + option.name + (option.value.map { " " + $0 } ?? "")), "\(command.name) help: \(option.name)")
                #expect(option.name == "--help" || readme.contains("`" + option.name), "README: \(command.name) \(option.name)")
            }
        }
    }

    @Test func helpLinesFitTheWidth() {
        for command in Self.commands {
            for line in command.help.split(separator: "\n") { #expect(line.count <= HelpText.width, "\(command.name): \(line)") }
        }
    }

    @Test func everyCommandAnswersDashHAndHelpCommand() {
        for command in Self.commands {
            let short = runLifelint([command.name, "-h"])
            #expect(short.status == .success)
            #expect(short.output == command.help + "\n", "\(command.name) -h")
            #expect(runLifelint(["help", command.name]).output == command.help + "\n", "help \(command.name)")
        }
        #expect(runLifelint(["-h"]).output == LifelintCommand.help + "\n")
        #expect(runLifelint(["help"]).output == LifelintCommand.help + "\n")
        let unknown = runLifelint(["help", "analyse"])
        #expect(unknown.status == .failure)
        #expect(unknown.diagnostics.hasPrefix("lifelint: error: unknown command 'analyse'"))
    }

    @Test func theMainHelpListsEveryCommand() {
        for command in CommandCatalog.commands {
            #expect(LifelintCommand.help.contains("\n  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary + "\n"))
        }
    }

    @Test func theManualPageHasEveryCommandAndOption() {
        let page = runLifelint(["man"])
        #expect(page.status == .success)
        #expect(page.output.hasPrefix(#".TH LIFELINT 1 "" "lifelint \#(LifelintVersion.current)" "User Commands""#))
        for command in Self.commands {
            #expect(page.output.contains(".SS lifelint " + ManualPage.escaped(command.name) + "\n"))
            for option in command.options {
                #expect(page.output.contains(".TP\n\\fB" + ManualPage.escaped(option.name) + "\\fR"), "\(command.name) \(option.name)")
            }
        }
        let requests = [".TH", ".SH", ".SS", ".TP", ".B", ".PP", ".RS"]
        #expect(
            !page.output.split(separator: "\n").contains { line in
                line.hasPrefix(".") && !requests.contains { line.hasPrefix($0) } && ![".br", ".nf", ".fi", ".RE"].contains(line)
            })
    }

    @Test func completionsNameEveryOptionAndRefuseAnUnknownShell() {
        for shell in ShellCompletion.Shell.allCases {
            let script = runLifelint(["completions", shell.rawValue])
            #expect(script.status == .success)
            for command in Self.commands {
                #expect(script.output.contains(command.name), "\(shell): \(command.name)")
                for option in command.options {
                    let spelled = shell == .fish ? "-l " + option.name.dropFirst(2) : option.name
                    #expect(script.output.contains(spelled), "\(shell): \(command.name) \(option.name)")
                }
            }
        }
        let unknown = runLifelint(["completions", "tcsh"])
        #expect(unknown.status == .failure)
        #expect(unknown.diagnostics.hasPrefix("lifelint: error: invalid value 'tcsh' for 'completions': expected one shell: bash, zsh, fish"))
    }
}
