import LifelintModel

/// One native crash as debuggerd's tombstone tells it (docs/formats.md §21), text or protobuf:
/// which process, when, and the signal. Becomes one `process.died` when it states a death.
struct Tombstone: Sendable, Equatable {
    /// `Timestamp:` (Android 11 and later), with its UTC offset.
    var timestamp: String?
    var pid: Int32?
    var tid: Int32?
    /// The command line's first word (`Cmdline:`, or the name between `>>>` and `<<<`).
    var process: String?
    /// The crashing thread's name.
    var thread: String?
    var signal: Int?
    var signalName: String?
    var codeName: String?
    /// `Cause:`: debuggerd's reading of the fault (`null pointer dereference`, `[GWP-ASan]: …`).
    var cause: String?
    var abortMessage: String?
    /// The Android release, from the build fingerprint (`google/…/bluejay:16/…`).
    var release: Int?
    /// Where the signal is stated: its line in a text tombstone.
    var line = 1

    /// `BIONIC_SIGNAL_DEBUGGER`: a dump asked for (`debuggerd -t`), the process lives on.
    static let dumpRequestSignal = 35

    /// Whether the tombstone says the process ended: a fatal signal in an app's process. Not a
    /// dump the system or a developer asked for, and not a GWP-ASan report from Android 14 on,
    /// whose recoverable mode lets the process run on after reporting.
    var statesADeath: Bool {
        guard let signal, signal != Self.dumpRequestSignal, isApp else { return false }
        if let cause, cause.hasPrefix("[GWP-ASan]"), release ?? 14 >= 14 { return false }
        return true
    }

    /// An app's process: named by a package (`com.app`, `com.app:remote`; system apps such as
    /// `com.android.bluetooth` run under a system uid). A native daemon's or a tool's command
    /// line is a path (`/system/bin/surfaceflinger`, `./ffmpeg`, an executable an app started,
    /// under the app's uid), system_server's has no dot.
    var isApp: Bool {
        guard let process else { return false }
        let package = ProcessName.package(process)
        return package.contains(".") && ProcessName.isDottedName(Substring(package).utf8)
    }

    func event(path: String) -> Event? {
        guard statesADeath, let process, let signal else { return nil }
        let app = ProcessName.package(process)
        var attributes: Attributes = ["reason": ProcessDeathReason.classify(signal: signal).rawValue, "source": "tombstone"]
        attributes["signal"] = signalName
        attributes["detail"] = detail
        if process != app { attributes["process"] = process }
        attributes["thread"] = thread
        let time = timestamp.flatMap(TimestampParser.parse) ?? .unknown
        return Event(
            time: time, app: app, pid: pid, tid: tid, platform: .android, name: EventName.processDied, attributes: attributes, source: SourceLocation(path: path, line: line))
    }

    /// `native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference`.
    var detail: String {
        var detail = "native crash: " + (signalName ?? signal.map { "signal \($0)" } ?? "signal")
        if let codeName, !codeName.isEmpty { detail += " (\(codeName))" }
        if let reading = cause ?? abortMessage, !reading.isEmpty { detail += ": " + reading }
        return detail
    }

    /// The release in a build fingerprint: `brand/product/device:16/BP3A…/…:user/release-keys`.
    static func release(fromFingerprint fingerprint: some StringProtocol) -> Int? {
        guard let colon = fingerprint.firstIndex(of: ":") else { return nil }
        return Int(fingerprint[fingerprint.index(after: colon)...].prefix { $0.isASCII && $0.isNumber })
    }
}
