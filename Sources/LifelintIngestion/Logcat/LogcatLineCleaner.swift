@_spi(Bytes) import LifelintBytes
import LifelintModel

/// What comes between a raw line and its parser: the `\r` of CRLF files, ANSI colour codes
/// (`-v color`), the `> ` markers of a log pasted into an e-mail or issue comment, the Markdown
/// of an issue comment (inline-code backticks around the line, a list's `- `, bold `**`), the
/// line numbers `grep -n` puts in front (`41911:`); and the lines that only
/// give the file its structure.
enum LogcatLineCleaner {
    /// Calls `body` with the line minus its `\r`, colour codes and (when asked) quote markers
    /// and `grep -n` line numbers. Clean lines, the common case, are passed through without
    /// copying.
    @inline(__always)
    static func withCleanLine<Result>(
        _ raw: Span<UInt8>, stripQuotes: Bool, stripLineNumbers: Bool = false,
        _ body: (Span<UInt8>, _ hadColor: Bool) -> Result
    ) -> Result {
        var line = raw
        line = line.droppingCarriageReturn()
        if stripLineNumbers {
            let digits = line.prefixCount { $0.isASCIIDigit }
            if digits > 0, digits < line.count, line[digits] == .colon || line[digits] == .dash {
                line = line.extracting((digits + 1)...)
            }
        }
        if stripQuotes, line.first == .greaterThan {
            var start = 0
            while start < line.count, line[start] == .greaterThan { start += 1 }
            if start < line.count, line[start] == .space { start += 1 }
            line = line.extracting(start...)
        }
        // Not a heading's `#`: a comment pasted into a log (`# system side`) stays one.
        if stripQuotes, let first = line.first, first == .backtick || first == .asterisk || first == .dash {
            line = withoutMarkdown(line)
        }
        if stripQuotes, let first = line.first, first == .space || first == .tab { line = withoutIndent(line) }
        guard line.contains(.escape) else { return body(line, false) }
        let stripped = removingEscapeSequences(line)
        return body(stripped.span, true)
    }

    /// The line inside the Markdown an issue comment wraps it in; a line that only looks like
    /// Markdown (`--------- beginning of main`, `#00 pc …`) is left as it is.
    @_lifetime(copy line)
    static func withoutMarkdown(_ line: Span<UInt8>) -> Span<UInt8> {
        let start = markdownPrefixLength(line)
        guard start > 0 else { return line }
        var end = line.count
        if line[start - 1] == .backtick || line[start - 1] == .asterisk || line.extracting(..<start).contains(.backtick) {
            while end > start, line[end - 1] == .backtick || line[end - 1] == .asterisk || line[end - 1] == .space { end -= 1 }
        }
        return line.extracting(start..<end)
    }

    /// How many bytes of Markdown open the line: backticks, `**`, `### ` and `- ` or `* ` list
    /// markers, in any order, with the spaces between them.
    static func markdownPrefixLength(_ line: Span<UInt8>) -> Int {
        var index = 0
        while index < line.count {
            let byte = line[index]
            let next = index + 1 < line.count ? line[index + 1] : 0
            if byte == .backtick || byte == .space && index > 0 {
                index += 1
            } else if byte == .asterisk, next == .asterisk || next == .space {
                index += next == .asterisk ? 2 : 1
            } else if byte == .dash, next == .space {
                index += 1
            } else if byte == .hash {
                var end = index
                while end < line.count, line[end] == .hash { end += 1 }
                guard end < line.count, line[end] == .space else { return index }
                index = end
            } else {
                return index
            }
        }
        return index
    }

    /// A log pasted as an indented block (`    I/flutter (30769): …`): the indent goes when a
    /// logcat line starts after it (a date, or a priority and `/`); a crash's indented body
    /// (`    at com.app.Main…`) keeps it.
    @_lifetime(copy line)
    private static func withoutIndent(_ line: Span<UInt8>) -> Span<UInt8> {
        guard let start = line.firstIndex(where: { $0 != .space && $0 != .tab }) else { return line }
        let startsLogcat = line[start].isASCIIDigit || (start + 1 < line.count && line[start].isASCIILetter && line[start + 1] == .slash)
        return startsLogcat ? line.extracting(start...) : line
    }

    /// Drops `ESC [ ... final-byte` sequences.
    static func removingEscapeSequences(_ line: Span<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            if line[index] == .escape, index + 1 < line.count, line[index + 1] == .openBracket {
                index += 2
                while index < line.count, !(0x40...0x7E).contains(line[index]) { index += 1 }
                index += 1
            } else {
                output.append(line[index])
                index += 1
            }
        }
        return output
    }

    static func isBlank(_ line: Span<UInt8>) -> Bool {
        line.allSatisfy { $0 == .space || $0 == .tab }
    }

    /// Buffer dividers (`--------- beginning of main`, `--------- switch to events`,
    /// `--------- tail end of log ...`), bugreport section headers (`------ SYSTEM LOG (...) ------`),
    /// and the `logcat:` label bug reports put above a pasted log.
    static func isStructural(_ line: Span<UInt8>) -> Bool {
        if line.count >= 6, line[0] == .dash, line[1] == .dash, line[2] == .dash, line[3] == .dash, line[4] == .dash, line[5] == .dash {
            return true
        }
        return line.equals(label)
    }

    private static let label: StaticString = "logcat:"
}
