/// One form of one system message, as the platform's sources write it: its words and fields,
/// what it means, who writes it, in which releases, and where the wording comes from. The
/// catalogue's table in `docs/catalogue/android.md` is made from these, and the tests make a
/// line of each in every layout lifelint reads.
struct AndroidMessage: Sendable {
    /// Stable, for the table and the tests: `am-killing`.
    let id: String
    let pattern: MessagePattern
    let meaning: AndroidMessageMeaning
    let writers: [AndroidMessageWriter]
    /// Recognised under any tag: the words are the system's alone, and vendors and dumps log
    /// them under other tags (or none).
    let underAnyTag: Bool
    /// Found anywhere in a message (an exception's name inside a crash line), not only at its
    /// start. Such messages are looked for in warnings and errors only.
    let anywhere: Bool
    let first: AndroidRelease
    /// Nil while current releases still write it.
    let last: AndroidRelease?
    /// Where the wording is written (an AOSP source file) or, for a vendor's, seen.
    let source: String
    /// One message of this form, from a real capture where there is one.
    let example: String

    /// Read only where no layout gives a tag (a paste, a console's title): a reason that a
    /// capture writes after `Reason: `, inside a report `HeldEvidence` completes.
    var isPasteOnly: Bool { writers.isEmpty && !underAnyTag && !anywhere }

    var releases: String {
        guard let last else { return "\(first)+" }
        return first == last ? "\(first)" : "\(first)–\(last)"
    }
}
