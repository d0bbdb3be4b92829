/// What the command line tells the reporters beyond the format: colour for a terminal, and
/// the annotation limit of the CI platform (`--max-annotations`).
public struct ReporterOptions: Sendable {
    public var colors: Bool
    public var annotationsPerLevel: Int

    public init(colors: Bool = false, annotationsPerLevel: Int = PlatformLimits.annotationsPerLevel) {
        self.colors = colors
        self.annotationsPerLevel = annotationsPerLevel
    }

    /// The same options with colour on or off (for the output that is a terminal).
    public func coloring(_ colors: Bool) -> ReporterOptions {
        var options = self
        options.colors = colors
        return options
    }
}
