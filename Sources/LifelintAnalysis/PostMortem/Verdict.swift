import LifelintModel

/// What happened to the user's data across one background entry that ended in a process death:
/// what was at risk when the app left, whether a save began and ended and when (against the
/// grace window), who killed the process, and what the next cold start restored. Each claim
/// keeps the trace line it rests on.
public struct Verdict: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Unsaved input, no save that finished before the death, nothing restored.
        case lost
        /// A save began but the death cut it off; nothing restored.
        case saveCutOff = "save-cut-off"
        /// The input was saved, but only after the grace window: it survived by luck.
        case savedLate = "saved-late"
        /// The input was saved within the grace window.
        case saved
        /// Not persisted, but the next cold start restored state (saved instance state).
        case restored
        /// Nothing unsaved when the app left.
        case nothingAtRisk = "nothing-at-risk"
        /// The app reports no input anywhere in the trace: what was at risk cannot be told.
        case noEvidence = "no-evidence"
        /// Unsaved input, no save, the trace does not show what the next start restored (it ends
        /// first, or the app reports no restores), and instance state saved after the input
        /// might bring it back: the trace cannot tell.
        case unknown

        /// The verdict in a few words.
        public var headline: String {
            switch self {
            case .lost: "the user's input was lost"
            case .saveCutOff: "the save was cut off by the kill; the input was lost"
            case .savedLate: "the input was saved, but only after the grace window"
            case .saved: "the input was saved in time"
            case .restored: "the input was not persisted, but state was restored"
            case .nothingAtRisk: "nothing was at risk"
            case .noEvidence: "what was at risk cannot be told"
            case .unknown: "the trace cannot show whether the input came back"
            }
        }

        /// Whether the user lost data (or very nearly did).
        public var isLoss: Bool { self == .lost || self == .saveCutOff }

        /// How a report colours it: lost, at risk, safe, or not known.
        public var tone: Tone {
            switch self {
            case .lost, .saveCutOff: .loss
            case .savedLate, .unknown: .risk
            case .saved, .restored, .nothingAtRisk: .safe
            case .noEvidence: .unknown
            }
        }
    }

    public enum Tone: String, Sendable {
        case loss, risk, safe, unknown
    }

    /// One statement of the explanation and the trace line it rests on.
    public struct Claim: Sendable, Hashable {
        public var text: String
        public var location: SourceLocation?
    }

    public var app: String
    public var pid: Int32?
    public var platform: Platform
    public var outcome: Outcome
    /// When the app went to the background, where the story starts.
    public var time: Timestamp
    public var location: SourceLocation
    public var claims: [Claim]

    /// `com.example.notes (pid 4242)`; the app alone when it is only known by its pid.
    public var subject: String {
        guard let pid, app != Event.appName(forUnknownPid: pid) else { return app }
        return "\(app) (pid \(pid))"
    }

    /// The explanation as one paragraph, each claim followed by its line: `... (line 28).`
    public var paragraph: String { Self.paragraph(claims, in: location.path) }

    /// Claims as one paragraph, each followed by its line, naming the file of a line in
    /// another file than `path`.
    public static func paragraph(_ claims: [Claim], in path: String) -> String {
        claims.map { claim in
            guard let location = claim.location else { return claim.text + "." }
            return "\(claim.text) (\(location.lineText)\(location.path == path ? "" : " of \(location.path)"))."
        }.joined(separator: " ")
    }
}
