import LifelintModel

/// The process-death oracle (decision 0050): reads the derived stream for instrumented tests'
/// boundaries and for the expectations declared for them, follows each run that declared some,
/// and judges them when the trace ends. A trace with neither tests nor declarations costs it a
/// name check per event.
struct ProcessDeathOracle {
    private let declarations: [ExpectationDeclaration]
    private var tests = InstrumentedTestCollector()
    private var runs: [ProcessDeathRun] = []
    /// The runs being followed, by index in `runs`.
    private var following: [Int] = []
    /// The run of each test that has one, by the test's index.
    private var runOfTest: [Int: Int] = [:]
    /// The test that started last and has not finished.
    private var runningTest: Int?
    private var wholeTrace: Int?
    /// Tests whose process had no name when they started, by its pid, for a later line to name:
    /// their lines are not held back for it (`ProcessAttribution`).
    private var unnamedTestProcesses: [Int32: [Int]] = [:]
    private var startedWholeTrace = false
    /// `test.expect` lines naming no expectation, as the errors they are.
    private(set) var problems: [String] = []

    init(declarations: [ExpectationDeclaration]) {
        self.declarations = declarations
    }

    mutating func process(_ event: Event, app: Int) {
        if !startedWholeTrace { startWholeTrace(event) }
        if !unnamedTestProcesses.isEmpty { nameTestProcesses(event) }
        switch event.name.known {
        case .testStarted?: testStarted(event)
        case .testFinished?: testFinished(event)
        case .testExpect?: declare(event)
        default:
            guard !following.isEmpty, ProcessDeathRun.relevantEvents.contains(event.name) else { return }
            for index in following { runs[index].observe(event, app: app) }
        }
    }

    /// The declarations for every test also hold for the whole trace; they are reported only if
    /// the trace turns out to hold no tests.
    private mutating func startWholeTrace(_ event: Event) {
        startedWholeTrace = true
        let applying = declarations.filter { $0.applies(to: nil) }
        guard !applying.isEmpty else { return }
        var run = ProcessDeathRun(test: nil, from: event)
        for declaration in applying { run.add(declaration.expectations, app: declaration.app) }
        follow(run, asWholeTrace: true)
    }

    private mutating func nameTestProcesses(_ event: Event) {
        guard let pid = event.pid, !event.isNamedByPidOnly, let indices = unnamedTestProcesses.removeValue(forKey: pid) else { return }
        for index in indices { tests.name(index, process: event.app) }
    }

    private mutating func testStarted(_ event: Event) {
        guard let index = tests.record(event) else { return }
        runningTest = index
        if event.isNamedByPidOnly, let pid = event.pid { unnamedTestProcesses[pid, default: []].append(index) }
        let test = tests.tests[index]
        let applying = declarations.filter { $0.applies(to: (test.className, test.name)) }
        guard !applying.isEmpty else { return }
        var run = ProcessDeathRun(test: (index, test), from: event)
        for declaration in applying { run.add(declaration.expectations, app: declaration.app) }
        runOfTest[index] = runs.count
        follow(run, asWholeTrace: false)
    }

    private mutating func testFinished(_ event: Event) {
        guard let index = tests.record(event) else { return }
        if runningTest == index { runningTest = nil }
        guard let run = runOfTest[index] else { return }
        runs[run].end = Moment(event)
        following.removeAll { $0 == run }
    }

    /// `lifelint: test.expect killed-in-background saved-before-kill [app=com.example.notes]`:
    /// for the test running, or else the whole trace from this line on.
    private mutating func declare(_ event: Event) {
        let (expectations, unknown) = ProcessDeathExpectation.parse(event.attributes["text"] ?? "")
        for word in unknown { problems.append("\(event.source): test.expect: \(ProcessDeathExpectation.unknownDescription(word))") }
        if expectations.isEmpty, unknown.isEmpty {
            problems.append("\(event.source): test.expect names no expectation (\(ProcessDeathExpectation.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard !expectations.isEmpty else { return }
        let app = event.attributes["app"]
        if let test = runningTest {
            if let run = runOfTest[test] {
                runs[run].add(expectations, app: app)
            } else {
                var run = ProcessDeathRun(test: (test, tests.tests[test]), from: event)
                run.add(expectations, app: app)
                runOfTest[test] = runs.count
                follow(run, asWholeTrace: false)
            }
        } else if let whole = wholeTrace {
            runs[whole].add(expectations, app: app)
            runs[whole].declaredByLine = true
        } else {
            var run = ProcessDeathRun(test: nil, from: event)
            run.add(expectations, app: app)
            run.declaredByLine = true
            follow(run, asWholeTrace: true)
        }
    }

    private mutating func follow(_ run: ProcessDeathRun, asWholeTrace: Bool) {
        if asWholeTrace { wholeTrace = runs.count }
        following.append(runs.count)
        runs.append(run)
    }

    /// The trace's tests with their expectations judged, and the whole trace's judged
    /// expectations (empty when they were declared for every test and the trace has tests).
    func finish(evidence: ProcessDeathJudge.Evidence) -> (tests: [InstrumentedTest], wholeTrace: [ExpectationResult]) {
        let judge = ProcessDeathJudge(evidence: evidence)
        var judgedTests = tests.tests
        for (test, run) in runOfTest {
            var run = runs[run]
            run.testProcess = judgedTests[test].process
            judgedTests[test].expectations = judge.results(of: run)
        }
        guard let whole = wholeTrace, judgedTests.isEmpty || runs[whole].declaredByLine else { return (judgedTests, []) }
        return (judgedTests, judge.results(of: runs[whole]))
    }
}
