import LifelintModel

/// The rules the command line picks (`--select`, `--ignore`), which win over the
/// configuration's: `--select` runs exactly these rules (opt-in ones too, disabled ones too),
/// `--ignore` leaves these out.
public struct RuleSelection: Sendable, Equatable {
    public var select: [String]
    public var ignore: [String]

    public init(select: [String] = [], ignore: [String] = []) {
        self.select = select
        self.ignore = ignore
    }

    /// An id that names no rule is an error with the closest id.
    func validate(known: Set<String>) throws(ConfigurationError) {
        for (option, ids) in [("--select", select), ("--ignore", ignore)] {
            if let unknown = ids.first(where: { !known.contains($0) }) {
                throw .unknownRule(option: option, id: unknown, suggestion: DidYouMean.suggestion(for: unknown, among: known.sorted()))
            }
        }
    }

    /// Whether the command line overrides the configuration's choice for `rule`: true or
    /// false when it decides, nil when the configuration does.
    func decides(_ rule: String) -> Bool? {
        if ignore.contains(rule) { return false }
        if !select.isEmpty { return select.contains(rule) }
        return nil
    }
}
