/// What a `phase.active` follows (its `after` attribute): the rules that ask whether the app
/// came back from the background or from a kill (`missing-resync-after-foreground`,
/// `reconnect-storm`) match these values.
public enum ResumeContext: String, Sendable, CaseIterable {
    /// The first foreground of a cold start nobody's death explains.
    case launch
    /// A return from the background.
    case background
    /// A cold start after the system killed the process, or the user did, or it crashed.
    case systemKill = "system-kill"
    case userKill = "user-kill"
    case crash
    /// Back from inactive (a dialog, the app switcher) without leaving the foreground.
    case inactive
    /// The trace began mid-run, or the death's initiator is unknown.
    case unknown

    /// The context a cold start gives its first foreground, from who ended the last process.
    public init(coldStartAfter initiator: DeathInitiator?) {
        switch initiator {
        case nil: self = .launch
        case .system?: self = .systemKill
        case .user?: self = .userKill
        case .crash?: self = .crash
        case .unknown?: self = .unknown
        }
    }
}
