/// The "did you mean" of an error message: the closest of the names a mistyped one could have
/// meant, when one is close enough to be a typo.
public enum DidYouMean {
    /// ` (did you mean 'graceWindow'?)`, or "" when no candidate is close.
    public static func suggestion(for text: String, among candidates: some Sequence<String>) -> String {
        closest(to: text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The candidate within a typo's distance (two edits, more for long names), nearest first.
    public static func closest(to text: String, among candidates: some Sequence<String>) -> String? {
        guard text.utf8.count <= 256 else { return nil }
        let scored = candidates.map { ($0, editDistance(text.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= max(2, text.count / 4) else { return nil }
        return best.0
    }

    /// Levenshtein distance over characters.
    public static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
