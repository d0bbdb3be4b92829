import LifelintModel

/// Reads `dumpsys activity exit-info` text line by line (standalone, inside a full `dumpsys
/// activity`, or as a section of a bugreport) into `ExitInfoRecord`s. Android 12+ writes a
/// record on three lines (`timestamp=… pid=…`, `process=… reason=…`, `importance=… description=…
/// state=…`), Android 11 and some builds one field per line; both are `key=value` runs, where a
/// value may hold spaces (`reason=3 (LOW_MEMORY)`, `description=stop com.x due to installPackageLI`)
/// and ends where the next known key starts.
struct ExitInfoParser {
    static let keys = [
        "timestamp", "pid", "realUid", "packageUid", "definingUid", "user", "process", "reason", "subreason", "status",
        "importance", "pss", "rss", "description", "state", "trace",
    ]

    private(set) var records: [ExitInfoRecord] = []
    private var package: String?
    private var current: ExitInfoRecord?

    var isInRecord: Bool { current != nil }

    /// Whether the line belonged to a record (its header or one of its fields).
    @discardableResult
    mutating func feed(_ raw: Substring, line: Int) -> Bool {
        let text = raw.drop { $0 == " " || $0 == "\t" }
        if text.hasPrefix("ApplicationExitInfo #") {
            flush()
            current = ExitInfoRecord(line: line, package: package)
            return true
        }
        if text.hasPrefix("package: ") {
            flush()
            package = String(text.dropFirst("package: ".count).prefix { $0 != " " })
            return false
        }
        guard current != nil else { return false }
        let fields = Self.fields(text)
        guard !fields.isEmpty else {
            flush()
            return false
        }
        for (key, value) in fields { current?.fields[key] = value }
        return true
    }

    mutating func finish() -> [ExitInfoRecord] {
        flush()
        return records
    }

    private mutating func flush() {
        if let record = current, record.fields["pid"] != nil || record.fields["process"] != nil { records.append(record) }
        current = nil
    }

    /// The `key=value` fields of a line that starts with a known key; none otherwise.
    static func fields(_ text: Substring) -> [(String, String)] {
        var starts: [(key: String, range: Range<Substring.Index>)] = []
        var search = text.startIndex
        while search < text.endIndex, let equals = text[search...].firstIndex(of: "=") {
            let keyStart = text[..<equals].lastIndex(of: " ").map { text.index(after: $0) } ?? text.startIndex
            let key = String(text[keyStart..<equals])
            if keys.contains(key) { starts.append((key, keyStart..<text.index(after: equals))) }
            search = text.index(after: equals)
        }
        guard let first = starts.first, first.range.lowerBound == text.startIndex else { return [] }
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            let value = text[starts[index].range.upperBound..<end].trimmingCharacters(in: .whitespaces)
            return (starts[index].key, value)
        }
    }
}
