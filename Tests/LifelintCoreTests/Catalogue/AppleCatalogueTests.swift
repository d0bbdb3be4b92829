import Foundation
import Testing

@testable import LifelintIngestion
@testable import LifelintModel

/// Tests made from the Apple message catalogue: each message, in each layout lifelint reads
/// Apple logs in, becomes the events the catalogue says, and `docs/catalogue/apple.md` is the
/// catalogue.
@Suite struct AppleCatalogueTests {
    static let catalogue = AppleMessageCatalogue.shared

    /// The line layouts of Apple logs people send.
    enum Layout: String, CaseIterable {
        case logShow, compact, deviceSyslog, console

        func line(_ message: String, process: String, second: Int) -> String {
            switch self {
            case .logShow:
                "2023-03-01 10:12:1\(second).123456-0800  0x1a2b     Default     0x0                  33     0    \(process): [com.apple.runningboard:process] \(message)"
            case .compact: "2023-03-01 10:12:1\(second).123 Df \(process)[33:1a2b] [com.apple.runningboard:process] \(message)"
            case .deviceSyslog: "Mar  1 10:12:1\(second) iPhone \(process)[33] <Notice>: \(message)"
            case .console: "default\t2023-03-01 10:12:1\(second).123456-0800\t\(process)\tRunningBoard\t\(message)"
            }
        }
    }

    /// The events each row's example becomes, said independently of the catalogue's own table.
    static let expectedEvents: [String: [String]] = [
        "rb-resuming-task": ["process.unfrozen"],
        "rb-suspending-task": ["process.frozen"],
        "rb-assertions-beyond-permitted-time": ["bgtask.expired"],
        "rb-termination-reported": ["process.died"],
        "rb-terminating-with-context": ["process.died"],
        "rb-assertions-removed-at-termination": ["process.died"],
        "rb-calculated-state": ["system.background", "process.frozen"],
        "rb-state-update": ["system.background", "process.frozen"],
        "fb-task-state": ["process.frozen"],
        "fb-visibility": ["system.background"],
        "fb-process-exited": ["process.died"],
        "sb-process-state": ["system.background"],
        "sb-application-state-terminated": ["process.died"],
        "sb-assertions-beyond-permitted-time": ["bgtask.expired"],
        "launchd-job-exited": ["process.died"],
        "sb-exited-voluntarily": ["process.died"],
        "bb-exited-abnormally": ["process.died"],
    ]

    @Test func everyMessageHasAnExampleThatIsItsOwnAndATest() {
        for message in Self.catalogue.messages {
            #expect(Self.catalogue.read(Substring(message.example))?.0.id == message.id, "\(message.id)'s example reads as another message")
            #expect(Self.expectedEvents[message.id] != nil, "\(message.id) has no expected events here")
            #expect(message.last.map { message.first <= $0 } ?? true)
        }
        #expect(Self.expectedEvents.count == Self.catalogue.messages.count)
    }

    @Test(arguments: AppleMessageCatalogue.shared.messages.map(\.id), Layout.allCases)
    func eachMessageBecomesItsEventsInEachLayout(id: String, layout: Layout) throws {
        let message = try #require(Self.catalogue.messages.first { $0.id == id })
        let process = String(message.writers[0].prefix { $0.isLetter || $0.isNumber })
        var lines: [String] = []
        // A resume is news only after a suspension the trace showed.
        if message.meaning == .resumed {
            let suspension = "[app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>:812] Suspending task."
            lines.append(layout.line(suspension, process: "runningboardd", second: 0))
        }
        lines.append(layout.line(message.example, process: process, second: 1))
        let (events, summary) = try TraceFixture.ingest(lines.joined(separator: "\n") + "\n", name: "console.txt")
        #expect(summary.format.hasPrefix("apple log"), "\(id) in \(layout): read as \(summary.format)")
        let made = events.filter { $0.source.line == lines.count }
        #expect(made.map(\.name.rawValue) == Self.expectedEvents[id], "\(id) in \(layout): \(lines.last!)")
        #expect(made.allSatisfy { $0.app == "com.example.notes" || $0.app == "Notes" }, "\(id) in \(layout): \(made.map(\.app))")
    }

    /// The catalogue's table for readers: regenerate it with `LIFELINT_WRITE_DOCS=1 swift test
    /// --disable-xctest --filter theAppleDocumentIsTheCatalogue`.
    @Test func theAppleDocumentIsTheCatalogue() throws {
        try CatalogueDocument.expectDocument(CatalogueDocument.apple(Self.catalogue), at: "docs/catalogue/apple.md")
    }
}
