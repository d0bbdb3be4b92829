@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public let requiredLiteral: [UInt8]?

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case invalid(String)
        public var description: String {
            switch self {
            case let .invalid(reason): reason
            }
        }
    }

    /// How large a pattern may grow once counted repetitions are written out, as `regcomp`
    /// does: `(a{1,100}){1,100}` is 10,000 copies; ten such levels would take all memory. A
    /// count's many optional copies cost more besides (`optionalCopiesCost`).
    public static let maximumExpansion = 10_000
    /// The most all of a configuration's expressions may expand to together: each compiled
    /// copy costs `regcomp` about 1.5 KB, so 250 expressions at the single limit took 3.9 GB.
    public static let maximumTotalExpansion = 50_000
    /// A message longer than this is matched on its first `maximumSubjectLength` bytes only: a
    /// pattern such as `(a+)+$` takes time quadratic in the text's length.
    public static let maximumSubjectLength = 2_048
    /// How deeply groups may nest: deeper, the complexity check below and `regcomp` itself
    /// recurse past the stack (RegexFuzzer found 14,620 open parentheses).
    public static let maximumNesting = 100
    static let nestedTooDeeply = Failure.invalid("groups nested more than \(maximumNesting) deep")

    /// How many copies of its parts the pattern expands to (what `maximumExpansion` bounds).
    public let expansion: Int

    public init(_ pattern: String) throws(Failure) {
        self.pattern = pattern
        let bytes = Self.escapingLiteralBraces(Array(pattern.utf8))
        expansion = try Self.checkComplexity(bytes)
        let (translated, names) = try Self.translate(bytes)
        groupNames = names
        requiredLiteral = Self.requiredLiteral(of: bytes)
        let status = regcomp(&compiled, translated, REG_EXTENDED)
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &buffer, buffer.count)
            throw .invalid(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// Refuses what would take `regcomp` or `regexec` past any reasonable time or memory. The
    /// checks read the pattern's UTF-8 bytes, as the C library does: read as characters, a
    /// combining mark after `(` or `{` hid it from them, and `regcomp` ran out of memory.
    /// Returns the expansion of a pattern that passes.
    @discardableResult
    static func checkComplexity(_ bytes: [UInt8]) throws(Failure) -> Int {
        guard nestingDepth(bytes) <= maximumNesting else { throw nestedTooDeeply }
        if hasRepeatedRepetition(bytes) {
            throw .invalid("a repetition of a repetition ('a++', 'a*{2}'): write one; stacked, they take the C library exponential memory")
        }
        if try hasLoopOverEmptyMatch(bytes) {
            throw .invalid("a repetition of a part that can match nothing ('()+', '(a*)*', '(b|)+'): repeat what must match; the C library takes minutes to compile a few of these")
        }
        let expansion = try expandedSize(bytes)
        guard expansion <= maximumExpansion else {
            throw .invalid(
                "too complex: its counted repetitions ('{m,n}') expand to \(expansion > Int(Int32.max) ? "billions of" : "\(expansion)") copies (at most \(maximumExpansion))")
        }
        return expansion
    }

    /// What a pattern costs (`expansion`), checked as `init` checks it, without compiling it.
    public static func cost(of pattern: String) throws(Failure) -> Int {
        let bytes = escapingLiteralBraces(Array(pattern.utf8))
        _ = try translate(bytes)
        return try checkComplexity(bytes)
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

    /// The pattern with every `{` that opens no count (`{m}`, `{m,}`, `{,n}`, `{m,n}`) escaped:
    /// the C library reads such a brace as a literal, and what follows it as it comes (a `[` then
    /// opens a bracket expression), where the checks below read a count to the next `}`. Escaped,
    /// the brace is a literal to both (RegexFuzzer: `{[}` hid parentheses from the checks, and
    /// `regcomp` took more than 2 GB).
    static func escapingLiteralBraces(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                result += bytes[index..<min(index + 2, bytes.count)]
                index += 2
            case UInt8(ascii: "["):
                let end = bracketEnd(bytes, from: index)
                result += bytes[index..<end]
                index = end
            case UInt8(ascii: "{") where !opensCount(bytes, at: index):
                result += [UInt8(ascii: "\\"), UInt8(ascii: "{")]
                index += 1
            default:
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Whether the `{` at `index` opens a count: digits, a comma and digits, at least one digit.
    private static func opensCount(_ bytes: [UInt8], at index: Int) -> Bool {
        var position = index + 1
        var digits = 0
        var commas = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte.isASCIIDigit {
                digits += 1
            } else if byte == UInt8(ascii: ",") {
                commas += 1
            } else {
                return byte == UInt8(ascii: "}") && digits > 0 && commas <= 1
            }
            position += 1
        }
        return false
    }

    /// Whether a repetition operator (`*`, `+`, `?`, `{m,n}`) follows another one directly.
    static func hasRepeatedRepetition(_ bytes: [UInt8]) -> Bool {
        var index = 0
        var afterRepetition = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
                afterRepetition = false
            case UInt8(ascii: "["):
                index = bracketEnd(bytes, from: index)
                afterRepetition = false
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                if afterRepetition, !(bytes[index] == UInt8(ascii: "?") && index > 0 && bytes[index - 1] == UInt8(ascii: "(")) { return true }
                afterRepetition = true
                index += 1
            case UInt8(ascii: "{"):
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    index += 1
                    continue
                }
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
    static func hasLoopOverEmptyMatch(_ bytes: [UInt8]) throws(Failure) -> Bool {
        var index = 0
        var found = false
        while index < bytes.count {
            _ = try alternativesMatchEmpty(bytes, &index, &found, depth: 0)
            index += 1
        }
        return found
    }

    /// Reads alternatives up to the `)` that closes them (or the end) and says whether one of
    /// them can match the empty string; sets `found` on a loop over such a part. Recursion is
    /// bounded here too, not only by `nestingDepth`: a `{` read as a count skips what lies
    /// before its `}`, a `)` included, so groups can nest deeper here than there (RegexFuzzer:
    /// the stack overflowed).
    private static func alternativesMatchEmpty(_ bytes: [UInt8], _ index: inout Int, _ found: inout Bool, depth: Int) throws(Failure) -> Bool {
        var anyEmpty = false
        var sequenceEmpty = true
        while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
            if bytes[index] == UInt8(ascii: "|") {
                anyEmpty = anyEmpty || sequenceEmpty
                sequenceEmpty = true
                index += 1
                continue
            }
            var atomEmpty = try atomMatchesEmpty(bytes, &index, &found, depth: depth)
            if index < bytes.count { applyRepetition(bytes, &index, to: &atomEmpty, &found) }
            sequenceEmpty = sequenceEmpty && atomEmpty
        }
        return anyEmpty || sequenceEmpty
    }

    /// Reads one atom (a group, a bracket expression, an escape, an anchor or a character).
    private static func atomMatchesEmpty(_ bytes: [UInt8], _ index: inout Int, _ found: inout Bool, depth: Int) throws(Failure) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "("):
            guard depth < maximumNesting else { throw nestedTooDeeply }
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "?"), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) { index = close + 1 }
            let empty = try alternativesMatchEmpty(bytes, &index, &found, depth: depth + 1)
            index += 1
            return empty
        case UInt8(ascii: "["):
            index = bracketEnd(bytes, from: index)
            return false
        case UInt8(ascii: "\\"):
            let escaped = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: "\\")
            index += 2
            return "bB<>`'".utf8.contains(escaped)
        case UInt8(ascii: "^"), UInt8(ascii: "$"):
            index += 1
            return true
        default:
            index += 1
            return false
        }
    }

    /// Reads the repetition after an atom, if any: a loop over an atom that can match nothing
    /// is `found`; a repetition that allows none makes the atom able to match nothing.
    private static func applyRepetition(_ bytes: [UInt8], _ index: inout Int, to atomEmpty: inout Bool, _ found: inout Bool) {
        switch bytes[index] {
        case UInt8(ascii: "*"), UInt8(ascii: "+"):
            if atomEmpty { found = true }
            if bytes[index] == UInt8(ascii: "*") { atomEmpty = true }
            index += 1
        case UInt8(ascii: "?"):
            atomEmpty = true
            index += 1
        case UInt8(ascii: "{"):
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return }
            let bounds = String(decoding: bytes[(index + 1)..<close], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
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
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var index = 0
        var depth = 0
        var deepest = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "["):
                index = bracketEnd(bytes, from: index)
            case UInt8(ascii: "("):
                depth += 1
                deepest = max(deepest, depth)
                index += 1
            case UInt8(ascii: ")"):
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
    static func expandedSize(_ bytes: [UInt8]) throws(Failure) -> Int {
        var index = 0
        return try sequenceSize(bytes, &index, depth: 0)
    }

    /// Outside a group, a `)` closes nothing: the C library reads it as a literal, and the
    /// count goes on past it (RegexFuzzer: a stray `)` hid a `{1,7000}` behind it from the
    /// count, and `regcomp` took more than 2 GB). Depth is bounded as in
    /// `alternativesMatchEmpty`.
    private static func sequenceSize(_ bytes: [UInt8], _ index: inout Int, depth: Int) throws(Failure) -> Int {
        var total = 0
        while index < bytes.count, !(depth > 0 && bytes[index] == UInt8(ascii: ")")) {
            if bytes[index] == UInt8(ascii: "|") {
                index += 1
                continue
            }
            var size = 1
            switch bytes[index] {
            case UInt8(ascii: "("):
                guard depth < maximumNesting else { throw nestedTooDeeply }
                index += 1
                size = max(try sequenceSize(bytes, &index, depth: depth + 1), 1)
                index += 1
            case UInt8(ascii: "["):
                index = bracketEnd(bytes, from: index)
            case UInt8(ascii: "\\"):
                index += 2
            default:
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) {
                let bounds = String(decoding: bytes[(index + 1)..<close], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
                let count = bounds.compactMap { Int($0) }.max() ?? 1
                size = saturating(size, times: max(count, 1))
                size = saturating(size, plus: optionalCopiesCost(bounds))
                index = close + 1
            }
            total = saturating(total, plus: size)
        }
        return total
    }

    /// What a count's optional copies (`{m,n}`: n − m of them) add beyond the copies: the C
    /// library links each to every one after it, so memory grows with their square (`a{1,1000}`
    /// 22 MB, `a{1,3000}` 85 MB, `(x){1,7000}` 1 GB: RegexFuzzer). Past the first 100 they count
    /// as their square over 100, so about a thousand optional copies in one count are the most
    /// a pattern passes with.
    private static func optionalCopiesCost(_ bounds: [Substring]) -> Int {
        guard bounds.count == 2, let low = bounds[0].isEmpty ? 0 : Int(bounds[0]), let high = Int(bounds[1]), high > low + 100 else { return 0 }
        let beyond = high - low - 100
        return beyond > 3_000_000 ? Int.max : beyond * beyond / 100
    }

    private static func saturating(_ value: Int, times factor: Int) -> Int {
        value.multipliedReportingOverflow(by: factor).overflow ? Int.max : value * factor
    }

    private static func saturating(_ value: Int, plus more: Int) -> Int {
        value.addingReportingOverflow(more).overflow ? Int.max : value + more
    }

    /// POSIX syntax from the conveniences: `(?<name>` becomes `(` (remembering the name),
    /// `\d` and `\D` become bracket expressions. Bracket expressions are copied untouched.
    static func translate(_ bytes: [UInt8]) throws(Failure) -> (String, [String?]) {
        var result: [UInt8] = []
        var names: [String?] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw .invalid("the pattern ends with a lone backslash") }
                let next = bytes[index + 1]
                if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(next) {
                    throw .invalid(
                        "a back-reference ('\\\(Character(Unicode.Scalar(next)))'): matching one takes the C library time exponential in the line's length; name the group and compare in a rule instead"
                    )
                }
                result += next == UInt8(ascii: "d") ? Array("[0-9]".utf8) : next == UInt8(ascii: "D") ? Array("[^0-9]".utf8) : [UInt8(ascii: "\\"), next]
                index += 2
            case UInt8(ascii: "["):
                let end = bracketEnd(bytes, from: index)
                result += bytes[index..<end]
                index = end
            case UInt8(ascii: "("):
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") {
                    guard bytes[index + 2] == UInt8(ascii: "<"), let close = bytes[(index + 3)...].firstIndex(of: UInt8(ascii: ">")) else {
                        throw .invalid("only named groups '(?<name>...)' are supported after '(?'")
                    }
                    let name = String(decoding: bytes[(index + 3)..<close], as: UTF8.self)
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        throw .invalid("'\(name)' is not a group name (letters, digits and '_')")
                    }
                    names.append(name)
                    index = close + 1
                } else {
                    names.append(nil)
                    index += 1
                }
                result.append(UInt8(ascii: "("))
            default:
                result.append(bytes[index])
                index += 1
            }
        }
        return (String(decoding: result, as: UTF8.self), names)
    }

    /// The longest run of literal bytes that every match must contain, read at the top level
    /// only (not inside groups, which may be optional): none when the pattern has an
    /// alternation; a byte made optional or repeatable by the next one (`?`, `*`, `{`) ends the
    /// run without joining it, as it does for the C library; escaped punctuation is literal;
    /// runs shorter than three bytes are not worth a search.
    static func requiredLiteral(of bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.contains(UInt8(ascii: "|")) else { return nil }
        var best: [UInt8] = []
        var run: [UInt8] = []
        var depth = 0
        var index = 0
        func endRun() {
            if run.count > best.count { best = run }
            run = []
        }
        while index < bytes.count {
            var literal: UInt8?
            var width = 1
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, !bytes[index + 1].isASCIILetter, !bytes[index + 1].isASCIIDigit {
                    literal = bytes[index + 1]
                }
                width = 2
            case UInt8(ascii: "["):
                width = bracketEnd(bytes, from: index) - index
            case UInt8(ascii: "("):
                depth += 1
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "?"), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                    width = close - index + 1
                }
            case UInt8(ascii: ")"):
                // One that closes nothing is a literal to the C library, as in `expandedSize`.
                if depth == 0 { literal = UInt8(ascii: ")") } else { depth -= 1 }
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                literal = nil
            default:
                literal = bytes[index]
            }
            let next = index + width < bytes.count ? bytes[index + width] : nil
            if depth == 0, let literal, next != UInt8(ascii: "?"), next != UInt8(ascii: "*"), next != UInt8(ascii: "{") {
                run.append(literal)
                if next == UInt8(ascii: "+") { endRun() }
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
    private static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count, [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(bytes[index + 1]) {
                let terminator = bytes[index + 1]
                var inner = index + 2
                while inner + 1 < bytes.count, !(bytes[inner] == terminator && bytes[inner + 1] == UInt8(ascii: "]")) { inner += 1 }
                index = inner + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            index += 1
        }
        return bytes.count
    }
}
