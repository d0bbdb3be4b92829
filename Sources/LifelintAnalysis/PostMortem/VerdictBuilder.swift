import LifelintModel

/// Follows each app through the derived event stream (platform events and `phase.*`) and writes
/// a `Verdict` for every background entry that a process death followed. State is per app and
/// small: the last unsaved input, and the episode being followed. Verdicts are written when the
/// trace ends, once it is known what the app reports anywhere in it: an app that reports no
/// input cannot show that nothing was at risk, one that reports no restores or screens cannot
/// show that nothing was restored.
public struct VerdictBuilder {
    /// A reference: an episode changes a little at a time, so it is updated in place rather
    /// than copied out of the app's state and back on every event. It keeps what its verdict
    /// reads of each event, not the events: an episode whose process died waits for the app's
    /// next start or the end of the trace, and a trace may hold one for each of a million apps.
    private final class Episode {
        /// The app's number (`process(_:app:)`).
        let app: Int
        let appName: String
        let pid: Int32?
        let platform: Platform
        let background: Moment
        var unsavedInput: Moment?
        var stateSaved: Moment?
        /// The save begun in the background, or the one still running when the app left.
        var saveBegin: Moment?
        /// Whether a background task was held when the save's background time began (its
        /// start, or the background entry for a save already running): it sets its window.
        var saveUnderBackgroundTask = false
        var saveEnd: Moment?
        var death: (moment: Moment, description: DeathDescription)?
        var coldStart: Moment?
        /// Its `detail` is the restoring event's name.
        var restore: Moment?
        var freshScreen: Moment?

        init(app: Int, background: Event, unsavedInput: Moment?, stateSaved: Moment?) {
            self.app = app
            appName = background.app
            pid = background.pid
            platform = background.platform
            self.background = Moment(background)
            self.unsavedInput = unsavedInput
            self.stateSaved = stateSaved
        }

        var isDead: Bool { death != nil }
        var hasSaveBegin: Bool { saveBegin != nil }
        var hasSaveEnd: Bool { saveEnd != nil }
        var hasColdStart: Bool { coldStart != nil }
        var hasRestore: Bool { restore != nil }
        var hasFreshScreen: Bool { freshScreen != nil }
    }

    /// Apps by number, a flag each: set on every input and restore event, so not hashed.
    private struct AppSet {
        private var members: [Bool] = []

        mutating func insert(_ app: Int) {
            if app >= members.count { members.append(contentsOf: repeatElement(false, count: app + 1 - members.count)) }
            members[app] = true
        }

        func contains(_ app: Int) -> Bool { app < members.count && members[app] }
    }

    private struct AppState {
        var unsavedInput: Moment?
        var stateSaved: Moment?
        /// A `persist.begin` not yet ended.
        var runningSave: Moment?
        /// A `bgtask.begin` since the last `bgtask.end`, as the rules' guard reads it.
        var backgroundTaskHeld = false
        var episode: Episode?

        var isEmpty: Bool {
            guard case nil = unsavedInput, case nil = stateSaved, case nil = runningSave, case nil = episode else { return false }
            return !backgroundTaskHeld
        }
    }

    /// The apps with something pending, by number: each app number has a slot that leads to
    /// its state in a dense array, whose freed entries are reused. An event then costs no
    /// hashing, and memory follows open stories (and four bytes per app number).
    private struct PendingApps {
        /// Per app number, its state's index in `states`, or -1.
        private var slots: [Int32] = []
        /// Changed in place by the builder (`states[slot(of:)]`); freed entries are fresh states.
        fileprivate var states: [AppState] = []
        private var vacant: [Int32] = []

        /// The index of the app's state, if it has something pending.
        func slot(of app: Int) -> Int? {
            app < slots.count && slots[app] >= 0 ? Int(slots[app]) : nil
        }

        mutating func add(_ state: AppState, for app: Int) {
            if app >= slots.count { slots.append(contentsOf: repeatElement(-1, count: app + 1 - slots.count)) }
            if let reused = vacant.popLast() {
                states[Int(reused)] = state
                slots[app] = reused
            } else {
                states.append(state)
                slots[app] = Int32(states.count - 1)
            }
        }

