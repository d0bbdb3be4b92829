import LifelintModel

/// Derives each app's lifecycle phase from the platform's events and adds it to the stream as
/// synthetic events, so rules read the same `phase.*` events on every platform:
///
/// - `phase.active` (attrs `from`, `after`), `phase.inactive`, `phase.background` (`from`);
/// - `phase.terminated` (`reason`, `initiator`, `from`, the death's `detail`) when a process incarnation ends;
/// - `phase.cold-start` (`after`, `initiator`, `saved_state`, `unsaved_input`) when the next begins.
///
/// Android: the app is in the background when its last started activity stops and none starts
/// again within 700 ms (as ProcessLifecycleOwner does, so a rotation is not a departure);
/// `paused` alone is inactive. iOS: from scene events, background only when every scene is;
/// for apps that log none, from RunningBoard and FrontBoard (`system.foreground`,
/// `system.background`). React Native: `appstate.*`. Flutter: `flutter.*` (`paused` is the
/// background entry). Output is in time order; a pending Android departure holds the
/// events after it until it is decided.
public struct PhaseDeriver {
    public static let departureDebounceNanoseconds: Int64 = 700_000_000

    private enum Slot {
        case event(Event, app: Int)
        /// The place of the oldest departure not yet released (`departures.first`).
        case departure
        /// What a released slot is left holding until the queue is compacted.
        case released

        /// The slot's content, moved out, the slot left released.
        mutating func take() -> Slot {
            let taken = consume self
            self = .released
            return taken
        }
    }

    /// A reference: the departures are looked through on every expiry, and a copy of each
    /// would copy its stop event.
    private final class Departure {
        let app: Int
        let stop: Event
        var decided: Bool?
        var background: Event?

        init(app: Int, stop: Event) {
            self.app = app
            self.stop = stop
        }
    }

    /// Each app's number, given at its first event: the rule engine and the metrics keep their
    /// per-app state in arrays by it (`process(_:emitWithApp:)`) instead of hashing the name.
    private var appNumbers = AppNumbering()
    private var apps: [AppLifecycle] = []
    private var nameKinds = EventNameKinds()
    /// Events held back behind an undecided departure; the slots before `queueStart` have
    /// been released (moved out, not copied) and are dropped in bulk.
    private var queue: [Slot] = []
    private var queueStart = 0
    /// The departures not yet released, in the order the apps stopped (the order of their
    /// slots in the queue).
    private var departures: [Departure] = []
    /// The arrays `process` reuses for an event's effects (`Effects(reusing:)`).
    private var spareEffects = Effects()
    /// The earliest stop time of an undecided departure (or earlier): most events are not
    /// past it, and skip looking at the departures at all.
    private var earliestUndecided = Int64.max

    public init() {}

    /// Each app's name, by the number given with its events.
    package var appNames: [String] { appNumbers.names }

    /// Takes events in time order (`EventNormalizer`).
    public mutating func process(_ event: consuming Event, emit: EventSink) {
        process(consume event) { derived, _ in emit(derived) }
    }

    /// The same, with each derived event's app number (0, 1, 2… in order of first sight).
    package mutating func process(_ event: consuming Event, emitWithApp emit: (consuming Event, Int) -> Void) {
        let app = appNumbers.number(of: event.app)
        if app == apps.count { apps.append(AppLifecycle()) }
        decideExpiredDepartures(before: event.time.nanoseconds)
        if !departures.isEmpty { settleDepartures(at: event, app: app) }
        // Changed in place (static, so nothing else of `self` is touched meanwhile): a copy
        // would copy its collections on every event. The departures above have already moved
        // it to the background where the app left.
        var effects = Effects(reusing: &spareEffects)
        Self.applyAndNote(event, nameKinds.kind(of: event.name), to: &apps[app], &effects)
        if queueStart == queue.count, !effects.departure {
            // Nothing is held back: the events go out in the order the queue would release them.
            effects.before.handOver { derived in emit(consume derived, app) }
            emit(consume event, app)
            effects.after.handOver { derived in emit(consume derived, app) }
            spareEffects = effects
            return
        }
        let departingStop = effects.departure ? copy event : nil
        effects.before.handOver { derived in queue.append(.event(consume derived, app: app)) }
        queue.append(.event(consume event, app: app))
        effects.after.handOver { derived in queue.append(.event(consume derived, app: app)) }
        spareEffects = effects
        if let departingStop { scheduleDeparture(departingStop, app: app) }
        flush(emit)
    }

