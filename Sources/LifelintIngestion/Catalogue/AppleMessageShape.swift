import LifelintModel

/// Where an Apple system message names its app, and the words that say which message it is.
/// Each daemon has its way: RunningBoard and FrontBoard put the process first
/// (`[application<com.x.y>:812] Suspending task.`), others after their words; iOS 4–7 named the
/// executable (`BT[4821]`) or launchd's job (`UIKitApplication:com.x.y[0xc343]`).
enum AppleMessageShape: Sendable {
    /// `[application<com.x.y>:812] Suspending task.`: the process, then the words.
    case subjectThen(StaticString)
    /// The process, then the words somewhere in the rest (`[application<com.x.y>:812] Forcing
    /// crash report … has active assertions beyond permitted time`).
    case subjectThenContaining(StaticString)
    /// The words, then the process: `Removing assertions for terminated process:
    /// [application<com.x.y>:716]`, `Calculated state for app<com.x.y(…)>: running-active …`.
    case subjectAfter(StaticString)
    /// The words, a pid, then the process: `Received state update for 4410 (app<com.x.y(…)>,
    /// running-suspended-NotVisible`.
    case pidAndSubjectAfter(StaticString)
    /// The executable's name and pid, then the words: `BT[4821] has active assertions beyond
    /// permitted time:`, assertiond's `OurApp:24424 has …`; a paste that left the name out
    /// (`<app> has …`, or the words alone) names no app.
    case executableBefore(StaticString)
    /// The bundle id just before the words: `[com.x.y] com.x.y application state changed to Terminated`.
    case bundleBefore(StaticString)
    /// The words, then the bundle id: `Application process state changed for com.x.y: <…>`.
    case bundleAfter(StaticString)
    /// launchd's job, then the words: `(UIKitApplication:jp.co.x.BT[0xc343][4821]) Exited: Killed`.
    case launchdJobThen(StaticString)
    /// launchd's job quoted, then the words: `Application 'UIKitApplication:com.x.y[0xeec0]'
    /// exited voluntarily.`
    case quotedJobThen(StaticString)

    var words: StaticString {
        switch self {
        case let .subjectThen(words), let .subjectThenContaining(words), let .subjectAfter(words), let .pidAndSubjectAfter(words),
            let .executableBefore(words), let .bundleBefore(words), let .bundleAfter(words), let .launchdJobThen(words),
            let .quotedJobThen(words):
            words
        }
    }

    /// Whether the message opens with the process (`[application<…>:812] …`): a message that
    /// does is none of the other shapes, which spares them their searches.
    var opensWithSubject: Bool {
        switch self {
        case .subjectThen, .subjectThenContaining: true
        default: false
        }
    }

    /// The message as the table shows it: where the app is, and the words.
    var description: String {
        switch self {
        case let .subjectThen(words): "[<process>] \(words)"
        case let .subjectThenContaining(words): "[<process>] … \(words)"
        case let .subjectAfter(words): "\(words)<process>"
        case let .pidAndSubjectAfter(words): "\(words)<pid> (<process>, …"
        case let .executableBefore(words): "<name>[<pid>] \(words)"
        case let .bundleBefore(words): "… <bundle id> \(words)"
        case let .bundleAfter(words): "\(words)<bundle id>…"
        case let .launchdJobThen(words): "(UIKitApplication:<bundle id>[…][<pid>]) …\(words)"
        case let .quotedJobThen(words): "Application 'UIKitApplication:<bundle id>[…]' \(words)"
        }
    }

