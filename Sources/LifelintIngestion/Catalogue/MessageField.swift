/// A part of a system message that lifelint reads, named in a catalogue pattern as `{pid}`,
/// `{process}`, …. Each part has one set of characters it may hold, so a pattern says what it
/// reads without regular expressions: `Killing {pid}:{process}/{user} (adj {adj}): {reason}`.
enum MessageField: Int, CaseIterable, Sendable {
    case pid
    case uid
    case adj
    case bytes
    case number
    case process
    case package
    case user
    case record
    case component
    case target
    case reason
    case detail
    case type

    /// The characters a field holds.
    enum Kind: Sendable {
        /// Decimal digits.
        case digits
        /// Digits with an optional leading minus sign (`adj -800`).
        case signedDigits
        /// A process name: letters, digits, `.`, `_`, `$`, `-` and `:` (`com.app:remote`); a
        /// comma or a slash ends it (`ANR in com.app, time=…`, `com.app/u0a12`).
        case processName
        /// A package name: letters, digits, `.`, `_` and `$`.
        case packageName
        /// Anything but a space.
        case word
        /// A `{…}` record as the system prints it (`ActivityRecord{aa73cbf u0 com.app/.Main
        /// t2594}`, `ServiceRecord{…}`, `ComponentInfo{…}`): letters, then braces and what they hold.
        case record
        /// Any text, as little as the pattern's next words allow, or the rest of the message.
        case text
    }

    var kind: Kind {
        switch self {
        case .pid, .uid, .bytes, .number: .digits
        case .adj: .signedDigits
        case .process: .processName
        case .package, .user, .type: .packageName
        case .component: .word
        case .record: .record
        case .target, .reason, .detail: .text
        }
    }

    var name: String { String(describing: self) }

    static let byName: [String: MessageField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
