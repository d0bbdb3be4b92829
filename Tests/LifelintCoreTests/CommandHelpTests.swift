import Foundation
import Testing
@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports
@testable import LifelintCLI

/// Each option is declared once (name, value, help): the parser reads the declarations, the
/// help is made from them, and the README documents every one.
@Suite struct CommandHelpTests {
    static let commands: [(name: String, options: [CommandLineArguments.Option], help: String)] = [
        ("analyze", AnalyzeCommand.options, AnalyzeCommand.help), ("events", EventsCommand.options, EventsCommand.help),
        ("timeline", TimelineCommand.options, TimelineCommand.help), ("rules", RulesCommand.options, RulesCommand.help),
    ]

    @Test func everyOptionIsInItsHelpAndTheReadme() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.path("README.md"), encoding: .utf8)
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
}
