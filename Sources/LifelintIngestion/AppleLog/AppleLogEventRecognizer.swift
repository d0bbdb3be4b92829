@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Turns Apple log entries into events: what iOS's lifecycle daemons prove about apps
/// (`AppleSystemLine`), the app's own UIKit warnings and Flutter lifecycle lines, lifelint
/// instrumentation and the user's mappings.
///
/// An app's own lines carry only its executable name (`Notes[812]`); the system's carry the
/// bundle id and pid (`[application<com.apple.mobilenotes>:812]`). The app's events are held
/// under the executable's name until a system line names their pid, then go out under the
/// bundle id, so both kinds of evidence land on one app (`ProcessAttribution`).
struct AppleLogEventRecognizer {
    /// One line's fields, read in place in the line's bytes.
    struct Entry: ~Escapable {
        var time: Timestamp
        var process: Span<UInt8>
        var pid: Int32?
        var subsystem: Span<UInt8>
        var category: Span<UInt8>
        var message: Span<UInt8>
        var source: SourceLocation

        @_lifetime(copy process, copy subsystem, copy category, copy message)
        init(time: Timestamp, process: Span<UInt8>, pid: Int32?, subsystem: Span<UInt8>, category: Span<UInt8>, message: Span<UInt8>, source: SourceLocation) {
            self.time = time
            self.process = process
            self.pid = pid
            self.subsystem = subsystem
            self.category = category
            self.message = message
            self.source = source
        }
    }

    static let instrumentationSubsystem = "lifelint"

    private(set) var attribution = ProcessAttribution()
    /// Whether an event named by its executable waits for a line that gives its pid's bundle id
    /// (`ProcessAttribution`). A live stream's do not: they go out at once, under the executable.
    var holdsProvisionalNames = true
    private var mappings: MappingTable
    /// The last pid the trace tied to each bundle id (for lines that name only the bundle).
    private var pidOfBundle: [String: Int32] = [:]
    /// Per app, the last visibility and suspension the system reported, so a state repeated
    /// (Console shows many lines twice) is one event.
    private var foreground: [String: Bool] = [:]
    private var suspended: [String: Bool] = [:]
    /// Apps whose death was reported and that nothing has shown alive since.
    private var dead: Set<String> = []
    /// Processes (`pid N`, or the app when no pid is known) whose background task expiry was
    /// reported since they last ran in the foreground, and the tasks UIKit named: RunningBoard
    /// and UIKit each say it, and Console shows lines twice; one expiry is one event, and each
    /// task UIKit names by its id is its own.
    private var expiryReported: Set<String> = []

    init(mappings: [LineMapping]) {
        self.mappings = MappingTable(mappings, container: .appleLog)
    }

    /// Emits the entry's events; returns how many.
    mutating func recognise(_ entry: Entry, emit: EventSink) -> Int {
        var count = 0
        if Self.mayBeAboutAnApp(entry.message) {
            let message = Substring(entry.message.text)
            for (bundle, pid) in AppleProcessSubject.namedPids(in: message) where pidOfBundle[bundle] != pid {
                // A new pid is a new process; a pid named for the first time may be the dead one.
                if pidOfBundle[bundle] != nil { dead.remove(bundle) }
                pidOfBundle[bundle] = pid
                attribution.name(pid: pid, process: bundle, emit: emit)
            }
            if let line = AppleSystemLine.read(message) {
                for event in systemEvents(line, entry) {
                    count += 1
                    deliver(event, provisional: line.isExecutableName, emit: emit)
                }
            }
        }
        if let (event, named) = appEvent(entry), !event.name.is(.bgtaskExpired) || isNewExpiry(app: event.app, pid: event.pid, task: event.attributes["id"]) {
            count += 1
            deliver(event, provisional: entry.pid != nil && !named, emit: emit)
        }
        return count
    }

    /// Every line the system writes about an app names it one of these ways (`app<`,
    /// `application<`, `Application process state`, `application state changed`, launchd's
    /// `UIKitApplication:`), or is the old `BT[4821] has active assertions`: two `memchr`
    /// scans turn the rest away.
    private static func mayBeAboutAnApp(_ message: Span<UInt8>) -> Bool {
        ByteSearch.contains("pplication", in: message) || ByteSearch.contains("pp<", in: message)
            || ByteSearch.contains("beyond permitted time", in: message)
    }

    mutating func finish(emit: EventSink) {
        attribution.finish(emit: emit)
    }

    // MARK: The system's lines

    private mutating func systemEvents(_ line: AppleSystemLine, _ entry: Entry) -> [Event] {
        var events: [Event] = []
        let app = line.app
        let pid = line.pid ?? pidOfBundle[app]
        for fact in line.facts {
            var name: EventName
            var attributes: Attributes = [:]
            switch fact {
            case let .foreground(detail), let .background(detail):
                let isForeground = if case .foreground = fact { true } else { false }
                guard foreground[app] != isForeground else { continue }
                foreground[app] = isForeground
                dead.remove(app)
                if isForeground { forgetExpiries(app: app, pid: pid) }
                name = isForeground ? EventName.systemForeground : EventName.systemBackground
                attributes["detail"] = detail
            case .suspended, .resumed:
                // A resume is news only after a suspension the trace showed.
                let isSuspended = fact == .suspended
                guard isSuspended ? suspended[app] != true : suspended[app] == true else { continue }
                suspended[app] = isSuspended
                name = isSuspended ? EventName.processFrozen : EventName.processUnfrozen
            case let .died(reason, initiator, stated):
                guard !dead.contains(app) else { continue }
                dead.insert(app)
                foreground[app] = nil
                suspended[app] = nil
                forgetExpiries(app: app, pid: pid)
                name = EventName.processDied
                attributes = ["reason": reason, "initiator": initiator.rawValue]
                for entry in stated { attributes[entry.key] = entry.value }
            case let .backgroundTaskExpired(detail):
                guard isNewExpiry(app: app, pid: pid) else { continue }
                name = EventName.bgtaskExpired
                attributes = ["source": "system", "detail": detail]
            }
            events.append(Event(time: entry.time, app: app, pid: pid, platform: .ios, name: name, attributes: attributes, source: entry.source))
        }
        return events
    }

