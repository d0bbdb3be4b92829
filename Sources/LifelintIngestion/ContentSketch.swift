@_spi(Bytes) import LifelintBytes
import LifelintModel

/// What a file that lifelint cannot read looks like, for the error: "an HTML page", "a Windows
/// event log", "binary data"… A user who sent the wrong file learns which one it was, and
/// `--input-format` is suggested only when the text looks like logcat in a layout detection
/// missed.
enum ContentSketch {
    /// The formats lifelint reads, for the end of the message.
    static let readable =
        "lifelint reads logcat, bugreports, exit-info, ANR dumps, tombstones, Perfetto traces, Apple logs and crash reports, crash reporters' events, its own, Chrome and MetricKit JSON, and property lists"

    /// The binary formats people send by mistake, by their first bytes.
    private static let magic: [(bytes: [UInt8], name: String)] = [
        (Array("%PDF".utf8), "a PDF document"),
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
        ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        (Array("GIF8".utf8), "a GIF image"),
        (Array("ElfFile".utf8) + [0], "a Windows event log (.evtx)"),
        ([0x7F, 0x45, 0x4C, 0x46], "an executable (ELF)"),
        (Array("SQLite format 3".utf8) + [0], "an SQLite database"),
        (Array("MZ".utf8), "a Windows executable"),
        ([0xD0, 0xCF, 0x11, 0xE0], "a Microsoft Office document"),
        (Array("RIFF".utf8), "a media file (RIFF)"),
        ([0x28, 0xB5, 0x2F, 0xFD], "a Zstandard archive"),
        (Array("7z".utf8) + [0xBC, 0xAF], "a 7-Zip archive"),
        (Array("PK".utf8) + [0x03, 0x04], "a zip archive"),
    ]

    /// Text shapes, by what their first lines hold.
    private static let textShapes: [(needles: [String], name: String)] = [
        (["<!DOCTYPE html", "<html", "<HTML"], "an HTML page (save the log itself, not the page that shows it)"),
        (["Log Name:", "Event ID:", "Level,Date and Time,Source,Event ID"], "a Windows event log export"),
        (
            ["Thread 0 Crashed:", "Binary Images:", "Thread 0:\n"],
            "the threads of an iOS crash report without its header (lifelint reads from `Incident Identifier:` or `Exception Type:` on)"
        ),
        (["\tat java.", "\tat android.", "\tat com.", "    at java.", "    at android."], "a Java stack trace without its logcat lines"),
    ]

    /// The report format a file's first bytes show it to be (lifelint's own or another
    /// analyser's), or nil: a report written into a folder of traces is not read as one.
    static func report(_ head: Span<UInt8>) -> String? {
        let opening = head.extracting(..<min(head.count, 512))
        if opening.starts(with: "{\n  \"configuration\" : ".utf8) { return "a lifelint report (--format json)" }
        if ByteSearch.contains("\"$schema\" : \"https://json.schemastore.org/sarif", in: opening)
            || ByteSearch.contains("\"$schema\":\"https://json.schemastore.org/sarif", in: opening)
        {
            return "a SARIF report"
        }
        if opening.starts(with: "[\n  {\n    \"categories\" : [".utf8) { return "a GitLab Code Quality report" }
        if ["::error ", "::warning ", "::notice ", "::group::"].contains(where: { opening.starts(with: $0.utf8) }) { return "GitHub workflow commands (--format github)" }
        let firstLine = head.extracting(..<(head.firstIndex(of: .newline) ?? head.count))
        let records = ["finding", "verdict", "metrics", "coverage", "trace", "summary"].map { "\"type\":\"\($0)\"}" }
        if firstLine.first == UInt8(ascii: "{"), records.contains(where: { firstLine.ends(with: $0.utf8) }) {
            return "lifelint records (--format jsonl)"
        }
        return nil
    }

    /// Whether the first bytes are binary rather than text: a known binary format, or NUL bytes
    /// in more than one of a hundred. A log with a stray NUL (a line written over by a crash, a
    /// corrupted sector) is still text, read line by line.
    static func isBinary(_ head: Span<UInt8>) -> Bool {
        if magic.contains(where: { head.starts(with: $0.bytes) }) { return true }
        return head.count(of: 0) * 100 > head.count
    }

    /// A description of binary content.
    static func binary(_ head: Span<UInt8>) -> String {
        magic.first { head.starts(with: $0.bytes) }?.name ?? "binary data"
    }

    /// A description of text no reader took.
    static func text(_ head: Span<UInt8>) -> String {
        if head.starts(with: "<?xml".utf8) || head.first == UInt8(ascii: "<"), !textShapes[0].needles.contains(where: { head.starts(with: $0.utf8) }) {
            return "XML, but not a property list; " + readable
        }
        for shape in textShapes where shape.needles.contains(where: { ByteSearch.firstIndex(of: $0, in: head) != nil }) {
            return shape.name + "; " + readable
        }
        if looksLikeMarkdown(head) { return "a Markdown document, not a log; " + readable }
        if looksLikeLogcat(head) {
            return "lines that look like logcat in a layout lifelint did not recognise; use --input-format to force one (lifelint events --help lists them)"
        }
        return "text, but no line reads as any format lifelint knows; " + readable
    }

    /// Headings (`# `, `## `), code fences and list or table lines opening at least three lines.
    private static func looksLikeMarkdown(_ head: Span<UInt8>) -> Bool {
        var marks = 0
        ByteSearch.forEachLine(in: head.extracting(..<min(head.count, 65_536))) { line in
            if line.starts(with: "```".utf8) || line.starts(with: "# ".utf8) || line.starts(with: "## ".utf8) || line.starts(with: "### ".utf8)
                || line.starts(with: "| ".utf8) || line.starts(with: "- ".utf8)
            {
                marks += 1
            }
        }
        return marks >= 3
    }

    /// A priority and a tag (`I/ActivityManager`, ` I ActivityManager:`) on some line.
    private static func looksLikeLogcat(_ head: Span<UInt8>) -> Bool {
        var found = false
        ByteSearch.forEachLine(in: head.extracting(..<min(head.count, 65_536))) { line in
            guard !found else { return }
            for index in line.indices.dropLast(2) where "VDIWEF".utf8.contains(line[index]) {
                let before = index == 0 || line[index - 1] == .space
                if before, line[index + 1] == .slash, line[index + 2].isASCIILetter { found = true }
                if before, index > 0, line[index + 1] == .space, line[index + 2].isASCIILetter,
                    line.contains(.colon, in: (index + 2)..<min(line.count, index + 66))
                {
                    found = true
                }
                if found { return }
            }
        }
        return found
    }
}
