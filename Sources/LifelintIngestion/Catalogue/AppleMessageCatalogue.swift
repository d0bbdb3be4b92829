/// The lifecycle messages of iOS's own daemons that lifelint recognises (RunningBoard,
/// FrontBoard, SpringBoard, backboardd, launchd), each form with the releases it was seen in
/// and its source: the one place recognition of the system's Apple log lines is described.
/// (Crash and termination reports, whose fields say what they are, are read by
/// `AppleReportReader`; the app's own UIKit warnings by `AppleLogEventRecognizer`.)
struct AppleMessageCatalogue: Sendable {
    let messages: [AppleMessage]

    static let shared = AppleMessageCatalogue(rows: AppleMessageCatalogue.rows)

    init(rows: [AppleMessage]) {
        let ids = rows.map(\.id)
        precondition(Set(ids).count == ids.count, "the Apple message catalogue repeats an id")
        precondition(rows.allSatisfy { $0.shape.words.utf8CodeUnitCount > 0 }, "an Apple message has no words")
        messages = rows
    }

    /// The first message `message` reads as, in catalogue order, with what it names.
    func read(_ message: Substring) -> (AppleMessage, AppleMessageMatch)? {
        let subject = message.first == "[" ? AppleMessageShape.leadingSubject(message) : nil
        for candidate in messages {
            if let match = candidate.shape.match(message, leadingSubject: subject) { return (candidate, match) }
        }
        return nil
    }
}
