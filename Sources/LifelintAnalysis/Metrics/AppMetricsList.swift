import LifelintModel

/// The apps' metrics of one trace, in app-name order, each built when it is read: a trace with
/// a million apps keeps a hundred bytes per app until a report writes them, not a full
/// `AppMetrics` each.
public struct AppMetricsList: RandomAccessCollection, Sendable {
    private let states: [AppMetricsState]
    private let extras: [AppMetricsState.Extras]

    public init() {
        states = []
        extras = []
    }

    init(states: [AppMetricsState], extras: [AppMetricsState.Extras]) {
        self.states = states
        self.extras = extras
    }

    public var startIndex: Int { states.startIndex }
    public var endIndex: Int { states.endIndex }

    public subscript(position: Int) -> AppMetrics {
        let state = states[position]
        return state.metrics(extras: state.extrasIndex >= 0 ? extras[Int(state.extrasIndex)] : nil)
    }
}