    /// Settles what is open when the trace ends: a stop still waiting out the debounce is a
    /// departure (its activity was the app's last visible one).
    public mutating func finish(emit: EventSink) {
        finish { derived, _ in emit(derived) }
    }

    /// Decides the departures whose debounce has passed by `time` and sends what they held: a
    /// live stream's clock moved on with no event (`LiveAnalysis`).
    package mutating func advance(to time: Int64, emitWithApp emit: (consuming Event, Int) -> Void) {
        decideExpiredDepartures(before: time)
        flush(emit)
    }

    package mutating func finish(emitWithApp emit: (consuming Event, Int) -> Void) {
        for departure in departures { decide(departure, left: true) }
        flush(emit)
    }

    // MARK: The state machine

    /// What one event causes: synthetic events that precede it (an inferred end of the last
    /// incarnation, a cold start), synthetic events that follow it, and whether it may be an
    /// Android departure to decide later.
    private struct Effects {
        var before: [Event] = []
        var after: [Event] = []
        var departure = false

        init() {}

        /// Effects in the arrays of the last event's, which were emptied when their events were
        /// handed over: a start or an end makes a synthetic event, and a new array for it
        /// would be an allocation per app in a trace of a million.
        init(reusing spare: inout Effects) {
            swap(&before, &spare.before)
            swap(&after, &spare.after)
        }
    }

    private static func applyAndNote(_ event: Event, _ kind: EventNameKinds.Kind, to app: inout AppLifecycle, _ effects: inout Effects) {
        apply(event, kind, to: &app, &effects)
        app.note(event)
    }

    private static func apply(_ event: Event, _ kind: EventNameKinds.Kind, to app: inout AppLifecycle, _ effects: inout Effects) {
        if kind.contains(.ownCallback) { app.reportsOwnCallbacks = true }
        if kind.contains(.activity) { app.hasActivityEvidence = true }
        switch event.name.known {
        case .processStarted? where event.attributes["process"] == nil:
            Self.coldStart(event, app: &app, into: &effects.before)
        case .appDidFinishLaunching?:
            if !app.awaitingLaunch { Self.coldStart(event, app: &app, into: &effects.before) }
        case .processDied? where event.attributes["process"] == nil:
            Self.terminate(event, reason: event.attributes["reason"] ?? "unknown", app: &app, into: &effects.after)
        case .appWillTerminate?:
            Self.terminate(event, reason: "unknown", app: &app, into: &effects.after)
        case .activityStarted?:
            app.showActivity(AppLifecycle.activityKey(event), implied: false)
            if app.phase != .foregroundActive { Self.transition(&app, to: .foregroundInactive, event, &effects.after) }
        case .activityResumed?, .activityTopGained?:
            // Top-resumed is about focus: it says nothing of which activities are visible.
            if event.name.is(.activityResumed) { app.showActivity(AppLifecycle.activityKey(event), implied: true) }
            Self.transition(&app, to: .foregroundActive, event, &effects.after)
        case .activityPaused?:
            app.showActivity(AppLifecycle.activityKey(event), implied: true)
            if app.phase == .foregroundActive || app.phase == nil { Self.transition(&app, to: .foregroundInactive, event, &effects.after) }
        case .activityStopped?:
            app.hideActivity(AppLifecycle.activityKey(event))
            // A departure only from a foreground the trace showed, and only when no other
            // activity of the app is still visible (in-app navigation stops the screen left).
            effects.departure = !app.hasVisibleActivity && app.phase?.isForeground == true
        case .activityDestroyed? where event.attributes["token"] != nil:
            app.visibleActivities[AppLifecycle.activityKey(event)] = nil
        case _ where kind.contains(.scene):
            Self.applyScene(event, to: &app, &effects.after)
        case _ where kind.contains(.flutter) && !app.hasActivityEvidence:
            if let phase = Self.flutterPhase(announcedBy: event.name.known) { Self.transition(&app, to: phase, event, &effects.after) }
        case .systemForeground? where !app.reportsOwnCallbacks:
            if app.phase?.isForeground != true { Self.transition(&app, to: .foregroundActive, event, &effects.after) }
        case .systemBackground? where !app.reportsOwnCallbacks:
            // Only a departure from a phase the trace showed: an app launched straight into the
            // background (a fetch, a location event) never left the foreground.
            if app.phase?.isForeground == true { Self.transition(&app, to: .background, event, &effects.after) }
        case .appstateActive?, .appstateFocus?:
            if event.name.is(.appstateActive) || app.phase == .foregroundInactive { Self.transition(&app, to: .foregroundActive, event, &effects.after) }
        case .appstateInactive?, .appstateBlur?:
            if event.name.is(.appstateInactive) || app.phase == .foregroundActive { Self.transition(&app, to: .foregroundInactive, event, &effects.after) }
        case .appstateBackground?:
            Self.transition(&app, to: .background, event, &effects.after)
        default:
            break
        }
    }

