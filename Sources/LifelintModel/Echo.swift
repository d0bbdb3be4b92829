/// How much of a user's value an error message repeats: a 5,000-character `--set` or a key
/// that runs on is named by its start and its length, so a mistake never floods a CI log.
public enum Echo {
    public static let limit = 120

    /// The value, or its first `limit` characters and how long it was.
    public static func shortened(_ value: some StringProtocol) -> String {
        guard value.count > limit else { return String(value) }
        return value.prefix(limit) + "… (\(value.utf8.count) bytes)"
    }

    /// A composed message (ours, with values in it) cut at a length none of ours reaches.
    public static func capped(_ message: some StringProtocol) -> String {
        guard message.count > 4 * limit else { return String(message) }
        return message.prefix(4 * limit) + "… (\(message.utf8.count) bytes)"
    }
}
