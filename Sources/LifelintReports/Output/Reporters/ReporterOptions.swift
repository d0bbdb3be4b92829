/// What the command line tells the reporters beyond the format: colour for a terminal, the
/// annotation limit of the CI platform (`--max-annotations`), and `--quiet` (the text report
/// without its notes and summary line).
public struct ReporterOptions: Sendable {
    public var colors: Bool
    public var annotationsPerLevel: Int
    public var quiet: Bool
    /// JUnit without the passing test cases (`--junit-only-failures`).
    public var junitOnlyFailures: Bool
    /// The run's context (`--label key=value`: build, app version, device), stamped on every
    /// JSON and JSON Lines record so the records of many runs can be told apart in a table.
    public var labels: [String: String]

    public init(
        colors: Bool = false, annotationsPerLevel: Int = PlatformLimits.annotationsPerLevel, quiet: Bool = false, junitOnlyFailures: Bool = false,
        labels: [String: String] = [:]
    ) {
        self.colors = colors
        self.annotationsPerLevel = annotationsPerLevel
        self.quiet = quiet
        self.junitOnlyFailures = junitOnlyFailures
        self.labels = labels
    }

    /// The same options with colour on or off (for the output that is a terminal).
    public func coloring(_ colors: Bool) -> ReporterOptions {
        var options = self
        options.colors = colors
        return options
    }
}
