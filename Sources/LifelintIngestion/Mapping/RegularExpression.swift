#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LifelintModel

/// A POSIX extended regular expression (`regcomp`/`regexec` from the C library), which keeps
/// mappings at the reader's pace where Swift's `Regex` does not (measurements in
/// docs/decisions/0010-reports-configuration-baselines.md). Two conveniences on top of POSIX syntax: named
/// groups `(?<name>...)`, whose matches become attributes, and `\d` / `\D` for digits.
public final class RegularExpression: @unchecked Sendable {
    // regexec only reads the compiled expression, so one instance serves every thread.
    private var compiled = regex_t()
    public let pattern: String
    /// The name of each capture group, in order (nil for unnamed groups).
    public let groupNames: [String?]
    /// Text every match contains (the longest literal run of a pattern without alternation),
    /// used to skip `regexec` on lines without it; nil when none is certain.
    public let requiredLiteral: String?

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case invalid(String)
        public var description: String {
            switch self {
            case let .invalid(reason): reason
            }
        }
    }

    /// How large a pattern may grow once counted repetitions are written out, as `regcomp`
    /// does: `(a{1,100}){1,100}` is 10,000 copies; ten such levels would take all memory.
    public static let maximumExpansion = 10_000
    /// A message longer than this is matched on its first `maximumSubjectLength` bytes only: a
    /// pattern such as `(a+)+$` takes time quadratic in the text's length.
    public static let maximumSubjectLength = 2_048
    /// How deeply groups may nest: deeper, the complexity check below and `regcomp` itself
    /// recurse past the stack (RegexFuzzer found 14,620 open parentheses).
    public static let maximumNesting = 100
    static let nestedTooDeeply = Failure.invalid("groups nested more than \(maximumNesting) deep")

    public init(_ pattern: String) throws(Failure) {
        self.pattern = pattern
        guard Self.nestingDepth(Array(pattern)) <= Self.maximumNesting else { throw Self.nestedTooDeeply }
        if Self.hasRepeatedRepetition(Array(pattern)) {
            throw .invalid("a repetition of a repetition ('a++', 'a*{2}'): write one; stacked, they take the C library exponential memory")
        }
        if try Self.hasLoopOverEmptyMatch(Array(pattern)) {
            throw .invalid("a repetition of a part that can match nothing ('()+', '(a*)*', '(b|)+'): repeat what must match; the C library takes minutes to compile a few of these")
        }
        let expansion = try Self.expandedSize(Array(pattern))
        guard expansion <= Self.maximumExpansion else {
            throw .invalid("too complex: its counted repetitions ('{m,n}') expand to \(expansion > Int(Int32.max) ? "billions of" : "\(expansion)") copies (at most \(Self.maximumExpansion))")
        }
        let (translated, names) = try Self.translate(pattern)
        groupNames = names
        requiredLiteral = Self.requiredLiteral(of: pattern)
        let status = regcomp(&compiled, translated, REG_EXTENDED)
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &buffer, buffer.count)
            throw .invalid(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    deinit { regfree(&compiled) }

    /// Matches against a NUL-terminated string; returns the byte range of the whole match and of
    /// each group (nil for a group that did not take part).
    /// `cut`: the text is the start of a longer message, so `$` must not match at its end.
    func match(_ text: UnsafePointer<CChar>, cut: Bool = false) -> (whole: Range<Int>, groups: [Range<Int>?])? {
        var matches = [regmatch_t](repeating: regmatch_t(), count: groupNames.count + 1)
        guard regexec(&compiled, text, matches.count, &matches, cut ? REG_NOTEOL : 0) == 0 else { return nil }
        let ranges = matches.map { $0.rm_so < 0 ? nil : Int($0.rm_so)..<Int($0.rm_eo) }
        return (ranges[0]!, Array(ranges.dropFirst()))
    }

    /// Whether a repetition operator (`*`, `+`, `?`, `{m,n}`) follows another one directly.
    static func hasRepeatedRepetition(_ characters: [Character]) -> Bool {
        var index = 0
        var afterRepetition = false
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
                afterRepetition = false
            case "[":
                index = bracketEnd(characters, from: index)
                afterRepetition = false
            case "*", "+", "?":
                if afterRepetition, !(characters[index] == "?" && index > 0 && characters[index - 1] == "(") { return true }
                afterRepetition = true
                index += 1
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { index += 1; continue }
                if afterRepetition { return true }
                afterRepetition = true
                index = close + 1
            default:
                afterRepetition = false
                index += 1
            }
        }
        return false
    }

    /// Whether a loop (`*`, `+`, or `{m,n}` with n above one) repeats a part that can match
    /// nothing: `()+`, `(a*)*`, `(b|)+`, `(^)*`. Such a loop adds nothing a pattern needs, and
    /// the C library's compiler follows its empty paths for far longer than the pattern's size
    /// suggests: eight `(()+){1,100}` in a row ran for minutes (RegexFuzzer).
    static func hasLoopOverEmptyMatch(_ characters: [Character]) throws(Failure) -> Bool {
        var index = 0
        var found = false
        while index < characters.count {
            _ = try alternativesMatchEmpty(characters, &index, &found, depth: 0)
            index += 1
        }
        return found
    }

    /// Reads alternatives up to the `)` that closes them (or the end) and says whether one of
    /// them can match the empty string; sets `found` on a loop over such a part. Recursion is
    /// bounded here too, not only by `nestingDepth`: a `{` read as a count skips what lies
    /// before its `}`, a `)` included, so groups can nest deeper here than there (RegexFuzzer:
    /// the stack overflowed).
    private static func alternativesMatchEmpty(_ characters: [Character], _ index: inout Int, _ found: inout Bool, depth: Int) throws(Failure) -> Bool {
        var anyEmpty = false
        var sequenceEmpty = true
        while index < characters.count, characters[index] != ")" {
            if characters[index] == "|" {
                anyEmpty = anyEmpty || sequenceEmpty
                sequenceEmpty = true
                index += 1
                continue
            }
            var atomEmpty = try atomMatchesEmpty(characters, &index, &found, depth: depth)
            if index < characters.count { applyRepetition(characters, &index, to: &atomEmpty, &found) }
            sequenceEmpty = sequenceEmpty && atomEmpty
        }
        return anyEmpty || sequenceEmpty
    }

    /// Reads one atom (a group, a bracket expression, an escape, an anchor or a character).
    private static func atomMatchesEmpty(_ characters: [Character], _ index: inout Int, _ found: inout Bool, depth: Int) throws(Failure) -> Bool {
        switch characters[index] {
        case "(":
            guard depth < maximumNesting else { throw nestedTooDeeply }
            index += 1
            if index < characters.count, characters[index] == "?", let close = characters[index...].firstIndex(of: ">") { index = close + 1 }
            let empty = try alternativesMatchEmpty(characters, &index, &found, depth: depth + 1)
            index += 1
            return empty
        case "[":
            index = bracketEnd(characters, from: index)
            return false
        case "\\":
            let escaped = index + 1 < characters.count ? characters[index + 1] : "\\"
            index += 2
            return "bB<>`'".contains(escaped)
        case "^", "$":
            index += 1
            return true
        default:
            index += 1
            return false
        }
    }

    /// Reads the repetition after an atom, if any: a loop over an atom that can match nothing
    /// is `found`; a repetition that allows none makes the atom able to match nothing.
    private static func applyRepetition(_ characters: [Character], _ index: inout Int, to atomEmpty: inout Bool, _ found: inout Bool) {
        switch characters[index] {
        case "*", "+":
            if atomEmpty { found = true }
            if characters[index] == "*" { atomEmpty = true }
            index += 1
        case "?":
            atomEmpty = true
            index += 1
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return }
            let bounds = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            let low = bounds.first.flatMap { Int($0) } ?? 0
            let high = bounds.count == 1 ? low : bounds.last.flatMap { Int($0) } ?? Int.max
            if atomEmpty, high > 1 { found = true }
            if low == 0 { atomEmpty = true }
            index = close + 1
        default:
            break
        }
    }

    /// How deeply the pattern's groups nest (escapes and bracket expressions skipped).
    static func nestingDepth(_ characters: [Character]) -> Int {
        var index = 0
        var depth = 0
        var deepest = 0
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
            case "[":
                index = bracketEnd(characters, from: index)
            case "(":
                depth += 1
                deepest = max(deepest, depth)
                index += 1
            case ")":
                depth = max(depth - 1, 0)
                index += 1
            default:
                index += 1
            }
        }
        return deepest
    }

    /// How many atoms the pattern holds once counted repetitions are written out: a group's
    /// atoms times its count, alternatives added; saturating instead of overflowing.
    static func expandedSize(_ characters: [Character]) throws(Failure) -> Int {
        var index = 0
        return try sequenceSize(characters, &index, depth: 0)
    }

    /// Outside a group, a `)` closes nothing: the C library reads it as a literal, and the
    /// count goes on past it (RegexFuzzer: a stray `)` hid a `{1,7000}` behind it from the
    /// count, and `regcomp` took more than 2 GB). Depth is bounded as in
    /// `alternativesMatchEmpty`.
    private static func sequenceSize(_ characters: [Character], _ index: inout Int, depth: Int) throws(Failure) -> Int {
        var total = 0
        while index < characters.count, !(depth > 0 && characters[index] == ")") {
            if characters[index] == "|" {
                index += 1
                continue
            }
            var size = 1
            switch characters[index] {
            case "(":
                guard depth < maximumNesting else { throw nestedTooDeeply }
                index += 1
                size = max(try sequenceSize(characters, &index, depth: depth + 1), 1)
                index += 1
            case "[":
                index = bracketEnd(characters, from: index)
            case "\\":
                index += 2
            default:
                index += 1
            }
            if index < characters.count, characters[index] == "{", let close = characters[index...].firstIndex(of: "}") {
                let bounds = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                let count = bounds.compactMap { Int($0) }.max() ?? 1
                size = size.multipliedReportingOverflow(by: max(count, 1)).overflow ? Int.max : size * max(count, 1)
                index = close + 1
            }
            total = total.addingReportingOverflow(size).overflow ? Int.max : total + size
        }
        return total
    }

    /// POSIX syntax from the conveniences: `(?<name>` becomes `(` (remembering the name),
    /// `\d` and `\D` become bracket expressions. Bracket expressions are copied untouched.
    static func translate(_ pattern: String) throws(Failure) -> (String, [String?]) {
        let characters = Array(pattern)
        var result = ""
        var names: [String?] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                guard index + 1 < characters.count else { throw .invalid("the pattern ends with a lone backslash") }
                let next = characters[index + 1]
                result += next == "d" ? "[0-9]" : next == "D" ? "[^0-9]" : "\\\(next)"
                index += 2
            case "[":
                let end = bracketEnd(characters, from: index)
                result += String(characters[index..<end])
                index = end
            case "(":
                if index + 2 < characters.count, characters[index + 1] == "?" {
                    guard characters[index + 2] == "<", let close = characters[(index + 3)...].firstIndex(of: ">") else {
                        throw .invalid("only named groups '(?<name>...)' are supported after '(?'")
                    }
                    let name = String(characters[(index + 3)..<close])
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        throw .invalid("'\(name)' is not a group name (letters, digits and '_')")
                    }
                    names.append(name)
                    index = close + 1
                } else {
                    names.append(nil)
                    index += 1
                }
                result += "("
            default:
                result.append(character)
                index += 1
            }
        }
        return (result, names)
    }

    /// The longest run of literal characters that every match must contain, read at the top
    /// level only (not inside groups, which may be optional): none when the pattern has an
    /// alternation; a character made optional or repeatable by the next one (`?`, `*`, `{`)
    /// ends the run without joining it; escaped punctuation is literal; runs shorter than three
    /// characters are not worth a search.
    static func requiredLiteral(of pattern: String) -> String? {
        let characters = Array(pattern)
        guard !characters.contains("|") else { return nil }
        var best = ""
        var run = ""
        var depth = 0
        var index = 0
        func endRun() {
            if run.count > best.count { best = run }
            run = ""
        }
        while index < characters.count {
            var literal: Character?
            var width = 1
            switch characters[index] {
            case "\\":
                if index + 1 < characters.count, !characters[index + 1].isLetter, !characters[index + 1].isNumber {
                    literal = characters[index + 1]
                }
                width = 2
            case "[":
                width = bracketEnd(characters, from: index) - index
            case "(":
                depth += 1
                if index + 2 < characters.count, characters[index + 1] == "?", let close = characters[index...].firstIndex(of: ">") {
                    width = close - index + 1
                }
            case ")":
                // One that closes nothing is a literal to the C library, as in `expandedSize`.
                if depth == 0 { literal = ")" } else { depth -= 1 }
            case ".", "^", "$", "+", "*", "?", "{", "}":
                literal = nil
            default:
                literal = characters[index]
            }
            let next = index + width < characters.count ? characters[index + width] : nil
            if depth == 0, let literal, next != "?", next != "*", next != "{" {
                run.append(literal)
                if next == "+" { endRun() }
            } else {
                endRun()
            }
            index += width
        }
        endRun()
        return best.count >= 3 ? best : nil
    }

    /// The index just past a bracket expression starting at `start` (`[`), honouring `[]...]`,
    /// `[^]...]` and `[:class:]`.
    private static func bracketEnd(_ characters: [Character], from start: Int) -> Int {
        var index = start + 1
        if index < characters.count, characters[index] == "^" { index += 1 }
        if index < characters.count, characters[index] == "]" { index += 1 }
        while index < characters.count {
            if characters[index] == "[", index + 1 < characters.count, [":", ".", "="].contains(characters[index + 1]) {
                let terminator = characters[index + 1]
                var inner = index + 2
                while inner + 1 < characters.count, !(characters[inner] == terminator && characters[inner + 1] == "]") { inner += 1 }
                index = inner + 2
                continue
            }
            if characters[index] == "]" { return index + 1 }
            index += 1
        }
        return characters.count
    }
}
