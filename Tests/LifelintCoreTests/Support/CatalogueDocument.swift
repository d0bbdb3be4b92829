import Foundation
import Testing

@testable import LifelintIngestion

/// `docs/catalogue/android.md` and `docs/catalogue/apple.md`, made from the catalogues, so the
/// documents cannot drift from what lifelint recognises.
enum CatalogueDocument {
    static let releases = [19, 21, 22, 23, 24, 26, 28, 29, 30, 31, 33, 34, 35].map(AndroidRelease.init)

    static func android(_ catalogue: AndroidMessageCatalogue) -> String {
        var text = """
            # Android system messages lifelint recognises

            Generated from `Sources/LifelintIngestion/Catalogue/AndroidMessageCatalogue+Rows.swift`
            by the test `theDocumentIsTheCatalogue` (`LIFELINT_WRITE_DOCS=1 swift test
            --disable-xctest --filter theDocumentIsTheCatalogue`); edit the rows, not this file.

            Each row is one form of one message, as the platform's sources write it. Fields are
            marked `{pid}`, `{process}`, …: what lifelint reads from the line (`{record}` is a
            `…Record{…}` that names a component; a text field takes the rest, or what lies before the
            next words). Messages are read under the tags listed and, where "any tag" says so,
            under every tag, vendors' included, and in pastes without a logcat prefix; messages
            marked "inside" are found anywhere in a warning's or error's text. The tests make a line
            of every row in four layouts (threadtime, time, brief and the message alone) and check
            the event it becomes.

            Events-buffer lines (`am_*`, `wm_*` tags, whose names say what they are) are read by
            their tag (`docs/reference.md`, "What is read").


            """
        text += "| id | message | releases | tags | event | source |\n| --- | --- | --- | --- | --- | --- |\n"
        for message in catalogue.messages {
            let tags =
                message.anywhere
                ? "inside any"
                : message.isPasteOnly
                    ? "a paste alone, or a report's `Reason:`"
                    : (message.writers.flatMap(\.tags).map { "`\($0)`" } + (message.underAnyTag ? ["any tag"] : [])).joined(separator: ", ")
            text +=
                "| `\(message.id)` | `\(message.pattern.description.replacingOccurrences(of: "|", with: "\\|"))` | \(message.releases) | \(tags) | `\(message.meaning.event)` | \(message.source) |\n"
        }
        text += coverage(
            "writes",
            releases.map { release in
                (release.description, catalogue.messages.filter { $0.first <= release && ($0.last.map { release <= $0 } ?? true) }.count)
            })
        return text
    }

    static let appleReleases = [4, 6, 7, 9, 12, 13, 14, 15, 16, 17, 18].map(AppleRelease.init)

    static func apple(_ catalogue: AppleMessageCatalogue) -> String {
        var text = """
            # Apple system messages lifelint recognises

            Generated from `Sources/LifelintIngestion/Catalogue/AppleMessageCatalogue+Rows.swift`
            by the test `theAppleDocumentIsTheCatalogue` (`LIFELINT_WRITE_DOCS=1 swift test
            --disable-xctest --filter theAppleDocumentIsTheCatalogue`); edit the rows, not this file.

            Each row is one form of one message of iOS's own daemons. `<process>` is how the daemon
            names the app (`[application<com.x.y>:812]` up to iOS 16, `[app<com.x.y(UUID)>:812]`
            from iOS 17); older systems name the executable (`Notes[4821]`) or launchd's job
            (`UIKitApplication:com.x.y[0xc343]`). The releases are those a capture or Apple's own
            binaries show the message in: Apple publishes no sources, so older or newer releases may
            write it too. The tests make a line of every row in four layouts (`log show`, its compact
            style, the device syslog and a Console.app copy) and check the events it becomes. What
            the platform writes beyond these rows, and where it was seen, is in `apple-platform.md`;
            crash, termination and JetsamEvent reports are read by their fields (`docs/reference.md`, "What is
            read").


            """
        text += "| id | message | releases | written by | event | source |\n| --- | --- | --- | --- | --- | --- |\n"
        for message in catalogue.messages {
            let writers = message.writers.joined(separator: ", ")
            text +=
                "| `\(message.id)` | `\(message.shape.description.replacingOccurrences(of: "|", with: "\\|"))` | \(message.releases) | \(writers) | \(message.meaning.event) | \(message.source) |\n"
        }
        text += coverage(
            "was seen writing",
            appleReleases.map { release in
                ("\(release.major)", catalogue.messages.filter { $0.first <= release && ($0.last.map { release <= $0 } ?? true) }.count)
            })
        return text
    }

    /// The table of how many forms each release writes.
    private static func coverage(_ verb: String, _ counts: [(release: String, forms: Int)]) -> String {
        var text = "\n## Coverage by release\n\nHow many of the forms above each release \(verb).\n\n"
        text += "| release | " + counts.map(\.release).joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " --- |", count: counts.count) + "\n"
        text += "| forms | " + counts.map { String($0.forms) }.joined(separator: " | ") + " |\n"
        return text
    }

    /// Checks that the document at `path` is `generated`, or writes it there when
    /// `LIFELINT_WRITE_DOCS=1`.
    static func expectDocument(_ generated: String, at relativePath: String) throws {
        let path = RepositoryPaths.path(relativePath)
        if ProcessInfo.processInfo.environment["LIFELINT_WRITE_DOCS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == generated, "\(relativePath) is not the catalogue: regenerate it (LIFELINT_WRITE_DOCS=1)")
    }
}
