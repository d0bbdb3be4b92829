/// Which instrumented tests a declaration applies to: a pattern with `*` (any run of
/// characters) and `?` (one character), matched against `com.example.FooTest#testX` and
/// against the method alone, so `*ProcessDeath*` and `testDraft*` both work. Split into its
/// literal pieces once, when the configuration is read.
public struct TestNamePattern: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    private let pieces: [Character?]

    public init(_ pattern: String) {
        description = pattern
        pieces = pattern.map { $0 == "?" ? nil : $0 }
    }

    public func matches(className: String, name: String) -> Bool {
        matches(Array(className + "#" + name)[...]) || matches(Array(name)[...])
    }

    private func matches(_ text: ArraySlice<Character>) -> Bool {
        Self.match(pieces[...], text)
    }

    /// Backtracking over the last `*` only: linear for the patterns people write.
    private static func match(_ pattern: ArraySlice<Character?>, _ text: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == nil || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
