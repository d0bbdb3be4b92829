@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Evidence a report's next lines complete (`HeldEvidence`).
extension LogcatEventRecognizer {
    /// Decides what is held against a new line: the line completes it (and is used up), belongs
    /// to its report (held on), or comes after the report (the held evidence is released).
    mutating func settleHeld(_ line: Line, _ out: inout Output) -> Bool {
        guard let held else { return false }
        guard held.isInBlock(line) else {
            releaseHeld(&out)
            return false
        }
        guard held.awaiting == .reason, Self.anrReason(in: line.message) != nil else { return false }
        self.held = nil
        // The `ANR in` line counted the event when it was held.
        let produced = out.produced
        notResponding(held.event, explainedBy: line, &out)
        out.produced = produced
        return true
    }

    /// The report ended without the line the evidence waited for: an ANR, a time-out the
    /// system did not call off, or a title that no line named, is sent on as it is (counted by
    /// its own line when it was held); a binder failure that no crash tied to a process, or a
    /// broadcast whose receiver no line named, names no app and is dropped.
    mutating func releaseHeld(_ out: inout Output) {
        guard let held else { return }
        self.held = nil
        if held.awaiting.isSentOnRelease { attribution.deliver(held.event) { out.events.append($0) } }
    }

    /// Holds `event` until its block says what it is; what will be sent on either way is
    /// counted by its own line now.
    mutating func hold(_ event: Event, until awaiting: HeldEvidence.Awaiting, _ line: Line, _ out: inout Output) {
        releaseHeld(&out)
        if awaiting.isSentOnRelease { out.produced += 1 }
        held = HeldEvidence(event: event, awaiting: awaiting, pid: line.record.pid, tid: line.record.tid)
    }

    /// The held evidence that waits for `awaiting`, taken when `line` is of its block and
    /// `matches` it.
    private mutating func takeHeld(_ awaiting: HeldEvidence.Awaiting, for line: Line, where matches: (Event) -> Bool = { _ in true }) -> Event? {
        guard let held, held.awaiting == awaiting, held.isInBlock(line), matches(held.event) else { return nil }
        self.held = nil
        return held.event
    }

    /// `Crashing app skipping ANR: ProcessRecord{406178a8 19902:com.app/10034} …` just after a
    /// time-out of that app: the system declared no ANR, the hang was the crash's.
    mutating func callOffHeldANR(_ line: Line) {
        _ = takeHeld(.skipNotice, for: line) { line.message.contains($0.app) }
    }

    /// `Receiver during timeout: ResolveInfo{… com.app/.SyncReceiver …}` or
    /// `BroadcastFilter{… ReceiverList{c278979 1540 …}`: the broadcast's receiver, by its
    /// component or its pid. Android 4's `ResolveInfo{4161cd20 com.app.utils.AlarmReceiver p=0 …}`
    /// names the receiver's class only, which says an app's receiver timed out but not which
    /// package it is.
    mutating func nameTimedOutReceiver(_ line: Line, _ out: inout Output) {
        let message = line.message
        let component = Self.firstComponent(in: message)?.component.package
        let pid = Self.word(1, after: "ReceiverList{", in: message).flatMap { Int32($0) }
        let receiverClass = Self.word(1, after: "ResolveInfo{", in: message)
        guard component != nil || pid != nil || receiverClass != nil, var event = takeHeld(.receiver, for: line) else { return }
        if let component {
            event.app = component
        } else if let pid {
            event.pid = pid
            event.app = appName(pid: pid)
        } else {
            event.attributes["receiver"] = receiverClass.map(String.init)
        }
        add(event, &out)
    }

    /// The `index`th space-separated word after `marker` (`ReceiverList{c278979 1540 …}`: 1 is the pid).
    private static func word(_ index: Int, after marker: String, in message: Substring) -> Substring? {
        guard let range = message.range(of: marker) else { return nil }
        let words = message[range.upperBound...].split(separator: " ", maxSplits: index + 1)
        return words.count > index ? words[index] : nil
    }

    /// The same evidence, a line or two under a held title, names its app: one incident, told
    /// where the title is, about that app.
    mutating func nameHeldTitle(_ name: EventName, app: String, _ attributes: Attributes, _ line: Line, _ out: inout Output) -> Bool {
        guard app != "unknown", var event = takeHeld(.app, for: line, where: { $0.name == name }) else { return false }
        event.app = app
        for entry in attributes where event.attributes[entry.key] == nil { event.attributes[entry.key] = entry.value }
        attribution.deliver(event) { out.events.append($0) }
        return true
    }

    /// The crash after a held binder failure names the process that failed.
    mutating func crashNamed(pid: Int32, package: String, _ line: Line, _ out: inout Output) {
        guard var event = takeHeld(.crashingProcess, for: line) else { return }
        event.pid = pid
        event.app = package
        add(event, &out)
    }

    /// `Reason: Input dispatching timed out (…)`, the line of an ANR report that says why.
    static func anrReason(in message: Substring) -> Substring? {
        let trimmed = message.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("Reason: ") else { return nil }
        return trimmed.dropFirst("Reason: ".count)
    }

    /// An ANR whose reason is a foreground service the system gave up on is that incident,
    /// told where the reason is; any other reason is the ANR's detail.
    private mutating func notResponding(_ anr: Event, explainedBy line: Line, _ out: inout Output) {
        let message = line.bytes.extracting(line.record.message)
        if let (entry, fields) = Self.catalogue.find(in: message),
            entry.meaning == .foregroundServiceDidNotStart || entry.meaning == .foregroundServiceTimedOut
        {
            return apply(entry.meaning, fields, line, &out)
        }
        var event = anr
        event.attributes["detail"] = Self.anrReason(in: line.message).map(String.init)
        add(event, &out)
    }
}
