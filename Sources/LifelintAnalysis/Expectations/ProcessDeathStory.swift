import LifelintModel

/// What one app did during a run that declared expectations: where it stood, what it typed
/// and saved, its first death and what the next cold start brought back. The judgement
/// (`ProcessDeathJudge`) reads it when the trace ends.
struct ProcessDeathStory {
    /// The app's first process death in the run, with what stood then.
    struct Death {
        let moment: Moment
        let description: DeathDescription
        /// The phase it died from (`background`, `foreground-active`…; `unknown` when the trace
        /// never showed the app's phase).
        let phase: String
        /// The background entry it died in.
        let background: Moment?
        /// A save begun and not ended when it died.
        let runningSave: Moment?
        /// Input typed after the last save that ended.
        let unsavedInput: Moment?
        /// The last save that ended well before it died.
        let lastSave: Moment?
        let failedSave: Moment?
    }

    let app: String
    /// The deriver's number for the app.
    let number: Int
    let pid: Int32?
    /// Whether the derived stream gave it a phase during the run (it has a lifecycle, not
    /// only a process).
    private(set) var hadPhases = false
    private var background: Moment?
    /// The last background entry.
    private(set) var lastBackground: Moment?
    /// Back in the foreground in the same process after leaving: no kill happened between.
    private(set) var returned: Moment?
    private var unsavedInput: Moment?
    private var runningSave: Moment?
    private var lastSave: Moment?
    private var failedSave: Moment?
    private(set) var death: Death?
    private(set) var coldStart: Moment?
    /// Its `detail` is the restoring event's name.
    private(set) var restore: Moment?
    private(set) var freshScreen: Moment?

    init(_ event: Event, number: Int) {
        app = event.app
        self.number = number
        pid = event.pid
    }

    var diedInBackground: Bool { death?.phase == AppPhase.background.rawValue }

    mutating func update(with event: Event) {
        guard let known = event.name.known else { return }
        if death == nil { updateBeforeDeath(known, event) } else { updateAfterDeath(known, event) }
    }

    private mutating func updateBeforeDeath(_ known: KnownEventName, _ event: Event) {
        switch known {
        case .phaseBackground:
            hadPhases = true
            background = Moment(event)
            lastBackground = background
        case .phaseActive, .phaseInactive:
            hadPhases = true
            if background != nil, returned == nil { returned = Moment(event) }
            background = nil
        case .inputEdited:
            unsavedInput = Moment(event)
        case .persistBegin:
            runningSave = Moment(event, keeping: "key")
        case .persistEnd:
            if event.attributes["ok"] == "false" {
                failedSave = Moment(event, keeping: "key")
            } else {
                lastSave = Moment(event, detail: runningSave?.detail ?? event.attributes["key"])
                unsavedInput = nil
            }
            runningSave = nil
        case .phaseTerminated:
            death = Death(
                moment: Moment(event), description: DeathDescription(event), phase: event.attributes["from"] ?? "unknown", background: background,
                runningSave: runningSave, unsavedInput: unsavedInput, lastSave: lastSave, failedSave: failedSave)
        default: break
        }
    }

    private mutating func updateAfterDeath(_ known: KnownEventName, _ event: Event) {
        switch known {
        case .phaseColdStart where coldStart == nil:
            coldStart = Moment(event)
        case .stateRestored where coldStart != nil && restore == nil, .navRestored where coldStart != nil && restore == nil:
            restore = Moment(event, detail: event.name.rawValue)
        case .screenShown where coldStart != nil && restore == nil && freshScreen == nil:
            if event.attributes["restored"] == "true" { restore = Moment(event, detail: "screen.shown restored=true") } else { freshScreen = Moment(event) }
        default: break
        }
    }
}
