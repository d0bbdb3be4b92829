import LifelintIngestion
import LifelintModel

/// What a trace's reading or analysis could not do, said to the user instead of a silent pass:
/// a trace with no events, apps whose processes the trace shows but whose lifecycle it does
/// not, callbacks that cannot make phases. Written after the trace's findings (`lifelint: note:`)
/// and in the JSON reports (`notes`).
public enum TraceNote: Sendable, Hashable, CustomStringConvertible {
    /// Nothing in the trace is an event: an empty file, or lines lifelint reads as no event.
    case noEvents(lines: Int, unit: String)
    /// Processes started or died, but no app reported a lifecycle callback: no phase, finding or
    /// verdict can follow. `apps` are some of those processes' apps.
    case noLifecycleCallbacks(apps: [String], appCount: Int, platform: Platform)
    /// An app reported lifecycle callbacks (`seen`), but none of those that start a phase
    /// (`missing`), so none was derived.
    case callbacksMadeNoPhases(app: String, seen: [String], missing: String)
    /// The device's local clock went back an hour at this line (daylight saving time ended),
    /// and later times were read an hour later.
    case clockWentBack(line: Int)
    /// A process start one device cannot have logged: the file seems to hold two devices' logs.
    case interleavedDevices(InterleavedStart)
    /// An archive's entries (a bugreport zip's beside its main text, a sysdiagnose's reports):
    /// read, or skipped and why.
    case bundleEntries([IngestionSummary.BundleEntry])

    public var isNoEvents: Bool {
        if case .noEvents = self { true } else { false }
    }

    public var description: String {
        switch self {
        case let .noEvents(lines, unit):
            let one = unit == "records" ? "record" : "line"
            return lines == 0
                ? "the trace is empty: nothing to analyse"
                : "no events in \(lines) \(lines == 1 ? one : unit): no \(one) is one lifelint reads as a lifecycle event ('lifelint events' shows how each was read)"
        case let .noLifecycleCallbacks(apps, count, platform):
            let named = apps.joined(separator: ", ") + (count > apps.count ? " and \(count - apps.count) more" : "")
            let subject = count == 1 ? "\(named) shows its process starting or dying" : "\(count) apps (\(named)) show their processes starting or dying"
            return "\(subject) but no lifecycle callbacks, so no background entry can be seen (nor the findings and verdicts that follow one): \(Self.capture(platform))"
        case let .clockWentBack(line):
            return "the clock went back an hour at line \(line), as it does when daylight saving time ends: times from there on are read an hour later, "
                + "so the story stays in order (capture with -v zone to give the offset)"
        case let .interleavedDevices(start):
            return "line \(start.line) starts \(start.process) as pid \(start.pid), which one device cannot log there (that pid's process is alive "
                + "and started earlier): the file seems to hold two devices' logs, which lifelint reads as one device's, so their stories mix; "
                + "capture one device per file (adb -s SERIAL logcat)"
        case let .bundleEntries(entries):
            let read = entries.filter(\.isRead).map { "\($0.name) (\($0.outcome))" }
            let skipped = entries.filter { !$0.isRead }
            let shown = skipped.prefix(4).map { "\($0.name): \($0.outcome)" } + (skipped.count > 4 ? ["\(skipped.count - 4) more"] : [])
            return "of its entries, read " + (read.isEmpty ? "none but the main one" : read.joined(separator: ", "))
                + (skipped.isEmpty ? "" : "; skipped " + shown.joined(separator: "; "))
        case let .callbacksMadeNoPhases(app, seen, missing):
            return "\(app) reports \(seen.joined(separator: ", ")) but no lifecycle phase could be derived: phases need \(missing); "
                + "capture or map the lines that report them"
        }
    }

    /// Where the missing callbacks are on each platform.
    private static func capture(_ platform: Platform) -> String {
        switch platform {
        case .android, .unknown:
            "capture the events buffer too (adb logcat -b main,system,events -v threadtime -d), or map the app's own lifecycle lines to activity.* events"
        case .ios:
            "capture the system's lifecycle lines too (log show --info with RunningBoard and FrontBoard), or map the app's own lifecycle lines to scene.* events"
        case .reactNative:
            "log the app's AppState changes (appstate.*), or map the lines that report them"
        case .flutter:
            "log the app's AppLifecycleState changes (flutter.*), or map the lines that report them"
        }
    }
}
