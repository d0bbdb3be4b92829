/// A rule clause's primitive compiled for one analysis, which makes the monitors that run it.
/// Each monitor type nests its own (`ExpectMonitor.Clause`).
protocol CompiledPrimitive: AnyObject, Sendable {
    /// Every pattern the clause reacts to.
    var patterns: [CompiledPattern] { get }
    /// The patterns that can open state in a monitor with nothing open.
    var openers: [CompiledPattern] { get }
    /// The patterns whose last events its guards (and callback windows) read from the history.
    var historyPatterns: [CompiledPattern] { get }
    /// A fresh monitor, with nothing open.
    func makeMonitor() -> any ClauseMonitor
}