    private mutating func isNewExpiry(app: String, pid: Int32?, task: String? = nil) -> Bool {
        let process = Self.expiryKey(app: app, pid: pid)
        let isNewProcess = expiryReported.insert(process).inserted
        guard let task else { return isNewProcess }
        return expiryReported.insert(process + "|" + task).inserted
    }

    private mutating func forgetExpiries(app: String, pid: Int32?) {
        let process = Self.expiryKey(app: app, pid: pid)
        guard expiryReported.remove(process) != nil else { return }
        expiryReported = expiryReported.filter { !$0.hasPrefix(process + "|") }
    }

    private static func expiryKey(app: String, pid: Int32?) -> String {
        pid.map(Event.appName(forUnknownPid:)) ?? app
    }

    // MARK: The app's own lines

    /// UIKit's expiration warning, a Flutter lifecycle state, an instrumentation line, or a mapping.
    /// The event, and whether it names its app itself (`app=`).
    private mutating func appEvent(_ entry: Entry) -> (Event, named: Bool)? {
        let message = entry.message
        var found: (name: EventName, attributes: Attributes, platform: Platform)?
        if ByteSearch.contains("Background task still not ended", in: message) {
            found = (EventName.bgtaskExpired, Self.uikitTask(Substring(message.text)), .ios)
        } else if let state = FlutterLifecycle.state(in: message) {
            found = (FlutterLifecycle.eventName(state), [:], .flutter)
        } else if let (instrumentation, platform) = Self.instrumentation(entry) {
            found = (instrumentation.name, instrumentation.attributes, platform)
        } else if let match = mapped(entry) {
            found = (EventName(match.event), match.attributes, match.platform ?? .ios)
        }
        guard let found else { return nil }
        let name = found.0
        var (attributes, platform) = (found.1, found.2)
        let process = entry.process.text
        let app = attributes["app"] ?? (process.isEmpty ? entry.pid.map(Event.appName(forUnknownPid:)) ?? "unknown" : process)
        if let stated = attributes["platform"].flatMap(Platform.init(rawValue:)) { platform = stated }
        let named = attributes["app"] != nil
        attributes["platform"] = nil
        attributes["app"] = nil
        return (Event(time: entry.time, app: app, pid: entry.pid, platform: platform, name: name, attributes: attributes, source: entry.source), named)
    }

    private mutating func deliver(_ event: Event, provisional: Bool, emit: EventSink) {
        provisional && holdsProvisionalNames ? attribution.deliver(event, provisionalName: true, emit: emit) : emit(event)
    }

    /// `… taskID = 5, taskName = Called by MyApp, from -[AppDelegate save], creationTime = …`.
    private static func uikitTask(_ message: Substring) -> Attributes {
        var attributes: Attributes = ["source": "system", "detail": "UIKit: background task still not ended after expiration handlers were called"]
        if let range = message.byteRange(of: "taskID = ") { attributes["id"] = String(message[range.upperBound...].prefix { $0.isNumber }) }
        if let range = message.byteRange(of: "taskName = ") { attributes["task"] = String(message[range.upperBound...].prefix { $0 != "," }) }
        return attributes
    }

    /// Under the `lifelint` subsystem, or, where the console hides subsystems (Xcode), prefixed
    /// `lifelint: ` or `[lifelint] `; a Flutter app's `print` (`flutter: lifelint: …`) too.
    private static func instrumentation(_ entry: Entry) -> (InstrumentationMessage, Platform)? {
        let isInstrumentationSubsystem = entry.subsystem.equals(instrumentationSubsystem.utf8)
        guard isInstrumentationSubsystem || [UInt8(ascii: "l"), UInt8(ascii: "f"), .openBracket].contains(entry.message.first) else { return nil }
        let message = Substring(entry.message.text)
        if isInstrumentationSubsystem { return InstrumentationMessage.parse(message).map { ($0, .ios) } }
        if message.hasPrefix(flutterPrefix) {
            return InstrumentationMessage.parse(prefixed: message.dropFirst(flutterPrefix.count)).map { ($0, .flutter) }
        }
        return InstrumentationMessage.parse(prefixed: message).map { ($0, .ios) }
    }

    private static let flutterPrefix = "flutter: "

    /// The user's mappings, with the subsystem, the category or the process as the tag.
    private mutating func mapped(_ entry: Entry) -> MappingTable.Match? {
        guard !mappings.isEmpty else { return nil }
        return mapped(entry.subsystem, entry.message) ?? mapped(entry.category, entry.message) ?? mapped(entry.process, entry.message)
    }

    private mutating func mapped(_ tag: Span<UInt8>, _ message: Span<UInt8>) -> MappingTable.Match? {
        guard !tag.isEmpty, mappings.mayMatch(tag: tag) else { return nil }
        return mappings.match(tag: tag, message: message)
    }
}
