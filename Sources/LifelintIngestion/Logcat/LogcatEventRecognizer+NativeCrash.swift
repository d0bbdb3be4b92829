import LifelintModel

extension LogcatEventRecognizer {
    /// A tombstone as logcat prints it under the `DEBUG` tag (docs/formats.md §21): from its
    /// banner, each header line is read as the tombstone file's; at the end of the header (the
    /// registers, `backtrace:`, another banner, or the end of the log) the crash is the
    /// process's death, at its signal line, when it ended an app's process.
    struct NativeCrashReading {
        var tombstone = Tombstone()
        /// The signal line: the death's time and place.
        var signalTime: Timestamp?
        var signalSource: SourceLocation?
    }

    mutating func recogniseNativeCrash(_ line: Line, _ out: inout Output) {
        let message = line.message
        if message.hasPrefix("*** *** *** ") {
            finishNativeCrash(&out)
            nativeCrash = NativeCrashReading()
            return
        }
        guard var reading = nativeCrash else { return }
        if message.hasPrefix("backtrace:") || message.first == " " || message.hasPrefix("--- --- ---") {
            finishNativeCrash(&out)
            return
        }
        let hadSignal = reading.tombstone.signal != nil
        TombstoneTextFormat.readHeaderLine(message, number: line.source.line, into: &reading.tombstone)
        if !hadSignal, reading.tombstone.signal != nil {
            reading.signalTime = line.time
            reading.signalSource = line.source
        }
        nativeCrash = reading
    }

    /// The crash read so far, as a death when it states one.
    mutating func finishNativeCrash(_ out: inout Output) {
        guard let reading = nativeCrash else { return }
        nativeCrash = nil
        let tombstone = reading.tombstone
        guard tombstone.statesADeath, let pid = tombstone.pid, let process = tombstone.process, let signal = tombstone.signal,
            let time = reading.signalTime, let source = reading.signalSource
        else { return }
        finishing[ProcessName.package(process)] = Sighting(time: time, line: source.line)
        died(
            pid: pid, process: process, reason: ProcessDeathReason.classify(signal: signal), detail: tombstone.detail, at: time,
            source: source, &out)
    }
}
