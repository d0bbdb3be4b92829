import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Phase derivation on each platform, checked on the exact synthetic events it adds.
@Suite struct PhaseDeriverTests {
    /// Events at millisecond offsets, one app, in order.
    static func events(_ steps: [(Int, String, Attributes)], app: String = "com.example.notes", platform: Platform = .android) -> [Event] {
        steps.enumerated().map { index, step in
            Event(
                time: Timestamp(clock: .wall, nanoseconds: Int64(step.0) * 1_000_000, fractionDigits: 3), app: app, pid: 42,
                platform: platform, name: EventName(step.1), attributes: step.2, source: SourceLocation(path: "t", line: index + 1))
        }
    }

    /// The derived stream as `name@ms{attrs}` lines, synthetic events only unless `all`; the
    /// events pass the normalizer first, as in the pipeline.
    static func derive(_ events: [Event], all: Bool = false) -> [String] {
        var normalizer = EventNormalizer()
        var deriver = PhaseDeriver()
        var output: [Event] = []
        for event in events { normalizer.process(event) { deriver.process($0) { output.append($0) } } }
        normalizer.finish { deriver.process($0) { output.append($0) } }
        deriver.finish { output.append($0) }
        return output.filter { all || $0.name.hasPrefix("phase.") }.map { event in
            let attributes = event.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            return "\(event.name)@\(event.time.nanoseconds / 1_000_000)" + (attributes.isEmpty ? "" : "{\(attributes)}")
        }
    }

