import LifelintCore

/// A command line lifelint cannot act on. The message says what was wrong and what to type.
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String)
    /// An option of other commands, given to one that does not take it: `hint` says what to type.
    case optionOfOtherCommands(String, command: String, owners: [String], hint: String?)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)
    /// An option that only means something beside another.
    case needsOption(String, needed: String)
    case repeatedOption(String)
    case sameOutputTwice(path: String)
    case outputIsStandardOutput(path: String)
    case outputIsInput(path: String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case missingInput(command: String)
    /// A command that reads one stream (`watch`) was given several.
    case oneInputOnly(command: String, given: Int)
    case unknownCommand(String)

    package var description: String {
        switch self {
        case let .unknownOption(option, suggestion): return "unknown option '\(Self.shortened(option))'\(suggestion)"
        case let .optionOfOtherCommands(option, command, owners, hint):
            let owned = owners.map { "'lifelint \($0)'" }.joined(separator: " and ")
            return "'\(option)' is not an option of 'lifelint \(command)' but of \(owned)" + (hint.map { ": \($0)" } ?? "")
        case let .conflictingOptions(first, second): return "'\(first)' and '\(second)' cannot be used together: choose one"
        case let .needsOption(option, needed): return "'\(option)' only applies with '\(needed)'"
        case let .sameOutputTwice(path): return "'\(Self.shortened(path))' is given for two outputs; each needs a file of its own"
        case let .outputIsStandardOutput(path):
            return "'\(Self.shortened(path))' is standard output, where --format writes already; each output needs a file of its own"
        case let .outputIsInput(path): return "'\(Self.shortened(path))' is a trace this run reads; lifelint will not write an output over it"
        case let .repeatedOption(option): return "option '\(option)' is given more than once; it takes one value"
        case let .missingValue(option): return "option '\(option)' needs a value"
        case let .invalidValue(option, value, expected): return "invalid value '\(Self.shortened(value))' for '\(option)': expected \(expected)"
        case let .missingInput(command): return "'lifelint \(command)' needs at least one trace file (or '-' for standard input)"
        case let .oneInputOnly(command, given): return "'lifelint \(command)' reads one stream ('-' or a file), not \(given)"
        case let .unknownCommand(command) where command.count > Self.echoLimit: return "unknown command '\(Self.shortened(command))'"
        case let .unknownCommand(command): return "unknown command '\(command)'\(DidYouMean.suggestion(for: command, among: CommandCatalog.names))"
        }
    }

    /// How much of a user's value an error repeats.
    static var echoLimit: Int { Echo.limit }

    static func shortened(_ value: String) -> String { Echo.shortened(value) }
}
