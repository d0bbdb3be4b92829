import LifelintModel

/// The apps' metrics of one trace, in app-name order, each built when it is read: until a
/// report writes them, an app that only started costs 20 bytes, not a full `AppMetrics`.
public struct AppMetricsList: RandomAccessCollection, Sendable {
    private let states: [AppMetricsState]
    private let activities: [AppMetricsState.Activity]
    /// The names of the apps' numbers: the phase deriver's list, shared, not copied.
    private let names: [String]

    public init() {
        states = []
        activities = []
        names = []
    }

    init(states: [AppMetricsState], activities: [AppMetricsState.Activity], names: [String]) {
        self.states = states
        self.activities = activities
        self.names = names
    }

    public var startIndex: Int { states.startIndex }
    public var endIndex: Int { states.endIndex }

    public subscript(position: Int) -> AppMetrics {
        let state = states[position]
        return state.metrics(app: names[Int(state.number)], activity: state.activityIndex >= 0 ? activities[Int(state.activityIndex)] : nil)
    }
}
