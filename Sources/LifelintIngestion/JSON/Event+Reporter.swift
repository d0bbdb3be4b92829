import LifelintModel

extension Event {
    /// The mark of a crash reporter's event in the trace (`reporter.event`), at the event's time:
    /// the claim check needs one, so a trace without it says the check had nothing to read.
    static func reporterEvent(
        _ reporter: String, mechanism: String?, inForeground: Bool?, time: Timestamp, app: String, platform: Platform, source: SourceLocation
    ) -> Event {
        var attributes: Attributes = ["reporter": reporter]
        attributes["mechanism"] = mechanism.flatMap { $0.isEmpty ? nil : $0 }
        attributes["in_foreground"] = inForeground.map { $0 ? "true" : "false" }
        return Event(time: time, app: app, platform: platform, name: .reporterEvent, attributes: attributes, source: source)
    }
}
