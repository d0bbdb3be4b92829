import LifelintModel

/// A stretch of the trace that declared process-death expectations: one instrumented test,
/// or the whole trace when it holds none. Follows every app's story through it.
struct ProcessDeathRun {
    /// The test's index among the trace's tests; nil for the whole trace.
    let test: Int?
    /// `com.example.FooTest#testX`; nil for the whole trace.
    let testName: String?
    let start: SourceLocation
    let startTime: Timestamp
    /// The app the test's own instrumentation runs in; nil for the whole trace.
    var testProcess: String?
    var expectations: [ProcessDeathExpectation] = []
    var app: String?
    /// The test's finish line; nil while it runs, and for the whole trace.
    var end: Moment?

    /// Whether the run is known to have ended within the trace: its test finished, or it is
    /// the whole trace.
    var ranToEnd: Bool { test == nil || end != nil }
    /// A `lifelint: test.expect` line outside every test declared it: it is reported even when
    /// the trace holds tests.
    var declaredByLine = false
    private(set) var stories: [ProcessDeathStory] = []
    private var storyOfApp: [Int: Int] = [:]

    /// The run of `test` (its index and itself), or of the whole trace from `event` on.
    init(test: (index: Int, test: InstrumentedTest)?, from event: Event) {
        self.test = test?.index
        testName = test.map { "\($0.test.className)#\($0.test.name)" }
        start = test?.test.location ?? event.source
        startTime = test?.test.start ?? event.time
        testProcess = test?.test.process
    }

    static let relevantEvents: EventNameSet = [
        EventName.phaseBackground, EventName.phaseActive, EventName.phaseInactive, EventName.phaseTerminated, EventName.phaseColdStart,
        EventName.inputEdited, EventName.persistBegin, EventName.persistEnd, EventName.stateRestored, EventName.navRestored, EventName.screenShown,
    ]

    mutating func add(_ declared: [ProcessDeathExpectation], app declaredApp: String?) {
        expectations = (expectations + declared.filter { !expectations.contains($0) }).sorted()
        if let declaredApp { app = declaredApp }
    }

    /// `app`: the deriver's number for the event's app.
    mutating func observe(_ event: Event, app: Int) {
        if let index = storyOfApp[app] {
            stories[index].update(with: event)
        } else {
            storyOfApp[app] = stories.count
            var story = ProcessDeathStory(event, number: app)
            story.update(with: event)
            stories.append(story)
        }
    }
}
