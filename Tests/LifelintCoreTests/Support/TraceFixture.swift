import Foundation

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Reads crafted trace text through the real ingestion path (from memory, as a file with
/// those bytes would be read), so tests exercise exactly what the command line does.
enum TraceFixture {

    /// Reads crafted text as a trace, in memory (`TraceInput(bytes:name:)`): no file needed.
    /// The reader's own events, before normalization.
    static func ingest(_ text: String, name: String = "trace.log", options: TraceReadOptions = TraceReadOptions(year: 2024))
        throws -> (events: [Event], summary: IngestionSummary)
    {
        var events: [Event] = []
        let summary = try TraceReader.read(try TraceInput(bytes: Array(text.utf8), name: name), options: options) { events.append($0) }
        return (events, summary)
    }

    /// The same through `EventNormalizer`: time order, each incident once, as `lifelint events`
    /// and the analysis see them.
    static func ingestNormalized(_ text: String, name: String = "trace.log", options: TraceReadOptions = TraceReadOptions(year: 2024))
        throws -> (events: [Event], summary: IngestionSummary)
    {
        var events: [Event] = []
        let summary = try EventNormalizer.read(try TraceInput(bytes: Array(text.utf8), name: name), options: options) { events.append($0) }
        return (events, summary)
    }

    /// The derived stream of a reader's events, through the normalizer and the phase deriver,
    /// as the analysis sees it.
    static func derive(_ events: [Event]) -> [Event] {
        var normalizer = EventNormalizer()
        var deriver = PhaseDeriver()
        var derived: [Event] = []
        for event in events { normalizer.process(event) { deriver.process($0) { derived.append($0) } } }
        normalizer.finish { deriver.process($0) { derived.append($0) } }
        deriver.finish { derived.append($0) }
        return derived
    }

    /// Runs every rule over crafted trace text.
    static func ingestFindings(_ text: String, rules: [Rule], year: Int = 2024, thresholds: Thresholds = Thresholds()) throws -> [Finding] {
        let input = try TraceInput(bytes: Array(text.utf8), name: "trace.log")
        return try TraceAnalyzer.analyze(input, rules: rules, thresholds: thresholds, options: TraceReadOptions(year: year)).findings
    }

    /// One scratch folder per test process, removed when the process exits, so files a test
    /// does not delete itself do not pile up in the system's temporary folder.
    private static let scratchDirectory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifelint-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: TraceFixture.scratchDirectory) }
        return directory
    }()

    static func temporaryFile(name: String, contents: Data) -> URL {
        let directory = scratchDirectory.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try! contents.write(to: url)
        return url
    }

    /// A fixture shipped in `Fixtures/`.
    static func fixturePath(_ relativePath: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(relativePath).path
    }

    /// `../shared/corpus` beside the checkout, when it exists (as in CI).
    static var sharedCorpus: URL? {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }
        let corpus = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }
}

extension Event {
    /// A compact, exact rendering for assertions: `name app pid {attrs}`.
    var summaryLine: String {
        let attributes = attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "\(name) \(app) \(pid.map(String.init) ?? "-")" + (attributes.isEmpty ? "" : " {\(attributes)}")
    }
}

extension IngestionSummary {
    /// Every line is counted in exactly one category.
    var categoriesAddUp: Bool {
        lines == eventLines + logLines + structuralLines + continuationLines + unrecognisedLines
    }
}
