/// One form of one lifecycle message of iOS's own daemons: where it names the app, what it
/// means, who writes it, in which releases it was seen, and where the wording comes from. The
/// table in `docs/catalogue/apple.md` is made from these, and the tests make a line of each in
/// every layout lifelint reads Apple logs in.
struct AppleMessage: Sendable {
    /// Stable, for the table and the tests: `rb-suspending-task`.
    let id: String
    let shape: AppleMessageShape
    let meaning: AppleMessageMeaning
    /// The daemons that write it (`runningboardd`, `SpringBoard (FrontBoard)`).
    let writers: [String]
    /// The releases a capture or Apple's own binaries show it in; nil `last` while current
    /// releases still write it.
    let first: AppleRelease
    let last: AppleRelease?
    /// Where the wording is seen: a framework's format string, public captures.
    let source: String
    /// One message of this form, as a capture shows it (apps renamed `com.example.*`).
    let example: String

    init(
        id: String, shape: AppleMessageShape, meaning: AppleMessageMeaning, writers: [String], first: Int, last: Int? = nil,
        source: String, example: String
    ) {
        self.id = id
        self.shape = shape
        self.meaning = meaning
        self.writers = writers
        self.first = AppleRelease(first)
        self.last = last.map(AppleRelease.init)
        self.source = source
        self.example = example
    }

    var releases: String {
        guard let last else { return "\(first)+" }
        return first == last ? "\(first)" : "\(first)–\(last.major)"
    }
}
