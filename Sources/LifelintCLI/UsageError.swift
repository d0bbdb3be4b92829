import LifelintCore
/// A command line lifelint cannot act on. The message says what was wrong and what to type.
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String)
    case repeatedOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case missingInput(command: String)
    case unknownCommand(String)

    package var description: String {
        switch self {
        case let .unknownOption(option, suggestion): return "unknown option '\(option)'\(suggestion)"
        case let .repeatedOption(option): return "option '\(option)' is given more than once; it takes one value"
        case let .missingValue(option): return "option '\(option)' needs a value"
        case let .invalidValue(option, value, expected): return "invalid value '\(value)' for '\(option)': expected \(expected)"
        case let .missingInput(command): return "'lifelint \(command)' needs at least one trace file (or '-' for standard input)"
        case let .unknownCommand(command): return "unknown command '\(command)'\(DidYouMean.suggestion(for: command, among: CommandCatalog.names))"
        }
    }
}
