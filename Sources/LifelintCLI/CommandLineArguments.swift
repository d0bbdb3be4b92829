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
        /// The values it accepts, when they are a closed set (for completion and the manual).
        let choices: [String]
        /// Whether it may be given more than once (each value counts); any other option given
        /// twice is an error, not a silent "last one wins".
        let repeatable: Bool
        /// A one-letter spelling (`-h`, `-0`).
        let alias: String?

        init(_ name: String, alias: String? = nil, value: String? = nil, choices: [String] = [], repeatable: Bool = false, _ help: String) {
            self.name = name
            self.alias = alias
            self.value = value
            self.choices = choices
            self.repeatable = repeatable
            self.help = help
        }

        var takesValue: Bool { value != nil }

        /// What a shell should offer for the option's value.
        enum ValueKind: Equatable {
            case none
            case file
            case directory
            case choice([String])
            /// The ids of the rules the configuration loads (`lifelint rules --ids`).
            case rule
            case text
        }

        var valueKind: ValueKind {
            guard let value else { return .none }
            if !choices.isEmpty { return .choice(choices) }
            switch value {
            case "<file>", "<path>": return .file
            case "<dir>": return .directory
            case "<rule>": return .rule
            default: return .text
            }
        }

        static let help = Option("--help", alias: "-h", "Show this help (also -h).")
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
            if let option = options.first(where: { $0.alias == argument }), !option.takesValue {
                flags.insert(option.name)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw .unknownOption(name, suggestion: DidYouMean.suggestion(for: name, among: options.map(\.name)))
            }
            if option.takesValue {
                guard let value = inlineValue ?? iterator.next() else { throw .missingValue(option: name) }
                guard option.repeatable || values[name] == nil else { throw .repeatedOption(name) }
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
            let names = Choice.allCases.map(\.rawValue)
            let meant = (Choice.self as? any ChoiceSynonyms.Type)?.choices(meant: text.lowercased()) ?? []
            let suggestion =
                meant.isEmpty
                ? DidYouMean.suggestion(for: text, among: names) : " (did you mean \(meant.map { "'\($0)'" }.joined(separator: " or "))?)"
            throw .invalidValue(option: name, value: text, expected: names.joined(separator: ", ") + suggestion)
        }
        return choice
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