    /// The app and text the message names in this shape, or nil. `leadingSubject` is the
    /// `[process]` the message opens with, read once for every shape that needs it.
    func match(_ message: Substring, leadingSubject: AppleProcessSubject?) -> AppleMessageMatch? {
        switch self {
        case let .subjectThen(words):
            guard let subject = leadingSubject, let text = Self.afterBracket(subject.rest), text.hasBytePrefix(words) else { return nil }
            return Self.match(subject, text: text)
        case let .subjectThenContaining(words):
            guard let subject = leadingSubject, let text = Self.afterBracket(subject.rest), text.contains(bytes: words) else { return nil }
            return Self.match(subject, text: text)
        case let .subjectAfter(words):
            guard let range = message.byteRange(of: words) else { return nil }
            let rest = message[range.upperBound...]
            guard let subject = AppleProcessSubject.at(rest.droppingBytePrefix("[") ?? rest) else { return nil }
            return Self.match(subject, text: subject.rest)
        case let .pidAndSubjectAfter(words):
            guard let range = message.byteRange(of: words) else { return nil }
            let rest = message[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let pid = Int32(digits), let opened = rest[digits.endIndex...].droppingBytePrefix(" ("),
                var subject = AppleProcessSubject.at(opened)
            else { return nil }
            subject.pid = subject.pid ?? pid
            return Self.match(subject, text: subject.rest)
        case let .executableBefore(words):
            guard let range = message.byteRange(of: words) else { return nil }
            let holder = message[..<range.lowerBound].droppingTrailingSpaces.split(separator: " ").last ?? ""
            guard let (name, pid) = Self.executable(holder) else {
                return AppleMessageMatch(app: "unknown", pid: nil, text: message[range.lowerBound...])
            }
            return AppleMessageMatch(app: String(name), pid: pid, isExecutableName: true, text: message[range.lowerBound...])
        case let .bundleBefore(words):
            guard let range = message.byteRange(of: words) else { return nil }
            let id = message[..<range.lowerBound].droppingTrailingSpaces.reversed().prefix { $0 != " " && $0 != "]" }
            let bundle = Substring(String(id.reversed()))
            guard AppleProcessSubject.isBundleID(bundle) else { return nil }
            return AppleMessageMatch(app: String(bundle), pid: nil, text: message[range.lowerBound...])
        case let .bundleAfter(words):
            guard let range = message.byteRange(of: words) else { return nil }
            let rest = message[range.upperBound...]
            let bundle = rest.prefix { $0 != ":" && $0 != " " }
            guard AppleProcessSubject.isBundleID(bundle) else { return nil }
            return AppleMessageMatch(app: String(bundle), pid: nil, text: rest[bundle.endIndex...])
        case let .launchdJobThen(words):
            guard message.hasBytePrefix("(UIKitApplication:"), let (bundle, pid) = AppleProcessSubject.launchdJob(message),
                let range = message.byteRange(of: words)
            else { return nil }
            return AppleMessageMatch(app: bundle, pid: pid, text: message[range.upperBound...])
        case let .quotedJobThen(words):
            guard let job = message.byteRange(of: "UIKitApplication:"), let range = message[job.upperBound...].byteRange(of: words) else { return nil }
            let bundle = message[job.upperBound..<range.lowerBound].prefix { $0 != "[" && $0 != "'" && $0 != "’" }
            guard AppleProcessSubject.isBundleID(bundle) else { return nil }
            return AppleMessageMatch(app: String(bundle), pid: nil, text: message[range.lowerBound...])
        }
    }

    /// `Notes[4410]` or `Notes:4410`: an executable's name and its pid.
    private static func executable(_ word: Substring) -> (Substring, Int32)? {
        if word.last == "]", let open = word.lastIndex(of: "["), open > word.startIndex,
            let pid = Int32(word[word.index(after: open)..<word.index(before: word.endIndex)])
        {
            return (word[..<open], pid)
        }
        guard let colon = word.lastIndex(of: ":"), colon > word.startIndex, let pid = Int32(word[word.index(after: colon)...]) else { return nil }
        return (word[..<colon], pid)
    }

    /// The `[application<…>:812]` a message opens with, if any.
    static func leadingSubject(_ message: Substring) -> AppleProcessSubject? {
        message.droppingBytePrefix("[").flatMap(AppleProcessSubject.at)
    }

    private static func afterBracket(_ rest: Substring) -> Substring? {
        guard rest.first == "]" else { return nil }
        return rest.dropFirst().drop { $0 == " " }
    }

    private static func match(_ subject: AppleProcessSubject, text: Substring) -> AppleMessageMatch {
        AppleMessageMatch(app: subject.bundleID, pid: subject.pid, isMacApp: subject.isMacApp, text: text)
    }
}

extension Substring {
    fileprivate var droppingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