        /// Forgets the state of an app left with nothing pending.
        mutating func free(_ app: Int) {
            let slot = slots[app]
            states[Int(slot)] = AppState()
            vacant.append(slot)
            slots[app] = -1
        }

        var episodes: [Episode] { states.compactMap(\.episode) }
    }

    private let window: SaveWindow
    /// Apps that reported `input.edited` somewhere in the trace: the evidence a verdict on
    /// what was at risk rests on, as `no-save-at-background` requires it.
    private var appsReportingInput = AppSet()
    /// Apps that reported restores or screens: what `state-lost-after-process-death` requires.
    private var appsReportingRestores = AppSet()
    /// `relevantEvents`, held here: a static is a lazily made global, checked on every read.
    private let relevant = VerdictBuilder.relevantEvents
    private var apps = PendingApps()
    /// The builder's own numbers, for events given without one (`process(_:)`).
    private var ownNumbers: [String: Int] = [:]
    /// Episodes whose verdict waits for the end of the trace.
    private var finished: [Episode] = []
    /// A live stream's verdicts are told when their episode ends, with what the stream has shown
    /// so far (`LiveAnalysis`): waiting for the end of a watch would hold every episode of hours.
    package var settlesAtOnce = false
    public private(set) var verdicts: [Verdict] = []

    static let relevantEvents: EventNameSet = [
        EventName.phaseBackground, EventName.phaseActive, EventName.phaseInactive, EventName.phaseTerminated, EventName.phaseColdStart,
        EventName.inputEdited, EventName.persistBegin, EventName.persistEnd, EventName.stateSaved, EventName.stateRestored, EventName.navRestored, EventName.screenShown,
        EventName.bgtaskBegin, EventName.bgtaskEnd,
    ]

    public init(thresholds: Thresholds = Thresholds()) {
        window = SaveWindow(thresholds: thresholds)
    }

    public mutating func process(_ event: Event) {
        let app = ownNumbers[event.app] ?? ownNumbers.count
        if app == ownNumbers.count { ownNumbers[event.app] = app }
        process(event, app: app)
    }

    /// The same, for an app already numbered (by the phase deriver): no hashing of its name.
    package mutating func process(_ event: Event, app: Int) {
        guard relevant.contains(event.name) else { return }
        switch event.name.known {
        case .inputEdited?: appsReportingInput.insert(app)
        case .stateRestored?, .navRestored?, .screenShown?: appsReportingRestores.insert(app)
        default: break
        }
        var episode: Episode?
        // Static, and the state mutated in place: calling a method of `self` here would copy
        // the whole store on every event.
        if let slot = apps.slot(of: app) {
            if Self.updateLeavingNothingPending(&apps.states[slot], with: event, app: app, finished: &episode) { apps.free(app) }
        } else {
            var state = AppState()
            if !Self.updateLeavingNothingPending(&state, with: event, app: app, finished: &episode) { apps.add(state, for: app) }
        }
        if let episode { settle(episode) }
    }

    /// A verdict now when the trace has already shown what it rests on (the app reports input
    /// and restores), else when it ends: memory follows undecided stories only.
    private mutating func settle(_ episode: Episode) {
        if settlesAtOnce || appsReportingInput.contains(episode.app) && appsReportingRestores.contains(episode.app) {
            verdicts.append(verdict(episode))
        } else {
            finished.append(episode)
        }
    }

    /// Whether the app (by number) logged input anywhere so far.
    package func reportsInput(app: Int) -> Bool { appsReportingInput.contains(app) }

    /// Whether it logged restores or screens anywhere so far.
    package func reportsRestores(app: Int) -> Bool { appsReportingRestores.contains(app) }

    /// The verdicts settled since the last call, which leave the builder: a live stream reports
    /// each as it settles (`LiveAnalysis`), and `finish` then gives only the rest.
    package mutating func takeSettled() -> [Verdict] {
        defer { verdicts.removeAll() }
        return verdicts
    }

    /// Writes the verdicts, those of episodes still open when the trace ends included.
    public mutating func finish() {
        let open = apps.episodes.filter(\.isDead)
        finished += open.sorted { $0.appName < $1.appName }
        apps = PendingApps()
        verdicts = (verdicts + finished.map(verdict)).sorted { $0.location < $1.location }
        finished = []
    }