    /// Flutter's states: `paused` is the background entry; `hidden` and `inactive` are not.
    static func flutterPhase(announcedBy name: KnownEventName?) -> AppPhase? {
        switch name {
        case .flutterResumed?: .foregroundActive
        case .flutterInactive?, .flutterHidden?: .foregroundInactive
        case .flutterPaused?: .background
        default: nil
        }
    }

    private static func applyScene(_ event: Event, to app: inout AppLifecycle, _ output: inout [Event]) {
        let scene = event.attributes["scene"] ?? "main"
        switch event.name.known {
        case .sceneWillConnect?:
            app.scenes[scene] = .background
            // A scene attaching during launch is not a trip to the background.
            if app.phase == nil || app.phase == .notRunning { return }
        case .sceneWillEnterForeground?, .sceneWillResignActive?: app.scenes[scene] = .foregroundInactive
        case .sceneDidBecomeActive?: app.scenes[scene] = .foregroundActive
        case .sceneDidEnterBackground?: app.scenes[scene] = .background
        case .sceneDidDisconnect?: app.scenes[scene] = nil
        default: return
        }
        Self.transition(&app, to: app.scenePhase, event, &output)
    }

    private static func transition(_ app: inout AppLifecycle, to phase: AppPhase, _ cause: Event, _ output: inout [Event]) {
        guard app.phase != phase else { return }
        let attributes = DerivedAttributes.transition(from: app.phase, after: phase == .foregroundActive ? app.resumeContext : nil)
        if phase == .foregroundActive { app.resumeContext = .inactive }
        if phase == .background { app.resumeContext = .background }
        app.phase = phase
        app.awaitingLaunch = false
        output.append(Self.synthetic(phase.eventName, cause, attributes))
    }

    private static func coldStart(_ cause: Event, app: inout AppLifecycle, into output: inout [Event]) {
        if let phase = app.phase, phase != .notRunning {
            Self.terminate(cause, reason: "unknown", unseen: true, app: &app, into: &output)
        }
        let death = app.lastDeath
        let attributes = DerivedAttributes.coldStart(
            after: death?.reason ?? "none", initiator: death?.initiator ?? "none", savedState: death?.facts.savedState ?? false,
            unsavedInput: death?.facts.unsavedInput ?? false)
        output.append(Self.synthetic(EventName.phaseColdStart, cause, attributes))
        app.resumeContext = ResumeContext(coldStartAfter: death.map { DeathInitiator(rawValue: $0.initiator) ?? .unknown })
        app.phase = .notRunning
        app.visibleActivities = VisibleActivities()
        app.scenes = [:]
        app.incarnation = AppLifecycle.IncarnationFacts()
        app.awaitingLaunch = true
    }