    @Test func androidDepartureWaitsOutARotation() {
        let stream = Self.events([
            (0, "process.started", ["package": "com.example.notes"]),
            (100, "activity.created", [:]), (110, "activity.started", [:]), (120, "activity.resumed", [:]),
            // rotation: stop and start again within 700 ms
            (5000, "activity.paused", [:]), (5010, "activity.stopped", [:]), (5020, "activity.destroyed", [:]),
            (5100, "activity.created", [:]), (5110, "activity.started", [:]), (5120, "activity.resumed", [:]),
            // leaving for real
            (9000, "activity.paused", [:]), (9400, "activity.stopped", [:]), (9405, "persist.begin", [:]),
            (12000, "process.died", ["reason": "low-memory"]),
            (20000, "process.started", ["package": "com.example.notes"]),
            (20100, "activity.started", [:]), (20110, "activity.resumed", [:]),
        ])
        #expect(
            Self.derive(stream) == [
                "phase.cold-start@0{after=none,initiator=none,saved_state=false,unsaved_input=false}",
                "phase.inactive@110{from=not-running}",
                "phase.active@120{from=foreground-inactive,after=launch}",
                "phase.inactive@5000{from=foreground-active}",
                "phase.active@5120{from=foreground-inactive,after=inactive}",
                "phase.inactive@9000{from=foreground-active}",
                "phase.background@9400{from=foreground-inactive}",
                "phase.terminated@12000{reason=low-memory,initiator=system,from=background}",
                "phase.cold-start@20000{after=low-memory,initiator=system,saved_state=false,unsaved_input=false}",
                "phase.inactive@20100{from=not-running}",
                "phase.active@20110{from=foreground-inactive,after=system-kill}",
            ])
    }

    /// In-app navigation: MainActivity stops 545 ms after SecondActivity resumed. The app
    /// never left; tracking activities one by one says so.
    @Test func anotherVisibleActivityMeansNoDeparture() {
        let main: Attributes = ["component": "com.example.MainActivity"]
        let second: Attributes = ["component": "com.example.SecondActivity"]
        let stream = Self.events([
            (0, "activity.resumed", main), (1000, "activity.paused", main),
            (1100, "activity.created", second), (1110, "activity.started", second), (1120, "activity.resumed", second),
            (1665, "activity.stopped", main), (9000, "activity.paused", second), (9500, "activity.stopped", second),
        ])
        #expect(
            Self.derive(stream) == [
                "phase.active@0{from=unknown,after=unknown}", "phase.inactive@1000{from=foreground-active}",
                "phase.active@1120{from=foreground-inactive,after=inactive}", "phase.inactive@9000{from=foreground-active}",
                "phase.background@9500{from=foreground-inactive}",
            ])
    }

    /// A capture that starts mid-session: a stop with nothing before it is not a departure,
    /// since another activity of the app may have been visible all along.
    @Test func aStopFromAnUnknownStateIsNoDeparture() {
        let stream = Self.events([(0, "activity.stopped", ["component": "com.example.MainActivity"]), (5000, "activity.destroyed", [:])])
        #expect(Self.derive(stream).isEmpty)
    }

    /// Two instances of one class (Android 10 lines carry no token): one stopping leaves the
    /// other visible.
    @Test func instancesOfOneClassAreCounted() {
        let chat: Attributes = ["component": "com.example.ChatActivity"]
        let stream = Self.events([
            (0, "activity.started", chat), (10, "activity.resumed", chat), (1000, "activity.paused", chat),
            (1010, "activity.started", chat), (1020, "activity.resumed", chat), (1500, "activity.stopped", chat),
        ])
        #expect(!Self.derive(stream).contains { $0.hasPrefix("phase.background") })
    }

    /// A stop repeated at the same moment (a capture pasted twice, merged buffers) gives two
    /// departures that expire together: the app left at the first, in every run. (They were
    /// decided in the order of a dictionary, which a hash seed changes from run to run: eight
    /// apps made the old order fail all but one run in 256.)
    @Test func stopsThatExpireTogetherAreDecidedInTheirOrder() {
        let apps = (0..<8).map { "com.example.app\($0)" }
        var stream: [Event] = []
        func add(_ milliseconds: Int, _ app: String, _ name: String) {
            stream.append(
                Event(
                    time: Timestamp(clock: .wall, nanoseconds: Int64(milliseconds) * 1_000_000, fractionDigits: 3), app: app, pid: 42,
                    platform: .android, name: EventName(name), source: SourceLocation(path: "t", line: stream.count + 1)))
        }
        for app in apps { add(0, app, "activity.resumed") }
        for app in apps { add(1000, app, "activity.stopped") }
        for app in apps { add(1000, app, "activity.stopped") }
        add(5000, "com.example.other", "activity.resumed")
        let backgrounds = TraceFixture.derive(stream).filter { $0.name == .phaseBackground }
        #expect(backgrounds.map(\.app) == apps)
        #expect(backgrounds.map(\.source.line) == Array(9...16))
    }

    @Test func theDecidedDepartureComesBeforeTheEventsItHeld() {
        let stream = Self.events([
            (0, "activity.resumed", [:]), (1000, "activity.stopped", [:]), (1005, "persist.begin", [:]), (3000, "persist.end", [:]),
        ])
        #expect(
            Self.derive(stream, all: true) == [
                "activity.resumed@0", "phase.active@0{from=unknown,after=unknown}", "activity.stopped@1000",
                "phase.background@1000{from=foreground-active}", "persist.begin@1005", "persist.end@3000",
            ])
    }

    @Test func coldStartCarriesWhatTheDeadProcessLeft() {
        let stream = Self.events([
            (0, "activity.resumed", [:]), (10, "input.edited", [:]), (20, "state.saved", ["bytes": "10"]),
            (30, "activity.stopped", [:]), (5000, "process.died", ["reason": "user"]), (6000, "process.started", [:]),
        ])
        #expect(
            Self.derive(stream).suffix(2) == [
                "phase.terminated@5000{reason=user,initiator=user,from=background}",
                "phase.cold-start@6000{after=user,initiator=user,saved_state=true,unsaved_input=true}",
            ])
    }

    /// A kill inside the 700 ms debounce confirms the departure, and the death says the app
    /// died in the background, as the departure it confirmed does.
    @Test func aDeathDuringTheDebounceEndsABackgroundApp() {
        let stream = Self.events([
            (0, "activity.resumed", [:]), (1000, "activity.paused", [:]), (1010, "activity.stopped", [:]),
            (1200, "process.died", ["reason": "low-memory"]), (6000, "process.started", [:]),
        ])
        #expect(
            Self.derive(stream).suffix(4) == [
                "phase.inactive@1000{from=foreground-active}",
                "phase.background@1010{from=foreground-inactive}",
                "phase.terminated@1200{reason=low-memory,initiator=system,from=background}",
                "phase.cold-start@6000{after=low-memory,initiator=system,saved_state=false,unsaved_input=false}",
            ])
    }

    @Test func secondaryProcessesDoNotEndTheApp() {
        let stream = Self.events([
            (0, "activity.resumed", [:]), (10, "process.started", ["process": "com.example.notes:sync"]),
            (20, "process.died", ["reason": "killed", "process": "com.example.notes:sync"]),
        ])
        #expect(Self.derive(stream) == ["phase.active@0{from=unknown,after=unknown}"])
    }

    @Test func iosIsBackgroundOnlyWhenEveryScene() {
        let stream = Self.events(
            [
                (0, "app.did-finish-launching", [:]),
                (10, "scene.will-connect", ["scene": "a"]), (20, "scene.will-enter-foreground", ["scene": "a"]), (30, "scene.did-become-active", ["scene": "a"]),
                (40, "scene.will-connect", ["scene": "b"]), (50, "scene.will-enter-foreground", ["scene": "b"]),
                (100, "scene.will-resign-active", ["scene": "a"]), (110, "scene.did-enter-background", ["scene": "a"]),
                (200, "scene.did-enter-background", ["scene": "b"]),
                (300, "app.will-terminate", [:]), (400, "app.did-finish-launching", [:]),
            ], app: "com.example.journal", platform: .ios)
        #expect(
            Self.derive(stream) == [
                "phase.cold-start@0{after=none,initiator=none,saved_state=false,unsaved_input=false}",
                "phase.inactive@20{from=not-running}",
                "phase.active@30{from=foreground-inactive,after=launch}",
                "phase.inactive@100{from=foreground-active}",
                "phase.background@200{from=foreground-inactive}",
                "phase.terminated@300{reason=unknown,initiator=unknown,from=background}",
                "phase.cold-start@400{after=unknown,initiator=unknown,saved_state=false,unsaved_input=false}",
            ])
    }

    @Test func reactNativeAppState() {
        let stream = Self.events(
            [
                (0, "appstate.active", [:]), (10, "appstate.blur", [:]), (20, "appstate.focus", [:]),
                (30, "appstate.inactive", [:]), (40, "appstate.background", [:]), (50, "appstate.active", [:]),
            ], platform: .reactNative)
        #expect(
            Self.derive(stream) == [
                "phase.active@0{from=unknown,after=unknown}", "phase.inactive@10{from=foreground-active}",
                "phase.active@20{from=foreground-inactive,after=inactive}", "phase.inactive@30{from=foreground-active}",
                "phase.background@40{from=foreground-inactive}", "phase.active@50{from=background,after=background}",
            ])
    }

    @Test func flutterPausedIsTheBackgroundEntryAndHiddenIsNot() {
        let stream = Self.events(
            [
                (0, "flutter.resumed", [:]), (10, "flutter.inactive", [:]), (20, "flutter.hidden", [:]),
                (30, "flutter.paused", [:]), (40, "flutter.hidden", [:]), (50, "flutter.resumed", [:]), (60, "flutter.detached", [:]),
            ], platform: .flutter)
        #expect(
            Self.derive(stream) == [
                "phase.active@0{from=unknown,after=unknown}", "phase.inactive@10{from=foreground-active}",
                "phase.background@30{from=foreground-inactive}", "phase.inactive@40{from=background}",
                "phase.active@50{from=foreground-inactive,after=background}",
            ])
    }

    @Test func activitiesDecideAFlutterAppsBackgroundEntries() {
        // The app opens a native activity of its own: Flutter says paused, the app never left.
        var stream = Self.events([
            (0, "activity.started", ["component": "com.x/.MainActivity"]), (1, "activity.resumed", ["component": "com.x/.MainActivity"]),
            (5, "flutter.inactive", [:]), (6, "activity.paused", ["component": "com.x/.MainActivity"]),
            (10, "activity.started", ["component": "com.x/.PayActivity"]), (11, "activity.resumed", ["component": "com.x/.PayActivity"]),
            (12, "activity.stopped", ["component": "com.x/.MainActivity"]), (13, "flutter.paused", [:]),
        ])
        for index in [2, 7] { stream[index].platform = .flutter }
        #expect(!Self.derive(stream).contains { $0.hasPrefix("phase.background") })
    }

    @Test func aRelaunchIntoTheBackgroundIsNoDeparture() {
        let stream = Self.events(
            [
                (0, "system.foreground", [:]), (10, "process.died", ["reason": "killed"]), (20, "system.background", [:]),
            ], platform: .ios)
        #expect(!Self.derive(stream).contains { $0.hasPrefix("phase.background") })
    }

    @Test func theSystemsViewDrivesOnlyAppsThatReportNoCallbacks() {
        let system = Self.events(
            [
                (0, "system.foreground", [:]), (10, "system.background", [:]), (20, "process.frozen", [:]), (30, "system.foreground", [:]),
            ], platform: .ios)
        #expect(
            Self.derive(system) == [
                "phase.active@0{from=unknown,after=unknown}", "phase.background@10{from=foreground-active}",
                "phase.active@30{from=background,after=background}",
            ])
        let both = Self.events(
            [
                (0, "scene.did-become-active", [:]), (5, "scene.will-resign-active", [:]), (10, "system.background", [:]),
                (12, "scene.did-enter-background", [:]), (30, "system.foreground", [:]), (31, "scene.will-enter-foreground", [:]),
                (32, "scene.did-become-active", [:]),
            ], platform: .ios)
        #expect(
            Self.derive(both) == [
                "phase.active@0{from=unknown,after=unknown}", "phase.inactive@5{from=foreground-active}",
                "phase.background@12{from=foreground-inactive}", "phase.inactive@31{from=background}",
                "phase.active@32{from=foreground-inactive,after=background}",
            ])
    }

    @Test func slightlyUnorderedInputIsReordered() {
        var stream = Self.events([(0, "activity.resumed", [:]), (100, "input.edited", [:]), (50, "persist.begin", [:])])
        stream[2].source.line = 3
        #expect(Self.derive(stream, all: true) == ["activity.resumed@0", "phase.active@0{from=unknown,after=unknown}", "persist.begin@50", "input.edited@100"])
    }
}
