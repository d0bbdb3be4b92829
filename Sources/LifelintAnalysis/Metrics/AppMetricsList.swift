import LifelintModel

/// The apps' metrics of one trace, in app-name order, each built when it is read: until a
/// report writes them, an app that only started costs 32 bytes, not a full `AppMetrics`.
public struct AppMetricsList: RandomAccessCollection, Sendable {
    private let states: [AppMetricsState]
    private let activities: [AppMetricsState.Activity]

    public init() {
        states = []
        activities = []
    }

    init(states: [AppMetricsState], activities: [AppMetricsState.Activity]) {
        self.states = states
        self.activities = activities
    }

    public var startIndex: Int { states.startIndex }
    public var endIndex: Int { states.endIndex }

    public subscript(position: Int) -> AppMetrics {
        let state = states[position]
        return state.metrics(activity: state.activityIndex >= 0 ? activities[Int(state.activityIndex)] : nil)
    }
}