    /// `update`, then whether the app has nothing pending.
    private static func updateLeavingNothingPending(_ state: inout AppState, with event: Event, app: Int, finished: inout Episode?) -> Bool {
        update(&state, with: event, app: app, finished: &finished)
        return state.isEmpty
    }

    private static func update(_ state: inout AppState, with event: Event, app: Int, finished: inout Episode?) {
        switch event.name.known {
        case .inputEdited?:
            state.unsavedInput = Moment(event)
        case .persistBegin?:
            state.runningSave = Moment(event, keeping: "key")
        case .persistEnd?:
            state.runningSave = nil
            if event.attributes["ok"] != "false" { state.unsavedInput = nil }
        case .stateSaved?:
            state.stateSaved = Moment(event, keeping: "bytes")
        case .bgtaskBegin?:
            state.backgroundTaskHeld = true
        case .bgtaskEnd?:
            state.backgroundTaskHeld = false
        case .phaseTerminated?, .phaseColdStart?:
            // A new incarnation holds nothing the dead one began, as the engine's history.
            state.backgroundTaskHeld = false
            state.runningSave = nil
        default: break
        }
        // Instance state counts when saved just before or after leaving; older saves are dropped.
        if event.name.is(.phaseBackground), let savedAt = state.stateSaved?.time.nanoseconds, savedAt < event.time.nanoseconds - 1_000_000_000 {
            state.stateSaved = nil
        }
        guard let episode = state.episode else {
            if event.name.is(.phaseBackground) { state.episode = Self.episode(of: app, leavingAt: event, state) }
            return
        }
        switch event.name.known {
        case .persistBegin? where !episode.isDead && !episode.hasSaveBegin:
            episode.saveBegin = Moment(event, keeping: "key")
            episode.saveUnderBackgroundTask = state.backgroundTaskHeld
        case .persistEnd? where !episode.isDead && episode.hasSaveBegin && !episode.hasSaveEnd:
            episode.saveEnd = Moment(event)
        case .stateSaved? where !episode.isDead:
            episode.stateSaved = Moment(event, keeping: "bytes")
        case .phaseActive? where !episode.isDead, .phaseInactive? where !episode.isDead:
            state.episode = nil
            return
        case .phaseTerminated? where !episode.isDead:
            episode.death = (Moment(event), DeathDescription(event))
            state.unsavedInput = nil
            state.stateSaved = nil
        case .phaseColdStart? where episode.isDead && !episode.hasColdStart:
            episode.coldStart = Moment(event)
        case .stateRestored? where episode.hasColdStart && !episode.hasRestore, .navRestored? where episode.hasColdStart && !episode.hasRestore:
            episode.restore = Moment(event, detail: event.name.rawValue)
        case .screenShown? where episode.hasColdStart && !episode.hasRestore && !episode.hasFreshScreen:
            if event.attributes["restored"] == "true" { episode.restore = Moment(event, detail: event.name.rawValue) } else { episode.freshScreen = Moment(event) }
        case .phaseBackground? where episode.hasColdStart, .phaseTerminated? where episode.hasColdStart:
            finished = episode
            state.episode = event.name.is(.phaseBackground) ? Self.episode(of: app, leavingAt: event, state) : nil
            return
        default: break
        }
    }

    /// The episode a background entry opens; a save still running then is its save.
    private static func episode(of app: Int, leavingAt background: Event, _ state: AppState) -> Episode {
        let episode = Episode(app: app, background: background, unsavedInput: state.unsavedInput, stateSaved: state.stateSaved)
        if let running = state.runningSave {
            episode.saveBegin = running
            episode.saveUnderBackgroundTask = state.backgroundTaskHeld
        }
        return episode
    }

