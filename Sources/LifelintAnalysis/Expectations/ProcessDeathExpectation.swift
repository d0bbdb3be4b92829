import LifelintModel

/// What a test of "the app survives process death" can require its trace to prove
/// (docs/reference.md, process-death expectations). Teams kill the app with `am kill`, Maestro's
/// `killApp` or by hand, and cannot tell from the run alone that a real kill happened, that the
/// save finished first, and that the next start brought the state back.
public enum ProcessDeathExpectation: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The system killed the process (a low-memory kill, `am kill`) while the app was in the
    /// background: not a force stop, a swipe or a crash, and not a kill that never happened.
    case killedInBackground = "killed-in-background"
    /// Whatever the user typed was saved, the save ending before the process died.
    case savedBeforeKill = "saved-before-kill"
    /// The next cold start restored the state (saved instance state, the navigation, a screen
    /// shown as restored).
    case restoredAfterKill = "restored-after-kill"

    /// The expectation in words, as a report names it.
    public var summary: String {
        switch self {
        case .killedInBackground: "a system kill happened while the app was in the background"
        case .savedBeforeKill: "the save ended before the kill"
        case .restoredAfterKill: "the next cold start restored the state"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The expectations a list names (`killed-in-background,saved-before-kill`, or words
    /// separated by spaces), with the words that name none.
    public static func parse(_ list: some StringProtocol) -> (expectations: [ProcessDeathExpectation], unknown: [String]) {
        var expectations: [ProcessDeathExpectation] = []
        var unknown: [String] = []
        for word in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            if let expectation = ProcessDeathExpectation(rawValue: String(word)) {
                if !expectations.contains(expectation) { expectations.append(expectation) }
            } else {
                unknown.append(String(word))
            }
        }
        return (expectations, unknown)
    }

    /// `unknown expectation 'killed' (did you mean 'killed-in-background'?)`.
    public static func unknownDescription(_ word: String) -> String {
        "unknown expectation '\(Echo.shortened(word))'\(DidYouMean.suggestion(for: word, among: allCases.map(\.rawValue)))"
    }
}
