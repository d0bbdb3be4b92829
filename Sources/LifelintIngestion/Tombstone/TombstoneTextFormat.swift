@_spi(Bytes) import LifelintBytes
import LifelintModel

/// debuggerd's text tombstone (`/data/tombstones/tombstone_NN`, docs/formats.md §21): the
/// header above the crashing thread's backtrace names the process and the signal. A file may
/// hold several tombstones, each opening with the `*** *** ***` banner.
struct TombstoneTextFormat: TraceFormat {
    static let title = "a tombstone"
    static let fileExtensions: [String] = []
    static let reportsDeathsOnly = true
    /// A tombstone with every thread's stack and the memory map is a few MB at most.
    static let maximumSize = 64 << 20
    static let banner: StaticString = "*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***"

    init?(recognising head: TraceHead) {
        guard head.withText({ $0.starts(with: Self.banner) }) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try input.withRest(after: head, limit: Self.maximumSize) { bytes, unread in
            var summary = IngestionSummary(path: input.path, format: "tombstone")
            summary.bytes = bytes.count
            let tombstones = Self.parse(String(decoding: bytes, as: UTF8.self), summary: &summary)
            for tombstone in tombstones {
                guard let event = tombstone.event(path: input.path) else { continue }
                emit(event)
                summary.events += 1
                summary.eventLines += 1
            }
            summary.logLines = summary.lines - summary.eventLines - summary.structuralLines
            if let unread { summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: summary.lines + 1), message: unread)) }
            return summary
        }
    }

    /// Each tombstone's header, up to its crashing thread's backtrace.
    static func parse(_ text: String, summary: inout IngestionSummary) -> [Tombstone] {
        var tombstones: [Tombstone] = []
        var inHeader = false
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.hasPrefix("*** *** *** ") {
                tombstones.append(Tombstone())
                inHeader = true
                summary.structuralLines += 1
                continue
            }
            guard inHeader, !tombstones.isEmpty else { continue }
            if line.hasPrefix("backtrace:") || line.hasPrefix("--- --- ---") {
                inHeader = false
            } else {
                readHeaderLine(line, number: number, into: &tombstones[tombstones.count - 1])
            }
        }
        summary.lines = text.hasSuffix("\n") ? number - 1 : number
        return tombstones
    }

    /// One line of a tombstone's header (`Timestamp:`, `pid: …`, `signal …`, …); the same
    /// lines logcat prints under `DEBUG`.
    static func readHeaderLine(_ line: Substring, number: Int, into tombstone: inout Tombstone) {
        if let value = value(of: "Timestamp: ", in: line) {
            tombstone.timestamp = String(value)
        } else if let value = value(of: "Build fingerprint: ", in: line) {
            tombstone.release = Tombstone.release(fromFingerprint: value)
        } else if let value = value(of: "Cmdline: ", in: line) {
            if value != "<unknown>" { tombstone.process = value.split(separator: " ").first.map(String.init) }
        } else if line.hasPrefix("pid: ") {
            readThreadHeader(line, into: &tombstone)
        } else if line.hasPrefix("signal ") {
            readSignal(line, into: &tombstone)
            tombstone.line = number
        } else if let value = value(of: "Cause: ", in: line) {
            tombstone.cause = tombstone.cause ?? String(value)
        } else if let value = value(of: "Abort message: ", in: line) {
            tombstone.abortMessage = String(value.hasPrefix("'") && value.hasSuffix("'") && value.count > 1 ? value.dropFirst().dropLast() : value)
        }
    }

    /// `pid: 5061, tid: 5637, name: Thread-329  >>> com.app <<<`.
    private static func readThreadHeader(_ line: Substring, into tombstone: inout Tombstone) {
        tombstone.pid = number(after: "pid: ", in: line).map(Int32.init(truncatingIfNeeded:))
        tombstone.tid = number(after: "tid: ", in: line).map(Int32.init(truncatingIfNeeded:))
        guard let open = line.firstRange(of: "  >>> "), let close = line.firstRange(of: " <<<") else {
            if let name = line.firstRange(of: "name: ") { tombstone.thread = String(line[name.upperBound...]) }
            return
        }
        if let name = line.firstRange(of: "name: "), name.upperBound <= open.lowerBound { tombstone.thread = String(line[name.upperBound..<open.lowerBound]) }
        if tombstone.process == nil, open.upperBound <= close.lowerBound { tombstone.process = String(line[open.upperBound..<close.lowerBound]) }
    }

    /// `signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x30`; a signal another
    /// process sent says `(SI_USER from pid 1234, uid 0)`.
    private static func readSignal(_ line: Substring, into tombstone: inout Tombstone) {
        tombstone.signal = number(after: "signal ", in: line)
        tombstone.signalName = parenthesised(after: "signal ", in: line)
        tombstone.codeName = parenthesised(after: "code ", in: line).map { String($0.prefix { $0 != " " }) }
    }

    private static func value(of key: String, in line: Substring) -> Substring? {
        line.hasPrefix(key) ? line.dropFirst(key.count) : nil
    }

    private static func number(after key: String, in line: Substring) -> Int? {
        guard let range = line.firstRange(of: key) else { return nil }
        return Int(line[range.upperBound...].prefix { $0 == "-" || ($0.isASCII && $0.isNumber) })
    }

    /// The text in the parentheses after `key`'s number: `SIGSEGV` in `signal 11 (SIGSEGV)`.
    private static func parenthesised(after key: String, in line: Substring) -> String? {
        guard let range = line.firstRange(of: key) else { return nil }
        let rest = line[range.upperBound...]
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
        return String(rest[rest.index(after: open)..<close])
    }
}
