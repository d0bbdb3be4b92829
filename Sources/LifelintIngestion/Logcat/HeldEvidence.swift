import LifelintModel

/// Evidence whose meaning the next lines of its block decide: an `ANR in` whose `Reason:` line
/// may say a foreground service was not promoted in time (that incident, not a slow callback),
/// a binder failure with no pid whose crash, a line or two later, names the process, a time-out
/// the system may then say it declared no ANR for.
struct HeldEvidence {
    enum Awaiting {
        /// The `Reason:` line of an ANR report; without one the ANR is sent on as it is.
        case reason
        /// The `Process: com.app, PID: 1234` of the crash that follows; without one the
        /// failure names no app and is dropped.
        case crashingProcess
        /// The same evidence named with its app (a reporter's title, then its message); without
        /// it the title is sent on under `unknown`.
        case app
        /// A time-out that starts an ANR (`Timeout executing service`): the system may say next
        /// that it skipped the ANR (`Crashing app skipping ANR`), and then there was none.
        case skipNotice
        /// A broadcast's time-out, waiting for `Receiver during timeout:` to name the receiver;
        /// without it no app is named and it is dropped.
        case receiver

        /// Whether the evidence counts without what it waits for (an ANR, a time-out, a title);
        /// a binder failure or a broadcast that nothing names is no app's.
        var isSentOnRelease: Bool { self != .crashingProcess && self != .receiver }

        /// The system writes what these wait for a few milliseconds later, in another call.
        var waitsForAnotherMessage: Bool { self == .skipNotice || self == .receiver }
    }

    /// A report's lines follow within this many lines; an ANR report's CPU table comes after
    /// its reason.
    static let blockLines = 8

    var event: Event
    let awaiting: Awaiting
    let pid: Int32?
    let tid: Int32?

    /// Whether a line is the same report's: one message split into lines shares its writer's
    /// pid, tid and time (a paste without a prefix has none of them); the next message of the
    /// same thread comes within a second.
    func isInBlock(_ line: LogcatEventRecognizer.Line) -> Bool {
        guard line.record.pid == pid, line.record.tid == tid, line.source.line - event.source.line <= Self.blockLines else { return false }
        guard awaiting.waitsForAnotherMessage else { return line.time == event.time }
        return IncidentWindow.contains(line.time, line: line.source.line, after: event.time, line: event.source.line, within: 1_000_000_000)
    }
}
