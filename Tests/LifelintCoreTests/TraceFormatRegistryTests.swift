import Testing

@testable import LifelintIngestion

/// The registry is the one list of formats: what `--input-format` accepts and what a folder
/// walk reads follow from it.
@Suite struct TraceFormatRegistryTests {
    @Test func everyForcedNameForcesOneFormat() {
        let names = TraceFormats.forcedNames
        #expect(Set(names).count == names.count)
        #expect(InputFormat.allCases.map(\.rawValue) == names)
        for name in names {
            let owners = TraceFormats.all.filter { $0.init(forcedName: name) != nil }
            #expect(owners.count == 1, "\(name)")
        }
        #expect(InputFormat(rawValue: "fancy") == nil)
    }

    @Test func logcatIsAskedLastAndReadsAnyText() {
        #expect(TraceFormats.all.last == LogcatTextFormat.self)
        #expect(TraceFormats.recognise(TraceHead(Array("hello\n".utf8))) is LogcatTextFormat)
    }

    @Test func folderWalksReadTheFormatsExtensions() {
        #expect(
            InputExpander.traceExtensions == [
                "perfetto-trace", "pftrace", "tar", "log", "txt", "logcat", "json", "jsonl", "ndjson", "envelope", "plist", "bplist", "gz", "zip", "trace", "crash", "ips",
            ])
    }

    @Test func theHelpNamesEveryForcedFormat() {
        #expect(TraceFormats.forcedNamesHelp.hasPrefix("apple-report (crash, .ips, JetsamEvent), exit-info (dumpsys activity exit-info), an Apple log layout (log-show, "))
        #expect(TraceFormats.forcedNamesHelp.hasSuffix(" or a logcat layout (threadtime, time, brief, process, tag, thread, long, raw, studio, studio-new)"))
    }

    @Test func recognitionFollowsTheRegistryOrder() {
        let cases: [(String, any TraceFormat.Type)] = [
            ("bplist00\u{0}", BinaryPlistFormat.self),
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array/></plist>\n", XMLPlistFormat.self),
            ("{\"traceEvents\": [{\"ph\": \"B\", \"ts\": 1}]}", ChromeTraceFormat.self),
            ("[{\"event\": \"app.foreground\"}]", LifelintEventsFormat.self),
            ("{\"name\": \"x\"}", UnrecognisedJSONFormat.self),
            ("# tracer: nop\n", AtraceTextFormat.self),
            ("01-08 08:45:42.977  1000  1250 I ActivityManager: Start proc 4242:com.example/u0a1 for activity\n", LogcatTextFormat.self),
        ]
        for (text, expected) in cases {
            let found = TraceFormats.recognise(TraceHead(Array(text.utf8)))
            #expect(type(of: found) == expected, "\(text)")
        }
    }
}
