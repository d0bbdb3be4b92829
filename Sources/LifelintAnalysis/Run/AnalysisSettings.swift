import LifelintIngestion
import LifelintModel

/// Everything that decides what an analysis finds, fixed before the first trace is read and
/// shared by every worker of a batch.
public struct AnalysisSettings: Sendable {
    public var rules: [Rule] {
        didSet { compiledRules = CompiledRules(rules: rules, thresholds: thresholds) }
    }
    public var thresholds: Thresholds {
        didSet { compiledRules = CompiledRules(rules: rules, thresholds: thresholds) }
    }
    /// The rules compiled for the thresholds, once for the whole run.
    public private(set) var compiledRules: CompiledRules
    public var readOptions: TraceReadOptions
    /// Only these apps' events are analysed; nil for every app.
    public var apps: Set<String>?
    /// Whether to keep each trace's timeline (the timeline command and the HTML report need it;
    /// other reports do not pay for it).
    public var collectsTimeline: Bool
    /// Whether to compute each app's lifecycle metrics (the JSON reports write them; the other
    /// reports do not pay for them).
    public var collectsMetrics: Bool
    /// Whether to give each trace its `sha256` (the JSON reports' trace identity; other reports
    /// do not pay for reading each file twice).
    public var identifiesTraces = false
    /// The process-death expectations the configuration and `--expect` declare.
    public var expectations: [ExpectationDeclaration] = []
    /// Whether a trace with no events is an error (`--fail-on-empty`) rather than a note.
    public var failsOnEmpty = false

    public init(
        rules: [Rule], thresholds: Thresholds = Thresholds(), readOptions: TraceReadOptions = TraceReadOptions(), apps: Set<String>? = nil,
        collectsTimeline: Bool = false, collectsMetrics: Bool = true
    ) {
        self.rules = rules
        self.thresholds = thresholds
        compiledRules = CompiledRules(rules: rules, thresholds: thresholds)
        self.readOptions = readOptions
        self.apps = apps
        self.collectsTimeline = collectsTimeline
        self.collectsMetrics = collectsMetrics
    }

    /// The settings a command runs with: the built-in rules plus the configuration's and the
    /// command line's folders, selected and reweighted by the configuration; thresholds from
    /// the configuration, then `--set` (which wins); the configuration's mappings, apps and
    /// expectations, and `expected` (`--expect`).
    public static func make(
        configuration: Configuration, ruleFolders: [String] = [], thresholdAssignments: [String] = [], ruleSelection: RuleSelection = RuleSelection(),
        readOptions: TraceReadOptions, expected: ExpectationDeclaration? = nil
    ) throws -> AnalysisSettings {
        let catalog = try RuleCatalog.load(adding: configuration.ruleFolders + ruleFolders, mappedEvents: configuration.mappedEvents)
        var thresholds = Thresholds()
        try configuration.apply(to: &thresholds)
        for assignment in thresholdAssignments { try thresholds.set(assignment) }
        var readOptions = readOptions
        readOptions.mappings = configuration.mappings
        var settings = AnalysisSettings(
            rules: try configuration.selectRules(from: catalog, commandLine: ruleSelection), thresholds: thresholds, readOptions: readOptions, apps: configuration.apps)
        settings.expectations = configuration.expectations + (expected.map { [$0] } ?? [])
        return settings
    }
}
