import LifelintCore

/// Every `lifelint` command, in the order the help lists them: dispatch, the main help, the
/// shell completions and the manual page are all made from this list and the commands'
/// option declarations.
enum CommandCatalog {
    static var commands: [any Command.Type] {
        [
            AnalyzeCommand.self, EventsCommand.self, TimelineCommand.self, WatchCommand.self, RulesCommand.self,
            CompletionsCommand.self, ManualCommand.self,
        ]
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// The names a mistyped command is compared against.
    static var names: [String] { commands.map { $0.name } + ["help", "version"] }
}
