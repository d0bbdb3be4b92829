@testable import LifelintIngestion

/// `docs/catalogue/android.md`, made from the catalogue, so the document cannot drift from
/// what lifelint recognises.
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
            their tag (README, "What is read").


            """
        text += "| id | message | releases | tags | event | source |\n| --- | --- | --- | --- | --- | --- |\n"
        for message in catalogue.messages {
            let tags = message.anywhere ? "inside any" : message.isPasteOnly ? "a paste alone, or a report's `Reason:`"
                : (message.writers.flatMap(\.tags).map { "`\($0)`" } + (message.underAnyTag ? ["any tag"] : [])).joined(separator: ", ")
            text += "| `\(message.id)` | `\(message.pattern.description.replacingOccurrences(of: "|", with: "\\|"))` | \(message.releases) | \(tags) | `\(message.meaning.event)` | \(message.source) |\n"
        }
        text += "\n## Coverage by release\n\nHow many of the forms above each release writes.\n\n"
        text += "| release | " + releases.map(\.description).joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " --- |", count: releases.count) + "\n"
        text += "| forms | " + releases.map { release in
            String(catalogue.messages.filter { $0.first <= release && ($0.last.map { release <= $0 } ?? true) }.count)
        }.joined(separator: " | ") + " |\n"
        return text
    }
}
