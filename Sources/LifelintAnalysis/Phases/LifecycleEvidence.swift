import LifelintModel

/// Which kinds of lifecycle evidence each app of a trace gave: process starts and deaths, the
/// lifecycle callbacks the phase deriver reads, and the phases it derived from them. Read once
/// the trace ends to say why a trace made no phases (`TraceNote`), so a quiet report is not
/// mistaken for a clean app. One small bit set per app, in the deriver's app numbering.
struct LifecycleEvidence {
    private struct Seen: OptionSet {
        let rawValue: UInt32
        static let process = Seen(rawValue: 1 << 0)
        static let phase = Seen(rawValue: 1 << 1)
        /// Callbacks, by `callbacks` below: bit 2 and on.
        static func callback(_ index: Int) -> Seen { Seen(rawValue: 1 << UInt32(2 + index)) }
    }

    /// The callbacks the deriver reads, in families, each family with the callbacks that start a
    /// phase on their own and the words that say so.
    private struct Family {
        let callbacks: [KnownEventName]
        let starting: Set<KnownEventName>
        let missing: String
    }

    private static let families: [Family] = [
        Family(
            callbacks: [
                .activityCreated, .activityStarted, .activityResumed, .activityPaused, .activityStopped, .activityDestroyed, .activityRestarted, .activityTopGained,
                .activityTopLost,
            ],
            starting: [.activityStarted, .activityResumed, .activityPaused, .activityTopGained],
            missing: "activity.started or activity.resumed (a background entry is a stop after them)"),
        Family(
            callbacks: [.sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground, .sceneDidDisconnect],
            starting: [.sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground],
            missing: "scene.did-become-active or scene.did-enter-background"),
        Family(callbacks: [.systemForeground, .systemBackground], starting: [.systemForeground], missing: "system.foreground before system.background"),
        Family(
            callbacks: [.appstateActive, .appstateBackground, .appstateInactive, .appstateFocus, .appstateBlur],
            starting: [.appstateActive, .appstateBackground, .appstateInactive, .appstateFocus, .appstateBlur], missing: "appstate.active or appstate.background"),
        Family(
            callbacks: [.flutterResumed, .flutterInactive, .flutterHidden, .flutterPaused, .flutterDetached],
            starting: [.flutterResumed, .flutterInactive, .flutterHidden, .flutterPaused], missing: "flutter.resumed or flutter.paused"),
    ]

    private static let callbacks: [KnownEventName] = families.flatMap(\.callbacks)
    /// Each known name's position in `callbacks` (-1: not a callback), by the name's code.
    private static let callbackIndex: [Int8] = {
        var index = [Int8](repeating: -1, count: KnownEventName.allCases.count)
        for (position, callback) in callbacks.enumerated() { index[Int(EventName(callback).code)] = Int8(position) }
        return index
    }()

    private var seen: [Seen] = []
    private var platform: Platform?
    /// Whether any app's process start or death is in the trace: the system's records are.
    private(set) var recordsProcesses = false

    mutating func record(_ event: borrowing Event, app: Int) {
        if app >= seen.count { seen.append(contentsOf: repeatElement(Seen(), count: app + 1 - seen.count)) }
        guard let known = event.name.known else { return }
        switch known {
        case .processStarted, .processDied, .appDidFinishLaunching, .appWillTerminate:
            seen[app].insert(.process)
            recordsProcesses = true
            if platform == nil { platform = event.platform }
        case .phaseActive, .phaseInactive, .phaseBackground:
            seen[app].insert(.phase)
        default:
            let index = Self.callbackIndex[Int(event.name.code)]
            if index >= 0 { seen[app].insert(.callback(Int(index))) }
        }
    }

    /// What the trace lacked when it made no phase at all: callbacks for the apps whose
    /// processes it shows, or the callbacks that start a phase (at most three apps are named).
    /// Nothing when some app made phases: a capture that reads its lifecycle also holds stray
    /// callbacks of apps it began in the middle of.
    func notes(appNames: [String]) -> [TraceNote] {
        guard !seen.contains(where: { $0.contains(.phase) }) else { return [] }
        let allCallbacks = Seen(rawValue: ~(Seen.process.rawValue | Seen.phase.rawValue))
        let withCallbacks = seen.indices.filter { !seen[$0].isDisjoint(with: allCallbacks) }
        guard withCallbacks.isEmpty else {
            return withCallbacks.prefix(3).compactMap { app in
                let names = Self.callbacks.indices.filter { seen[app].contains(.callback($0)) }.map { Self.callbacks[$0] }
                guard let first = names.first, let family = Self.families.first(where: { $0.callbacks.contains(first) }) else { return nil }
                return .callbacksMadeNoPhases(app: appNames[app], seen: names.map(\.rawValue), missing: family.missing)
            }
        }
        let withProcess = seen.indices.filter { seen[$0].contains(.process) }
        guard !withProcess.isEmpty else { return [] }
        return [.noLifecycleCallbacks(apps: withProcess.prefix(3).map { appNames[$0] }, appCount: withProcess.count, platform: platform ?? .unknown)]
    }
}
