import LifelintCore
/// A command line lifelint cannot act on. The message says what was wrong and what to type.
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String)
    case repeatedOption(String)
    case sameOutputTwice(path: String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case missingInput(command: String)
    case unknownCommand(String)

    package var description: String {
        switch self {
        case let .unknownOption(option, suggestion): return "unknown option '\(Self.shortened(option))'\(suggestion)"
        case let .sameOutputTwice(path): return "'\(Self.shortened(path))' is given for two outputs; each needs a file of its own"
        case let .repeatedOption(option): return "option '\(option)' is given more than once; it takes one value"
        case let .missingValue(option): return "option '\(option)' needs a value"
        case let .invalidValue(option, value, expected): return "invalid value '\(Self.shortened(value))' for '\(option)': expected \(expected)"
        case let .missingInput(command): return "'lifelint \(command)' needs at least one trace file (or '-' for standard input)"
        case let .unknownCommand(command) where command.count > Self.echoLimit: return "unknown command '\(Self.shortened(command))'"
        case let .unknownCommand(command): return "unknown command '\(command)'\(DidYouMean.suggestion(for: command, among: CommandCatalog.names))"
        }
    }

    /// How much of a user's value an error repeats.
    static let echoLimit = 120

    /// A value cut to `echoLimit` characters, saying how long it was.
    static func shortened(_ value: String) -> String {
        value.count <= echoLimit ? value : value.prefix(echoLimit) + "… (\(value.utf8.count) bytes)"
    }
}