    private func verdict(_ episode: Episode) -> Verdict {
        let background = episode.background
        var claims: [Verdict.Claim] = []
        func claim(_ text: String, _ moment: Moment?) { claims.append(Verdict.Claim(text: text, location: moment?.source)) }
        let left = background.time.nanoseconds
        let when = DurationText.clock(background.time)
        let showsInput = appsReportingInput.contains(episode.app)
        if let input = episode.unsavedInput {
            claim("\(episode.appName) went to the background at \(when) with unsaved input", background)
            claim("The input was typed at \(DurationText.clock(input.time))", input)
        } else if showsInput {
            claim("\(episode.appName) went to the background at \(when) with nothing left unsaved", background)
        } else {
            claim(
                "\(episode.appName) went to the background at \(when); it reports no input in this trace, so what was unsaved cannot be told (instrument the app or add a mapping)",
                background)
        }
        let grace = DurationText.describe(nanoseconds: window.grace)
        if let begin = episode.saveBegin {
            let start = begin.time.nanoseconds - left
            let key = begin.detail.map { " of '\($0)'" } ?? ""
            if start < 0 {
                claim("A save\(key) begun \(DurationText.describe(nanoseconds: -start)) before it left was still running", begin)
            } else {
                claim(
                    "A save\(key) began \(DurationText.describe(nanoseconds: start)) after it left, \(start <= window.grace ? "within" : "after") the \(grace) grace window", begin)
            }
            if let end = episode.saveEnd {
                let total = end.time.nanoseconds - left
                let inTime = window.isInTime(left: left, begin: begin.time.nanoseconds, end: end.time.nanoseconds, backgroundTaskHeld: episode.saveUnderBackgroundTask)
                let allowance =
                    episode.saveUnderBackgroundTask
                    ? ", under a background task (\(DurationText.describe(nanoseconds: window.backgroundTask)))" : ""
                claim("It ended \(DurationText.describe(nanoseconds: total)) after the app left\(allowance) (\(inTime ? "in time" : "too late to count on"))", end)
            } else {
                claim("It never ended before the process died", nil)
            }
        } else if episode.unsavedInput != nil {
            claim("No save began before the process died", nil)
        }
        if let stateSaved = episode.stateSaved, stateSaved.time.nanoseconds >= left - 1_000_000_000 {
            claim("The platform saved instance state\(stateSaved.detail.map { ", \($0) bytes" } ?? "")", stateSaved)
        }
        if let (death, description) = episode.death {
            let when = description.unseen ? "by \(DurationText.clock(death.time)) at the latest" : "at \(DurationText.clock(death.time))"
            claim("\(description.sentence) \(when), \(DurationText.describe(nanoseconds: death.time.nanoseconds - left)) after it left", death)
        }
        if let start = episode.coldStart {
            if let restore = episode.restore {
                claim("The next cold start, at \(DurationText.clock(start.time)), restored state (\(restore.detail ?? ""))", restore)
            } else if !appsReportingRestores.contains(episode.app) {
                claim("The next cold start was at \(DurationText.clock(start.time)); the app reports no restores or screens, so what it restored cannot be told", start)
            } else {
                claim(
                    "The next cold start, at \(DurationText.clock(start.time)), restored nothing\(episode.stateSaved != nil ? ", although instance state had been saved" : "")",
                    episode.freshScreen ?? start)
            }
        } else {
            claim("The trace ends before the app started again", nil)
        }
        return Verdict(
            app: episode.appName, pid: episode.pid, platform: episode.platform, outcome: outcome(episode),
            time: background.time, location: background.source, claims: claims)
    }

    private func outcome(_ episode: Episode) -> Verdict.Outcome {
        let left = episode.background.time.nanoseconds
        if episode.coldStart != nil, episode.restore != nil, episode.saveEnd == nil, episode.unsavedInput != nil { return .restored }
        guard episode.unsavedInput != nil else { return appsReportingInput.contains(episode.app) ? .nothingAtRisk : .noEvidence }
        if let end = episode.saveEnd, let begin = episode.saveBegin {
            let inTime = window.isInTime(left: left, begin: begin.time.nanoseconds, end: end.time.nanoseconds, backgroundTaskHeld: episode.saveUnderBackgroundTask)
            return inTime ? .saved : .savedLate
        }
        // Without a cold start, or one whose restores the app does not report, what came back
        // cannot be seen.
        if episode.coldStart == nil || !appsReportingRestores.contains(episode.app) {
            if episode.saveBegin != nil { return .saveCutOff }
            // Nothing persisted and no saved state to come back to: the input died with the process.
            let stateAfterInput = episode.stateSaved.map { $0.time >= episode.unsavedInput!.time } ?? false
            return stateAfterInput ? .unknown : .lost
        }
        return episode.saveBegin == nil ? .lost : .saveCutOff
    }
}
