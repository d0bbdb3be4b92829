import Foundation
import Testing

@testable import LifelintIngestion
@testable import LifelintModel

/// Tests made from the Android message catalogue: each message, in each layout lifelint reads,
/// becomes the event the catalogue says, and `docs/catalogue/android.md` is the catalogue.
@Suite struct AndroidCatalogueTests {
    static let catalogue = AndroidMessageCatalogue.shared

    /// The line layouts a message is written in: a capture's own, and a paste of the message alone.
    enum Layout: String, CaseIterable {
        case threadtime, time, brief, bare

        func line(_ message: String, tag: String, pid: Int32, level: Character) -> String {
            switch self {
            case .threadtime: "01-08 09:00:01.000  \(pid)  \(pid) \(level) \(tag): \(message)"
            case .time: "01-08 09:00:01.000 \(level)/\(tag)(\(String(pid).leftPadded(to: 5))): \(message)"
            case .brief: "\(level)/\(tag)(\(String(pid).leftPadded(to: 5))): \(message)"
            case .bare: message
            }
        }
    }

    /// The event each meaning makes, said independently of the catalogue's own description.
    static func expectedEvent(_ meaning: AndroidMessageMeaning) -> String? {
        switch meaning {
        case .processStarted: "process.started"
        case .processDied, .noLongerWanted, .processKilled, .processExited, .packageForceStopped, .crashNamesProcess: "process.died"
        case let .frozen(isFrozen): isFrozen ? "process.frozen" : "process.unfrozen"
        case .notResponding, .anrReason: "evidence.anr"
        case .callbackTimeout(.pause): "evidence.pause-timeout"
        case .callbackTimeout: "evidence.callback-timeout"
        case .binderFailure, .transactionTooLarge: "evidence.transaction-too-large"
        case .foregroundServiceStartNotAllowed: "evidence.fgs-start-not-allowed"
        case .foregroundServiceDidNotStart: "evidence.fgs-did-not-start"
        case .foregroundServiceTimedOut: "evidence.fgs-timeout"
        case .jobStopped: "evidence.job-stopped"
        // A broadcast's time-out alone names no receiver (ReportBlockTests has the pair).
        case .crashBegins, .finishingActivity, .namesProcess, .broadcastTimedOut, .timedOutReceiver, .anrSkipped: nil
        }
    }

    @Test func theCatalogueHasOneEntryPerIdAndAnExampleThatIsItsOwn() {
        let ids = Self.catalogue.messages.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(MessageField.allCases.count == 14, "MessageFields keeps one slot per field")
        for message in Self.catalogue.messages {
            let bytes = Array(message.example.utf8)
            let matched = message.anywhere ? Self.catalogue.find(in: bytes.span)?.0.id : Self.catalogue.match(bytes.span) { _ in true }?.0.id
            #expect(matched == message.id, "\(message.id)'s example reads as \(matched ?? "nothing")")
            #expect(message.last.map { message.first <= $0 } ?? true)
        }
    }

    @Test(arguments: AndroidMessageCatalogue.shared.messages.map(\.id), Layout.allCases)
    func eachMessageBecomesItsEventInEachLayout(id: String, layout: Layout) throws {
        let message = try #require(Self.catalogue.messages.first { $0.id == id })
        let writesEvidence = message.anywhere || message.meaning == .binderFailure || message.meaning == .foregroundServiceTimedOut
        // A binder failure is the app's own only when the line says which process wrote it.
        if message.meaning == .binderFailure, layout == .bare { return }
        let tag = message.writers.first?.tags.first ?? "AndroidRuntime"
        let pid: Int32 = message.writers.contains(.activityManager) ? 1000 : 4242
        let level: Character = writesEvidence ? "E" : "I"
        var lines: [String] = []
        if message.meaning == .packageForceStopped || message.meaning == .frozen(false) {
            lines.append(layout.line("Start proc 4242:com.example.notes/u0a187 for activity {com.example.notes/.EditorActivity}", tag: "ActivityManager", pid: 1000, level: "I"))
        }
        if message.meaning == .frozen(false) { lines.append(layout.line("froze 4242 com.example.notes", tag: "ActivityManager", pid: 1000, level: "I")) }
        lines.append(layout.line(message.example, tag: tag, pid: pid, level: level))
        let (events, _) = try TraceFixture.ingest(lines.joined(separator: "\n") + "\n")
        let made = events.filter { $0.source.line == lines.count }.map(\.name.rawValue)
        let expected = message.isPasteOnly && layout != .bare ? nil : Self.expectedEvent(message.meaning)
        #expect(made == (expected.map { [$0] } ?? []), "\(id) in \(layout): \(lines.last!)")
    }

    /// Vendors write the system's words under their own tags: those any tag may write are read
    /// there too; the others are not.
    @Test(arguments: AndroidMessageCatalogue.shared.messages.filter { !$0.anywhere }.map(\.id))
    func messagesUnderAVendorTag(id: String) throws {
        let message = try #require(Self.catalogue.messages.first { $0.id == id })
        let line = Layout.threadtime.line(message.example, tag: "ANRManager", pid: 1000, level: "I")
        let (events, _) = try TraceFixture.ingest(line + "\n")
        let expected = message.underAnyTag ? Self.expectedEvent(message.meaning).map { [$0] } ?? [] : []
        #expect(events.map(\.name.rawValue) == expected, "\(id) under ANRManager")
    }

    /// The catalogue's table for readers: regenerate it with `LIFELINT_WRITE_DOCS=1 swift test
    /// --disable-xctest --filter theDocumentIsTheCatalogue`.
    @Test func theDocumentIsTheCatalogue() throws {
        try CatalogueDocument.expectDocument(CatalogueDocument.android(Self.catalogue), at: "docs/catalogue/android.md")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