    /// `unseen`: the trace shows no end, only that the process was gone by `cause` (a new one
    /// started, its pid went to another process); when it ended is not known.
    private static func terminate(_ cause: Event, reason: String, unseen: Bool = false, app: inout AppLifecycle, into output: inout [Event]) {
        guard app.phase != .notRunning || app.awaitingLaunch else { return }
        let initiator = AppLifecycle.initiator(of: cause.name.is(.processDied) ? cause : nil, reason: reason)
        var attributes: Attributes = ["reason": reason, "initiator": initiator, "from": app.phase?.rawValue ?? "unknown"]
        if cause.name.is(.processDied) {
            attributes["detail"] = cause.attributes["detail"]
            attributes["reporter"] = cause.attributes["reporter"]
        }
        if unseen || cause.attributes["unseen"] == "true" { attributes["unseen"] = "true" }
        output.append(Self.synthetic(EventName.phaseTerminated, cause, attributes))
        app.lastDeath = AppLifecycle.Death(reason: reason, initiator: initiator, facts: app.incarnation)
        app.phase = .notRunning
        app.visibleActivities = VisibleActivities()
        app.scenes = [:]
        app.awaitingLaunch = false
    }

    static func synthetic(_ name: EventName, _ cause: Event, _ attributes: Attributes) -> Event {
        Event(time: cause.time, app: cause.app, pid: cause.pid, tid: nil, platform: cause.platform, name: name, attributes: attributes, source: cause.source)
    }

    // MARK: Android departures

    private mutating func scheduleDeparture(_ stop: Event, app: Int) {
        departures.append(Departure(app: app, stop: stop))
        queue.append(.departure)
        if stop.time.clock != .unknown { earliestUndecided = min(earliestUndecided, stop.time.nanoseconds) }
    }

    private mutating func decideExpiredDepartures(before time: Int64) {
        guard earliestUndecided != .max, time - earliestUndecided > Self.departureDebounceNanoseconds else { return }
        earliestUndecided = .max
        // In the order the app stopped: the first of two stops that expire together is the one
        // it left at.
        for departure in departures where departure.decided == nil && departure.stop.time.clock != .unknown {
            if time - departure.stop.time.nanoseconds > Self.departureDebounceNanoseconds {
                decide(departure, left: true)
            } else {
                earliestUndecided = min(earliestUndecided, departure.stop.time.nanoseconds)
            }
        }
    }

    /// A process death confirms the app's pending departure (it left, then died); the app
    /// starting or resuming an activity cancels it (it never left).
    private mutating func settleDepartures(at event: Event, app: Int) {
        switch event.name.known {
        case .processDied? where event.attributes["process"] == nil: settlePendingDeparture(of: app, left: true)
        case .activityStarted?, .activityResumed?, .activityTopGained?: settlePendingDeparture(of: app, left: false)
        default: break
        }
    }

    private mutating func settlePendingDeparture(of app: Int, left: Bool) {
        for departure in departures where departure.app == app { decide(departure, left: left) }
    }

    /// Settles a departure: when the app left, its `phase.background` takes the departure's
    /// place in the queue (at the stop's time); otherwise the place is simply dropped.
    private mutating func decide(_ departure: Departure, left: Bool) {
        guard departure.decided == nil else { return }
        var output: [Event] = []
        if left { Self.transition(&apps[departure.app], to: .background, departure.stop, &output) }
        departure.background = output.first
        departure.decided = true
    }

    /// Sends the queue's events up to the first undecided departure, moving each out of its
    /// slot (a copy would retain and release every reference the event holds).
    private mutating func flush(_ emit: (consuming Event, Int) -> Void) {
        release: while queueStart < queue.count {
            if case .departure = queue[queueStart] {
                guard let departure = departures.first, departure.decided != nil else { break release }
                if let background = departure.background { emit(background, departure.app) }
                departures.removeFirst()
                queue[queueStart] = .released
            } else if case let .event(event, app) = queue[queueStart].take() {
                emit(event, app)
            }
            queueStart += 1
        }
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        } else if queueStart >= 4096, queueStart * 2 >= queue.count {
            queue.removeFirst(queueStart)
            queueStart = 0
        }
    }
}
