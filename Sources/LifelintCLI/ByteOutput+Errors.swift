import LifelintCore

extension ByteOutput {
    /// `lifelint: error: …` for each line of the error's description: an error that gathers
    /// several mistakes (a rule folder's) names each on its own line.
    func writeErrors(_ error: any Error) {
        for line in String(describing: error).split(separator: "\n", omittingEmptySubsequences: false) {
            writeLine("lifelint: error: \(TerminalText.sanitized(String(line)))")
        }
    }

    /// `lifelint: note: trace.log: …` for each of the trace's notes (`TraceNote`).
    func writeNotes(of trace: TraceReport) {
        for note in trace.notes { writeLine("lifelint: note: \(TerminalText.sanitized(trace.path)): \(TerminalText.sanitized(note.description))") }
    }
}
