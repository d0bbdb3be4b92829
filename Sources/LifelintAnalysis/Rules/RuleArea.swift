/// What part of an app's life a rule is about, for grouping findings (`lifelint.<area>.<rule>`
/// in Checkstyle, a tag in SARIF).
public enum RuleArea: String, Sendable, Hashable, CaseIterable, Decodable {
    /// Saving the user's data: when, where and how long.
    case persistence
    /// State saved for the system and restored after a kill.
    case state
    /// Work the app does or keeps while in the background.
    case background
    /// Catching up with the server on return.
    case sync
    /// Sockets and subscriptions across suspension.
    case network
    /// The main thread during lifecycle callbacks.
    case responsiveness
    /// What the app shows when it leaves the screen.
    case privacy
    /// Anything else about the lifecycle (the default for a team's own rules).
    case lifecycle
}
