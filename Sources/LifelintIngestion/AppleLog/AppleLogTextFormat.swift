@_spi(Bytes) import LifelintBytes
import LifelintModel

/// An Apple log as text: `log show`, Console.app, Xcode's console, syslog (docs/formats.md),
/// in one of `AppleLogTextLayout`'s layouts.
struct AppleLogTextFormat: TraceFormat {
    static let title = "an Apple log as text"
    static let forcedNames = AppleLogTextLayout.allCases.map(\.rawValue)
    static var forcedNamesHelp: String? { "an Apple log layout (\(forcedNames.joined(separator: ", ")))" }
    static let fileExtensions = ["log", "txt"]
    let layout: AppleLogTextLayout

    /// An Apple log layout reads most of the lines, or some of them and logcat none (an Xcode
    /// console where most lines are the app's bare `print` output).
    init?(recognising head: TraceHead) {
        guard let layout = head.withText(Self.layout) else { return nil }
        self.layout = layout
    }

    init?(forcedName name: String) {
        guard let layout = AppleLogTextLayout(rawValue: name) else { return nil }
        self.layout = layout
    }

    private static func layout(_ text: Span<UInt8>) -> AppleLogTextLayout? {
        guard let found = AppleLogTextLayout.detect(text) else { return nil }
        if found.lines * 2 >= found.sampled { return found.layout }
        return LogcatLayoutDetector.detect(text).format == nil ? found.layout : nil
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var reader = AppleLogTextReader(
            path: input.path, layout: layout, year: YearInference(input: input, options: options), savedAt: input.modificationTime,
            savedTimeSource: YearInference.savedTimeSource(input), mappings: options.mappings)
        reader.readLines(from: ByteLineReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head)), emit: emit)
        return reader.summary
    }
}
