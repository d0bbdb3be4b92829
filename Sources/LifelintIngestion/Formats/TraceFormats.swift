import LifelintModel

/// Every format lifelint reads, in the order they are asked to recognise a trace: the most
/// specific first; logcat, which reads any text, last. Adding a format is a folder holding
/// its `TraceFormat` and one line here; `--input-format`, its help and completions, the
/// folder walk and the messages for unreadable input follow from this list.
public enum TraceFormats {
    static let all: [any TraceFormat.Type] = [
        PerfettoTraceFormat.self,
        TombstoneProtoFormat.self,
        SysdiagnoseArchiveFormat.self,
        BinaryPlistFormat.self,
        WrittenReportFormat.self,
        AppleReportFormat.self,
        ExitInfoFormat.self,
        XMLPlistFormat.self,
        AppleLogJSONFormat.self,
        MetricKitFormat.self,
        StudioLogcatExportFormat.self,
        CrashlyticsRowFormat.self,
        SentryEventFormat.self,
        BugsnagEventFormat.self,
        OTLPFormat.self,
        EmbracePayloadFormat.self,
        ChromeTraceFormat.self,
        LifelintEventsFormat.self,
        UnrecognisedJSONFormat.self,
        AnrDumpFormat.self,
        TombstoneTextFormat.self,
        AtraceTextFormat.self,
        AppleLogTextFormat.self,
        LogcatTextFormat.self,
    ]

    /// The format of a trace whose first bytes are `head`.
    static func recognise(_ head: TraceHead) -> any TraceFormat {
        for format in all {
            if let recognised = format.init(recognising: head) { return recognised }
        }
        return LogcatTextFormat(layout: nil)
    }

    /// The format `--input-format name` forces, or nil when no format has that name.
    static func forced(_ name: String) -> (any TraceFormat)? {
        for format in all {
            if let forced = format.init(forcedName: name) { return forced }
        }
        return nil
    }

    /// Every name `--input-format` accepts, in registry order.
    public static let forcedNames: [String] = all.flatMap { $0.forcedNames }

    /// What the names `--input-format` accepts are, in prose, for its help.
    public static let forcedNamesHelp: String = prose(all.compactMap { $0.forcedNamesHelp }, conjunction: "or")

    /// The extensions a folder walk reads: every format's, and the compressions lifelint opens.
    public static let fileExtensions: Set<String> = Set(all.flatMap { $0.fileExtensions }).union(TraceInput.compressedExtensions)

    /// The JSON shapes lifelint reads, as a list in prose: "A, B, C nor D".
    static let jsonTitles = prose(all.filter { $0.isJSON }.map { $0.title }, conjunction: "nor")

    private static func prose(_ items: [String], conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.last ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
