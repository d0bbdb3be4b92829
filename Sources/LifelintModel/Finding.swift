/// One occurrence of an anti-pattern in a trace.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var app: String
    public var platform: Platform
    public var time: Timestamp
    public var location: SourceLocation
    /// Earlier places that explain the finding (where the app went to the background, where
    /// the input was typed, where the process died).
    public var related: [RelatedLocation]
    /// Stable across runs and edits of unrelated lines: rule, app and event content, never line
    /// numbers or times. Baselines and dashboards key on it.
    public var fingerprint: String
    /// A post-mortem verdict reported as a result of its rule (`data-loss-verdict`), not a
    /// rule's finding: reports rank and label the two apart.
    public var isVerdict: Bool

    public init(
        ruleID: String, severity: Severity, message: String, app: String, platform: Platform, time: Timestamp, location: SourceLocation,
        related: [RelatedLocation], fingerprint: String, isVerdict: Bool = false
    ) {
        (self.ruleID, self.severity, self.message, self.app, self.platform) = (ruleID, severity, message, app, platform)
        (self.time, self.location, self.related, self.fingerprint, self.isVerdict) = (time, location, related, fingerprint, isVerdict)
    }

    public struct RelatedLocation: Sendable, Hashable {
        public var location: SourceLocation
        public var message: String

        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }
}
