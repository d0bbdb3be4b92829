/// The lifecycle messages of iOS's own daemons that lifelint recognises (RunningBoard,
/// FrontBoard, SpringBoard, backboardd, launchd), each form with the releases it was seen in
/// and its source: the one place recognition of the system's Apple log lines is described.
/// (Crash and termination reports, whose fields say what they are, are read by
/// `AppleReportReader`; the app's own UIKit warnings by `AppleLogEventRecognizer`.)
struct AppleMessageCatalogue: Sendable {
    let messages: [AppleMessage]
    /// The messages' shapes, in the same order: a plain value to run through on every line
    /// that names an app, where copying the messages would cost a retain per row.
    private let shapes: [AppleMessageShape]

    static let shared = AppleMessageCatalogue(rows: AppleMessageCatalogue.rows)

    init(rows: [AppleMessage]) {
        let ids = rows.map(\.id)
        precondition(Set(ids).count == ids.count, "the Apple message catalogue repeats an id")
        precondition(rows.allSatisfy { $0.shape.words.utf8CodeUnitCount > 0 }, "an Apple message has no words")
        messages = rows
        shapes = rows.map(\.shape)
    }

    /// The first message `message` reads as, in catalogue order, with what it names.
    func read(_ message: Substring) -> (AppleMessage, AppleMessageMatch)? {
        let subject = message.first == "[" ? AppleMessageShape.leadingSubject(message) : nil
        for (index, shape) in shapes.enumerated() where subject == nil || shape.opensWithSubject {
            if let match = shape.match(message, leadingSubject: subject) { return (messages[index], match) }
        }
        return nil
    }
}
