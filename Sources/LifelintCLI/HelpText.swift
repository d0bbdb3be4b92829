import LifelintCore

/// A command's help, its option lists made from the same declarations the parser reads, so
/// the two cannot drift: `  --name <value>  what it does`, wrapped.
enum HelpText {
    /// Where the options' descriptions start, and the width they wrap to.
    static let descriptionColumn = 27
    static let width = 92

    /// `TITLE:` then one entry per option.
    static func section(_ title: String, _ options: [CommandLineArguments.Option]) -> String {
        ([title + ":"] + options.map(entry)).joined(separator: "\n")
    }

    /// A command's whole help: usage and description, its option sections, and what follows.
    static func make(_ head: String, sections: [(title: String, options: [CommandLineArguments.Option])], tail: String) -> String {
        ([head] + sections.map { section($0.title, $0.options) } + [tail]).joined(separator: "\n\n")
    }

    private static func entry(_ option: CommandLineArguments.Option) -> String {
        let name = "  " + option.name + (option.value.map { " " + $0 } ?? "")
        let indent = String(repeating: " ", count: descriptionColumn)
        var lines: [String] = []
        var current = name.count + 2 > descriptionColumn ? name + "  " : name.padding(toLength: descriptionColumn, withPad: " ", startingAt: 0)
        var empty = true
        for word in option.help.split(separator: " ") {
            if !empty, current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
                empty = true
            }
            current += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
