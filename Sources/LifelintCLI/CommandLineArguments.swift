import LifelintCore
/// A command's arguments split into options and inputs, against the options it declares.
/// `--name value`, `--name=value`, repeated options, `--` ends options, `-` is an input
/// (standard input).
struct CommandLineArguments {
    /// An option, declared once with what parsing and the help both need: its name, the
    /// placeholder of its value (nil for a flag), and what it does.
    struct Option {
        let name: String
        let value: String?
        let help: String

        init(_ name: String, value: String? = nil, _ help: String) {
            self.name = name
            self.value = value
            self.help = help
        }

        var takesValue: Bool { value != nil }

        static let help = Option("--help", "Show this help.")
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var inputs: [String] = []

    init(_ arguments: some Sequence<String>, options: [Option]) throws(UsageError) {
        var iterator = arguments.makeIterator()
        var optionsEnded = false
        while let argument = iterator.next() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                inputs.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else { throw .unknownOption(name) }
            if option.takesValue {
                guard let value = inlineValue ?? iterator.next() else { throw .missingValue(option: name) }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw .invalidValue(option: name, value: inlineValue!, expected: "no value") }
                flags.insert(name)
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(option: name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, of type: Choice.Type) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = value(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw .invalidValue(option: name, value: text, expected: Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
